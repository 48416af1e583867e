import type { BankDecision } from './bank-decision';
import { assertNever } from './result';

/**
 * DESIGN §3.16 "Words about the outcome follow what is known": what a sentence about the
 * outcome may say, from the bank's decision as the journey knows it (bank-decision.ts).
 * - `unknown`: the bank may hold an approval: the customer is told where to check;
 * - `notHandedOn`: the bank holds the approval, but its result could not be passed on;
 * - `noJourney`: no verified token: nothing may be said about sharing, since an earlier page of
 *   the same request (before a reload, before Back) may have confirmed it.
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
