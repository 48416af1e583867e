import { calendarDateOf, type DateOfBirthParts } from './date-of-birth';
import { isStepShown } from './flow';
import type { FlowAnswer } from './flow-effects';
import type { LoginHelpModal, RememberedAction } from './flow-events';
import { NOTHING_VERIFIED, type FlowState, type OnStep, type Phase, type Starting } from './flow-state';
import { enterAccountStep } from './flow-steps';
import { andThen, callOver, openModal, reach, showStep, startCall, unchanged, withJourney, type Transition } from './flow-transition';
import { awaitingLogin, flowFlags, pageIsActionable } from './flow-view';
import { loginErrorOutcome } from './login-error-policy';
import { secureCodeClearedBy } from './login-feedback';
import { authenticateRequest, canContinue, secureCodeEntry, type LoginForm } from './login-form';
import { FRESH_LOGIN, type LoginState } from './login-state';
import type { ModalName } from './modal';
import { topModal } from './modal-stack';
import { toProfileList } from './profiles';
import { customerDetailsErrorModal } from './step-error-policy';

/** Issue 15: the pre-rendered form takes typing while it waits for the login step, with nothing over it. */
export const waitingFormTakesInput = (state: FlowState<Starting>): boolean => awaitingLogin(state) && topModal(state.phase.modals) === undefined;

/** Where the login form is: the login step, or the pre-rendered form waiting for it (issue 15). */
type FormPhase = Starting | OnStep<'login'>;

const withLogin = <P extends Phase>(state: FlowState<P>, login: Partial<LoginState>): FlowState<P> =>
  withJourney(state, { login: { ...state.journey.login, ...login } });

/** Spec §3 "Login info": what the customer types, kept only where the form `takesInput`. */
function withForm<P extends FormPhase>(state: FlowState<P>, takesInput: boolean, change: Partial<LoginForm>): Transition<P> {
  return takesInput ? unchanged(withLogin(state, { form: { ...state.journey.login.form, ...change } })) : unchanged(state);
}

export const onUsernameTyped = <P extends FormPhase>(state: FlowState<P>, takesInput: boolean, username: string): Transition<P> =>
  withForm(state, takesInput, { username });

/** Issue 23 item A: the code keeps its digits (spaces and dashes dropped); a letter is refused (`secureCodeEntry`). */
export const onSecureCodeTyped = <P extends FormPhase>(state: FlowState<P>, takesInput: boolean, typed: string): Transition<P> =>
  withForm(state, takesInput, { secureCode: secureCodeEntry(typed, state.journey.login.form.secureCode).code });

export const onDateOfBirthTyped = <P extends FormPhase>(state: FlowState<P>, takesInput: boolean, parts: Partial<DateOfBirthParts>): Transition<P> =>
  withForm(state, takesInput, { dob: { ...state.journey.login.form.dob, ...parts } });

/**
 * Issue 20 "an early Continue is not lost": a press on the waiting pre-rendered form is remembered;
 * the last press wins, so a second Continue is still one login.
 */
export function rememberEarlyAction(state: FlowState<Starting>, action: RememberedAction): Transition<Starting> {
  if (!waitingFormTakesInput(state) || state.journey.login.early === action) return unchanged(state);
  return unchanged(withLogin(state, { early: action }));
}

/** Issue 20: the remembered press, carried out once the login step is shown. */
export function carryOutEarlyAction(state: FlowState<OnStep<'login'>>, nowMs: number) {
  const early = state.journey.login.early;
  if (early === undefined) return unchanged(state);
  const next = withLogin(state, { early: undefined });
  switch (early) {
    case 'submit':
      return submitAtLogin(next, nowMs);
    case 'cancel':
      return pageIsActionable(next) ? openModal(next, 'sharingIncomplete') : unchanged(next);
    case 'browserBack':
      return pageIsActionable(next) ? openModal(next, 'leaveOnBack') : unchanged(next);
    default:
      return openHelpAtLogin(next, early);
  }
}

/** Spec §2 login links: Forgot your username?, Not registered?, Lost, damaged or stolen secure key?. */
export const openHelpAtLogin = (state: FlowState<OnStep<'login'>>, modal: LoginHelpModal): Transition<OnStep<'login'>> =>
  pageIsActionable(state) ? openModal(state, modal) : unchanged(state);

const formIsComplete = (state: FlowState, nowMs: number): boolean =>
  canContinue(state.journey.login.form, { requireDob: state.journey.login.requireDob, today: calendarDateOf(nowMs) });

/** Issue 20: Continue on the waiting pre-rendered form, with a complete form, is remembered for the login step. */
export const submitWhileStarting = (state: FlowState<Starting>, nowMs: number): Transition<Starting> =>
  formIsComplete(state, nowMs) ? rememberEarlyAction(state, 'submit') : unchanged(state);

/** Spec §4 "Continue on login", only with a complete form (spec §5; the views name what is missing). */
export function submitAtLogin(state: FlowState<OnStep<'login'>>, nowMs: number): Transition<OnStep<'login'>> {
  if (!formIsComplete(state, nowMs) || !pageIsActionable(state)) return unchanged(state);
  const { form, requireDob } = state.journey.login;
  const cleared = withLogin(state, { loginError: false, answerLost: false, codeCleared: undefined, dobStepUp: false });
  return startCall(cleared, { kind: 'authenticate', request: authenticateRequest(form, requireDob) });
}

/**
 * Spec §4 "Entry guard chain": each guard remembered once verified, and not repeated. Spec §4
 * "Business step: if PAR go straight to select-and-confirm" (issue 33 item 13): an amendment
 * never loads the business list (its profile is the arrangement's, CONTRACT §3 `profileId`).
 */
function runGuards(state: FlowState<OnStep<'login'>>) {
  const { verified } = state.journey;
  if (!verified.customerDetails) return startCall(state, { kind: 'customerDetails' });
  if (!verified.businesses && !flowFlags(state).isPar) return startCall(state, { kind: 'businesses' });
  return businessStep(state);
}

/** Spec §4 "Business step": select-profile when it is shown (never in a PAR), else the account step. */
function businessStep(state: FlowState<OnStep<'login'>>) {
  return isStepShown('selectProfile', flowFlags(state)) ? showStep(state, 'selectProfile') : enterAccountStep(state);
}

/**
 * Spec §8 "Login errors"; the code field is emptied and says why (login-feedback.ts). DESIGN §3.8:
 * an error about the credentials counts as identified; a failure of the bank's service does not.
 */
export function onAuthenticated(state: FlowState<OnStep<'login'>>, answer: Extract<FlowAnswer, { kind: 'authenticate' }>) {
  const login = state.journey.login;
  if (answer.result.ok) {
    const loggedIn = withJourney(callOver(state), {
      login: { ...login, failures: 0, remainingAttempts: undefined, loginError: false, codeCleared: undefined, dobStepUp: false },
    });
    return runGuards(reach(loggedIn, 'preAccountSelection'));
  }
  const error = answer.result.error;
  const outcome = loginErrorOutcome(error, { failures: login.failures, requireDob: login.requireDob });
  const answered = withJourney(callOver(state), {
    login: {
      ...FRESH_LOGIN,
      form: { ...login.form, secureCode: '' },
      requireDob: outcome.requireDob,
      loginError: outcome.loginErrorFlagged,
      failures: outcome.failures,
      remainingAttempts: outcome.remainingAttempts,
      codeCleared: secureCodeClearedBy(error.code),
      dobStepUp: outcome.dobStepUp,
    },
  });
  const next = outcome.identified ? reach(answered, 'preAuthentication') : answered;
  return outcome.modal === undefined ? unchanged(next) : openModal(next, outcome.modal);
}

/** Spec §4 "Guard failure", with the modal of spec §8. */
function guardFailure(state: FlowState<OnStep<'login'>>, modal: ModalName) {
  const toProfiles = isStepShown('selectProfile', flowFlags(state));
  const reset = withJourney(state, {
    customer: undefined,
    verified: toProfiles ? { customerDetails: true, businesses: true } : NOTHING_VERIFIED,
  });
  return andThen(showStep(reset, toProfiles ? 'selectProfile' : 'login'), (shown) => openModal(shown, modal));
}

/** Spec §8 "Customer details: 422 age limitation; other failures service unavailable". */
export function onCustomerDetails(state: FlowState<OnStep<'login'>>, answer: Extract<FlowAnswer, { kind: 'customerDetails' }>) {
  if (!answer.result.ok) return guardFailure(state, customerDetailsErrorModal(answer.result.error));
  return runGuards(withJourney(callOver(state), { customer: answer.result.value, verified: { ...state.journey.verified, customerDetails: true } }));
}

/** Spec §3 "Customer info", §4 "Profile" (none pre-selected among several, issue 33 item 8: `toProfileList`); §8 a failure is service unavailable. */
export function onBusinesses(state: FlowState<OnStep<'login'>>, answer: Extract<FlowAnswer, { kind: 'businesses' }>) {
  if (!answer.result.ok) return guardFailure(state, 'serviceUnavailable');
  return businessStep(
    withJourney(callOver(state), { profiles: toProfileList(answer.result.value), verified: { ...state.journey.verified, businesses: true } }),
  );
}
