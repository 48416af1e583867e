import type { AbandonmentStage, Analytics } from '../application/ports/analytics.port';
import type { Step } from '../domain/flow';

/** Events kept while the analytics adapter's code loads; beyond this the oldest are dropped. */
const MAX_WAITING = 20;

/**
 * DESIGN §3.8: an analytics adapter whose code is fetched on the first event, so that a bank
 * without the tag (and the login screen of one with it) does not carry it. Events wait for it;
 * if it cannot be loaded they are dropped. Harmless: no method throws or waits.
 */
export class OnDemandAnalytics implements Analytics {
  private target: Analytics | undefined;
  private waiting: ((analytics: Analytics) => void)[] = [];
  private loading = false;

  constructor(private readonly load: () => Promise<Analytics>) {}

  pageView(step: Step): void {
    this.send((analytics) => analytics.pageView(step));
  }

  abandoned(stage: AbandonmentStage): void {
    this.send((analytics) => analytics.abandoned(stage));
  }

  private send(event: (analytics: Analytics) => void): void {
    if (this.target !== undefined) {
      event(this.target);
      return;
    }
    this.waiting = [...this.waiting, event].slice(-MAX_WAITING);
    if (this.loading) return;
    this.loading = true;
    this.load().then(
      (target) => {
        this.target = target;
        for (const waiting of this.waiting) waiting(target);
        this.waiting = [];
      },
      () => {
        this.target = { pageView: () => undefined, abandoned: () => undefined };
        this.waiting = [];
      },
    );
  }
}
