import type { RememberedAction } from './flow-events';
import { EMPTY_LOGIN_FORM, type LoginForm } from './login-form';

/**
 * Why a login answer emptied the secure code field (spec §8 login errors; docs/login-feedback.md):
 * - `notAccepted`: otp_failure_001, the bank did not accept the username, code or date of birth
 *   (it does not say which);
 * - `usedOnce`: any other answer the bank gave; the one-time code was spent either way.
 */
export type SecureCodeCleared = 'notAccepted' | 'usedOnce';

/**
 * The login step's state besides the form (spec §3 "Basic flags", §8 login errors). A leaf of the
 * flow's state (flow-state.ts), so that the login's words (login-feedback.ts) can read it without
 * the state they are part of (docs/architecture.md "No import cycles").
 */
export interface LoginState {
  readonly form: LoginForm;
  readonly requireDob: boolean;
  /** Spec §2: the error banner is flagged. */
  readonly loginError: boolean;
  readonly failures: number;
  /** DESIGN §3.15: the connection was lost before the bank answered the last login: the customer tries again. */
  readonly answerLost: boolean;
  /** CONTRACT §4: what the bank last said is left, when it said so. */
  readonly remainingAttempts: number | undefined;
  /** Spec §8 login errors: why the last answered login emptied the secure code field (login-feedback.ts). */
  readonly codeCleared: SecureCodeCleared | undefined;
  /** Spec §8: the last answer newly asked for the date of birth (a notice, not an error). */
  readonly dobStepUp: boolean;
  /** Issue 20: a press on the pre-rendered form (or the phone's Back, issue 33 item 4), carried out once the login step is shown. */
  readonly early: RememberedAction | undefined;
}

export const FRESH_LOGIN: LoginState = {
  form: EMPTY_LOGIN_FORM,
  requireDob: false,
  loginError: false,
  failures: 0,
  remainingAttempts: undefined,
  answerLost: false,
  codeCleared: undefined,
  dobStepUp: false,
  early: undefined,
};
