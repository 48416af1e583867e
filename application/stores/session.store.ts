import { injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import type { AccountState } from '../../domain/accounts';
import { isCustomerScopesOnly, type Consent } from '../../domain/consent';
import type { CustomerDetails } from '../../domain/customer-details';
import type { ErrorPageData } from '../../domain/error-page';
import {
  introLine, progressTracker, stepButtons, stepTitle, windowTitle,
  type FlowFlags, type ProgressTracker, type Step, type StepButtons,
} from '../../domain/flow';
import { isProfileStepShown, selectedProfile, selectIndividual, singleProfile, type Profile } from '../../domain/profiles';
import type { RedirectToken } from '../../domain/redirect-token';
import type { RuntimeConfig } from '../runtime-config';

/** Spec §2 error routes, plus the startup failure (no usable config). */
export type FailureRoute = 'authorize_failure' | 'incorrect_jwt' | 'consent_fetch_failure' | 'startup_failure';

/** What the app shows: the loading screen, a failure page, or the consent flow. */
export type Screen =
  | { readonly kind: 'loading' }
  | { readonly kind: 'failure'; readonly route: FailureRoute; readonly details?: ErrorPageData }
  | { readonly kind: 'flow' };

/** Spec §4: the guards remember what they have verified, so that no step is repeated. */
export interface VerifiedFlags {
  readonly authenticated: boolean;
  readonly customerDetails: boolean;
  readonly businesses: boolean;
  /** The account guard: the profile is confirmed with the bank and its accounts are loaded. */
  readonly accounts: boolean;
  /** Spec §4: the PERSONAL profile's business consent put is done once. */
  readonly personalProfileConfirmed: boolean;
}

const NOTHING_VERIFIED: VerifiedFlags = {
  authenticated: false, customerDetails: false, businesses: false, accounts: false, personalProfileConfirmed: false,
};

/**
 * The state of one consent journey, shared by every step: the verified token and config, the
 * consent asked for, the customer's profiles and accounts, where the flow stands, and whether a
 * request is under way (the spinner mask). Views render its getters; use cases change it.
 */
@injectable()
export class SessionStore {
  config: RuntimeConfig | undefined = undefined;
  token: RedirectToken | undefined = undefined;
  consent: Consent | undefined = undefined;
  customer: CustomerDetails | undefined = undefined;
  profiles: readonly Profile[] = [];
  accounts: AccountState | undefined = undefined;
  screen: Screen = { kind: 'loading' };
  step: Step = 'login';
  loading = false;
  verified: VerifiedFlags = NOTHING_VERIFIED;
  /** Set once the journey is ending (success or return): no button may start another request. */
  finished = false;

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true, deep: false });
  }

  /** Spec §4, §2: the flags that shape the flow's steps and tracker. */
  get flags(): FlowFlags {
    return {
      skipStep: this.skipStep,
      isPar: this.isPar,
      singleProfile: singleProfile(this.profiles),
    };
  }

  get isPar(): boolean {
    return this.consent?.isPAR ?? false;
  }

  /** Spec §4 consent guard: skip-step is set when only customer scopes are requested. */
  get skipStep(): boolean {
    return this.consent !== undefined && isCustomerScopesOnly(this.consent);
  }

  get tppName(): string {
    return this.token?.tppName ?? '';
  }

  get selectedProfile(): Profile | undefined {
    return selectedProfile(this.profiles);
  }

  /** Spec §4: true only when the chosen profile is PERSONAL. */
  get selectIndividual(): boolean {
    return selectIndividual(this.profiles);
  }

  /** Spec §4 guard failure: return to select-profile when several profiles and not PAR. */
  get profileStepShown(): boolean {
    return isProfileStepShown(this.profiles, this.isPar);
  }

  get title(): string {
    return stepTitle(this.step, this.isPar);
  }

  get windowTitle(): string {
    return windowTitle(this.step, this.isPar);
  }

  get intro(): string | undefined {
    return introLine(this.step, this.isPar, this.tppName);
  }

  get progress(): ProgressTracker | undefined {
    return progressTracker(this.step, this.flags);
  }

  get buttons(): StepButtons {
    return stepButtons(this.step, this.flags);
  }

  /** Spec §2 failure page: Go Back to the verified token's redirect address, else Leave Page. */
  get failureLeavesToThirdParty(): boolean {
    return this.token !== undefined;
  }

  /** Spec §2 failure page: its button has somewhere to go (the token's redirect address or the bank's public site). */
  get failureHasExit(): boolean {
    return this.token !== undefined || this.config?.publicSiteUrl !== undefined;
  }

  setConfig(config: RuntimeConfig): void {
    this.config = config;
  }

  setToken(token: RedirectToken): void {
    this.token = token;
  }

  setConsent(consent: Consent): void {
    this.consent = consent;
  }

  setCustomer(customer: CustomerDetails): void {
    this.customer = customer;
    this.verified = { ...this.verified, customerDetails: true };
  }

  setProfiles(profiles: readonly Profile[]): void {
    this.profiles = profiles;
    this.verified = { ...this.verified, businesses: true };
  }

  setAccounts(accounts: AccountState | undefined): void {
    this.accounts = accounts;
  }

  markVerified(flags: Partial<VerifiedFlags>): void {
    this.verified = { ...this.verified, ...flags };
  }

  showFailure(route: FailureRoute, details?: ErrorPageData): void {
    this.screen = details === undefined ? { kind: 'failure', route } : { kind: 'failure', route, details };
    this.loading = false;
  }

  showFlow(step: Step): void {
    this.screen = { kind: 'flow' };
    this.step = step;
    this.loading = false;
  }

  setLoading(loading: boolean): void {
    this.loading = loading;
  }

  finish(): void {
    this.finished = true;
  }

  /** Spec §4 guard failure: state reset, loading off, verification flags cleared. */
  resetVerification(): void {
    this.verified = NOTHING_VERIFIED;
    this.customer = undefined;
    this.accounts = undefined;
    this.loading = false;
  }
}
