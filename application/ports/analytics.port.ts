import type { AbandonmentStage } from '../../domain/abandonment';
import type { Step } from '../../domain/flow';

export type { AbandonmentStage };

/** DESIGN §3.8: analytics is optional and harmless: no method may throw or block the flow. */
export interface Analytics {
  pageView(step: Step): void;
  /** DESIGN §3.8: the one stage of an abandoned flow (CDR metrics abandonmentsByStage). */
  abandoned(stage: AbandonmentStage): void;
}
export const ANALYTICS = Symbol('Analytics');
