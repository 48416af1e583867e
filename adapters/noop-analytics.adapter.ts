import { injectable } from 'inversify';
import type { AbandonmentStage, Analytics } from '../application/ports/analytics.port';
import type { Step } from '../domain/flow';

/** DESIGN §3.8: analytics switched off (`useTealiumUtag` false, tests, other channels): records nothing. */
@injectable()
export class NoopAnalytics implements Analytics {
  /** Records nothing. */
  pageView(_step: Step): void {}

  /** Records nothing. */
  abandoned(_stage: AbandonmentStage): void {}
}
