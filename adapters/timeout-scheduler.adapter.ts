import { injectable } from 'inversify';
import type { Cancel, Scheduler } from '../application/ports/scheduler.port';

/** The longest delay `setTimeout` honours (2^31 − 1 ms, about 24.8 days); longer ones fire at once. */
const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * DESIGN §3.5: runs a callback once after a delay with `setTimeout`. A delay longer than
 * `setTimeout` can hold is waited out in chunks, so that it never fires early. Cancelling
 * (any number of times) stops it; a callback runs at most once.
 */
@injectable()
export class TimeoutScheduler implements Scheduler {
  /** Runs `callback` once, `delayMs` from now (at the next turn when the delay is 0, negative or NaN; never when infinite). */
  after(delayMs: number, callback: () => void): Cancel {
    if (delayMs === Number.POSITIVE_INFINITY) return () => undefined;
    let handle: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    const wait = (remainingMs: number): void => {
      const chunk = Math.min(remainingMs, MAX_TIMEOUT_MS);
      handle = setTimeout(() => {
        if (cancelled) return;
        const rest = remainingMs - chunk;
        if (rest > 0) {
          wait(rest);
          return;
        }
        cancelled = true;
        callback();
      }, chunk);
    };
    wait(Number.isFinite(delayMs) && delayMs > 0 ? delayMs : 0);
    return () => {
      cancelled = true;
      if (handle !== undefined) clearTimeout(handle);
    };
  }
}
