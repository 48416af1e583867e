import { inject, injectable, optional } from 'inversify';
import { CLOCK, type Clock } from '../application/ports/clock.port';
import type { ActivitySource } from '../application/ports/activity-source.port';
import type { Cancel } from '../application/ports/scheduler.port';
import { DOCUMENT } from './location.token';

/** Spec §4 inactivity timer: the events that count as the customer being active. */
export const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart', 'wheel'] as const;

/** At most one activity notification per this many milliseconds (mousemove fires dozens a second). */
export const ACTIVITY_THROTTLE_MS = 1000;

/** The part of `document` this adapter uses. */
export type ActivityDocument = Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;

const LISTENER_OPTIONS: AddEventListenerOptions = { passive: true, capture: true };

/**
 * Spec §4 inactivity timer, DESIGN §3.5: the customer's activity on the page (mouse, keys,
 * scroll, touch, wheel), listened to on `document` in the capture phase (so that a handler that
 * stops propagation still counts) and passively (never delaying scrolling), and throttled to at
 * most one notification per second (the first event of a burst is reported at once). Visibility:
 * `onVisible` fires when the page becomes visible again, so deadlines are re-evaluated.
 */
@injectable()
export class DomActivitySource implements ActivitySource {
  private readonly clock: Clock;
  private readonly document: ActivityDocument | undefined;

  constructor(@inject(CLOCK) clock: Clock, @inject(DOCUMENT) @optional() document?: ActivityDocument) {
    this.clock = clock;
    this.document = document ?? globalThis.document;
  }

  /** Spec §4: calls `listener` on activity, at most once a second. */
  onActivity(listener: () => void): Cancel {
    const document = this.document;
    if (document === undefined) return () => undefined;
    let last = Number.NEGATIVE_INFINITY;
    const handler = (): void => {
      const now = this.clock.now();
      if (now - last < ACTIVITY_THROTTLE_MS && now >= last) return;
      last = now;
      listener();
    };
    for (const type of ACTIVITY_EVENTS) document.addEventListener(type, handler, LISTENER_OPTIONS);
    return () => {
      for (const type of ACTIVITY_EVENTS) document.removeEventListener(type, handler, LISTENER_OPTIONS);
    };
  }

  /** DESIGN §3.5: calls `listener` whenever the page becomes visible. */
  onVisible(listener: () => void): Cancel {
    const document = this.document;
    if (document === undefined) return () => undefined;
    const handler = (): void => {
      if (document.visibilityState === 'visible') listener();
    };
    document.addEventListener('visibilitychange', handler);
    return () => document.removeEventListener('visibilitychange', handler);
  }
}
