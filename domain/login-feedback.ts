import { copy } from './copy';
import { isFilledDateOfBirth } from './date-of-birth';
import { normaliseUsername, secureCodeError, type LoginForm } from './login-form';
import type { LoginState, SecureCodeCleared } from './login-state';
import type { ModalName } from './modal';

/** Spec §8: the code is the first error stack entry's. */
export const secureCodeClearedBy = (code: string | undefined): SecureCodeCleared => (code === 'otp_failure_001' ? 'notAccepted' : 'usedOnce');

/** While the field is still empty after a failed login, why the bank emptied it (CONTRACT §4 remainingOTPattempts); else spec §5's validation. */
export function secureCodeFieldMessage(login: LoginState, validationMessage: string | undefined): string | undefined {
  if (login.codeCleared !== undefined && login.form.secureCode === '') {
    return login.codeCleared === 'notAccepted' ? copy.login.secureCodeNotAccepted(login.remainingAttempts) : copy.login.secureCodeUsedOnce;
  }
  return validationMessage;
}

/**
 * Spec §2 "Additional security": a neutral notice; with the code's lifetime when known (CX
 * standards "OTP expiry": the step-up asks for a new code too).
 */
export const dateOfBirthStepUpNotice = (login: LoginState, otpExpirySeconds?: number): string | undefined => {
  if (!login.dobStepUp || !login.requireDob) return undefined;
  return otpExpirySeconds === undefined ? copy.login.dobStepUp : copy.login.dobStepUpWithExpiry(otpExpirySeconds);
};

/** CX standards "OTP expiry". */
export const secureCodeHelp = (otpExpirySeconds: number): string => `${copy.login.secureCodeHelp} ${copy.login.secureCodeExpiry(otpExpirySeconds)}`;

/** Where focus goes after a failed login (DESIGN §3.7): the new date-of-birth fields, else the error banner. */
export type LoginFocus = 'dateOfBirth' | 'errorBanner';

/** DESIGN §3.7: an open modal keeps focus; a step-up sends it to the date of birth (the notice is read with the group). */
export function loginFocus(login: LoginState, modalOpen: boolean): LoginFocus | undefined {
  if (modalOpen) return undefined;
  if (dateOfBirthStepUpNotice(login) !== undefined) return 'dateOfBirth';
  return login.loginError ? 'errorBanner' : undefined;
}

export type LoginFormField = 'username' | 'secureCode' | 'dateOfBirth';

/** Issue 23 item C: at the step-up the bank has spent the code, so this is usually the secure code. */
export function firstFieldToFill(form: LoginForm): LoginFormField {
  if (normaliseUsername(form.username) === '') return 'username';
  if (secureCodeError(form.secureCode) !== undefined) return 'secureCode';
  return isFilledDateOfBirth(form.dob) ? 'secureCode' : 'dateOfBirth';
}

/**
 * Issue 23 item C: after the modals about what was typed, focus goes to the secure code (a new one
 * is needed), not Continue. Issue 33 item 11: after "This arrangement belongs to another customer",
 * to the username (its Try again asks to log in as the arrangement's owner).
 */
export function fieldAfterModal(modal: ModalName): LoginFormField | undefined {
  if (modal === 'notArrangementOwner') return 'username';
  return modal === 'invalidUsernameLastAttempt' || modal === 'incorrectSecurityCodeLockout' ? 'secureCode' : undefined;
}

/**
 * Issue 25 "nothing is announced twice" (docs/screen-reader.md): the field focus is sent to as its
 * message appears reads the message with the field, so its live region stays quiet.
 */
export function messageReadWithFocus(login: LoginState, focusedByContinue: LoginFormField | undefined, modalOpen: boolean): LoginFormField | undefined {
  if (focusedByContinue !== undefined) return focusedByContinue;
  const codeEmptiedByTheBank = secureCodeFieldMessage(login, undefined) !== undefined;
  return loginFocus(login, modalOpen) === 'dateOfBirth' && codeEmptiedByTheBank ? firstFieldToFill(login.form) : undefined;
}

/** Issue 25: at the step-up the field's message is not an error (spec §2 "Additional security": a neutral notice). */
export function secureCodeFieldInvalid(login: LoginState, validationMessage: string | undefined): boolean {
  const message = secureCodeFieldMessage(login, validationMessage);
  if (message === undefined) return false;
  const explainsTheStepUp = message !== validationMessage && dateOfBirthStepUpNotice(login) !== undefined;
  return !explainsTheStepUp;
}
