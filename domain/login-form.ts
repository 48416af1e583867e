import { copy } from './copy';
import { EMPTY_DATE_OF_BIRTH, isCompleteDateOfBirth, isFilledDateOfBirth, isoDateOfBirth, type CalendarDate, type DateOfBirthParts } from './date-of-birth';

/** Spec §3 "Login info": what the customer typed on the login step. */
export interface LoginForm {
  readonly username: string;
  readonly secureCode: string;
  readonly dob: DateOfBirthParts;
}

export const EMPTY_LOGIN_FORM: LoginForm = { username: '', secureCode: '', dob: EMPTY_DATE_OF_BIRTH };

/** Spec §9: the secure code has 6 digits. */
export const SECURE_CODE_LENGTH = 6;

const SECURE_CODE = new RegExp(`^[0-9]{${SECURE_CODE_LENGTH}}$`);

/** Spec §3 "Authenticate request", CONTRACT §3: the body of `POST /customer-auth/authenticate`. */
export type AuthenticateRequest =
  | { readonly authType: 'SECURE_CODE'; readonly username: string; readonly secureCode: string }
  | {
      readonly authType: 'DOB_SECURE_CODE';
      readonly username: string;
      readonly secureCode: string;
      readonly dateOfBirth: string;
    };

/** A stray space from copy-and-paste is not part of anyone's username. */
export const normaliseUsername = (username: string): string => username.trim();

/** Spec §5: the username is required (another wording while a login error is flagged). */
export function usernameError(username: string, loginErrorFlagged: boolean): string | undefined {
  if (normaliseUsername(username) !== '') return undefined;
  return loginErrorFlagged ? copy.validation.usernameEmptyAfterLoginError : copy.validation.usernameEmpty;
}

export interface SecureCodeEntry {
  readonly code: string;
  /** A letter was typed or pasted, and refused. */
  readonly refused: boolean;
}

const CODE_SEPARATORS = /[\s\u00a0\-\u2010-\u2015]/g;

/**
 * Issue 23 item A: the code as copied from the Digital Secure Key app ("123 456", "123-456") is
 * taken; a letter is refused and the field keeps what it had.
 */
export function secureCodeEntry(typed: string, previous: string): SecureCodeEntry {
  const compact = typed.replace(CODE_SEPARATORS, '');
  if (!/^[0-9]*$/.test(compact)) return { code: previous, refused: true };
  return { code: compact.slice(0, SECURE_CODE_LENGTH), refused: false };
}

/** Spec §5: the secure code is required and exactly 6 digits. */
export function secureCodeError(secureCode: string): string | undefined {
  return SECURE_CODE.test(secureCode) ? undefined : copy.validation.secureCode;
}

export interface ContinueContext {
  readonly requireDob: boolean;
  readonly today: CalendarDate;
}

/** Spec §5: when Continue is enabled. */
export function canContinue(form: LoginForm, context: ContinueContext): boolean {
  if (usernameError(form.username, false) !== undefined) return false;
  if (secureCodeError(form.secureCode) !== undefined) return false;
  return !context.requireDob || isCompleteDateOfBirth(form.dob, context.today);
}

/** Spec §3 "Authenticate request", §5, CONTRACT §3: the date of birth is sent only when required and filled. */
export function authenticateRequest(form: LoginForm, requireDob: boolean): AuthenticateRequest {
  const username = normaliseUsername(form.username);
  const dateOfBirth = requireDob && isFilledDateOfBirth(form.dob) ? isoDateOfBirth(form.dob) : undefined;
  if (dateOfBirth === undefined) return { authType: 'SECURE_CODE', username, secureCode: form.secureCode };
  return { authType: 'DOB_SECURE_CODE', username, secureCode: form.secureCode, dateOfBirth };
}
