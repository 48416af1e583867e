import { calendarDateOf, type DateOfBirthParts } from './date-of-birth';
import { isStepShown } from './flow';
import type { FlowAnswer } from './flow-effects';
import type { LoginHelpModal, RememberedAction } from './flow-events';
import { NOTHING_VERIFIED, type FlowState } from './flow-state';
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

const onLoginPage = (state: FlowState): boolean => pageIsActionable(state) && state.phase.kind === 'steps' && state.phase.step === 'login';

/** Issue 15: the pre-rendered form takes typing before the login step is shown. */
function formIsReachable(state: FlowState): boolean {
  if (onLoginPage(state)) return true;
  return awaitingLogin(state) && state.phase.kind === 'starting' && topModal(state.phase.modals) === undefined;
}

const withLogin = (state: FlowState, login: Partial<LoginState>): FlowState => withJourney(state, { login: { ...state.journey.login, ...login } });

function withForm(state: FlowState, form: LoginForm): Transition {
  return formIsReachable(state) ? unchanged(withLogin(state, { form })) : unchanged(state);
}

/** Spec §3 "Login info": what the customer types (ignored when the form cannot be reached). */
export const onUsernameTyped = (state: FlowState, username: string): Transition => withForm(state, { ...state.journey.login.form, username });

/** Issue 23 item A: the code keeps its digits (spaces and dashes dropped); a letter is refused (`secureCodeEntry`). */
export const onSecureCodeTyped = (state: FlowState, typed: string): Transition =>
  withForm(state, { ...state.journey.login.form, secureCode: secureCodeEntry(typed, state.journey.login.form.secureCode).code });

export const onDateOfBirthTyped = (state: FlowState, parts: Partial<DateOfBirthParts>): Transition =>
  withForm(state, { ...state.journey.login.form, dob: { ...state.journey.login.form.dob, ...parts } });

/**
 * Issue 20 "an early Continue is not lost": a press on the waiting pre-rendered form is remembered;
 * the last press wins, so a second Continue is still one login.
 */
export function rememberEarlyAction(state: FlowState, action: RememberedAction): Transition {
  if (onLoginPage(state) || !formIsReachable(state) || state.journey.login.early === action) return unchanged(state);
  return unchanged(withLogin(state, { early: action }));
}

/** Issue 20: the remembered press, carried out once the login step is shown. */
export function carryOutEarlyAction(state: FlowState, nowMs: number): Transition {
  const early = state.journey.login.early;
  if (early === undefined) return unchanged(state);
  const next = withLogin(state, { early: undefined });
  switch (early) {
    case 'submit':
      return onSubmitLogin(next, nowMs);
    case 'cancel':
      return onLoginPage(next) ? openModal(next, 'sharingIncomplete') : unchanged(next);
    case 'browserBack':
      return onLoginPage(next) ? openModal(next, 'leaveOnBack') : unchanged(next);
    default:
      return onOpenHelp(next, early);
  }
}

/** Spec §2 login links: Forgot your username?, Not registered?, Lost, damaged or stolen secure key?. */
export const onOpenHelp = (state: FlowState, modal: LoginHelpModal): Transition =>
  onLoginPage(state) ? openModal(state, modal) : rememberEarlyAction(state, modal);

const formIsComplete = (state: FlowState, nowMs: number): boolean =>
  canContinue(state.journey.login.form, { requireDob: state.journey.login.requireDob, today: calendarDateOf(nowMs) });

/** Spec §4 "Continue on login", only with a complete form (spec §5; the views name what is missing). */
export function onSubmitLogin(state: FlowState, nowMs: number): Transition {
  if (!formIsComplete(state, nowMs)) return unchanged(state);
  if (!onLoginPage(state)) return rememberEarlyAction(state, 'submit');
  const { form, requireDob } = state.journey.login;
  const cleared = withLogin(state, { loginError: false, answerLost: false, codeCleared: undefined, dobStepUp: false });
  return startCall(cleared, { kind: 'authenticate', request: authenticateRequest(form, requireDob) });
}

/**
 * Spec §4 "Entry guard chain": each guard remembered once verified, and not repeated. Spec §4
 * "Business step: if PAR go straight to select-and-confirm" (issue 33 item 13): an amendment
 * never loads the business list (its profile is the arrangement's, CONTRACT §3 `profileId`).
 */
function runGuards(state: FlowState): Transition {
  const { verified } = state.journey;
  if (!verified.customerDetails) return startCall(state, { kind: 'customerDetails' });
  if (!verified.businesses && !flowFlags(state).isPar) return startCall(state, { kind: 'businesses' });
  return businessStep(state);
}

/** Spec §4 "Business step": select-profile when it is shown (never in a PAR), else the account step. */
function businessStep(state: FlowState): Transition {
  return isStepShown('selectProfile', flowFlags(state)) ? showStep(state, 'selectProfile') : enterAccountStep(state);
}

/**
 * Spec §8 "Login errors"; the code field is emptied and says why (login-feedback.ts). DESIGN §3.8:
 * an error about the credentials counts as identified; a failure of the bank's service does not.
 */
export function onAuthenticated(state: FlowState, answer: Extract<FlowAnswer, { kind: 'authenticate' }>): Transition {
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
function guardFailure(state: FlowState, modal: ModalName): Transition {
  const toProfiles = isStepShown('selectProfile', flowFlags(state));
  const reset = withJourney(state, {
    customer: undefined,
    accounts: undefined,
    verified: toProfiles ? { customerDetails: true, businesses: true } : NOTHING_VERIFIED,
  });
  return andThen(showStep(reset, toProfiles ? 'selectProfile' : 'login'), (shown) => openModal(shown, modal));
}

/** Spec §8 "Customer details: 422 age limitation; other failures service unavailable". */
export function onCustomerDetails(state: FlowState, answer: Extract<FlowAnswer, { kind: 'customerDetails' }>): Transition {
  if (!answer.result.ok) return guardFailure(state, customerDetailsErrorModal(answer.result.error));
  return runGuards(withJourney(callOver(state), { customer: answer.result.value, verified: { ...state.journey.verified, customerDetails: true } }));
}

/** Spec §3 "Customer info", §4 "Profile" (none pre-selected among several, issue 33 item 8: `toProfileList`); §8 a failure is service unavailable. */
export function onBusinesses(state: FlowState, answer: Extract<FlowAnswer, { kind: 'businesses' }>): Transition {
  if (!answer.result.ok) return guardFailure(state, 'serviceUnavailable');
  return businessStep(
    withJourney(callOver(state), { profiles: toProfileList(answer.result.value), verified: { ...state.journey.verified, businesses: true } }),
  );
}
