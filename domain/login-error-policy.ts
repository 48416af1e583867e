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
  /** Once asked for, the date of birth stays asked for. */
  readonly requireDob: boolean;
  readonly failures: number;
  /** The error banner (and the "Please enter your username." wording). */
  readonly loginErrorFlagged: boolean;
  readonly temporaryLockout: boolean;
  /** The attempts the bank says are left (CONTRACT §4 `remainingOTPattempts`), when it says so. */
  readonly remainingAttempts?: number;
  /**
   * DESIGN §3.8: the bank has judged this customer's credentials (any login error of spec §8
   * but the ones that mean its service failed), so the customer counts as identified.
   */
  readonly identified: boolean;
  /** This answer newly asks for the date of birth (spec §2 "Additional security": a notice). */
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

/** Spec §3 "Error response", CONTRACT §4: `remainingOTPattempts` of the FIRST cause, if a non-negative integer. */
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
 * - otp_failure_001: when the bank reports `remainingOTPattempts`, that number decides (1 left:
 *   the last-attempt modal, 0: the temporary lockout), so that no message contradicts the bank;
 *   else the spec's counter does.
 * - The banner is flagged only for errors about what the customer typed; a date-of-birth code
 *   that first asks for it is a step-up, a neutral notice (docs/login-feedback.md).
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
