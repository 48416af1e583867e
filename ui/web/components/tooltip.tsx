import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { copy } from '../../../domain/copy';

/** Spec §9: a tooltip opens on hover after 1000 ms. */
const TOOLTIP_DELAY_MS = 1000;

/** Spec §9: default width 400px; the other widths a tooltip may take (CSS classes, no inline style). */
export type TooltipWidth = 240 | 320 | 400 | 480;

/**
 * Spec §2 login tooltip, §9 "Tooltip delay 1000 ms, default width 400px, default label More
 * Information". A button named by its label; its text (role="tooltip") describes the button.
 * Opens on hover after the delay, at once on focus or click; stays while the pointer is over it
 * (WCAG 1.4.13); Escape closes it without moving focus; leaving closes it.
 */
export function Tooltip({
  children,
  label = copy.shell.tooltipLabel,
  width = 400,
}: {
  readonly children: ReactNode;
  readonly label?: string;
  readonly width?: TooltipWidth;
}) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = useId();

  const cancelTimer = useCallback(() => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  }, []);
  useEffect(() => cancelTimer, [cancelTimer]);

  const show = () => {
    cancelTimer();
    setOpen(true);
  };
  const hide = () => {
    cancelTimer();
    setOpen(false);
  };
  const showLater = () => {
    cancelTimer();
    timer.current = setTimeout(() => {
      timer.current = undefined;
      setOpen(true);
    }, TOOLTIP_DELAY_MS);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      hide();
    }
  };

  return (
    <span className="tooltip" onMouseEnter={showLater} onMouseLeave={hide} onKeyDown={onKeyDown}>
      <button type="button" className="tooltip-button" aria-label={label} aria-describedby={id} onFocus={show} onBlur={hide} onClick={show}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M12 10.5v6M12 7.2v.1" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
      <span role="tooltip" id={id} className={`tooltip-bubble tooltip-w${width}`} hidden={!open}>
        {children}
      </span>
    </span>
  );
}
