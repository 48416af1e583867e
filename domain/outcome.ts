import type { BankDecision } from './flow-state';
import { assertNever } from './result';

/**
 * DESIGN §3.16 "Words about the outcome follow what is known": what a sentence about the
 * outcome may say, from the bank's decision as the journey knows it (flow-state.ts `BankDecision`).
 * - `nothingShared`: the bank holds no approval of this journey (none asked, a refused one, or a
 *   rejection recorded): "No data has been shared" (an amendment: "No changes have been made") is true;
 * - `unknown`: an approval was asked and no answer proved its outcome: the bank may hold it; the
 *   customer is told so, and where to check (the bank's app, Profile > Manage data sharing);
 * - `notHandedOn`: the bank holds this journey's approval, but its result could not be passed on;
 * - `shared`: the bank approved and its result goes to the recipient: "Data sharing confirmed";
 * - `decidedElsewhere`: another window decided first: "already completed", nothing more;
 * - `noJourney`: no verified token, so no journey this page knows of (a missing, refused or
 *   expired token, an error address, an app that cannot run): nothing may be said about sharing,
 *   since an earlier page of the same request (before a reload, before Back) may have confirmed it.
 */
export type KnownOutcome = 'nothingShared' | 'unknown' | 'notHandedOn' | 'shared' | 'decidedElsewhere' | 'noJourney';

/** `journeyKnown`: this page verified the token (flow-state.ts `Journey.token`). */
export function knownOutcome(decision: BankDecision, journeyKnown: boolean): KnownOutcome {
  switch (decision.kind) {
    case 'none':
      return journeyKnown ? 'nothingShared' : 'noJourney';
    case 'rejected':
      return 'nothingShared';
    case 'unclear':
      return 'unknown';
    case 'committed':
      return 'notHandedOn';
    case 'approved':
      return 'shared';
    case 'elsewhere':
      return 'decidedElsewhere';
    default:
      return assertNever(decision);
  }
}
