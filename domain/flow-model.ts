import { decidedElsewhere, isAlreadyDecided, isUnclearOutcome, onConnectivity, retryDecision } from './flow-decisions';
import type { FlowAnswer } from './flow-effects';
import type { FlowEvent } from './flow-events';
import {
  leaveAfterNotice,
  leaveAsDecided,
  leaveWithSuccess,
  onBrowserBack,
  onCancel,
  onCodeWhileLeaving,
  onConfirmed,
  onLeaveFailurePage,
  onModalDismiss,
  onModalPrimary,
  onRejected,
  onReplayed,
  onStepUnavailable,
  takeExitAgain,
} from './flow-exits';
import {
  onAuthenticated,
  onBusinesses,
  onCustomerDetails,
  onDateOfBirthTyped,
  onOpenHelp,
  onSecureCodeTyped,
  onSubmitLogin,
  onUsernameTyped,
} from './flow-login';
import { onConsentDetails, onLaunched, onVerified } from './flow-start';
import type { FlowState, Leaving, OnSteps, Phase, PhaseKind, Starting } from './flow-state';
import {
  onAccounts,
  onBack,
  onBusinessProfileConfirmed,
  onChooseProfile,
  onConfirm,
  onContinue,
  onDescribe,
  onSaved,
  onToggleAccount,
  onToggleAll,
  onToggleSubAccount,
} from './flow-steps';
import { evaluateTimers, nextWakeMs, onActivity } from './flow-timers';
import { andThen, callOf, isAwaited, unchanged, withJourney, type Transition } from './flow-transition';

export type { Transition } from './flow-transition';

type EventType = FlowEvent['type'];
type EventOf<T extends EventType> = Extract<FlowEvent, { type: T }>;
type PhaseOf<K extends PhaseKind> = Extract<Phase, { kind: K }>;

/**
 * One event a phase takes: what it does, and the phases it can lead to (the diagram is drawn from
 * these, docs/flow-states.md; the random journeys check that no other phase follows).
 */
interface Rule<K extends PhaseKind, T extends EventType> {
  readonly run: (state: FlowState, phase: PhaseOf<K>, event: EventOf<T>, nowMs: number) => Transition;
  readonly to: readonly PhaseKind[];
}

/** The events a phase takes. An event it does not take has no entry: it changes nothing. */
export type PhaseTable<K extends PhaseKind> = { readonly [T in EventType]?: Rule<K, T> };

/**
 * What every failed answer means before its call's own rules (spec §8) apply:
 * - DESIGN §3.11: the decision was already taken elsewhere (409 consent_already_decided);
 * - DESIGN §3.15: no answer while the browser is offline is not a failure: the call waits for the
 *   connection (a login, which cannot be repeated safely, goes back to the form);
 * - DESIGN §3.11: a decision whose answer proves nothing is asked again with the same key, at
 *   most twice more, within the call's deadline.
 */
function onFailedAnswer(state: FlowState, answer: FlowAnswer): Transition | undefined {
  const pending = callOf(state.phase);
  if (answer.result.ok || pending === undefined) return undefined;
  const error = answer.result.error;
  if (isAlreadyDecided(error)) return decidedElsewhere(state, error);
  if (error.status === 0 && !state.online) {
    if (answer.kind === 'authenticate' && state.phase.kind === 'steps') {
      return unchanged(withJourney({ ...state, phase: { ...state.phase, call: undefined } }, { login: { ...state.journey.login, answerLost: true } }));
    }
    const phase = state.phase;
    if (phase.kind === 'starting' || phase.kind === 'steps' || phase.kind === 'leaving')
      return unchanged({ ...state, phase: { ...phase, call: { ...pending, held: true } } });
  }
  if ((answer.kind === 'confirm' || answer.kind === 'reject') && isUnclearOutcome(error)) return retryDecision(state, pending);
  return undefined;
}

/** The answer to the call the phase waits for, by kind; an answer to any other call changes nothing. */
function answered<K extends 'starting' | 'steps' | 'leaving'>(
  handle: (state: FlowState, phase: PhaseOf<K>, answer: FlowAnswer, nowMs: number) => Transition,
): Rule<K, 'answered'>['run'] {
  return (state, phase, event, nowMs) => {
    if (!isAwaited(phase, event.id, event.answer.kind)) return unchanged(state);
    return onFailedAnswer(state, event.answer) ?? handle(state, phase, event.answer, nowMs);
  };
}

function startingAnswer(state: FlowState, _phase: Starting, answer: FlowAnswer, nowMs: number): Transition {
  switch (answer.kind) {
    case 'consentDetails':
      return onConsentDetails(state, answer, nowMs);
    case 'confirm':
      return onReplayed(state, answer, nowMs);
    default:
      return unchanged(state);
  }
}

function stepAnswer(state: FlowState, _phase: OnSteps, answer: FlowAnswer, nowMs: number): Transition {
  switch (answer.kind) {
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
    default:
      return unchanged(state);
  }
}

function leavingAnswer(state: FlowState, phase: Leaving, answer: FlowAnswer, nowMs: number): Transition {
  switch (answer.kind) {
    case 'reject':
      return onRejected(state, phase, answer);
    case 'confirm':
      return onCodeWhileLeaving(state, phase, answer, nowMs);
    default:
      return unchanged(state);
  }
}

/** Time passed: the timers were judged around the event (see {@link transition}); nothing else. */
const TICK = { run: (state: FlowState) => unchanged(state) } as const;
/** DESIGN §3.15: the browser went offline, or came back. */
const CONNECTIVITY = { run: (state: FlowState, _phase: Phase, event: EventOf<'connectivity'>) => onConnectivity(state, event.online) } as const;

/** The loading screen, or the pre-rendered form waiting for the login step. */
const STARTING: PhaseTable<'starting'> = {
  launched: { run: (state, phase, event) => onLaunched(state, phase, event), to: ['starting', 'failed'] },
  verified: { run: (state, phase, event, nowMs) => onVerified(state, phase, event, nowMs), to: ['starting', 'failed'] },
  answered: { run: answered(startingAnswer), to: ['starting', 'steps', 'confirmed', 'decidedElsewhere', 'failed'] },
  // Issue 15, 20: the pre-rendered form takes typing, and remembers a press for the login step.
  usernameTyped: { run: (state, _phase, event) => onUsernameTyped(state, event.value), to: ['starting'] },
  secureCodeTyped: { run: (state, _phase, event) => onSecureCodeTyped(state, event.value), to: ['starting'] },
  dateOfBirthTyped: { run: (state, _phase, event) => onDateOfBirthTyped(state, event.parts), to: ['starting'] },
  submitLogin: { run: (state, _phase, _event, nowMs) => onSubmitLogin(state, nowMs), to: ['starting'] },
  cancel: { run: (state) => onCancel(state), to: ['starting'] },
  openHelp: { run: (state, _phase, event) => onOpenHelp(state, event.modal), to: ['starting'] },
  // The token-expiry redirect, which can open while the consent is read (spec §4).
  modalPrimary: { run: (state, _phase, _event, nowMs) => onModalPrimary(state, nowMs), to: ['leaving', 'ended', 'failed'] },
  browserBack: { run: (state, _phase, _event, nowMs) => onBrowserBack(state, nowMs), to: ['starting'] },
  tick: { ...TICK, to: ['starting', 'ended', 'failed'] },
  connectivity: { ...CONNECTIVITY, to: ['starting'] },
};

/** A step of the flow, its request and its modals. Page events act only when the page can be used (flow-view.ts `pageIsActionable`). */
const STEPS: PhaseTable<'steps'> = {
  answered: { run: answered(stepAnswer), to: ['steps', 'confirmed', 'decidedElsewhere'] },
  usernameTyped: { run: (state, _phase, event) => onUsernameTyped(state, event.value), to: ['steps'] },
  secureCodeTyped: { run: (state, _phase, event) => onSecureCodeTyped(state, event.value), to: ['steps'] },
  dateOfBirthTyped: { run: (state, _phase, event) => onDateOfBirthTyped(state, event.parts), to: ['steps'] },
  submitLogin: { run: (state, _phase, _event, nowMs) => onSubmitLogin(state, nowMs), to: ['steps'] },
  openHelp: { run: (state, _phase, event) => onOpenHelp(state, event.modal), to: ['steps'] },
  chooseProfile: { run: (state, _phase, event) => onChooseProfile(state, event.id), to: ['steps'] },
  toggleAccount: { run: (state, _phase, event) => onToggleAccount(state, event.id), to: ['steps'] },
  toggleSubAccount: { run: (state, _phase, event) => onToggleSubAccount(state, event.parentId, event.subId), to: ['steps'] },
  toggleAll: { run: (state, _phase, event) => onToggleAll(state, event.ids), to: ['steps'] },
  describe: { run: (state, _phase, event) => onDescribe(state, event.text), to: ['steps'] },
  continue: { run: (state) => onContinue(state), to: ['steps'] },
  back: { run: (state) => onBack(state), to: ['steps'] },
  confirm: { run: (state) => onConfirm(state), to: ['steps'] },
  cancel: { run: (state) => onCancel(state), to: ['steps'] },
  modalPrimary: { run: (state, _phase, _event, nowMs) => onModalPrimary(state, nowMs), to: ['steps', 'leaving', 'ended', 'failed'] },
  modalDismiss: { run: (state, _phase, _event, nowMs) => onModalDismiss(state, nowMs), to: ['steps'] },
  stepUnavailable: { run: (state) => onStepUnavailable(state), to: ['steps'] },
  activity: { run: (state, _phase, _event, nowMs) => onActivity(state, nowMs), to: ['steps'] },
  browserBack: { run: (state, _phase, _event, nowMs) => onBrowserBack(state, nowMs), to: ['steps'] },
  tick: { ...TICK, to: ['steps', 'leaving', 'endingNotice', 'ended', 'failed'] },
  connectivity: { ...CONNECTIVITY, to: ['steps'] },
};

/** The bank is asked to reject (or for the code of the approval it holds) before the exit: only its answer and time move on. */
const LEAVING: PhaseTable<'leaving'> = {
  answered: { run: answered(leavingAnswer), to: ['steps', 'starting', 'confirmed', 'decidedElsewhere', 'endingNotice', 'ended', 'failed'] },
  tick: { ...TICK, to: ['leaving'] },
  connectivity: { ...CONNECTIVITY, to: ['leaving'] },
};

/** The success modal: its button, or its time, returns the customer with the code. */
const CONFIRMED: PhaseTable<'confirmed'> = {
  modalPrimary: { run: (state) => leaveWithSuccess(state), to: ['ended', 'failed'] },
  browserBack: { run: (state) => leaveWithSuccess(state), to: ['ended', 'failed'] },
  tick: { ...TICK, to: ['ended', 'failed'] },
  connectivity: { ...CONNECTIVITY, to: ['confirmed'] },
};

/** "This request has already been completed": its button returns as the bank decided. */
const DECIDED_ELSEWHERE: PhaseTable<'decidedElsewhere'> = {
  modalPrimary: { run: (state) => leaveAsDecided(state), to: ['ended', 'failed'] },
  browserBack: { run: (state) => leaveAsDecided(state), to: ['ended', 'failed'] },
  connectivity: { ...CONNECTIVITY, to: ['decidedElsewhere'] },
};

/** DESIGN §3.18: an ending the customer did not choose, said before the exit: its button (or Back), or its time, leaves. */
const ENDING_NOTICE: PhaseTable<'endingNotice'> = {
  modalPrimary: { run: (state, phase) => leaveAfterNotice(state, phase), to: ['ended'] },
  browserBack: { run: (state, phase) => leaveAfterNotice(state, phase), to: ['ended'] },
  tick: { ...TICK, to: ['ended'] },
  connectivity: { ...CONNECTIVITY, to: ['endingNotice'] },
};

/** The failure page: Go Back or Leave Page (Back too). */
const FAILED: PhaseTable<'failed'> = {
  leaveFailurePage: { run: (state) => onLeaveFailurePage(state), to: ['ended', 'failed'] },
  browserBack: { run: (state) => onLeaveFailurePage(state), to: ['ended', 'failed'] },
  connectivity: { ...CONNECTIVITY, to: ['failed'] },
};

/** DESIGN §3.2: the exit was taken; a page still here offers it again, by its notice's button. */
const ENDED: PhaseTable<'ended'> = {
  modalPrimary: { run: (state, phase) => takeExitAgain(state, phase), to: ['ended'] },
  tick: { ...TICK, to: ['ended'] },
};

/** DESIGN §3.9: each phase's events, written once; whatever a phase does not list, it does not take. */
export const PHASE_TABLES: { readonly [K in PhaseKind]: PhaseTable<K> } = {
  starting: STARTING,
  failed: FAILED,
  steps: STEPS,
  leaving: LEAVING,
  confirmed: CONFIRMED,
  decidedElsewhere: DECIDED_ELSEWHERE,
  endingNotice: ENDING_NOTICE,
  ended: ENDED,
};

/**
 * The phases time can lead to from each phase, whatever the event (the timers are judged around
 * every event, {@link transition}): a decision asked again; the success modal's and the ending
 * notice's return; the token expiry and its fallback (the ending notice, or the plain exit); the
 * inactivity lapse (the bank asked to reject first).
 */
export const TIMER_TARGETS: { readonly [K in PhaseKind]: readonly PhaseKind[] } = {
  starting: ['endingNotice', 'ended', 'failed'],
  failed: [],
  steps: ['leaving', 'endingNotice', 'ended', 'failed'],
  leaving: [],
  confirmed: ['ended', 'failed'],
  decidedElsewhere: [],
  endingNotice: ['ended'],
  ended: [],
};

function ruleFor<K extends PhaseKind, T extends EventType>(kind: K, type: T): Rule<K, T> | undefined {
  return (PHASE_TABLES[kind] as PhaseTable<K>)[type];
}

function onEvent(state: FlowState, event: FlowEvent, nowMs: number): Transition {
  const rule = ruleFor(state.phase.kind, event.type);
  if (rule === undefined) return unchanged(state);
  return rule.run(state, state.phase, event, nowMs);
}

/**
 * DESIGN §3.9 "The flow is one model": the next state and the effects to run, as data. Nothing
 * else decides a transition.
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
