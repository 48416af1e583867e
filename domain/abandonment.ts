/**
 * DESIGN §3.8, CDR metrics `abandonmentsByStage` (Consumer Data Standards, Get Metrics): each
 * consent flow that ends without an authorisation counts once, at one stage.
 * - preIdentification: the flow started but the customer did not identify their user id.
 * - preAuthentication: identified, but no valid secure code.
 * - preAccountSelection: authenticated, but left before selecting accounts.
 * - preAuthorisation: passed account selection, but neither approved nor rejected.
 * - rejected: the customer actively rejected (Cancel's "Yes, leave", Exit without saving).
 * A timeout, a token expiry, a lockout or an error is an abandonment at the stage reached.
 */
export type AbandonmentStage = 'preIdentification' | 'preAuthentication' | 'preAccountSelection' | 'preAuthorisation' | 'rejected';

/** The stages a flow reaches by going forward, in order (`rejected` is not reached: it is chosen). */
export type ReachedStage = Exclude<AbandonmentStage, 'rejected'>;

const ORDER: readonly ReachedStage[] = ['preIdentification', 'preAuthentication', 'preAccountSelection', 'preAuthorisation'];

/** The later of two stages: a flow that went back a step keeps the furthest stage it reached. */
export function furthestStage(reached: ReachedStage, now: ReachedStage): ReachedStage {
  return ORDER.indexOf(now) > ORDER.indexOf(reached) ? now : reached;
}
