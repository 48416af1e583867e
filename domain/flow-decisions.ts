import { MALFORMED_ANSWER, type ApiError } from './api-error';
import type { DecidedElsewhere, FlowState, PendingCall, Phase } from './flow-state';
import { inPhase, sendPending, startCall, unchanged, type AskingPhase, type CallingPhase, type Transition } from './flow-transition';
import { screenOf } from './flow-view';
import { isRecord } from './is-record';

/** DESIGN §3.11: a decision is asked at most this many times (the first and two more). */
export const DECISION_ATTEMPTS = 3;

/** DESIGN §3.11, §3.4: the decision's deadline, from its first try (the write timeout of a call). */
export const DECISION_DEADLINE_MS = 30_000;

/** DESIGN §3.11: the wait before the n-th try again (n from 1): 500 ms, then 1 s. */
export const decisionRetryDelayMs = (attempt: number): number => 500 * 2 ** (attempt - 1);

/** CONTRACT §3: the bank committed a decision already (another tab, or another key). */
export const isAlreadyDecided = (error: ApiError): boolean => error.status === 409 && error.code === 'consent_already_decided';

/**
 * DESIGN §3.11 "Only the bank's own envelope saying the decision was refused is definitive": a
 * 4xx answer carrying the bank's error envelope (CONTRACT §4), other than "already decided".
 * Anything else proves nothing, and the bank may have committed the decision: no answer, a
 * timeout, any 5xx (a bank can commit and then fail), a body that is not the contract's (a 200
 * that cannot be read, an HTML error page).
 */
export const isProvenRefusal = (error: ApiError): boolean =>
  error.status >= 400 && error.status < 500 && error.code !== undefined && error.code !== MALFORMED_ANSWER && !isAlreadyDecided(error);

/** DESIGN §3.11: an answer to a decision that proves nothing (see {@link isProvenRefusal}). */
export const isUnclearOutcome = (error: ApiError): boolean => !isProvenRefusal(error) && !isAlreadyDecided(error);

/** CONTRACT §3: the decision the 409's first cause names (`{"decision":"approved"|"rejected"}`). */
function decisionOf(error: ApiError): 'approved' | 'rejected' | 'unknown' {
  const first = error.causes[0];
  try {
    const parsed: unknown = JSON.parse(first ?? '');
    const decision = isRecord(parsed) ? parsed['decision'] : undefined;
    return decision === 'approved' || decision === 'rejected' ? decision : 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * DESIGN §3.11: the bank holds a decision already. An approval named in the answer to our own
 * rejection (asked to learn what an unclear approval became) is this tab's own: its code is asked
 * for again. Otherwise another tab or window decided.
 */
export function decidedElsewhere<P extends AskingPhase>(state: FlowState<P>, error: ApiError) {
  const decided = decisionOf(error);
  const ours = state.decision.kind === 'unclear' || state.decision.kind === 'committed';
  if (decided === 'approved' && ours && state.phase.call?.call.kind !== 'confirm') {
    return startCall({ ...state, decision: { kind: 'committed' } }, { kind: 'confirm' });
  }
  const phase: DecidedElsewhere = { kind: 'decidedElsewhere', as: decided, screen: screenOf(state.phase) };
  return unchanged({ ...inPhase(state, phase), decision: { kind: 'elsewhere' } });
}

/** DESIGN §3.11: after an unclear outcome, the same key again; past the limits the outcome stays unclear (`undefined`). */
export function retryDecision<P extends AskingPhase>(state: FlowState<P>, pending: PendingCall): Transition<P> | undefined {
  const retryAtMs = state.nowMs + decisionRetryDelayMs(pending.attempt);
  if (pending.attempt >= DECISION_ATTEMPTS || retryAtMs >= pending.firstSentAtMs + DECISION_DEADLINE_MS) return undefined;
  return unchanged({ ...state, phase: { ...state.phase, call: { ...pending, retryAtMs } } });
}

/** DESIGN §3.11: the retry's time has come: the decision goes again, with the same key. */
export function sendDueRetry<P extends AskingPhase>(state: FlowState<P>): Transition<P> | undefined {
  const pending = state.phase.call;
  if (pending?.retryAtMs === undefined || state.nowMs < pending.retryAtMs) return undefined;
  return sendPending(state, { ...pending, attempt: pending.attempt + 1 });
}

/**
 * DESIGN §3.15 "Offline is a state, not an error": while offline nothing is sent (calls wait);
 * back online, the waiting call goes.
 */
export function onConnectivity<P extends Phase>(state: FlowState<P>, online: boolean): Transition<P> {
  return unchanged({ ...state, online });
}

/** DESIGN §3.15: back online, the call that waited for the connection goes. */
export function onConnectivityWhileCalling<P extends CallingPhase>(state: FlowState<P>, online: boolean): Transition<P> {
  const next: FlowState<P> = { ...state, online };
  const pending = next.phase.call;
  if (!online || pending === undefined || !pending.held) return unchanged(next);
  return sendPending(next, pending);
}
