import type { Cancel } from './scheduler.port';

/** Spec §4 inactivity timer: the customer's mouse, key, scroll and touch events, and page visibility. */
export interface ActivitySource {
  /** Calls `listener` on any activity of the customer. */
  onActivity(listener: () => void): Cancel;
  /** DESIGN §3.5: calls `listener` when the page becomes visible again, so deadlines are re-evaluated. */
  onVisible(listener: () => void): Cancel;
}
export const ACTIVITY_SOURCE = Symbol('ActivitySource');
