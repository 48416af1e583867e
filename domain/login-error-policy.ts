import type { ApiError } from './api-error';
import type { ModalName } from './modal';
import { isRecord } from './is-record';

/** Spec §9: the login failure counter that triggers the invalid-username last-attempt message. */
export const MAX_LOGIN_ERRORS = 5;

/** Spec §9: below this many remaining OTP attempts the date of birth is asked for. */
export const REMAINING_ATTEMPTS_DOB_THRESHOLD = 3;

/** Spec §8, §9: a temporary lockout lasts 10 minutes. */
export const TEMPORARY_LOCKOUT_MS = 600_000;

/** What the login step knows before a failed attempt. */
export interface LoginAttemptState {
  /** otp_failure_001 answers so far. */
  readonly failures: number;
  readonly requireDob: boolean;
}

/** What a failed login attempt leads to (spec §8 "Login errors"). */
export interface LoginErrorOutcome {
  /** The modal to open, or `undefined` when the outcome is only the inline error banner. */
  readonly modal: ModalName | undefined;
  /** Whether the date of birth is now asked for. Once asked for, it stays asked for. */
  readonly requireDob: boolean;
  /** The new failure counter. */
  readonly failures: number;
  /** Whether the login error banner (and the "Please enter your username." wording) is flagged. */
  readonly loginErrorFlagged: boolean;
  /** True for a temporary lockout ({@link TEMPORARY_LOCKOUT_MS}). */
  readonly temporaryLockout: boolean;
  /** The attempts the bank says are left (CONTRACT §4 `remainingOTPattempts`), when it says so. */
  readonly remainingAttempts?: number;
  /**
   * DESIGN §3.8: the bank has judged this customer's credentials (any login error of spec §8
   * but the ones that mean its service failed), so the customer counts as identified.
   */
  readonly identified: boolean;
  /** Whether this answer newly asks for the date of birth (the step-up notice, spec §2 "Additional security"). */
  readonly dobStepUp: boolean;
}

/** Spec §8: codes that ask for the date of birth (shown with the error banner). */
const DOB_REQUIRED_CODES: readonly string[] = ['otp_failure_008', 'dob_failure_002', 'tds_otp_failure_007'];

/** Spec §8: codes that open a modal, by modal. Every other code opens service unavailable. */
const MODAL_BY_CODE: ReadonlyMap<string, ModalName> = new Map<string, ModalName>([
  ['sanction_failed_001', 'sanctionCountryError'],
  ['otp_failure_002', 'permanentLockout'],
  ['otp_failure_003', 'temporaryLockout'],
  ['dob_failure_004', 'temporaryLockout'],
  ['otp_failure_004', 'serviceUnavailable'],
  ['tds_otp_failure_003', 'serviceUnavailable'],
  ['dob_failure_003', 'serviceUnavailable'],
  ['otp_failure_005', 'secureKeyNotActivated'],
  ['otp_failure_006', 'ecareSuspension'],
  ['tds_otp_failure_004', 'ecareSuspension'],
  ['tds_otp_failure_002', 'incorrectSecurityCodeLockout'],
  // CONTRACT §4: an amendment logged in by a customer who does not own the arrangement.
  ['arrangement_owner_mismatch', 'notArrangementOwner'],
]);

/**
 * Spec §3 "Error response", CONTRACT §4: `remainingOTPattempts` from the FIRST cause, when that
 * cause is a JSON object holding a non-negative integer there. Malformed JSON, other shapes,
 * non-numbers and negative or fractional numbers give `undefined`. Never throws.
 */
export function remainingOtpAttempts(causes: readonly string[]): number | undefined {
  const first = causes[0];
  if (first === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(first);
  } catch {
    return undefined;
  }
  if (!isRecord(parsed)) return undefined;
  const remaining = parsed['remainingOTPattempts'];
  return typeof remaining === 'number' && Number.isSafeInteger(remaining) && remaining >= 0 ? remaining : undefined;
}

/**
 * Spec §8 "Login errors", §9: the outcome of a failed authenticate call.
 * - sanction_failed_001: sanctioned-country error.
 * - otp_failure_001: the counter goes up. When the bank reports `remainingOTPattempts`, that
 *   number decides what the customer is told, so that no message contradicts the bank: 1 left
 *   opens the invalid-username last-attempt modal, 0 left the temporary lockout (the bank has
 *   locked the username), more than 1 the error banner only. When the bank reports none, the
 *   spec's counter decides: at {@link MAX_LOGIN_ERRORS} the last-attempt modal, before that the
 *   banner only.
 * - otp_failure_008, dob_failure_002, tds_otp_failure_007, or remainingOTPattempts below
 *   {@link REMAINING_ATTEMPTS_DOB_THRESHOLD} (whatever the code): date of birth required.
 *   The first three show the banner only.
 * - otp_failure_002 permanent lockout; otp_failure_003 and dob_failure_004 temporary lockout
 *   (10 minutes); otp_failure_005 secure key not activated; otp_failure_006 and
 *   tds_otp_failure_004 e-care suspension; tds_otp_failure_002 incorrect security code lockout;
 *   arrangement_owner_mismatch (an amendment, another customer's login): not the owner.
 * - otp_failure_004, tds_otp_failure_003, dob_failure_003, unknown codes and no error stack
 *   (no code: empty or non-JSON body, network failure): service unavailable.
 * The banner is flagged for the errors about what the customer typed (otp_failure_001 while
 * attempts remain, and a date-of-birth code when the date of birth was already asked for); a
 * date-of-birth code that first asks for it is a step-up, told by a neutral notice, not an error
 * (docs/login-feedback.md); for every other outcome the modal says it all and the banner is not
 * flagged. The counter changes only on otp_failure_001.
 */
export function loginErrorOutcome(error: ApiError, state: LoginAttemptState): LoginErrorOutcome {
  const remaining = remainingOtpAttempts(error.causes);
  const reported = remaining === undefined ? {} : { remainingAttempts: remaining };
  const fewAttemptsLeft = remaining !== undefined && remaining < REMAINING_ATTEMPTS_DOB_THRESHOLD;
  const code = error.code;
  const requireDob = state.requireDob || fewAttemptsLeft || (code !== undefined && DOB_REQUIRED_CODES.includes(code));
  const dobStepUp = requireDob && !state.requireDob;

  if (code === 'otp_failure_001') {
    const failures = state.failures + 1;
    if (remaining === 0) {
      return { modal: 'temporaryLockout', requireDob, failures, loginErrorFlagged: false, temporaryLockout: true, ...reported, identified: true, dobStepUp };
    }
    const lastAttempt = remaining === undefined ? failures >= MAX_LOGIN_ERRORS : remaining === 1;
    return {
      modal: lastAttempt ? 'invalidUsernameLastAttempt' : undefined,
      requireDob,
      failures,
      loginErrorFlagged: true,
      temporaryLockout: false,
      ...reported,
      identified: true,
      dobStepUp,
    };
  }
  if (code !== undefined && DOB_REQUIRED_CODES.includes(code)) {
    return {
      modal: undefined,
      requireDob,
      failures: state.failures,
      loginErrorFlagged: !dobStepUp,
      temporaryLockout: false,
      ...reported,
      identified: true,
      dobStepUp,
    };
  }
  const modal = (code === undefined ? undefined : MODAL_BY_CODE.get(code)) ?? 'serviceUnavailable';
  return {
    modal,
    requireDob,
    failures: state.failures,
    loginErrorFlagged: false,
    temporaryLockout: modal === 'temporaryLockout',
    ...reported,
    identified: modal !== 'serviceUnavailable',
    dobStepUp,
  };
}
