// The bank's side of the flow event (issue 35 item 1, CONTRACT §3 "The flow event"): the
// redirectJwt in the body is the credential; the first event of a flow is recorded, a repeat ignored.
import type { FlowEvent } from '../contract/customer-auth.wire';
import { failure, type BankFailure } from './error-envelope';
import { err, ok, type Result } from './result';
import type { SandboxTokens } from './sandbox-tokens';
import type { SqliteSandboxStore } from './sqlite-sandbox-store';

/**
 * CONTRACT §3 "The flow event": how long after its expiry a token may still report its flow's
 * ending (a flow abandoned by a timeout or a token expiry ends after its token).
 */
const FLOW_EVENT_GRACE_SECONDS = 3600;

/** What recording a flow event needs. */
export interface FlowEventDeps {
  readonly store: SqliteSandboxStore;
  readonly tokens: SandboxTokens;
  readonly nowMs: () => number;
}

/**
 * Issue 35 item 1: verifies the event's token and records the event once per flow. Answers
 * whether this event was recorded (false: the flow already had one, and this one is ignored).
 */
export async function recordFlowEvent(deps: FlowEventDeps, body: FlowEvent): Promise<Result<boolean, BankFailure>> {
  const verified = await deps.tokens.verifyBearer(`Bearer ${body.redirectJwt}`, FLOW_EVENT_GRACE_SECONDS);
  if (!verified.ok) return err(failure(401, 'invalid_token', verified.error));
  const { jti } = verified.value;
  if (body.flowId !== jti) return err(failure(400, 'invalid_request', "flowId must be the redirectJwt's jti."));
  const request = deps.store.findRequest(jti)?.request;
  if (request === undefined) return err(failure(401, 'invalid_token', 'The token is not one this bank issued.'));
  const { redirectJwt: _credential, ...reported } = body;
  // What the app could not say yet (it had not read the consent), the bank's own request says.
  const event = {
    ...reported,
    consentKind: reported.consentKind ?? (request.arrangementId === undefined ? 'new' : 'amended'),
    sharing: reported.sharing ?? (request.months === undefined ? 'onceOff' : 'ongoing'),
  } as const;
  return ok(deps.store.recordFlowEvent({ jti, event, recordedAtMs: deps.nowMs() }));
}
