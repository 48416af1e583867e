import type { AccountState } from '../../domain/accounts';
import type { ApiError } from '../../domain/api-error';
import type { Consent } from '../../domain/consent';
import type { CustomerDetails } from '../../domain/customer-details';
import type { AuthenticateRequest } from '../../domain/login-form';
import type { Business } from '../../domain/profiles';
import type { Result } from '../../domain/result';
import type { ConfirmationAnswer } from '../../domain/return-url';
import type { BusinessConsentRequest, SaveSelectionRequest } from '../../domain/save-request';

export { MALFORMED_ANSWER, NO_ANSWER, TIMED_OUT } from '../../domain/api-error';

/**
 * The bank's customer-auth API (spec §7, CONTRACT §3). Every call carries the redirect token as
 * its bearer credential. Answers are checked against the contract at the edge: a malformed
 * answer is an ApiError with the code MALFORMED_ANSWER, never a crash. No method throws.
 */
export interface CustomerAuthApi {
  /** `POST /customer-auth/authenticate` (spec §5: SECURE_CODE, or DOB_SECURE_CODE with the date of birth). */
  authenticate(request: AuthenticateRequest): Promise<Result<void, ApiError>>;
  /** `GET /customer-auth/customer-details`; 422 means the customer is under 18 (spec §8). */
  customerDetails(): Promise<Result<CustomerDetails, ApiError>>;
  /** `GET /customer-auth/businesses`: the profiles (PERSONAL = the individual). */
  businesses(): Promise<Result<readonly Business[], ApiError>>;
  /** `PUT /customer-auth/consent` with header `requestType: BUSINESS_CONTRACT`: confirms the chosen profile. */
  confirmBusinessProfile(request: BusinessConsentRequest): Promise<Result<void, ApiError>>;
  /**
   * `GET /customer-auth/accounts?withBalance=false`: the chosen profile's accounts.
   * Spec §4: a null entry fails the account step with status 400.
   */
  accounts(): Promise<Result<AccountState, ApiError>>;
  /** `GET /customer-auth/data`: the consent the third party asked for. */
  consentDetails(): Promise<Result<Consent, ApiError>>;
  /** `PUT /customer-auth/consent`: the selected accounts and the optional description (CONTRACT §5). */
  saveSelection(request: SaveSelectionRequest): Promise<Result<void, ApiError>>;
  /**
   * `POST /customer-auth/confirmation`: `true` authorises, `false` rejects, with the decision's
   * `Idempotency-Key` (CONTRACT §3 "Confirmation is idempotent", DESIGN §3.11): the one POST the
   * flow may send again, with the same key, after an unclear outcome. Never retried here.
   */
  confirmation(authorisationStatus: boolean, idempotencyKey: string): Promise<Result<ConfirmationAnswer, ApiError>>;
  /** `POST /customer-auth/keep-alive`: keeps the bank's session alive while the customer is active. */
  keepAlive(): Promise<Result<void, ApiError>>;
}
export const CUSTOMER_AUTH_API = Symbol('CustomerAuthApi');
