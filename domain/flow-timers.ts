import { sendDueRetry } from './flow-decisions';
import { leaveAfterNotice, leaveAfterReject, leaveWithoutServer, leaveWithSuccess } from './flow-exits';
import type { FlowState } from './flow-state';
import { callOf, modalsOf, unchanged, withModals, type Transition } from './flow-transition';
import { isConfirming } from './flow-view';
import { inactivityState } from './inactivity-timer';
import { withTimeoutWarning } from './modal-stack';
import { tokenExpiryLevel, tokenExpiryNextDeadlineMs } from './token-expiry-timer';

/**
 * Spec §4 "Inactivity timer": any mouse, key, scroll or touch event on a step resets it, except
 * while the warning is open: a stray mouse move does not dismiss it; the customer extends with
 * the warning's button (WCAG 2.2.1).
 */
export function onActivity(state: FlowState, nowMs: number): Transition {
  const phase = state.phase;
  if (phase.kind !== 'steps' || phase.lastActivityMs === undefined || phase.modals.timeoutSeconds !== undefined) return unchanged(state);
  return unchanged({ ...state, phase: { ...phase, lastActivityMs: nowMs } });
}

/**
 * Spec §4 timers, DESIGN §3.5, §3.10: judged from the clock after every event, so that a throttled
 * tab is judged by the time that really passed. At token expiry the customer returns without the
 * bank (the token can no longer call it). Nothing ends the journey while a confirmation is being
 * decided: its code must not be lost, and it comes within the call's own deadline.
 */
export function evaluateTimers(state: FlowState, nowMs: number): Transition {
  const phase = state.phase;
  switch (phase.kind) {
    case 'confirmed':
      return nowMs >= phase.returnAtMs ? leaveWithSuccess(state) : unchanged(state);
    case 'endingNotice':
      return nowMs >= phase.returnAtMs ? leaveAfterNotice(state, phase) : unchanged(state);
    case 'ended':
      return phase.offerExitAtMs !== undefined && nowMs >= phase.offerExitAtMs
        ? unchanged({ ...state, phase: { ...phase, offerExitAtMs: undefined } })
        : unchanged(state);
    case 'leaving':
      return sendDueRetry(state) ?? unchanged(state);
    case 'starting':
    case 'steps':
      return sendDueRetry(state) ?? journeyTimers(state, nowMs);
    default:
      return unchanged(state);
  }
}

function journeyTimers(state: FlowState, nowMs: number): Transition {
  const { expiry, token, stage } = state.journey;
  const confirming = isConfirming(state);
  if (expiry.kind === 'fallback' && nowMs >= expiry.returnAtMs && !confirming) return leaveWithoutServer(state, stage, 'tokenExpiry');
  let next = state;
  if (expiry.kind === 'running' && token !== undefined) {
    const level = tokenExpiryLevel(token.exp, nowMs);
    if (level === 'final' && !confirming) return leaveWithoutServer(state, stage, 'tokenExpiry');
    // Opened once: an event while it is open changes nothing (the very same state, DESIGN §3.9).
    if (level !== 'none' && modalsOf(next.phase)?.expiry === false) next = withModals(next, (modals) => ({ ...modals, expiry: true }));
  }
  const phase = next.phase;
  if (phase.kind === 'steps' && phase.lastActivityMs !== undefined) {
    const inactivity = inactivityState(state.config.inactivity, phase.lastActivityMs, nowMs);
    // At zero the warning shows 0 s, its buttons busy, while the bank rejects the consent.
    if (inactivity.level === 0 && !confirming)
      return leaveAfterReject(
        withModals(next, (modals) => withTimeoutWarning(modals, 0)),
        stage,
        'inactivity',
      );
    if (inactivity.level !== 2 && phase.modals.timeoutSeconds !== inactivity.remainingSeconds) {
      next = withModals(next, (modals) => withTimeoutWarning(modals, inactivity.remainingSeconds));
    }
  }
  return unchanged(next);
}

/** DESIGN §3.5: when the model next needs to look at the clock, if ever. */
export function nextWakeMs(state: FlowState, nowMs: number): number | undefined {
  const phase = state.phase;
  switch (phase.kind) {
    case 'confirmed':
    case 'endingNotice':
      return phase.returnAtMs;
    case 'ended':
      return phase.offerExitAtMs;
    case 'leaving':
      return phase.call.retryAtMs;
    case 'starting':
    case 'steps':
      return callOf(phase)?.retryAtMs ?? journeyDeadline(state, nowMs);
    default:
      return undefined;
  }
}

function journeyDeadline(state: FlowState, nowMs: number): number | undefined {
  const { expiry, token } = state.journey;
  const deadlines: number[] = [];
  // Once past (a confirmation being decided holds the return), its answer is the next event: no wake at or before now.
  if (expiry.kind === 'fallback' && expiry.returnAtMs > nowMs) deadlines.push(expiry.returnAtMs);
  if (expiry.kind === 'running' && token !== undefined) {
    const next = tokenExpiryNextDeadlineMs(token.exp, nowMs);
    if (next !== undefined) deadlines.push(next);
  }
  const phase = state.phase;
  if (phase.kind === 'steps' && phase.lastActivityMs !== undefined) {
    const next = inactivityState(state.config.inactivity, phase.lastActivityMs, nowMs).nextDeadlineMs;
    if (next !== undefined) deadlines.push(next);
  }
  return deadlines.length === 0 ? undefined : Math.min(...deadlines);
}
