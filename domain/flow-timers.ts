import { sendDueRetry } from './flow-decisions';
import { leaveAfterReject, leaveWithoutServer } from './flow-exits';
import type { FlowState, OnSteps, Reading } from './flow-state';
import { inPhase, unchanged, withModals, type Transition } from './flow-transition';
import { isConfirming } from './flow-view';
import { inactivityState } from './inactivity-timer';
import { withTimeoutWarning } from './modal-stack';
import { tokenExpiryLevel, tokenExpiryNextDeadlineMs } from './token-expiry-timer';

/**
 * Spec §4 "Inactivity timer": any mouse, key, scroll or touch event on a step resets it, except
 * while the warning is open: a stray mouse move does not dismiss it; the customer extends with
 * the warning's button (WCAG 2.2.1).
 */
export function onActivity<P extends OnSteps>(state: FlowState<P>, nowMs: number): Transition<P> {
  const phase = state.phase;
  if (phase.lastActivityMs === undefined || phase.modals.timeoutSeconds !== undefined) return unchanged(state);
  return unchanged(inPhase(state, { ...phase, lastActivityMs: nowMs }));
}

/**
 * Spec §4 "Token expiry timer", DESIGN §3.5: the token's time (or the fallback's) is up. Nothing
 * ends the journey while a confirmation is being decided: its code must not be lost, and it comes
 * within the call's own deadline.
 */
function tokenExpired(state: FlowState<Reading | OnSteps>, nowMs: number): boolean {
  const { expiry, token } = state.journey;
  if (isConfirming(state)) return false;
  if (expiry.kind === 'fallback') return nowMs >= expiry.returnAtMs;
  return expiry.kind === 'running' && tokenExpiryLevel(token.exp, nowMs) === 'final';
}

/** Spec §4 "Token expiry timer": its warning opens once (an event while it is open changes nothing, DESIGN §3.9). */
function withExpiryWarning<P extends Reading | OnSteps>(state: FlowState<P>, nowMs: number): FlowState<P> {
  const { expiry, token } = state.journey;
  if (expiry.kind !== 'running' || state.phase.modals.expiry) return state;
  return tokenExpiryLevel(token.exp, nowMs) === 'none' ? state : withModals(state, (modals) => ({ ...modals, expiry: true }));
}

/**
 * Spec §4 timers, DESIGN §3.5, §3.10: judged from the clock around every event, so that a
 * throttled tab is judged by the time that really passed. While starting: a decision asked
 * again, and the token's expiry (the customer returns without the bank: the token can no longer call it).
 */
export function timersWhileStarting(state: FlowState<Reading>, nowMs: number) {
  const retried = sendDueRetry(state);
  if (retried !== undefined) return retried;
  if (tokenExpired(state, nowMs)) return leaveWithoutServer(state, state.journey.stage, 'tokenExpiry');
  return unchanged(withExpiryWarning(state, nowMs));
}

/** Spec §4 timers on a step: as while starting, and the inactivity timer (its warning, then the bank asked to reject). */
export function timersAtStep<P extends OnSteps>(state: FlowState<P>, nowMs: number) {
  const retried = sendDueRetry(state);
  if (retried !== undefined) return retried;
  const stage = state.journey.stage;
  if (tokenExpired(state, nowMs)) return leaveWithoutServer(state, stage, 'tokenExpiry');
  const next = withExpiryWarning(state, nowMs);
  const lastActivityMs = next.phase.lastActivityMs;
  if (lastActivityMs === undefined) return unchanged(next);
  const inactivity = inactivityState(state.config.inactivity, lastActivityMs, nowMs);
  // At zero the warning shows 0 s, its buttons busy, while the bank rejects the consent.
  if (inactivity.level === 0 && !isConfirming(state))
    return leaveAfterReject(
      withModals(next, (modals) => withTimeoutWarning(modals, 0)),
      stage,
      'inactivity',
    );
  if (inactivity.level === 2 || next.phase.modals.timeoutSeconds === inactivity.remainingSeconds) return unchanged(next);
  return unchanged(withModals(next, (modals) => withTimeoutWarning(modals, inactivity.remainingSeconds)));
}

/** DESIGN §3.5: the token expiry timer's next deadline, if any. */
function expiryDeadline(state: FlowState<Reading | OnSteps>, nowMs: number): number | undefined {
  const { expiry, token } = state.journey;
  // Once past (a confirmation being decided holds the return), its answer is the next event: no wake at or before now.
  if (expiry.kind === 'fallback') return expiry.returnAtMs > nowMs ? expiry.returnAtMs : undefined;
  return expiry.kind === 'running' ? tokenExpiryNextDeadlineMs(token.exp, nowMs) : undefined;
}

/** DESIGN §3.5: when a starting phase next needs to look at the clock: a retry, else the token's expiry. */
export const wakeWhileStarting = (state: FlowState<Reading>, nowMs: number): number | undefined => state.phase.call?.retryAtMs ?? expiryDeadline(state, nowMs);

/** DESIGN §3.5: when a step next needs to look at the clock: a retry, else the first of the token's expiry and the inactivity timer. */
export function wakeAtStep(state: FlowState<OnSteps>, nowMs: number): number | undefined {
  const retryAtMs = state.phase.call?.retryAtMs;
  if (retryAtMs !== undefined) return retryAtMs;
  const lastActivityMs = state.phase.lastActivityMs;
  const inactivity = lastActivityMs === undefined ? undefined : inactivityState(state.config.inactivity, lastActivityMs, nowMs).nextDeadlineMs;
  const deadlines = [expiryDeadline(state, nowMs), inactivity].filter((deadline) => deadline !== undefined);
  return deadlines.length === 0 ? undefined : Math.min(...deadlines);
}
