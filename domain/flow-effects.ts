import type { AbandonmentStage } from './abandonment';
import type { FlowReport } from './flow-report';
import type { AccountState } from './accounts';
import type { ApiError } from './api-error';
import type { Consent } from './consent';
import type { CustomerDetails } from './customer-details';
import type { Step } from './flow';
import type { AuthenticateRequest } from './login-form';
import type { Business } from './profiles';
import type { Result } from './result';
import type { ConfirmationAnswer, ReturnUrl } from './return-url';
import type { BusinessConsentRequest, SaveSelectionRequest } from './save-request';

/** The customer's decision on the consent (DESIGN §3.11: each has its own Idempotency-Key). */
export type Decision = 'approve' | 'reject';

/**
 * Spec §7, CONTRACT §3: a call to the bank's customer-auth API, as data. `saveSelection` says
 * what comes after it: the confirmation step, or (with a description, spec §7) the confirmation
 * call itself.
 */
export type FlowCall =
  | { readonly kind: 'consentDetails' }
  | { readonly kind: 'authenticate'; readonly request: AuthenticateRequest }
  | { readonly kind: 'customerDetails' }
  | { readonly kind: 'businesses' }
  | { readonly kind: 'confirmBusinessProfile'; readonly request: BusinessConsentRequest }
  | { readonly kind: 'accounts' }
  | { readonly kind: 'saveSelection'; readonly request: SaveSelectionRequest; readonly then: 'confirmationStep' | 'confirm' }
  | { readonly kind: 'confirm' }
  | { readonly kind: 'reject' }
  | { readonly kind: 'keepAlive' };

export type FlowCallKind = FlowCall['kind'];

/** The bank's answer to a call, by kind (CONTRACT §3; failures are ApiErrors, CONTRACT §4). */
export type FlowAnswer =
  | { readonly kind: 'consentDetails'; readonly result: Result<Consent, ApiError> }
  | { readonly kind: 'authenticate'; readonly result: Result<void, ApiError> }
  | { readonly kind: 'customerDetails'; readonly result: Result<CustomerDetails, ApiError> }
  | { readonly kind: 'businesses'; readonly result: Result<readonly Business[], ApiError> }
  | { readonly kind: 'confirmBusinessProfile'; readonly result: Result<void, ApiError> }
  | { readonly kind: 'accounts'; readonly result: Result<AccountState, ApiError> }
  | { readonly kind: 'saveSelection'; readonly result: Result<void, ApiError> }
  | { readonly kind: 'confirm'; readonly result: Result<ConfirmationAnswer, ApiError> }
  | { readonly kind: 'reject'; readonly result: Result<ConfirmationAnswer, ApiError> }
  | { readonly kind: 'keepAlive'; readonly result: Result<void, ApiError> };

/**
 * DESIGN §3.9: what a transition asks the world to do, as data. The application interprets
 * each over its ports; the model itself does nothing.
 */
export type FlowEffect =
  /** DESIGN §3.1: verify the token (ES256 against the bank's keys, and `exp`); answered by `verified`. */
  | { readonly type: 'verify'; readonly id: number; readonly jwt: string }
  /** Spec §7: call the bank; answered by `answered` with the same id. */
  | { readonly type: 'call'; readonly id: number; readonly call: FlowCall }
  /** DESIGN §3.3: remove the token from the address bar (it is held in memory meanwhile). */
  | { readonly type: 'forgetAddressToken' }
  /** DESIGN §3.3: keep the token for this tab, so that a reload continues. */
  | { readonly type: 'storeToken'; readonly jwt: string }
  /**
   * DESIGN §3.3: terminal paths forget the token, and the decision keys with it. The ending notice
   * (DESIGN §3.18) keeps the keys: a reload while it shows must still know an approval was asked.
   */
  | { readonly type: 'clearToken'; readonly keepDecisionKeys?: true }
  /**
   * Issue 33 item 5: the brand of the flow whose exit to the recipient was taken, kept for this tab
   * beside the token's place (DESIGN §3.3), so that a Back from the recipient, which loads the app
   * again without a token, is told the request is finished under its bank's brand; `undefined`
   * forgets it (a new request arrived).
   */
  | { readonly type: 'rememberFinished'; readonly brand: string | undefined }
  /** DESIGN §3.5: wake the model (a `tick`) at this time; `undefined`: no timer is due. */
  | { readonly type: 'wakeAt'; readonly atMs: number | undefined }
  /** DESIGN §3.2 "One exit": leave for this address. */
  | { readonly type: 'leave'; readonly url: ReturnUrl }
  /** DESIGN §3.8: page view of a step. */
  | { readonly type: 'pageView'; readonly step: Step }
  /**
   * DESIGN §3.18: from the first step on, the browser's (the phone's) Back is the journey's
   * (answered by `browserBack`).
   */
  | { readonly type: 'guardBack' }
  /** DESIGN §3.8: the flow was abandoned at this stage (exactly once per abandoned flow). */
  | { readonly type: 'abandoned'; readonly stage: AbandonmentStage }
  /** Issue 35 item 1: tell the bank how the flow ended (the channel sends it once per flow). */
  | { readonly type: 'report'; readonly report: FlowReport }
  /** Something the bank's engineers should see (never shown to the customer). */
  | { readonly type: 'log'; readonly message: string };
