/** Spec §9: the spinner's size and stripe width, in pixels. */
const SPINNER_SIZE = 110;
const SPINNER_STRIPE = 10;

/**
 * Spec §2 "spinner mask", §9 "Spinner size 110, stripe width 10": a ring drawn as an SVG circle.
 * Decorative (aria-hidden): the mask announces "Loading" through its status region. It turns by
 * CSS only, and stands still under prefers-reduced-motion (ui/styles/shell.css).
 */
export function Spinner({ size = SPINNER_SIZE, stripe = SPINNER_STRIPE }: { readonly size?: number; readonly stripe?: number }) {
  const radius = (size - stripe) / 2;
  return (
    <svg className="spinner" width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden="true" focusable="false">
      <circle className="spinner-track" cx={size / 2} cy={size / 2} r={radius} fill="none" strokeWidth={stripe} />
      <circle
        className="spinner-stripe"
        cx={size / 2}
        cy={size / 2}
        r={radius}
        fill="none"
        strokeWidth={stripe}
        strokeLinecap="round"
        strokeDasharray={`${Math.round(Math.PI * radius * 0.6)} ${Math.round(Math.PI * radius * 2)}`}
      />
    </svg>
  );
}
