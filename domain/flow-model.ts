import type { FlowAnswer } from './flow-effects';
import type { FlowEvent } from './flow-events';
import { decidedElsewhere, isAlreadyDecided, isUnclearOutcome, onConnectivity, retryDecision } from './flow-decisions';
import { onCancel, onLeaveFailurePage, onModalDismiss, onModalPrimary, onRejected, onStepUnavailable } from './flow-exits';
import {
  onAuthenticated, onBusinesses, onConsentAfterLogin, onCustomerDetails, onDateOfBirthTyped, onOpenHelp, onSecureCodeTyped, onSubmitLogin, onUsernameTyped,
} from './flow-login';
import { onConsentDetails, onLaunched, onVerified } from './flow-start';
import type { FlowState } from './flow-state';
import {
  onAccounts, onBack, onBusinessProfileConfirmed, onChooseProfile, onConfirm, onConfirmed, onContinue, onDescribe, onSaved,
  onToggleAccount, onToggleAll, onToggleSubAccount,
} from './flow-steps';
import { evaluateTimers, nextWakeMs, onActivity } from './flow-timers';
import { andThen, isAwaited, unchanged, type Transition } from './flow-transition';
import { assertNever } from './result';

export type { Transition } from './flow-transition';

/**
 * What every failed answer means before its call's own rules (spec §8) apply:
 * - DESIGN §3.11: the decision was already taken elsewhere (409 consent_already_decided): say so;
 * - DESIGN §3.15: no answer while the browser is offline is not a failure: the call waits for the
 *   connection (a login, which cannot be repeated safely, goes back to the form);
 * - DESIGN §3.11: a decision with an unclear outcome is asked again with the same key, at most
 *   twice more, within the call's deadline.
 */
function onFailedAnswer(state: FlowState, answer: FlowAnswer): Transition | undefined {
  const pending = state.pending;
  if (answer.result.ok || pending === undefined || answer.kind === 'keepAlive') return undefined;
  const error = answer.result.error;
  if (isAlreadyDecided(error)) return decidedElsewhere(state, error);
  if (error.status === 0 && !state.online) {
    if (answer.kind === 'authenticate') return unchanged({ ...state, pending: undefined, login: { ...state.login, answerLost: true } });
    return unchanged({ ...state, pending: { ...pending, held: true } });
  }
  if ((answer.kind === 'confirm' || answer.kind === 'reject') && isUnclearOutcome(error)) return retryDecision(state, pending);
  return undefined;
}

/** The bank's answer to the call the flow waits for; an answer to any other call changes nothing. */
function onAnswered(state: FlowState, id: number, answer: FlowAnswer, nowMs: number): Transition {
  if (state.ended || !isAwaited(state, id, answer.kind)) return unchanged(state);
  const failed = onFailedAnswer(state, answer);
  if (failed !== undefined) return failed;
  switch (answer.kind) {
    case 'consentDetails':
      return state.pending?.call.kind === 'consentDetails' && state.pending.call.afterLogin === true
        ? onConsentAfterLogin(state, answer)
        : onConsentDetails(state, answer, nowMs);
    case 'authenticate':
      return onAuthenticated(state, answer);
    case 'customerDetails':
      return onCustomerDetails(state, answer);
    case 'businesses':
      return onBusinesses(state, answer);
    case 'confirmBusinessProfile':
      return onBusinessProfileConfirmed(state, answer);
    case 'accounts':
      return onAccounts(state, answer);
    case 'saveSelection':
      return onSaved(state, answer);
    case 'confirm':
      return onConfirmed(state, answer, nowMs);
    case 'reject':
      return onRejected(state, answer);
    case 'keepAlive':
      return unchanged(state);
    default:
      return assertNever(answer);
  }
}

function onEvent(state: FlowState, event: FlowEvent, nowMs: number): Transition {
  if (state.ended) return unchanged(state);
  switch (event.type) {
    case 'launched':
      return onLaunched(state, event);
    case 'verified':
      return onVerified(state, event, nowMs);
    case 'answered':
      return onAnswered(state, event.id, event.answer, nowMs);
    case 'usernameTyped':
      return onUsernameTyped(state, event.value);
    case 'secureCodeTyped':
      return onSecureCodeTyped(state, event.value);
    case 'dateOfBirthTyped':
      return onDateOfBirthTyped(state, event.parts);
    case 'submitLogin':
      return onSubmitLogin(state, nowMs);
    case 'openHelp':
      return onOpenHelp(state, event.modal);
    case 'chooseProfile':
      return onChooseProfile(state, event.id);
    case 'toggleAccount':
      return onToggleAccount(state, event.id);
    case 'toggleSubAccount':
      return onToggleSubAccount(state, event.parentId, event.subId);
    case 'toggleAll':
      return onToggleAll(state, event.ids);
    case 'describe':
      return onDescribe(state, event.text);
    case 'continue':
      return onContinue(state);
    case 'back':
      return onBack(state);
    case 'confirm':
      return onConfirm(state);
    case 'cancel':
      return onCancel(state);
    case 'modalPrimary':
      return onModalPrimary(state, nowMs);
    case 'modalDismiss':
      return onModalDismiss(state, nowMs);
    case 'leaveFailurePage':
      return onLeaveFailurePage(state);
    case 'stepUnavailable':
      return onStepUnavailable(state);
    case 'activity':
      return onActivity(state, nowMs);
    case 'tick':
      return unchanged(state);
    case 'connectivity':
      return onConnectivity(state, event.online);
    default:
      return assertNever(event);
  }
}

/**
 * DESIGN §3.9 "The flow is one model": the consent journey as a pure state machine. Given the
 * state, an event and the time, it returns the next state and the effects to run, as data: the
 * calls to make, the token to keep or forget, the page views and abandonment to report, the
 * exit to take, and when to wake it next. Nothing else decides a transition.
 *
 * The timers are judged from the clock (DESIGN §3.5) before the event, so a click that comes
 * after a lapse the tick missed (a throttled tab) meets the lapse first, and again after it, for
 * the timers the event started. The wake is set anew when it moved (and after every tick, which
 * used the last one up). An event that changes nothing leaves the very same state, its clock too.
 */
export function transition(state: FlowState, event: FlowEvent, nowMs: number): Transition {
  const now = state.nowMs === nowMs ? state : { ...state, nowMs };
  const next = andThen(
    andThen(evaluateTimers(now, nowMs), (judged) => onEvent(judged, event, nowMs)),
    (after) => evaluateTimers(after, nowMs),
  );
  const changed = next.state === now ? state : next.state;
  const wake = nextWakeMs(changed, nowMs);
  if (wake === changed.wakeAtMs && event.type !== 'tick') return { state: changed, effects: next.effects };
  return { state: { ...changed, wakeAtMs: wake }, effects: [...next.effects, { type: 'wakeAt', atMs: wake }] };
}
