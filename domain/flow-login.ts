import { customerDetailsErrorModal } from './step-error-policy';
import { calendarDateOf } from './date-of-birth';
import type { DateOfBirthParts } from './date-of-birth';
import { isStepShown } from './flow';
import type { FlowAnswer } from './flow-effects';
import type { EarlyAction, LoginHelpModal } from './flow-events';
import { NOTHING_VERIFIED, type FlowState } from './flow-state';
import { andThen, awaitingLogin, openModal, pageIsActionable, reach, showStep, startCall, unchanged, type Transition } from './flow-transition';
import { flowFlags } from './flow-view';
import { loginErrorOutcome } from './login-error-policy';
import { secureCodeClearedBy } from './login-feedback';
import { authenticateRequest, canContinue, type LoginForm } from './login-form';
import type { ModalName } from './modal';
import { topModal } from './modal-stack';
import { toProfileList } from './profiles';
import { enterAccountStep } from './flow-steps';

const onLoginStep = (state: FlowState): boolean => pageIsActionable(state) && state.step === 'login';

/** The form can be typed into: on the login step, or while the pre-rendered form awaits the login step (issue 15). */
const formIsReachable = (state: FlowState): boolean => onLoginStep(state) || (awaitingLogin(state) && topModal(state.modals) === undefined);

function withForm(state: FlowState, form: LoginForm): Transition {
  return formIsReachable(state) ? unchanged({ ...state, login: { ...state.login, form } }) : unchanged(state);
}

/** Spec §3 "Login info": what the customer types (ignored when the form cannot be reached). */
export const onUsernameTyped = (state: FlowState, username: string): Transition => withForm(state, { ...state.login.form, username });

export const onSecureCodeTyped = (state: FlowState, secureCode: string): Transition => withForm(state, { ...state.login.form, secureCode });

export const onDateOfBirthTyped = (state: FlowState, parts: Partial<DateOfBirthParts>): Transition =>
  withForm(state, { ...state.login.form, dob: { ...state.login.form.dob, ...parts } });

/**
 * Issue 20 "an early Continue is not lost": a press on the pre-rendered form while it waits for
 * the login step (the token being verified, the consent read) is remembered, one at a time (the
 * last press wins, so a second Continue is still one login), and carried out when the step is
 * shown ({@link carryOutEarlyAction}).
 */
export function rememberEarlyAction(state: FlowState, action: EarlyAction): Transition {
  if (onLoginStep(state) || !formIsReachable(state) || state.login.early === action) return unchanged(state);
  return unchanged({ ...state, login: { ...state.login, early: action } });
}

/** Issue 20: the login step is shown: the press remembered while it waited is carried out now, once. */
export function carryOutEarlyAction(state: FlowState, nowMs: number): Transition {
  const early = state.login.early;
  if (early === undefined) return unchanged(state);
  const next = { ...state, login: { ...state.login, early: undefined } };
  switch (early) {
    case 'submit':
      return onSubmitLogin(next, nowMs);
    case 'cancel':
      return onLoginStep(next) ? openModal(next, 'sharingIncomplete') : unchanged(next);
    default:
      return onOpenHelp(next, early);
  }
}

/** Spec §2 login links: Forgot your username?, Not registered?, Lost, damaged or stolen secure key?. */
export const onOpenHelp = (state: FlowState, modal: LoginHelpModal): Transition =>
  onLoginStep(state) ? openModal(state, modal) : rememberEarlyAction(state, modal);

/** Spec §5: the form is complete (the username, a 6-digit code, and a real past date of birth when asked for). */
const formIsComplete = (state: FlowState, nowMs: number): boolean =>
  canContinue(state.login.form, { requireDob: state.login.requireDob, today: calendarDateOf(nowMs) });

/**
 * Spec §4 "Continue on login clears the login error, sets loading" and authenticates, only with
 * a complete form (spec §5; the views name what is missing). While the pre-rendered form waits
 * for the login step, a complete form's Continue is remembered (issue 20).
 */
export function onSubmitLogin(state: FlowState, nowMs: number): Transition {
  if (!formIsComplete(state, nowMs)) return unchanged(state);
  if (!onLoginStep(state)) return rememberEarlyAction(state, 'submit');
  const { form, requireDob } = state.login;
  return startCall({ ...state, login: { ...state.login, loginError: false, answerLost: false, codeCleared: undefined, dobStepUp: false } }, { kind: 'authenticate', request: authenticateRequest(form, requireDob) });
}

/**
 * Spec §4 "Entry guard chain": authenticate, then customer details, then the business list,
 * each remembered once verified and not repeated; then the business step.
 */
function runGuards(state: FlowState): Transition {
  if (state.consent?.isPAR === true && !state.verified.consentAfterLogin) return startCall(state, { kind: 'consentDetails', afterLogin: true });
  if (!state.verified.customerDetails) return startCall(state, { kind: 'customerDetails' });
  if (!state.verified.businesses) return startCall(state, { kind: 'businesses' });
  return businessStep(state);
}

/**
 * Spec §4 "Business step": an amendment goes straight to select-and-confirm; more than one
 * profile (a trust profile) stays to choose one; otherwise on to select-and-confirm.
 */
function businessStep(state: FlowState): Transition {
  return isStepShown('selectProfile', flowFlags(state)) ? showStep(state, 'selectProfile') : enterAccountStep(state);
}

/**
 * Spec §8 "Login errors" (loginErrorOutcome): the modal, the date-of-birth step-up, the banner
 * and the counter; a wrong code is typed again (the field is cleared, and says why:
 * login-feedback.ts). DESIGN §3.8: a login error
 * about the customer's credentials counts as identified (the bank hides whether the username or
 * the code was wrong); a failure of its service, or no answer, does not.
 */
export function onAuthenticated(state: FlowState, answer: Extract<FlowAnswer, { kind: 'authenticate' }>): Transition {
  if (answer.result.ok) {
    const login = { ...state.login, failures: 0, remainingAttempts: undefined, loginError: false, codeCleared: undefined, dobStepUp: false };
    return runGuards(reach({ ...state, pending: undefined, login, verified: { ...state.verified, authenticated: true } }, 'preAccountSelection'));
  }
  const error = answer.result.error;
  const outcome = loginErrorOutcome(error, { failures: state.login.failures, requireDob: state.login.requireDob });
  const login = {
    form: { ...state.login.form, secureCode: '' },
    requireDob: outcome.requireDob,
    loginError: outcome.loginErrorFlagged,
    failures: outcome.failures,
    remainingAttempts: outcome.remainingAttempts,
    answerLost: false,
    codeCleared: secureCodeClearedBy(error.code),
    dobStepUp: outcome.dobStepUp,
    early: undefined,
  };
  const answered = { ...state, pending: undefined, login };
  const next = outcome.identified ? reach(answered, 'preAuthentication') : answered;
  return outcome.modal === undefined ? unchanged(next) : openModal(next, outcome.modal);
}

/**
 * Spec §4 "Guard failure": state reset, loading off, verification flags cleared, back to the
 * start page (or to select-profile when several profiles and not PAR), with the modal of spec §8.
 */
function guardFailure(state: FlowState, modal: ModalName): Transition {
  const toProfiles = isStepShown('selectProfile', flowFlags(state));
  const reset = {
    ...state,
    customer: undefined,
    accounts: undefined,
    verified: toProfiles ? { authenticated: true, consentAfterLogin: true, customerDetails: true, businesses: true } : NOTHING_VERIFIED,
  };
  return andThen(showStep(reset, toProfiles ? 'selectProfile' : 'login'), (shown) => openModal(shown, modal));
}

/**
 * An amendment's consent, read again now that its owner has logged in: the bank names the
 * accounts already shared only to them (they are pre-selected, spec §4). A failure is service
 * unavailable (spec §8 "anything else").
 */
export function onConsentAfterLogin(state: FlowState, answer: Extract<FlowAnswer, { kind: 'consentDetails' }>): Transition {
  if (!answer.result.ok) return guardFailure(state, 'serviceUnavailable');
  const consent = answer.result.value;
  const description = state.description === '' ? consent.nickname ?? '' : state.description;
  return runGuards({ ...state, pending: undefined, consent, description, verified: { ...state.verified, consentAfterLogin: true } });
}

/** Spec §8 "Customer details: 422 age limitation; other failures service unavailable". */
export function onCustomerDetails(state: FlowState, answer: Extract<FlowAnswer, { kind: 'customerDetails' }>): Transition {
  if (!answer.result.ok) return guardFailure(state, customerDetailsErrorModal(answer.result.error));
  return runGuards({ ...state, pending: undefined, customer: answer.result.value, verified: { ...state.verified, customerDetails: true } });
}

/** Spec §3 "Customer info", §4 "Profile: the first profile is selected by default"; §8 a failure is service unavailable. */
export function onBusinesses(state: FlowState, answer: Extract<FlowAnswer, { kind: 'businesses' }>): Transition {
  if (!answer.result.ok) return guardFailure(state, 'serviceUnavailable');
  return businessStep({ ...state, pending: undefined, profiles: toProfileList(answer.result.value), verified: { ...state.verified, businesses: true } });
}
