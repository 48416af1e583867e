// What the sandbox remembers across restarts: the authorisation requests it signed and the
// arrangements customers confirmed.
import type { AccountReference, FlowEvent } from '../contract/customer-auth.wire';

/** An authorisation request the recipient simulator made (one per signed redirectJwt). */
export interface AuthorisationRequest {
  /** The redirectJwt's `jti`: the key of the bank session. */
  readonly jti: string;
  readonly state: string;
  readonly scopes: readonly string[];
  /** Sharing duration in months; undefined for a once-off sharing. */
  readonly months?: number;
  /** The persona the person said they would log in as (a hint; the login decides). */
  readonly personaHint?: string;
  /** Set when the request amends an earlier arrangement (PAR). */
  readonly arrangementId?: string;
  readonly tppName: string;
  /** CONTRACT §1 redirectUri: where the consent app returns the customer. */
  readonly redirectUri: string;
  /** CONTRACT §1 consentCreationDate, seconds. */
  readonly consentCreationDate: number;
  readonly expiresAtMs: number;
  readonly createdAtMs: number;
}

/** CONTRACT §3: the 200 answer of POST /customer-auth/confirmation, as it was sent. */
export type ConfirmationAnswer = Readonly<Record<string, string>>;

/**
 * What the first decision committed with it (CONTRACT §3 "Confirmation is idempotent"): the
 * request's Idempotency-Key (lower case) and the answer, replayed to the same key. Absent on
 * outcomes recorded before issue 12: those answer every confirmation with the 409.
 */
interface CommittedAnswer {
  readonly idempotencyKey?: string;
  readonly answer?: ConfirmationAnswer;
}

/** How a request ended. */
export type AuthorisationOutcome =
  | ({ readonly kind: 'authorised'; readonly code: string; readonly arrangementId: string; readonly atMs: number } & CommittedAnswer)
  | ({ readonly kind: 'rejected'; readonly atMs: number } & CommittedAnswer);

/** The decision of an outcome, as the 409's first cause names it: `{"decision":"approved"|"rejected"}`. */
export type Decision = 'approved' | 'rejected';

/** The decision an outcome records. */
export const decisionOf = (outcome: AuthorisationOutcome): Decision => (outcome.kind === 'authorised' ? 'approved' : 'rejected');

/** A confirmed data-sharing arrangement. */
export interface Arrangement {
  /** cdr_arrangement_id. */
  readonly id: string;
  /** The customer's username. */
  readonly owner: string;
  readonly profileId: string;
  readonly scopes: readonly string[];
  readonly accounts: readonly AccountReference[];
  readonly nickname?: string;
  /** Start of the sharing period, seconds. */
  readonly sharingStart: number;
  /** End of the sharing period, seconds; undefined for once-off. */
  readonly sharingExpires?: number;
  readonly createdAtMs: number;
  readonly updatedAtMs: number;
  /** How many times it was amended. */
  readonly amendments: number;
  /** When the recipient simulator revoked it (issue 35 item 2); absent while it stands. */
  readonly revokedAtMs?: number;
}

/**
 * Issue 35 item 1: the flow event the bank recorded for a flow (without its token); new or
 * amended, once-off or ongoing, from the bank's own request when the event does not say (a flow
 * that ended before the app read its consent).
 */
export interface RecordedFlowEvent {
  /** The flow: the redirectJwt's `jti`. */
  readonly jti: string;
  readonly event: Omit<FlowEvent, 'redirectJwt'> & Required<Pick<FlowEvent, 'consentKind' | 'sharing'>>;
  readonly recordedAtMs: number;
}
