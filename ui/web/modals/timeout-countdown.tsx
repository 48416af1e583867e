import { useState } from 'react';

/** DESIGN §3.7: the seconds at which a screen reader hears the countdown: every 15 s, and each of the last 10. */
export const isAnnouncedSecond = (seconds: number): boolean => seconds <= 10 || seconds % 15 === 0;

/**
 * Spec §4 timeout warning: the visible countdown updates every second; a polite live region
 * repeats it only at announced seconds, so a screen reader is not interrupted each second.
 */
export function TimeoutCountdown({ seconds, text, id }: { readonly seconds: number; readonly text: (seconds: number) => string; readonly id?: string }) {
  // What the live region holds changes only at the announced seconds (React's "adjusting state
  // when a prop changes", in render: no effect, no second commit).
  const [announced, setAnnounced] = useState('');
  const due = isAnnouncedSecond(seconds) ? text(seconds) : announced;
  if (due !== announced) setAnnounced(due);
  return (
    <>
      <p id={id} className="timeout-countdown">
        {text(seconds)}
      </p>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announced}
      </p>
    </>
  );
}
