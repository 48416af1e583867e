import type { AbandonmentStage, ReachedStage } from './abandonment';
import type { Account, AccountState } from './accounts';
import type { Consent } from './consent';
import type { CustomerDetails } from './customer-details';
import type { ErrorPageData } from './error-page';
import type { Step } from './flow';
import type { FlowCall } from './flow-effects';
import type { EarlyAction } from './flow-events';
import type { InactivityConfig } from './inactivity-timer';
import { EMPTY_LOGIN_FORM, type LoginForm } from './login-form';
import type { SecureCodeCleared } from './login-feedback';
import { NO_MODALS, type ModalStack } from './modal-stack';
import type { Profile } from './profiles';
import type { RedirectToken } from './redirect-token';
import type { ConfirmationAnswer } from './return-url';

/** What the model needs of the runtime configuration (CONTRACT §2). */
export interface FlowConfig {
  /** The configured brands (lower case): each has the flow route `{brand}_accc_aisp` (spec §2). */
  readonly brands: readonly string[];
  /** DESIGN §3.1: in production only https redirect addresses are followed. */
  readonly production: boolean;
  readonly inactivity: InactivityConfig;
  /** Spec §2 failure page: Leave Page goes to the bank's public site. */
  readonly publicSiteUrl: string;
}

/**
 * Spec §2 error routes, and the keys outage (the bank's
 * keys could not be fetched, so the token could not be checked: issue 11, a reload may work).
 */
export type FailureRoute = 'authorize_failure' | 'incorrect_jwt' | 'consent_fetch_failure' | 'service_unavailable';

/** What the app shows: the loading screen, a failure page, or the consent flow. */
export type Screen =
  | { readonly kind: 'loading' }
  | { readonly kind: 'failure'; readonly route: FailureRoute; readonly details?: ErrorPageData }
  | { readonly kind: 'flow' };

/** The login step's state besides the form (spec §3 "Basic flags", §8 login errors). */
export interface LoginState {
  readonly form: LoginForm;
  readonly requireDob: boolean;
  /** Spec §2: the error banner is flagged. */
  readonly loginError: boolean;
  /** Spec §8: otp_failure_001 answers so far. */
  readonly failures: number;
  /** DESIGN §3.15: the connection was lost before the bank answered the last login: the customer tries again. */
  readonly answerLost: boolean;
  /** CONTRACT §4: what the bank last said is left, when it said so. */
  readonly remainingAttempts: number | undefined;
  /** Spec §8 login errors: why the last answered login emptied the secure code field (login-feedback.ts). */
  readonly codeCleared: SecureCodeCleared | undefined;
  /** Spec §8: the last answer newly asked for the date of birth (a notice, not an error). */
  readonly dobStepUp: boolean;
  /**
   * Issue 20: a button the customer pressed while the pre-rendered form waited for the login step
   * (Continue on a complete form, Cancel, a help link): carried out once the step is shown.
   */
  readonly early: EarlyAction | undefined;
}

/** Spec §4 "Entry guard chain": what the guards have verified, so that no step is repeated. */
export interface VerifiedFlags {
  readonly authenticated: boolean;
  /** An amendment's consent was read again after login (CONTRACT §3: the bank shows its accounts only to their owner). */
  readonly consentAfterLogin: boolean;
  readonly customerDetails: boolean;
  readonly businesses: boolean;
}

export const NOTHING_VERIFIED: VerifiedFlags = { authenticated: false, consentAfterLogin: false, customerDetails: false, businesses: false };

/** The one request the flow waits for (DESIGN §3.4: the spinner mask is up while it runs). */
export interface PendingCall {
  readonly id: number;
  readonly call: FlowCall | { readonly kind: 'verify' };
  /** DESIGN §3.11: which try of a decision this is (1 the first), and when the first was sent. */
  readonly attempt: number;
  readonly firstSentAtMs: number;
  /** DESIGN §3.11: after an unclear outcome the decision is asked again at this time. */
  readonly retryAtMs: number | undefined;
  /** DESIGN §3.15: the browser is offline: the call waits for the connection, not yet sent. */
  readonly held: boolean;
  /** The start's replay of a decision made before a reload (DESIGN §3.11). */
  readonly replay: boolean;
  /** DESIGN §3.11: an earlier try of this decision had an unclear outcome (the bank may have committed it). */
  readonly unclear: boolean;
  /** The account step's entry: the ticks to keep when returning from confirmation (spec §4 Back). */
  readonly keep: readonly Account[] | undefined;
  /** What the stage of an exit is (the exit's reject call). */
  readonly exitStage: AbandonmentStage | undefined;
}

/** Spec §4 timers, DESIGN §3.5: deadlines, never counted ticks. */
export interface TimerState {
  /** The inactivity timer runs from this time; `undefined` when it is not running. */
  readonly lastActivityMs: number | undefined;
  /** The token-expiry timer runs (spec §4: not started when the token is already past). */
  readonly tokenExpiry: boolean;
  /** Spec §4: the expiry timer could not be set: the page returns at this time. */
  readonly fallbackReturnAtMs: number | undefined;
  /** After a confirmed consent, the success modal returns the customer at this time. */
  readonly successReturnAtMs: number | undefined;
}

export const NO_TIMERS: TimerState = {
  lastActivityMs: undefined, tokenExpiry: false, fallbackReturnAtMs: undefined, successReturnAtMs: undefined,
};

/** The whole state of one consent journey (DESIGN §3.9). Every field is replaced, never mutated. */
export interface FlowState {
  readonly config: FlowConfig;
  /** The time of the last event that changed the state (the model reads no clock: `transition` is given it). */
  readonly nowMs: number;
  readonly screen: Screen;
  readonly step: Step;
  /** When the customer arrived (the start of the sharing period when the token names none). */
  readonly arrivedAtMs: number;
  /** The token being verified (before it is trusted: never shown, never sent). */
  readonly unverifiedJwt: string | undefined;
  /** DESIGN §3.11: once the token is verified, ask the bank again for the approval made before a reload. */
  readonly replayDecision: boolean;
  readonly token: RedirectToken | undefined;
  readonly consent: Consent | undefined;
  readonly customer: CustomerDetails | undefined;
  readonly profiles: readonly Profile[];
  /**
   * Spec §4 "Account step": the profile the bank is on now (its last confirmed business-contract
   * put). `undefined` when the app does not know (before any put, or after one failed).
   */
  readonly bankProfile: string | undefined;
  readonly accounts: AccountState | undefined;
  readonly login: LoginState;
  /** Spec §2: "Your description (Optional)"; an amendment starts with the arrangement's. */
  readonly description: string;
  readonly verified: VerifiedFlags;
  readonly modals: ModalStack;
  readonly pending: PendingCall | undefined;
  readonly nextCallId: number;
  readonly timers: TimerState;
  /** DESIGN §3.8: the furthest stage reached, reported if the flow is abandoned. */
  readonly stage: ReachedStage;
  /** DESIGN §3.8: the customer chose to leave (Cancel's "Yes, leave"): however the flow then ends, it was rejected. */
  readonly rejected: boolean;
  /** DESIGN §3.15: the browser says it is online (requests are held while it is not). */
  readonly online: boolean;
  /** DESIGN §3.11: the decision was taken elsewhere (another tab): what the bank says it was. */
  readonly decidedElsewhere: 'approved' | 'rejected' | 'unknown' | undefined;
  /** DESIGN §3.11: a confirmation's outcome stayed unclear: before leaving, the bank is asked (a reject tells). */
  readonly decisionUnclear: boolean;
  /**
   * DESIGN §3.11: the bank answered (409) that it holds this tab's approval: its code is asked for
   * again; if that fails, every way out returns to the plain address (never access_denied).
   */
  readonly approvalCommitted: boolean;
  /** DESIGN §3.11: this tab asked the bank to approve (its key is kept): an approval it finds is asked for its code again. */
  readonly approvalAsked: boolean;
  /** When the model next needs a `tick` (the wake the interpreter has set), if any. */
  readonly wakeAtMs: number | undefined;
  /** The confirmed consent's answer (spec §4 Success). */
  readonly confirmation: ConfirmationAnswer | undefined;
  /** The one exit was taken: nothing more is sent or shown (DESIGN §3.2). */
  readonly ended: boolean;
}

/** The state before anything happened: the loading screen. */
export function initialFlowState(config: FlowConfig, nowMs: number): FlowState {
  return {
    config,
    nowMs,
    screen: { kind: 'loading' },
    step: 'login',
    arrivedAtMs: nowMs,
    unverifiedJwt: undefined,
    replayDecision: false,
    token: undefined,
    consent: undefined,
    customer: undefined,
    profiles: [],
    bankProfile: undefined,
    accounts: undefined,
    login: { form: EMPTY_LOGIN_FORM, requireDob: false, loginError: false, failures: 0, remainingAttempts: undefined, answerLost: false, codeCleared: undefined, dobStepUp: false, early: undefined },
    description: '',
    verified: NOTHING_VERIFIED,
    modals: NO_MODALS,
    pending: undefined,
    nextCallId: 1,
    timers: NO_TIMERS,
    stage: 'preIdentification',
    rejected: false,
    online: true,
    decidedElsewhere: undefined,
    decisionUnclear: false,
    approvalCommitted: false,
    approvalAsked: false,
    wakeAtMs: undefined,
    confirmation: undefined,
    ended: false,
  };
}
