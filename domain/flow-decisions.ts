import type { ApiError } from './api-error';
import type { FlowState, PendingCall } from './flow-state';
import { NO_TIMERS } from './flow-state';
import { sendPending, startCall, unchanged, type Transition } from './flow-transition';
import { isRecord } from './is-record';
import { NO_MODALS } from './modal-stack';

/** DESIGN §3.11: a decision is asked at most this many times (the first and two more). */
export const DECISION_ATTEMPTS = 3;

/** DESIGN §3.11, §3.4: the decision's deadline, from its first try (the write timeout of a call). */
export const DECISION_DEADLINE_MS = 30_000;

/** DESIGN §3.11: the wait before the n-th try again (n from 1): 500 ms, then 1 s. */
export const decisionRetryDelayMs = (attempt: number): number => 500 * 2 ** (attempt - 1);

/** CONTRACT §3: the bank committed a decision already (another tab, or another key). */
export const isAlreadyDecided = (error: ApiError): boolean => error.status === 409 && error.code === 'consent_already_decided';

/** DESIGN §3.11: an outcome that may hide a commit: no answer (network, timeout) or a gateway's 502, 503, 504. */
export const isUnclearOutcome = (error: ApiError): boolean => error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504;

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
 * DESIGN §3.11: the bank has a decision for this authorisation already, taken in another tab
 * or window: the customer is told ("This request has already been completed"); nothing more is
 * asked; its button returns as the bank decided (never access_denied after a code).
 */
export function decidedElsewhere(state: FlowState, error: ApiError): Transition {
  const decision = decisionOf(error);
  // This tab asked for an approval whose answer was lost: its key gets the committed code again.
  if (decision === 'approved' && state.approvalAsked && state.pending?.call.kind !== 'confirm') {
    return startCall({ ...state, pending: undefined, decisionUnclear: false, approvalCommitted: true }, { kind: 'confirm' });
  }
  return unchanged({
    ...state,
    pending: undefined,
    decidedElsewhere: decision,
    timers: NO_TIMERS,
    modals: { ...NO_MODALS, base: 'alreadyCompleted' },
  });
}

/**
 * DESIGN §3.11: after an unclear outcome the same decision (the same key) is asked again, at
 * most {@link DECISION_ATTEMPTS} times in all, within {@link DECISION_DEADLINE_MS} of the first
 * try. Past that, the answer is handed on as it is (its modal opens) and the outcome stays unclear.
 */
export function retryDecision(state: FlowState, pending: PendingCall): Transition | undefined {
  const retryAtMs = state.nowMs + decisionRetryDelayMs(pending.attempt);
  if (pending.attempt >= DECISION_ATTEMPTS || retryAtMs >= pending.firstSentAtMs + DECISION_DEADLINE_MS) {
    return undefined;
  }
  return unchanged({ ...state, pending: { ...pending, retryAtMs, unclear: true } });
}

/** DESIGN §3.11: the retry's time has come: the decision goes again, with the same key. */
export function sendDueRetry(state: FlowState): Transition | undefined {
  const pending = state.pending;
  if (pending?.retryAtMs === undefined || state.nowMs < pending.retryAtMs) return undefined;
  return sendPending(state, { ...pending, attempt: pending.attempt + 1 });
}

/**
 * DESIGN §3.15 "Offline is a state, not an error": while offline nothing is sent (calls wait);
 * back online, the waiting call goes.
 */
export function onConnectivity(state: FlowState, online: boolean): Transition {
  const next = { ...state, online };
  const pending = next.pending;
  if (!online || pending === undefined || !pending.held) return unchanged(next);
  return sendPending(next, pending);
}
