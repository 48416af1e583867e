import { useState } from 'react';
import { isAnnouncedSecond } from '../../../domain/inactivity-timer';

/**
 * Spec §4 timeout warning: the visible countdown updates every second; a polite live region
 * repeats it only at announced seconds (domain/inactivity-timer.ts), so a screen reader is not
 * interrupted each second. Issue 25 "nothing is announced twice": the visible countdown is
 * hidden from screen readers (as GOV.UK's timeout warning does), so the warning is described,
 * and read, by one countdown, the live region's.
 */
export function TimeoutCountdown({ seconds, text }: { readonly seconds: number; readonly text: (seconds: number) => string }) {
  // What the live region holds changes only at the announced seconds (React's "adjusting state
  // when a prop changes", in render: no effect, no second commit).
  const [announced, setAnnounced] = useState(() => text(seconds));
  const due = isAnnouncedSecond(seconds) ? text(seconds) : announced;
  if (due !== announced) setAnnounced(due);
  return (
    <>
      <p className="timeout-countdown" aria-hidden="true">
        {text(seconds)}
      </p>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announced}
      </p>
    </>
  );
}
