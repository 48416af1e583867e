import {
  decidedElsewhere,
  isAlreadyDecided,
  isUnclearOutcome,
  onConnectivity,
  onConnectivityWhileCalling,
  retryDecision,
  sendDueRetry,
} from './flow-decisions';
import type { FlowAnswer } from './flow-effects';
import type { FlowEvent } from './flow-events';
import {
  browserBackAtStep,
  leaveAfterNotice,
  leaveAsDecided,
  leaveWithSuccess,
  modalDismissAtStep,
  modalPrimaryAtStep,
  modalPrimaryWhileStarting,
  onCancel,
  onCodeWhileLeaving,
  onConfirmed,
  onLeaveFailurePage,
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
  onSecureCodeTyped,
  onUsernameTyped,
  openHelpAtLogin,
  rememberEarlyAction,
  submitAtLogin,
  submitWhileStarting,
  waitingFormTakesInput,
} from './flow-login';
import { afterOf, rowsOf, tableOf, whereOf, type After, type EventOf, type EventType, type Row, type Table, type Where } from './flow-rows';
import { onConsentDetails, onLaunched, onVerified } from './flow-start';
import type { DecidedElsewhere, FlowState, OnStep, OnSteps } from './flow-state';
import {
  backFromAccounts,
  backFromReview,
  continueFromAccounts,
  continueFromProfiles,
  onAccounts,
  onBusinessProfileConfirmed,
  onChooseProfile,
  onConfirm,
  onDescribe,
  onSaved,
  onToggleAccount,
  onToggleAll,
  onToggleSubAccount,
} from './flow-steps';
import { onActivity, timersAtStep, timersWhileStarting, wakeAtStep, wakeWhileStarting } from './flow-timers';
import { andThen, isAwaited, unchanged, withJourney, type AskingPhase, type Transition } from './flow-transition';
import { pageIsActionable } from './flow-view';

export type { Transition } from './flow-transition';

/**
 * What every failed answer means before its call's own rules (spec §8) apply:
 * - DESIGN §3.11: the decision was already taken elsewhere (409 consent_already_decided);
 * - DESIGN §3.15: no answer while the browser is offline is not a failure: the call waits for the
 *   connection (`lost`: a login, which cannot be repeated safely, goes back to the form);
 * - DESIGN §3.11: a decision whose answer proves nothing is asked again with the same key, at
 *   most twice more, within the call's deadline.
 */
function onFailedAnswer<P extends AskingPhase>(
  state: FlowState<P>,
  answer: FlowAnswer,
  lost: ((state: FlowState<P>, answer: FlowAnswer) => Transition<P> | undefined) | undefined,
): Transition<P | DecidedElsewhere> | undefined {
  const pending = state.phase.call;
  if (answer.result.ok || pending === undefined) return undefined;
  const error = answer.result.error;
  if (isAlreadyDecided(error)) return decidedElsewhere(state, error);
  if (error.status === 0 && !state.online) return lost?.(state, answer) ?? unchanged({ ...state, phase: { ...state.phase, call: { ...pending, held: true } } });
  if ((answer.kind === 'confirm' || answer.kind === 'reject') && isUnclearOutcome(error)) return retryDecision(state, pending);
  return undefined;
}

/** The answer to the call the phase waits for, by kind; an answer to any other call changes nothing. */
function answered<P extends AskingPhase, R extends Transition>(
  handle: (state: FlowState<P>, answer: FlowAnswer, nowMs: number) => R,
  lost?: (state: FlowState<P>, answer: FlowAnswer) => Transition<P> | undefined,
) {
  return (state: FlowState<P>, event: EventOf<'answered'>, nowMs: number): R | Transition<P | DecidedElsewhere> => {
    if (!isAwaited(state.phase, event.id, event.answer.kind)) return unchanged(state);
    return onFailedAnswer(state, event.answer, lost) ?? handle(state, event.answer, nowMs);
  };
}

/** DESIGN §3.15: the login's answer lost while offline: the form comes back, and says so (a login is never sent twice). */
const loginAnswerLost = (state: FlowState<OnStep<'login'>>, answer: FlowAnswer): Transition<OnStep<'login'>> | undefined =>
  answer.kind === 'authenticate'
    ? unchanged(withJourney({ ...state, phase: { ...state.phase, call: undefined } }, { login: { ...state.journey.login, answerLost: true } }))
    : undefined;

/** DESIGN §3.11: a step's approval asked for again after the bank said it holds ours (409), on whatever step it was. */
function confirmAnswer<P extends OnSteps>(state: FlowState<P>, answer: FlowAnswer, nowMs: number) {
  return answer.kind === 'confirm' ? onConfirmed(state, answer, nowMs) : unchanged(state);
}

/** Spec §4 "Account step": the business-contract put and the accounts, asked from the login, select-profile or (Back) confirmation. */
function accountStepAnswer<P extends OnSteps>(state: FlowState<P>, answer: FlowAnswer, nowMs: number) {
  if (answer.kind === 'confirmBusinessProfile') return onBusinessProfileConfirmed(state, answer);
  if (answer.kind === 'accounts') return onAccounts(state, answer);
  return confirmAnswer(state, answer, nowMs);
}

function loginAnswer(state: FlowState<OnStep<'login'>>, answer: FlowAnswer, nowMs: number) {
  switch (answer.kind) {
    case 'authenticate':
      return onAuthenticated(state, answer);
    case 'customerDetails':
      return onCustomerDetails(state, answer);
    case 'businesses':
      return onBusinesses(state, answer);
    default:
      return accountStepAnswer(state, answer, nowMs);
  }
}

function reviewAnswer(state: FlowState<OnStep<'confirmation'>>, answer: FlowAnswer, nowMs: number) {
  return answer.kind === 'saveSelection' ? onSaved(state, answer) : accountStepAnswer(state, answer, nowMs);
}

const accountsAnswer = (state: FlowState<OnStep<'selectAccounts'>>, answer: FlowAnswer, nowMs: number) =>
  answer.kind === 'saveSelection' ? onSaved(state, answer) : confirmAnswer(state, answer, nowMs);

const starting = rowsOf('starting');

/** What the loading screen takes alike before and after the token is trusted: the pre-rendered form's typing and presses (issue 15, 20). */
const EVERY_START = [
  starting('usernameTyped', ['stays'], (state, event) => onUsernameTyped(state, waitingFormTakesInput(state), event.value)),
  starting('secureCodeTyped', ['stays'], (state, event) => onSecureCodeTyped(state, waitingFormTakesInput(state), event.value)),
  starting('dateOfBirthTyped', ['stays'], (state, event) => onDateOfBirthTyped(state, waitingFormTakesInput(state), event.parts)),
  starting('submitLogin', ['stays'], (state, _event, nowMs) => submitWhileStarting(state, nowMs), 'remembered for the login step'),
  starting('openHelp', ['stays'], (state, event) => rememberEarlyAction(state, event.modal), 'remembered for the login step'),
  starting('cancel', ['stays'], (state) => rememberEarlyAction(state, 'cancel'), 'remembered for the login step'),
  starting('browserBack', ['stays'], (state) => rememberEarlyAction(state, 'browserBack'), 'remembered for the login step'),
  starting('connectivity', ['stays'], (state, event) => onConnectivityWhileCalling(state, event.online)),
] as const;

const verifying = rowsOf('starting.verifying');

/** The loading screen, or the pre-rendered form, while the token is verified (DESIGN §3.1: nothing is trusted, nothing sent to the bank). */
const VERIFYING = tableOf([
  ...EVERY_START,
  verifying('launched', ['stays', 'failed'], onLaunched),
  verifying('verified', ['starting.reading', 'failed', 'stays'], onVerified, 'a token that cannot be trusted: the failure page'),
]);

const reading = rowsOf('starting.reading');

/** The same screen once the token is trusted: the consent read, or (after a reload) the approval asked again. */
const READING = tableOf(
  [
    ...EVERY_START,
    reading(
      'answered',
      ['stays', 'steps.login', 'confirmed', 'decidedElsewhere', 'failed'],
      answered((state, answer, nowMs) => {
        if (answer.kind === 'consentDetails') return onConsentDetails(state, answer, nowMs);
        return answer.kind === 'confirm' ? onReplayed(state, answer, nowMs) : unchanged(state);
      }),
      'the consent read: the login step; an approval asked again after a reload: the success, or the consent read',
    ),
    // The token-expiry redirect (spec §4) and Service unavailable.
    reading('modalPrimary', ['stays', 'leaving', 'ended', 'failed'], (state) => modalPrimaryWhileStarting(state)),
  ],
  afterOf('starting.reading')(
    ['stays', 'endingNotice', 'ended', 'failed'],
    { run: timersWhileStarting, wake: wakeWhileStarting },
    "a decision asked again; the token's expiry",
  ),
);

const steps = rowsOf('steps');

/** What every step takes alike; a page event acts only when the page can be used (flow-view.ts `pageIsActionable`). */
const EVERY_STEP = [
  steps('cancel', ['stays'], onCancel, 'the sharing-incomplete question'),
  steps(
    'modalPrimary',
    ['stays', 'steps.selectProfile', 'leaving', 'ended', 'failed'],
    (state, _event, nowMs) => modalPrimaryAtStep(state, nowMs),
    "as the top modal's button says (modal.ts)",
  ),
  steps('modalDismiss', ['stays'], (state, _event, nowMs) => modalDismissAtStep(state, nowMs)),
  steps('stepUnavailable', ['stays'], onStepUnavailable, 'Service unavailable'),
  steps('activity', ['stays'], (state, _event, nowMs) => onActivity(state, nowMs)),
  steps('connectivity', ['stays'], (state, event) => onConnectivityWhileCalling(state, event.online)),
] as const;

const EVERY_STEP_AFTER = afterOf('steps')(
  ['stays', 'leaving', 'endingNotice', 'ended', 'failed'],
  { run: timersAtStep, wake: wakeAtStep },
  "a decision asked again; the token's expiry; the inactivity warning, then the bank asked to reject",
);

const login = rowsOf('steps.login');

const LOGIN = tableOf(
  [
    ...EVERY_STEP,
    login(
      'answered',
      ['stays', 'steps.selectProfile', 'steps.selectAccounts', 'steps.confirmation', 'confirmed', 'decidedElsewhere'],
      answered(loginAnswer, loginAnswerLost),
      'logged in: the guards, then select-profile (several profiles), else the account step (skipStep: confirmation)',
    ),
    login('usernameTyped', ['stays'], (state, event) => onUsernameTyped(state, pageIsActionable(state), event.value)),
    login('secureCodeTyped', ['stays'], (state, event) => onSecureCodeTyped(state, pageIsActionable(state), event.value)),
    login('dateOfBirthTyped', ['stays'], (state, event) => onDateOfBirthTyped(state, pageIsActionable(state), event.parts)),
    login('submitLogin', ['stays'], (state, _event, nowMs) => submitAtLogin(state, nowMs), 'a complete form: the login asked'),
    login('openHelp', ['stays'], (state, event) => openHelpAtLogin(state, event.modal)),
    login('browserBack', ['stays'], (state, _event, nowMs) => browserBackAtStep(state, nowMs, undefined), 'a closable modal closes; else the leave question'),
  ],
  EVERY_STEP_AFTER,
);

const profiles = rowsOf('steps.selectProfile');

const SELECT_PROFILE = tableOf(
  [
    ...EVERY_STEP,
    profiles(
      'answered',
      ['stays', 'steps.selectAccounts', 'steps.confirmation', 'confirmed', 'decidedElsewhere'],
      answered(accountStepAnswer),
      'the account step (skipStep: confirmation)',
    ),
    profiles('chooseProfile', ['stays'], (state, event) => onChooseProfile(state, event.id)),
    profiles(
      'continue',
      ['stays', 'steps.selectAccounts', 'steps.confirmation'],
      (state) => continueFromProfiles(state),
      'with a profile chosen: the account step (its profile put to the bank first, unless it is on it; skipStep: confirmation)',
    ),
    profiles(
      'browserBack',
      ['stays'],
      (state, _event, nowMs) => browserBackAtStep(state, nowMs, undefined),
      'a closable modal closes; else the leave question',
    ),
  ],
  EVERY_STEP_AFTER,
);

const accounts = rowsOf('steps.selectAccounts');

const SELECT_ACCOUNTS = tableOf(
  [
    ...EVERY_STEP,
    accounts('answered', ['stays', 'steps.confirmation', 'confirmed', 'decidedElsewhere'], answered(accountsAnswer), 'the selection saved: confirmation'),
    accounts('toggleAccount', ['stays'], (state, event) => onToggleAccount(state, event.id)),
    accounts('toggleSubAccount', ['stays'], (state, event) => onToggleSubAccount(state, event.parentId, event.subId)),
    accounts('toggleAll', ['stays'], (state, event) => onToggleAll(state, event.ids)),
    accounts('continue', ['stays'], continueFromAccounts, 'a selection that shares something: saved; nothing selectable: No eligible accounts'),
    accounts('back', ['stays'], backFromAccounts, 'with several profiles: the warning that the choices go (its OK: select-profile)'),
    accounts(
      'browserBack',
      ['stays'],
      (state, _event, nowMs) => browserBackAtStep(state, nowMs, backFromAccounts),
      'a closable modal closes; else as `back`, or the leave question where the step has no Back',
    ),
  ],
  EVERY_STEP_AFTER,
);

const review = rowsOf('steps.confirmation');

const CONFIRMATION = tableOf(
  [
    ...EVERY_STEP,
    review(
      'answered',
      ['stays', 'steps.selectAccounts', 'confirmed', 'decidedElsewhere'],
      answered(reviewAnswer),
      'the approval: the success; (after Back) the accounts: select-and-confirm',
    ),
    review('describe', ['stays'], (state, event) => onDescribe(state, event.text)),
    review('confirm', ['stays'], onConfirm, 'the approval asked (a description saved first)'),
    review('back', ['stays', 'steps.selectProfile'], backFromReview, 'skipStep: select-profile; else the account step asked again, its ticks kept'),
    review(
      'browserBack',
      ['stays', 'steps.selectProfile'],
      (state, _event, nowMs) => browserBackAtStep(state, nowMs, backFromReview),
      'a closable modal closes; else as `back`, or the leave question where the step has no Back',
    ),
  ],
  EVERY_STEP_AFTER,
);

/** DESIGN §3.12: the exits follow only an address the token allows. */
const NOT_FOLLOWED = 'an address that cannot be followed: the failure page';

const leaving = rowsOf('leaving');

/** The bank is asked to reject (or for the code of the approval it holds) before the exit: only its answer and time move on. */
const LEAVING = tableOf(
  [
    leaving(
      'answered',
      [
        'stays',
        'starting.reading',
        'steps.login',
        'steps.selectProfile',
        'steps.selectAccounts',
        'steps.confirmation',
        'confirmed',
        'decidedElsewhere',
        'endingNotice',
        'ended',
        'failed',
      ],
      answered((state, answer, nowMs) => {
        if (answer.kind === 'reject') return onRejected(state, answer);
        return answer.kind === 'confirm' ? onCodeWhileLeaving(state, answer, nowMs) : unchanged(state);
      }),
      'rejected: the exit; the rejection failed: Service unavailable on the screen it left',
    ),
    leaving('connectivity', ['stays'], (state, event) => onConnectivityWhileCalling(state, event.online)),
  ],
  afterOf('leaving')(
    ['stays'],
    { run: (state) => sendDueRetry(state) ?? unchanged(state), wake: (state) => state.phase.call.retryAtMs },
    'the decision asked again',
  ),
);

const confirmed = rowsOf('confirmed');

/** Spec §4 Success: the success modal: its button, the phone's Back or its time returns the customer with the code. */
const CONFIRMED = tableOf(
  [
    confirmed('modalPrimary', ['ended', 'failed'], leaveWithSuccess, NOT_FOLLOWED),
    confirmed('browserBack', ['ended', 'failed'], leaveWithSuccess, NOT_FOLLOWED),
    confirmed('connectivity', ['stays'], (state, event) => onConnectivity(state, event.online)),
  ],
  afterOf('confirmed')(
    ['stays', 'ended', 'failed'],
    { run: (state, nowMs) => (nowMs >= state.phase.returnAtMs ? leaveWithSuccess(state) : unchanged(state)), wake: (state) => state.phase.returnAtMs },
    `2.5 s after the confirmation (SUCCESS_RETURN_DELAY_MS): as the button; ${NOT_FOLLOWED}`,
  ),
);

const decided = rowsOf('decidedElsewhere');

/** DESIGN §3.11 "This request has already been completed": its button returns as the bank decided. */
const DECIDED_ELSEWHERE = tableOf([
  decided('modalPrimary', ['ended', 'failed'], leaveAsDecided, NOT_FOLLOWED),
  decided('browserBack', ['ended', 'failed'], leaveAsDecided, NOT_FOLLOWED),
  decided('connectivity', ['stays'], (state, event) => onConnectivity(state, event.online)),
]);

const notice = rowsOf('endingNotice');

/** DESIGN §3.18: an ending the customer did not choose, said before the exit: its button (or Back), or its time, leaves. */
const ENDING_NOTICE = tableOf(
  [
    notice('modalPrimary', ['ended'], leaveAfterNotice),
    notice('browserBack', ['ended'], leaveAfterNotice),
    notice('connectivity', ['stays'], (state, event) => onConnectivity(state, event.online)),
  ],
  afterOf('endingNotice')(
    ['stays', 'ended'],
    { run: (state, nowMs) => (nowMs >= state.phase.returnAtMs ? leaveAfterNotice(state) : unchanged(state)), wake: (state) => state.phase.returnAtMs },
    '5 s after the notice (ENDING_NOTICE_MS): the exit it announced',
  ),
);

const failed = rowsOf('failed');

/** Spec §2 failure page: Go Back or Leave Page (Back too). */
const FAILED = tableOf([
  failed('leaveFailurePage', ['ended', 'stays'], onLeaveFailurePage, 'an address that cannot be followed stays'),
  failed('browserBack', ['ended', 'stays'], onLeaveFailurePage, 'as Go Back'),
  failed('connectivity', ['stays'], (state, event) => onConnectivity(state, event.online)),
]);

const ended = rowsOf('ended');

/** DESIGN §3.2: the exit was taken; a page still here offers it again, by its notice's button. */
const ENDED = tableOf(
  [ended('modalPrimary', ['stays'], takeExitAgain, 'the exit again, once offered')],
  afterOf('ended')(
    ['stays'],
    {
      run: (state, nowMs) => {
        const at = state.phase.offerExitAtMs;
        return at !== undefined && nowMs >= at ? unchanged({ ...state, phase: { ...state.phase, offerExitAtMs: undefined } }) : unchanged(state);
      },
      wake: (state) => state.phase.offerExitAtMs,
    },
    '5 s after the exit (EXIT_OFFER_MS): the exit offered again',
  ),
);

/** DESIGN §3.9, issue 34 items 1 and 2: each state's events and time, written once; whatever a state does not list, it does not take. */
export const FLOW_TABLES: { readonly [W in Where]: Table } = {
  'starting.verifying': VERIFYING,
  'starting.reading': READING,
  failed: FAILED,
  'steps.login': LOGIN,
  'steps.selectProfile': SELECT_PROFILE,
  'steps.selectAccounts': SELECT_ACCOUNTS,
  'steps.confirmation': CONFIRMATION,
  leaving: LEAVING,
  confirmed: CONFIRMED,
  decidedElsewhere: DECIDED_ELSEWHERE,
  endingNotice: ENDING_NOTICE,
  ended: ENDED,
};

/**
 * The row of the state's table for this event. The rows are typed for their state's phase;
 * `whereOf` chose the table by that phase, so the model's casts (`FlowState<never>`) are here only.
 */
function rowOf(state: FlowState, type: EventType): Row | undefined {
  return FLOW_TABLES[whereOf(state.phase)].rows[type];
}

function afterFor(state: FlowState): After | undefined {
  return FLOW_TABLES[whereOf(state.phase)].after;
}

/** Spec §4 timers, DESIGN §3.5, §3.10: time judged from the clock, by the state's own `after`. */
export function evaluateTimers(state: FlowState, nowMs: number): Transition {
  return afterFor(state)?.run(state as FlowState<never>, nowMs) ?? unchanged(state);
}

/** DESIGN §3.5: when the model next needs to look at the clock, if ever. */
export function nextWakeMs(state: FlowState, nowMs: number): number | undefined {
  return afterFor(state)?.wake(state as FlowState<never>, nowMs);
}

function onEvent(state: FlowState, event: FlowEvent, nowMs: number): Transition {
  const row = rowOf(state, event.type);
  return row === undefined ? unchanged(state) : row.run(state as FlowState<never>, event as never, nowMs);
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
