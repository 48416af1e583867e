import { inject, injectable, optional } from 'inversify';
import { CLOCK, type Clock } from '../application/ports/clock.port';
import type { ActivitySource } from '../application/ports/activity-source.port';
import type { Cancel } from '../application/ports/scheduler.port';
import { DOCUMENT, NAVIGATOR } from './location.token';

/** Spec §4 inactivity timer: the events that count as the customer being active. */
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart', 'wheel'] as const;

/** At most one activity notification per this many milliseconds (mousemove fires dozens a second). */
const ACTIVITY_THROTTLE_MS = 1000;

/** The part of `document` this adapter uses (its window for the connection's events and the history). */
export type ActivityDocument = Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'> & {
  readonly defaultView?: (Pick<Window, 'addEventListener' | 'removeEventListener'> & { readonly history?: Pick<History, 'pushState' | 'state'> }) | null;
};

/** DESIGN §3.18: the history entry the app makes once, at the start, so that Back stays on the page. */
const BACK_GUARD_STATE = { consentAppBackGuard: true } as const;

const LISTENER_OPTIONS: AddEventListenerOptions = { passive: true, capture: true };

/**
 * Spec §4 inactivity timer, DESIGN §3.5: activity is listened to in the capture phase (a handler
 * that stops propagation still counts) and passively (never delaying scrolling).
 */
@injectable()
export class DomActivitySource implements ActivitySource {
  private readonly clock: Clock;
  private readonly document: ActivityDocument | undefined;
  private readonly navigator: Pick<Navigator, 'onLine'> | undefined;

  constructor(
    @inject(CLOCK) clock: Clock,
    @inject(DOCUMENT) @optional() document?: ActivityDocument,
    @inject(NAVIGATOR) @optional() navigator?: Pick<Navigator, 'onLine'>,
  ) {
    this.clock = clock;
    this.document = document ?? globalThis.document;
    this.navigator = navigator ?? globalThis.navigator;
  }

  /** Spec §4: at most once a second; the first event of a burst at once. */
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

  /** DESIGN §3.15: `navigator.onLine` (true when the browser cannot tell). */
  isOnline(): boolean {
    return this.navigator?.onLine ?? true;
  }

  /** DESIGN §3.15: the window's `online` and `offline` events. */
  onConnectivity(listener: (online: boolean) => void): Cancel {
    const window = this.document?.defaultView ?? undefined;
    if (window === undefined) return () => undefined;
    const online = (): void => listener(true);
    const offline = (): void => listener(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }

  /**
   * DESIGN §3.18 "The phone's Back does what the page's Back does": one history entry at the same address
   * (DESIGN §3.6), made again after each Back, so that every Back lands on the page; the exit
   * (`location.replace`) takes its place.
   */
  onBack(listener: () => void): Cancel {
    const window = this.document?.defaultView ?? undefined;
    const history = window?.history;
    if (window === undefined || history === undefined) return () => undefined;
    history.pushState(BACK_GUARD_STATE, '');
    const handler = (): void => {
      history.pushState(BACK_GUARD_STATE, '');
      listener();
    };
    window.addEventListener('popstate', handler);
    return () => window.removeEventListener('popstate', handler);
  }

  /**
   * Issue 35 item 1: `pagehide`, which also fires as a page enters the back-forward cache, and
   * which a beacon sent from outlives (docs/metrics.md "When the app reports").
   */
  onPageHide(listener: () => void): Cancel {
    const window = this.document?.defaultView ?? undefined;
    if (window === undefined) return () => undefined;
    const handler = (): void => listener();
    window.addEventListener('pagehide', handler);
    return () => window.removeEventListener('pagehide', handler);
  }

  /** DESIGN §3.5: so that deadlines are re-evaluated. */
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
