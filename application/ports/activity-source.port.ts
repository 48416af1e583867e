import type { Cancel } from './scheduler.port';

/** Spec §4 inactivity timer: the customer's mouse, key, scroll and touch events, page visibility, the connection (DESIGN §3.15) and the browser's Back (DESIGN §3.18). */
export interface ActivitySource {
  /** Calls `listener` on any activity of the customer. */
  onActivity(listener: () => void): Cancel;
  /** DESIGN §3.5: calls `listener` when the page becomes visible again, so deadlines are re-evaluated. */
  onVisible(listener: () => void): Cancel;
  /** DESIGN §3.15: whether the browser is online now. */
  isOnline(): boolean;
  /** DESIGN §3.15: calls `listener` when the browser goes offline or comes back online. */
  onConnectivity(listener: (online: boolean) => void): Cancel;
  /**
   * DESIGN §3.18: calls `listener` when the customer presses the browser's (the phone's) Back; the
   * page stays (a channel without one never calls it).
   */
  onBack(listener: () => void): Cancel;
  /**
   * Issue 35 item 1: calls `listener` when the page goes away without the journey's exit (the tab
   * closed, a reload, another address; `pagehide`); a channel without pages never calls it.
   */
  onPageHide(listener: () => void): Cancel;
}
export const ACTIVITY_SOURCE = Symbol('ActivitySource');
