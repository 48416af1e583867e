import type { AbandonmentStage, ReachedStage } from './abandonment';
import type { Account, AccountState } from './accounts';
import type { Consent } from './consent';
import type { CustomerDetails } from './customer-details';
import type { ErrorPageData } from './error-page';
import type { Step } from './flow';
import type { FlowCall } from './flow-effects';
import type { InactivityConfig } from './inactivity-timer';
import { EMPTY_LOGIN_FORM, type LoginForm } from './login-form';
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
  /** CONTRACT §4: what the bank last said is left, when it said so. */
  readonly remainingAttempts: number | undefined;
}

/** Spec §4 "Entry guard chain": what the guards have verified, so that no step is repeated. */
export interface VerifiedFlags {
  readonly authenticated: boolean;
  readonly customerDetails: boolean;
  readonly businesses: boolean;
}

export const NOTHING_VERIFIED: VerifiedFlags = { authenticated: false, customerDetails: false, businesses: false };

/** The one request the flow waits for (DESIGN §3.4: the spinner mask is up while it runs). */
export interface PendingCall {
  readonly id: number;
  readonly call: FlowCall | { readonly kind: 'verify' };
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
  readonly screen: Screen;
  readonly step: Step;
  /** When the customer arrived (the start of the sharing period when the token names none). */
  readonly arrivedAtMs: number;
  /** The token being verified (before it is trusted: never shown, never sent). */
  readonly unverifiedJwt: string | undefined;
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
    screen: { kind: 'loading' },
    step: 'login',
    arrivedAtMs: nowMs,
    unverifiedJwt: undefined,
    token: undefined,
    consent: undefined,
    customer: undefined,
    profiles: [],
    bankProfile: undefined,
    accounts: undefined,
    login: { form: EMPTY_LOGIN_FORM, requireDob: false, loginError: false, failures: 0, remainingAttempts: undefined },
    description: '',
    verified: NOTHING_VERIFIED,
    modals: NO_MODALS,
    pending: undefined,
    nextCallId: 1,
    timers: NO_TIMERS,
    stage: 'preIdentification',
    rejected: false,
    wakeAtMs: undefined,
    confirmation: undefined,
    ended: false,
  };
}
