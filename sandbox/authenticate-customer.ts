// The bank's answer to POST /customer-auth/authenticate (spec §8 login errors, SCENARIOS.md).
import { err, ok, type Result } from './result';
import type { AuthenticateRequest } from '../contract/customer-auth.wire';
import { failure, remainingAttemptsCause, type BankFailure } from './error-envelope';
import { DOB_REQUIRED_BELOW, MAX_TOKEN_LOGIN_FAILURES, type AttemptToken, type LoginAttempts } from './login-attempts';
import { findPersona, SANDBOX_DATE_OF_BIRTH, SANDBOX_SECURE_CODE, type Persona } from './personas';

/**
 * Spec §8, SCENARIOS.md, issue 12: checks a login the way a bank would.
 * - A token that has had MAX_TOKEN_LOGIN_FAILURES (10) failed logins answers otp_failure_003 and
 *   says why, whatever the username and code.
 * - A locked username answers otp_failure_003 (temporary lockout, 10 minutes).
 * - Personas with a fixed failure answer it to every attempt.
 * - When a date of birth is required (dob.required, or fewer than 3 attempts left) a login
 *   without one answers otp_failure_008 and is not counted.
 * - A wrong secure code, a wrong date of birth or an unknown username (indistinguishable, so
 *   usernames cannot be discovered) answers otp_failure_001 with remainingOTPattempts counting
 *   down from 5; the last one starts the lockout. It also counts against the token. Success
 *   resets the username's counter (not the token's).
 */
export function authenticateCustomer(
  body: AuthenticateRequest,
  personas: readonly Persona[],
  attempts: LoginAttempts,
  token?: AttemptToken,
): Result<Persona, BankFailure> {
  if (token !== undefined && attempts.tokenSpent(token.jti)) {
    return err(
      failure(
        403,
        'otp_failure_003',
        `Too many failed logins with this request (${MAX_TOKEN_LOGIN_FAILURES}); it can no longer log in. Start again from the app that sent you.`,
      ),
    );
  }
  const username = body.username.trim().toLowerCase();
  if (attempts.isLocked(username)) {
    return err(failure(403, 'otp_failure_003', `Temporarily locked; try again in ${attempts.lockedForMinutes(username)} minutes`));
  }
  const persona = findPersona(username, personas);
  if (persona?.authentication.kind === 'fixed-failure') return err(persona.authentication.failure);

  const remaining = attempts.remaining(username);
  const dobRequired = persona?.authentication.kind === 'dob-required' || remaining < DOB_REQUIRED_BELOW;
  if (dobRequired && body.authType !== 'DOB_SECURE_CODE') {
    return err(failure(401, 'otp_failure_008', remainingAttemptsCause(remaining)));
  }

  const dobMatches = body.authType !== 'DOB_SECURE_CODE' || body.dateOfBirth === SANDBOX_DATE_OF_BIRTH;
  if (persona !== undefined && body.secureCode === SANDBOX_SECURE_CODE && dobMatches) {
    attempts.recordSuccess(username);
    return ok(persona);
  }
  return err(failure(401, 'otp_failure_001', remainingAttemptsCause(attempts.recordFailure(username, token))));
}
