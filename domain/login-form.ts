import { copy } from './copy';
import { EMPTY_DATE_OF_BIRTH, isCompleteDateOfBirth, isFilledDateOfBirth, isoDateOfBirth, type CalendarDate, type DateOfBirthParts } from './date-of-birth';

/** Spec §3 "Login info": what the customer typed on the login step. */
export interface LoginForm {
  readonly username: string;
  readonly secureCode: string;
  readonly dob: DateOfBirthParts;
}

/** The form as the login step starts. */
export const EMPTY_LOGIN_FORM: LoginForm = { username: '', secureCode: '', dob: EMPTY_DATE_OF_BIRTH };

/** Spec §9: the secure code has 6 digits. */
export const SECURE_CODE_LENGTH = 6;

/** Spec §5, §9: the username minimum of 5 characters is stated in the help text only, never enforced. */
export const USERNAME_MIN_LENGTH = 5;

const SECURE_CODE = new RegExp(`^[0-9]{${SECURE_CODE_LENGTH}}$`);

/** Spec §3 "Authenticate request", CONTRACT §3: the body of `POST /customer-auth/authenticate`. */
export type AuthenticateRequest =
  | { readonly authType: 'SECURE_CODE'; readonly username: string; readonly secureCode: string }
  | {
      readonly authType: 'DOB_SECURE_CODE';
      readonly username: string;
      readonly secureCode: string;
      /** `YYYY-MM-DD`. */
      readonly dateOfBirth: string;
    };

/**
 * The username as it is checked and sent: surrounding whitespace removed (a stray space from
 * copy-and-paste is not part of anyone's username); inner characters are kept as typed.
 */
export const normaliseUsername = (username: string): string => username.trim();

/**
 * Spec §5: the username is required. Empty (or only whitespace) gives
 * `Error: username cannot be empty.`, or `Please enter your username.` while a login error is flagged.
 */
export function usernameError(username: string, loginErrorFlagged: boolean): string | undefined {
  if (normaliseUsername(username) !== '') return undefined;
  return loginErrorFlagged ? copy.validation.usernameEmptyAfterLoginError : copy.validation.usernameEmpty;
}

/** What the secure code field keeps of what was typed or pasted ({@link secureCodeEntry}). */
export interface SecureCodeEntry {
  /** The digits kept, at most {@link SECURE_CODE_LENGTH}. */
  readonly code: string;
  /** Something other than digits, spaces and dashes was typed or pasted (a letter): it was refused. */
  readonly refused: boolean;
}

const CODE_SEPARATORS = /[\s\u00a0\-\u2010-\u2015]/g;

/**
 * Issue 23 item A: the secure code field takes what a customer copies or reads out from the
 * Digital Secure Key app: spaces and dashes between the digits are dropped ("123 456" and
 * "123-456" are 123456), typed or pasted; anything else (a letter) is refused, and the field
 * keeps what it had. At most 6 digits are kept (the field's length, spec §9).
 */
export function secureCodeEntry(typed: string, previous: string): SecureCodeEntry {
  const compact = typed.replace(CODE_SEPARATORS, '');
  if (!/^[0-9]*$/.test(compact)) return { code: previous, refused: true };
  return { code: compact.slice(0, SECURE_CODE_LENGTH), refused: false };
}

/** Spec §5: the secure code is required and exactly 6 digits (0-9); otherwise `Please enter your secure code.` */
export function secureCodeError(secureCode: string): string | undefined {
  return SECURE_CODE.test(secureCode) ? undefined : copy.validation.secureCode;
}

/** What Continue depends on besides the form: whether the date of birth is asked for, and today's date. */
export interface ContinueContext {
  readonly requireDob: boolean;
  readonly today: CalendarDate;
}

/**
 * Spec §5: Continue is enabled exactly when the username is not empty, the secure code is
 * 6 digits and, when the date of birth is required, its three parts make a real, past date.
 */
export function canContinue(form: LoginForm, context: ContinueContext): boolean {
  if (usernameError(form.username, false) !== undefined) return false;
  if (secureCodeError(form.secureCode) !== undefined) return false;
  return !context.requireDob || isCompleteDateOfBirth(form.dob, context.today);
}

/**
 * Spec §3 "Authenticate request", §5, CONTRACT §3: the authenticate body. The date of birth is
 * sent (`DOB_SECURE_CODE`, `dateOfBirth` as `YYYY-MM-DD`, day and month zero-padded) only when
 * it is required and all three parts are filled and well formed; otherwise `SECURE_CODE`.
 * The username is sent trimmed ({@link normaliseUsername}); the secure code as typed.
 */
export function authenticateRequest(form: LoginForm, requireDob: boolean): AuthenticateRequest {
  const username = normaliseUsername(form.username);
  const dateOfBirth = requireDob && isFilledDateOfBirth(form.dob) ? isoDateOfBirth(form.dob) : undefined;
  if (dateOfBirth === undefined) return { authType: 'SECURE_CODE', username, secureCode: form.secureCode };
  return { authType: 'DOB_SECURE_CODE', username, secureCode: form.secureCode, dateOfBirth };
}
