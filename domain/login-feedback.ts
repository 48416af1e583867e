import { copy } from './copy';
import type { LoginState } from './flow-state';
import { isFilledDateOfBirth } from './date-of-birth';
import { normaliseUsername, secureCodeError, type LoginForm } from './login-form';
import type { ModalName } from './modal';

/**
 * Why a login answer emptied the secure code field (spec §8 login errors; docs/login-feedback.md):
 * - `notAccepted`: otp_failure_001, the bank did not accept the username, code or date of birth
 *   (it does not say which);
 * - `usedOnce`: any other answer the bank gave; the one-time code was spent either way.
 */
export type SecureCodeCleared = 'notAccepted' | 'usedOnce';

/** The reason for an answered failure's code (spec §8 "code in the first error stack entry"). */
export const secureCodeClearedBy = (code: string | undefined): SecureCodeCleared => (code === 'otp_failure_001' ? 'notAccepted' : 'usedOnce');

/**
 * The message at the secure code field: while the field is still empty after a failed login,
 * why it was emptied, with the attempts the bank says are left (CONTRACT §4
 * remainingOTPattempts); otherwise the field's validation message (spec §5), once it was left.
 */
export function secureCodeFieldMessage(login: LoginState, validationMessage: string | undefined): string | undefined {
  if (login.codeCleared !== undefined && login.form.secureCode === '') {
    return login.codeCleared === 'notAccepted' ? copy.login.secureCodeNotAccepted(login.remainingAttempts) : copy.login.secureCodeUsedOnce;
  }
  return validationMessage;
}

/**
 * Spec §2 "Additional security": the neutral notice when the bank first asks for the date of
 * birth; with the secure code's lifetime (issue 22, CX standards "OTP expiry": the step-up asks
 * for a new code too), when it is known.
 */
export const dateOfBirthStepUpNotice = (login: LoginState, otpExpirySeconds?: number): string | undefined => {
  if (!login.dobStepUp || !login.requireDob) return undefined;
  return otpExpirySeconds === undefined ? copy.login.dobStepUp : copy.login.dobStepUpWithExpiry(otpExpirySeconds);
};

/** Issue 22, CX standards "OTP expiry": the secure code field's help, with the code's lifetime. */
export const secureCodeHelp = (otpExpirySeconds: number): string => `${copy.login.secureCodeHelp} ${copy.login.secureCodeExpiry(otpExpirySeconds)}`;

/** Where focus goes after a failed login (DESIGN §3.7): the new date-of-birth fields, else the error banner. */
export type LoginFocus = 'dateOfBirth' | 'errorBanner';

/**
 * DESIGN §3.7 "focus … into a modal when it opens": an open modal keeps focus; otherwise a
 * step-up moves it to the date of birth just asked for (the notice is read with the group),
 * and an error about what was typed to the banner. Nothing after a success or before an answer.
 */
export function loginFocus(login: LoginState, modalOpen: boolean): LoginFocus | undefined {
  if (modalOpen) return undefined;
  if (dateOfBirthStepUpNotice(login) !== undefined) return 'dateOfBirth';
  return login.loginError ? 'errorBanner' : undefined;
}

/** A field of the login form that focus can be sent to. */
export type LoginFormField = 'username' | 'secureCode' | 'dateOfBirth';

/**
 * Issue 23 item C: at the date-of-birth step-up, focus goes to the first field the customer must
 * fill, in the form's order: the bank spent the code, so it is usually the secure code (whose
 * message says why it is empty, read with the step-up notice), else the date of birth.
 */
export function firstFieldToFill(form: LoginForm): LoginFormField {
  if (normaliseUsername(form.username) === '') return 'username';
  if (secureCodeError(form.secureCode) !== undefined) return 'secureCode';
  return isFilledDateOfBirth(form.dob) ? 'secureCode' : 'dateOfBirth';
}

/**
 * Issue 23 item C: the modals about what was typed ("One attempt left", "Incorrect secure code",
 * each with Try again): once closed, focus goes to the field they concern, the secure code (a new
 * one is needed), not back to Continue.
 */
export function fieldAfterModal(modal: ModalName): LoginFormField | undefined {
  return modal === 'invalidUsernameLastAttempt' || modal === 'incorrectSecurityCodeLockout' ? 'secureCode' : undefined;
}

/**
 * Issue 25 "nothing is announced twice" (docs/screen-reader.md): a field's message is announced by
 * its live region as it appears, except at the field the focus is sent to as it appears: the
 * screen reader reads the message there with the field (its description), once. That is the field
 * Continue on an incomplete form sends the focus to (`focusedByContinue`), or at the date-of-birth
 * step-up, while the code field says why the bank emptied it, the first field to fill
 * (`firstFieldToFill`: that code field). LoginStore keeps it so until the field is typed in or left.
 */
export function messageReadWithFocus(login: LoginState, focusedByContinue: LoginFormField | undefined, modalOpen: boolean): LoginFormField | undefined {
  if (focusedByContinue !== undefined) return focusedByContinue;
  const codeEmptiedByTheBank = secureCodeFieldMessage(login, undefined) !== undefined;
  return loginFocus(login, modalOpen) === 'dateOfBirth' && codeEmptiedByTheBank ? firstFieldToFill(login.form) : undefined;
}

/**
 * Issue 25, docs/login-feedback.md "The date-of-birth step-up": the secure code field is read
 * "invalid" when its message is an error. At the step-up the field says why the bank emptied it,
 * which is not an error (spec §2 "Additional security": a neutral notice).
 */
export function secureCodeFieldInvalid(login: LoginState, validationMessage: string | undefined): boolean {
  const message = secureCodeFieldMessage(login, validationMessage);
  if (message === undefined) return false;
  const explainsTheStepUp = message !== validationMessage && dateOfBirthStepUpNotice(login) !== undefined;
  return !explainsTheStepUp;
}
