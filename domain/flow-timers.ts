import type { FlowState } from './flow-state';
import { isConfirming, isExiting, isFinished, unchanged, type Transition } from './flow-transition';
import { sendDueRetry } from './flow-decisions';
import { leaveAfterReject, leaveWithoutServer, returnAfterSuccess } from './flow-exits';
import { inactivityState } from './inactivity-timer';
import { withTimeoutWarning } from './modal-stack';
import { tokenExpiryLevel, tokenExpiryNextDeadlineMs } from './token-expiry-timer';

/**
 * Spec §4 "Inactivity timer": any mouse, key, scroll or touch event resets it, except while the
 * warning is open: a stray mouse move does not dismiss it; the customer extends with the
 * warning's button (WCAG 2.2.1).
 */
export function onActivity(state: FlowState, nowMs: number): Transition {
  if (state.timers.lastActivityMs === undefined || state.modals.timeoutSeconds !== undefined || isFinished(state)) return unchanged(state);
  return unchanged({ ...state, timers: { ...state.timers, lastActivityMs: nowMs } });
}

/**
 * Spec §4 timers, DESIGN §3.5 and §3.10, judged from the clock after every event (deadlines, not
 * ticks, so a throttled tab is judged by the time that really passed):
 * - the success modal returns the customer when its time is up;
 * - the token-expiry fallback (timer could not be set) returns after 10 s;
 * - token expiry: 10 s before, the redirect modal opens over everything; at expiry the customer
 *   returns without the server (the token can no longer call it);
 * - inactivity: the warning opens over any other modal when `inactiveReciprocalWarnTime`
 *   seconds remain and counts down; at zero the consent is rejected, then the customer returns.
 * Nothing ends the flow while a confirmation is being decided: its answer (a code) must not be
 * lost; the decision comes within the call's own deadline.
 */
export function evaluateTimers(state: FlowState, nowMs: number): Transition {
  const { timers } = state;
  if (state.ended) return unchanged(state);
  const retry = sendDueRetry(state);
  if (retry !== undefined) return retry;
  if (isExiting(state)) return unchanged(state);
  if (state.confirmation !== undefined) {
    return timers.successReturnAtMs !== undefined && nowMs >= timers.successReturnAtMs ? returnAfterSuccess(state) : unchanged(state);
  }
  const confirming = isConfirming(state);
  if (timers.fallbackReturnAtMs !== undefined && nowMs >= timers.fallbackReturnAtMs && !confirming) return leaveWithoutServer(state, state.stage);
  let next = state;
  if (timers.tokenExpiry && state.token !== undefined) {
    const level = tokenExpiryLevel(state.token.exp, nowMs);
    if (level === 'final' && !confirming) return leaveWithoutServer(state, state.stage);
    if (level !== 'none' && !next.modals.expiry) next = { ...next, modals: { ...next.modals, expiry: true } };
  }
  if (timers.lastActivityMs !== undefined && state.screen.kind === 'flow') {
    const inactivity = inactivityState(state.config.inactivity, timers.lastActivityMs, nowMs);
    // At zero the warning shows 0 s, its buttons busy, while the bank rejects the consent.
    if (inactivity.level === 0 && !confirming) return leaveAfterReject({ ...next, modals: withTimeoutWarning(next.modals, 0) }, next.stage);
    if (inactivity.level !== 2 && next.modals.timeoutSeconds !== inactivity.remainingSeconds) {
      next = { ...next, modals: withTimeoutWarning(next.modals, inactivity.remainingSeconds) };
    }
  }
  return unchanged(next);
}

/** DESIGN §3.5: when the model next needs to look at the clock, if ever. */
export function nextWakeMs(state: FlowState, nowMs: number): number | undefined {
  const { timers } = state;
  if (state.ended) return undefined;
  if (state.pending?.retryAtMs !== undefined) return state.pending.retryAtMs;
  if (isExiting(state)) return undefined;
  if (state.confirmation !== undefined) return timers.successReturnAtMs;
  const deadlines: number[] = [];
  if (timers.fallbackReturnAtMs !== undefined) deadlines.push(timers.fallbackReturnAtMs);
  if (timers.tokenExpiry && state.token !== undefined) {
    const next = tokenExpiryNextDeadlineMs(state.token.exp, nowMs);
    if (next !== undefined) deadlines.push(next);
  }
  if (timers.lastActivityMs !== undefined && state.screen.kind === 'flow') {
    const next = inactivityState(state.config.inactivity, timers.lastActivityMs, nowMs).nextDeadlineMs;
    if (next !== undefined) deadlines.push(next);
  }
  return deadlines.length === 0 ? undefined : Math.min(...deadlines);
}
