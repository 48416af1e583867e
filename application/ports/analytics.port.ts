import type { Step } from '../../domain/flow';

/** DESIGN §3.8: the CDR abandonment stages reported when the customer leaves. */
export type AbandonmentStage = 'preIdentification' | 'preAuthentication' | 'preAccountSelection' | 'preAuthorisation' | 'rejected';

/** DESIGN §3.8: analytics is optional and harmless: no method may throw or block the flow. */
export interface Analytics {
  pageView(step: Step): void;
  abandoned(stage: AbandonmentStage): void;
}
export const ANALYTICS = Symbol('Analytics');
