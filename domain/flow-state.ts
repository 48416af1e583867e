import type { AbandonmentStage } from './abandonment';
import type { Account, AccountState } from './accounts';
import { NO_DECISION, type BankDecision } from './bank-decision';
import type { Consent } from './consent';
import type { CustomerDetails } from './customer-details';
import type { ErrorPageData } from './error-page';
import type { Step } from './flow';
import type { FlowCall } from './flow-effects';
import type { InactivityConfig } from './inactivity-timer';
import { FRESH_LOGIN, type LoginState } from './login-state';
import { NO_MODALS, type ModalEntry, type ModalStack } from './modal-stack';
import type { Profile } from './profiles';
import type { RedirectToken } from './redirect-token';
import type { ConfirmationAnswer, ReturnUrl } from './return-url';

/**
 * DESIGN §3.9, §3.16 (docs/flow-states.md): the phase (what the journey is doing), the bank's
 * decision as far as known, and the journey's data. No flag says where the journey is: each phase
 * holds only what it has, and takes its own events (flow-model.ts).
 */
export interface FlowState<P extends Phase = Phase> {
  readonly config: FlowConfig;
  /** The model reads no clock: `transition` is given the time. */
  readonly nowMs: number;
  /** When the customer arrived (the start of the sharing period when the token names none). */
  readonly arrivedAtMs: number;
  /** DESIGN §3.15: the browser says it is online (requests are held while it is not). */
  readonly online: boolean;
  readonly nextCallId: number;
  /** When the model next needs a `tick` (the wake the interpreter has set), if any. */
  readonly wakeAtMs: number | undefined;
  readonly phase: P;
  readonly decision: BankDecision;
  readonly journey: JourneyOf<P>;
}

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
 * Spec §2 error routes, and the keys outage (the bank's keys could not be fetched, so the token
 * could not be checked: issue 11, a reload may work); issue 33 item 5: the page of a request this
 * tab already finished (a Back from the recipient), the failure page's frame with its own words.
 */
export type FailureRoute = 'authorize_failure' | 'incorrect_jwt' | 'consent_fetch_failure' | 'service_unavailable' | 'already_completed';

/**
 * What the journey is doing: the screen it shows and the events it takes (docs/flow-states.md).
 * - `starting`: the loading screen or the pre-rendered login form (issue 15);
 * - `failed`: the failure page (spec §2);
 * - `steps`: a step of the flow (spec §2);
 * - `leaving`: the bank is asked to reject first (spec §4 pendingRefreshFlow, returnAfterReject);
 * - `confirmed`: the success modal (spec §4 Success);
 * - `decidedElsewhere`: "This request has already been completed" (DESIGN §3.11);
 * - `endingNotice`: an ending the customer did not choose, said before the exit (DESIGN §3.18);
 * - `ended`: the one exit was taken (DESIGN §3.2): nothing more is sent.
 */
export type Phase = Starting | Failed | OnSteps | Leaving | Confirmed | DecidedElsewhere | EndingNotice | Ended;

/**
 * Issue 34 item 1: the loading screen (or the pre-rendered login form, issue 15) while the token
 * is verified (DESIGN §3.1): nothing is trusted yet, so nothing is sent to the bank.
 */
export interface Verifying {
  readonly kind: 'starting';
  readonly task: 'verifying';
  /** The token being verified (before it is trusted: never shown, never sent); `undefined` before the launch. */
  readonly jwt: string | undefined;
  /** The verification; `undefined` before the launch. */
  readonly call: PendingCall | undefined;
  /** No modal opens while the token is verified (spec §4: the token-expiry redirect needs a trusted token). */
  readonly modals: ModalStack;
}

/**
 * Issue 34 item 1: the same screen once the token is trusted: the consent read (spec §4 "Consent
 * guard"), or the approval made before a reload asked again (DESIGN §3.11).
 */
export interface Reading {
  readonly kind: 'starting';
  readonly task: 'reading';
  /** The consent read or the replayed approval; `undefined` under Service unavailable (a rejection that failed). */
  readonly call: PendingCall | undefined;
  /** Only the token-expiry redirect and Service unavailable open while starting (spec §4: its timer may not be settable). */
  readonly modals: ModalStack;
}

/** The loading screen or the pre-rendered login form. */
export type Starting = Verifying | Reading;

export interface Failed {
  readonly kind: 'failed';
  readonly route: FailureRoute;
  readonly details?: ErrorPageData;
  /** Issue 33 item 5: `already_completed`'s brand, the finished flow's (no token says it any more). */
  readonly brand?: string;
}

/**
 * Issue 34 item 1 "each step a state": a step of the flow (spec §2), one type per step, so that a
 * handler of one step's row is handed that step (flow-model.ts).
 */
export interface OnStep<S extends Step> {
  readonly kind: 'steps';
  readonly step: S;
  /** The request the step waits for (spec §2 spinner mask); a keep-alive is not waited for. */
  readonly call: PendingCall | undefined;
  readonly modals: ModalStack;
  /** Spec §4 "Inactivity timer": the time of the last activity; `undefined` once the journey is ending (nothing restarts). */
  readonly lastActivityMs: number | undefined;
}

/** Any step of the flow. */
export type OnSteps = OnStep<Step>;

/** The bank asked to reject from the loading screen (`S` undefined) or from step `S` (issue 34 item 1: it goes back there if the bank cannot). */
export interface LeavingFrom<S extends Step | undefined> {
  readonly kind: 'leaving';
  /** The step on screen while the bank is asked (`undefined`: the loading screen). */
  readonly step: S;
  /** The rejection (DESIGN §3.2: the bank is asked first). */
  readonly call: PendingCall;
  readonly modals: ModalStack;
  /** DESIGN §3.8: the stage this exit reports. */
  readonly stage: AbandonmentStage;
  /** DESIGN §3.18: an ending the customer did not choose, explained before the exit. */
  readonly explain: EndingReason | undefined;
}

/** The bank is asked to reject first (spec §4 pendingRefreshFlow, returnAfterReject), from wherever it was asked. */
export type Leaving = LeavingFrom<undefined> | { readonly [S in Step]: LeavingFrom<S> }[Step];

/** DESIGN §3.18: why a journey ended without the customer choosing it. */
export type EndingReason = 'inactivity' | 'tokenExpiry';

export interface EndingNotice {
  readonly kind: 'endingNotice';
  readonly reason: EndingReason;
  /** Where the customer is returned (DESIGN §3.2: the one exit, taken at `returnAtMs` or by the button). */
  readonly url: ReturnUrl;
  /** DESIGN §3.8: the stage the exit reports, if it is an abandonment. */
  readonly stage: AbandonmentStage | undefined;
  readonly returnAtMs: number;
  /** What stays on screen behind the notice. */
  readonly screen: Screen;
}

export interface Confirmed {
  readonly kind: 'confirmed';
  /** CONTRACT §6: the bank's answer, returned to the recipient with its code. */
  readonly answer: ConfirmationAnswer;
  readonly returnAtMs: number;
  /** What stays on screen behind the success modal. */
  readonly screen: Screen;
}

export interface DecidedElsewhere {
  readonly kind: 'decidedElsewhere';
  /** DESIGN §3.11: what the other tab or window decided, as the bank's 409 names it. */
  readonly as: 'approved' | 'rejected' | 'unknown';
  /** What stays on screen behind its modal. */
  readonly screen: Screen;
}

export interface Ended {
  readonly kind: 'ended';
  /** What stays on screen while the browser leaves: the page and its modals, as they were. */
  readonly screen: Screen;
  readonly modals: readonly ModalEntry[];
  /** DESIGN §3.2: the one exit, the recipient's address (or the bank's public site, from the failure page). */
  readonly exit: Exit;
  /** DESIGN §3.2 "An exit the browser did not take": when a page still here offers the exit; `undefined` once it does. */
  readonly offerExitAtMs: number | undefined;
}

/** DESIGN §3.2: where the journey went: its address, and whose it is (the words of `exitNotTaken` name it). */
export interface Exit {
  readonly url: ReturnUrl;
  readonly to: 'recipient' | 'publicSite';
}

/** What the page shows: the loading screen (or the pre-rendered form), a failure page, or a step. */
export type Screen =
  | { readonly kind: 'loading' }
  | { readonly kind: 'failure'; readonly route: FailureRoute; readonly details?: ErrorPageData; readonly brand?: string }
  | { readonly kind: 'flow'; readonly step: Step };

export type PhaseKind = Phase['kind'];

/** The journey's data: what the steps show and what the bank has been told (spec §3). */
export interface Journey {
  /** The verified token (DESIGN §3.1), once trusted: {@link JourneyOf} says where it is. */
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
  /**
   * DESIGN §3.8: the furthest stage reached, reported if the journey is abandoned; `rejected` once
   * the customer chose to leave (however the journey then ends, it was rejected).
   */
  readonly stage: AbandonmentStage;
  /** Spec §4 "Token expiry timer", once the token is trusted. */
  readonly expiry: ExpiryTimer;
}

/** DESIGN §3.1: the journey once its token is trusted. */
interface TrustedJourney extends Journey {
  readonly token: RedirectToken;
}

/** Spec §4 "Consent guard": the journey on a step: the consent was read before the first. */
interface StepJourney extends TrustedJourney {
  readonly consent: Consent;
}

/** Spec §4 "Account step": on the account step its accounts are read (none when the bank gave none, spec §8 400 A09/A05). */
interface AccountsJourney extends StepJourney {
  readonly accounts: AccountState;
}

/**
 * Issue 34 item 1 "each step carrying the data it needs": what the journey holds in each phase
 * and step, so that a phase without its data cannot be written. The token is trusted from the
 * consent's read on; the failure page and the exit may come before it (or forget it, DESIGN §3.13).
 */
export type JourneyOf<P extends Phase> = P extends Verifying | Failed | Ended
  ? Journey
  : P extends OnStep<'selectAccounts'> | LeavingFrom<'selectAccounts'>
    ? AccountsJourney
    : P extends OnSteps | LeavingFrom<Step>
      ? StepJourney
      : TrustedJourney;

/** The phases of a trusted token (DESIGN §3.1): all but the token's verification, the failure page and the exit. */
export type TrustedPhase = Reading | OnSteps | Leaving | Confirmed | DecidedElsewhere | EndingNotice;

/**
 * Spec §4 "Token expiry timer", DESIGN §3.5: off for a token already past when trusted; the
 * fallback return when it could not be set (token-expiry-timer.ts).
 */
export type ExpiryTimer = { readonly kind: 'off' } | { readonly kind: 'running' } | { readonly kind: 'fallback'; readonly returnAtMs: number };

/** Spec §4 "Entry guard chain": what the guards have verified, so that no step is repeated. */
export interface VerifiedFlags {
  readonly customerDetails: boolean;
  readonly businesses: boolean;
}

export const NOTHING_VERIFIED: VerifiedFlags = { customerDetails: false, businesses: false };

/** The one request a phase waits for (DESIGN §3.4: the spinner mask is up while it runs). */
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
  /** The account step's entry: the ticks to keep when returning from confirmation (spec §4 Back). */
  readonly keep: readonly Account[] | undefined;
  /** DESIGN §3.11: asked again after an unclear try (a reload): even its first refusal does not undo what that try may have committed. */
  readonly afterUnclear?: true;
}

/** The loading screen, nothing asked. */
export function initialFlowState(config: FlowConfig, nowMs: number): FlowState {
  return {
    config,
    nowMs,
    arrivedAtMs: nowMs,
    online: true,
    nextCallId: 1,
    wakeAtMs: undefined,
    phase: { kind: 'starting', task: 'verifying', jwt: undefined, call: undefined, modals: NO_MODALS },
    decision: NO_DECISION,
    journey: {
      token: undefined,
      consent: undefined,
      customer: undefined,
      profiles: [],
      bankProfile: undefined,
      accounts: undefined,
      login: FRESH_LOGIN,
      description: '',
      verified: NOTHING_VERIFIED,
      stage: 'preIdentification',
      expiry: { kind: 'off' },
    },
  };
}
