import { inject, injectable, optional } from 'inversify';
import { makeAutoObservable } from 'mobx';
import type { AccountState } from '../../domain/accounts';
import { brandOf, NEUTRAL_BRAND_NAME, type Brand } from '../../domain/brand';
import { failureExit, type FailureExit } from '../../domain/error-page';
import type { Consent } from '../../domain/consent';
import { copy, outcomeSentence, type ModalContext } from '../../domain/copy';
import { loginLinks, type LoginLinks } from '../../domain/cx-settings';
import {
  introLine,
  progressTracker,
  stepButtons,
  stepTitle,
  windowTitle,
  type FlowFlags,
  type ProgressTracker,
  type Step,
  type StepButtons,
} from '../../domain/flow';
import type { FlowState, Screen } from '../../domain/flow-state';
import { awaitingLogin, brandIdOf, flowFlags, isFinished, isLoading, screenOf, stepOf } from '../../domain/flow-view';
import { knownOutcome, type KnownOutcome } from '../../domain/outcome';
import { selectedProfile, selectIndividual, type Profile } from '../../domain/profiles';
import type { RedirectToken } from '../../domain/redirect-token';
import { FlowController } from '../flow-controller';
import { ENTRY_PAGE, type EntryPage } from '../ports/entry-page.port';
import { RUNTIME_CONFIG } from '../ports/runtime-config.port';
import type { ConfigLinks, LoginSettings, RuntimeConfig } from '../runtime-config';

export type { FailureRoute, Screen } from '../../domain/flow-state';

/** The header's brands: the verified one, or every brand of the entry page as a hidden variant (issue 20). */
interface HeaderBrands {
  readonly brands: readonly Brand[];
  readonly variants: boolean;
}

/** What the page shows of the bank and the journey, which the pre-rendered form's wait decides (`SessionStore.shownPage`). */
interface ShownPage {
  readonly links: ConfigLinks;
  readonly loginSettings: LoginSettings;
  readonly copyright: string | undefined;
  readonly headerBrands: HeaderBrands;
  readonly themedBrand: Brand | undefined;
  readonly intro: string;
}

/** The journey as every step shows it (DESIGN §3.9: a projection of the flow model's state). */
@injectable()
export class SessionStore {
  constructor(
    @inject(FlowController) private readonly flow: FlowController,
    @inject(RUNTIME_CONFIG) readonly config: RuntimeConfig,
    @inject(ENTRY_PAGE) @optional() private readonly entry?: EntryPage,
  ) {
    makeAutoObservable<this, 'flow' | 'entry'>(this, { flow: false, config: false, entry: false }, { autoBind: true, deep: false });
  }

  /** Issue 20: what the pre-rendered entry page shows of the bank. */
  private get entryPage(): EntryPage {
    return this.entry ?? { brands: this.config.brandDetails, links: this.config.links };
  }

  private get state(): FlowState {
    return this.flow.state;
  }

  get screen(): Screen {
    return screenOf(this.state.phase);
  }

  get step(): Step {
    return stepOf(this.state.phase);
  }

  get token(): RedirectToken | undefined {
    return this.state.journey.token;
  }

  get consent(): Consent | undefined {
    return this.state.journey.consent;
  }

  get profiles(): readonly Profile[] {
    return this.state.journey.profiles;
  }

  get accounts(): AccountState | undefined {
    return this.state.journey.accounts;
  }

  /** DESIGN §3.16: what the words about the outcome may say, from what the bank is known to have decided. */
  get outcome(): KnownOutcome {
    return knownOutcome(this.state.decision, this.state.journey.token !== undefined);
  }

  /** DESIGN §3.15: requests wait for the connection. */
  get offline(): boolean {
    return !this.state.online;
  }

  /**
   * Issue 15: the pre-rendered login form is on screen while the token is verified. Until then
   * the page renders only what the build could know (docs/prerendered-login.md).
   */
  get awaitingLogin(): boolean {
    return awaitingLogin(this.state);
  }

  /** Spec §2 spinner mask (not over the pre-rendered login form: it takes input). */
  get loading(): boolean {
    return isLoading(this.state);
  }

  /**
   * Issue 15 (docs/prerendered-login.md "The view state"): while the pre-rendered form waits, the
   * page shows only what the build could know, so that React adopts it as it is: the entry page's
   * links (issue 20) and login settings (issue 22), every brand as a variant whose colours the
   * page's stylesheet applies (issue 20 "the first paint is already the bank's"), no year and no
   * recipient. Then, the journey's.
   */
  private get shownPage(): ShownPage {
    const configured = { otpExpirySeconds: this.config.otpExpirySeconds, cx: this.config.cx };
    if (this.awaitingLogin) {
      return {
        links: this.entryPage.links,
        loginSettings: this.entryPage.login ?? configured,
        copyright: undefined,
        headerBrands: { brands: this.entryPage.brands, variants: true },
        themedBrand: undefined,
        intro: '',
      };
    }
    return {
      links: this.config.links,
      loginSettings: configured,
      copyright: copy.shell.copyright(new Date().getFullYear(), this.brand.legalName),
      headerBrands: { brands: [this.brand], variants: false },
      themedBrand: this.brand,
      intro: introLine(this.isPar, this.tppName),
    };
  }

  /** CONTRACT §2 links (the entry page's while the pre-rendered form waits, issue 20). */
  get links(): ConfigLinks {
    return this.shownPage.links;
  }

  /** Issue 22, CONTRACT §2: the entry page's while the pre-rendered form waits, as with the links. */
  get loginSettings(): LoginSettings {
    return this.shownPage.loginSettings;
  }

  /** Issue 22: spec §2's login links, by the CX standards unless the bank's switches say otherwise. */
  get loginLinks(): LoginLinks {
    return loginLinks(this.loginSettings.cx);
  }

  /** Spec §2 footer links, issue 22: not while authenticating (CX standards, Friction: "Referencing or including other documents"). */
  get footerLinksShown(): boolean {
    const authenticating = this.screen.kind === 'loading' || (this.screen.kind === 'flow' && this.step === 'login');
    return !authenticating || this.loginLinks.footerLinks;
  }

  /** What a modal's words depend on, for every channel. */
  get modalContext(): ModalContext {
    const phase = this.state.phase;
    return {
      tppName: this.tppName,
      isPar: this.isPar,
      outcome: this.outcome,
      forgottenDetailsLink: this.loginLinks.forgotUsername,
      ...(phase.kind === 'ended' ? { exitTo: phase.exit.to } : {}),
    };
  }

  /** Spec §2 footer; none in the pre-rendered login form: the build cannot know the year it is shown in. */
  get copyright(): string | undefined {
    return this.shownPage.copyright;
  }

  /** The journey is ending (confirmed, or the exit taken): no button may start another request. */
  get finished(): boolean {
    return isFinished(this.state);
  }

  /** Spec §4, §2. */
  get flags(): FlowFlags {
    return flowFlags(this.state);
  }

  get isPar(): boolean {
    return this.flags.isPar;
  }

  get skipStep(): boolean {
    return this.flags.skipStep;
  }

  /**
   * DESIGN §3.14: the brand the verified token names (neutral before it is verified, DESIGN §3.1);
   * issue 33 item 5: on the page of a request this tab finished, that flow's (flow-view.ts `brandIdOf`).
   */
  get brand(): Brand {
    return brandOf(this.config.brandDetails, brandIdOf(this.state));
  }

  /**
   * Issue 20 "the first paint is already the bank's": while the pre-rendered form waits, every
   * brand as a variant; the page's stylesheet shows the one its script read from the token.
   */
  get headerBrands(): HeaderBrands {
    return this.shownPage.headerBrands;
  }

  /** DESIGN §3.14: the verified brand's colours apply (not while the entry page's stylesheet shows the token's brand, issue 20). */
  get themedBrand(): Brand | undefined {
    return this.shownPage.themedBrand;
  }

  get tppName(): string {
    return this.state.journey.token?.tppName ?? '';
  }

  get selectedProfile(): Profile | undefined {
    return selectedProfile(this.state.journey.profiles);
  }

  /** Spec §4: only when the chosen profile is PERSONAL. */
  get selectIndividual(): boolean {
    return selectIndividual(this.state.journey.profiles);
  }

  get title(): string {
    return stepTitle(this.step, this.isPar);
  }

  get windowTitle(): string {
    return windowTitle(this.step, this.isPar);
  }

  /** Spec §2 intro line, on every step (issue 33 item 8); empty (its place kept) while the recipient is not yet known (issue 15). */
  get intro(): string | undefined {
    return this.shownPage.intro;
  }

  get progress(): ProgressTracker | undefined {
    return progressTracker(this.step, this.flags);
  }

  get buttons(): StepButtons {
    return stepButtons(this.step, this.flags);
  }

  /** Spec §2 failure page: Go Back to the verified token's redirect address, else Leave Page. */
  get failureLeavesToThirdParty(): boolean {
    return this.state.journey.token !== undefined;
  }

  /** Spec §2 failure page: the token's redirect address or the bank's public site. */
  get failureHasExit(): boolean {
    return this.state.journey.token !== undefined || this.config.publicSiteUrl !== '';
  }

  /** Spec §2 failure page, issue 23 item E: the button names the recipient or the bank. */
  get failureExit(): FailureExit {
    const brand = this.brand;
    return failureExit(this.failureLeavesToThirdParty, this.tppName, brand.displayName === NEUTRAL_BRAND_NAME ? undefined : brand.displayName);
  }

  /** DESIGN §3.16, issue 21: what was shared, from what is known; empty when nothing is. */
  get failureOutcome(): string {
    return this.outcome === 'nothingShared' ? copy.failure.nothingShared : outcomeSentence(this.modalContext);
  }

  /** Spec §2 failure page: Go Back or Leave Page. */
  leaveFailurePage(): Promise<void> {
    return this.flow.dispatch({ type: 'leaveFailurePage' });
  }

  /** Spec §8 "any other error opens Service unavailable": a step's code could not be loaded after DESIGN §3.4's retries. Bound: a view passes it on. */
  stepUnavailable(): void {
    void this.flow.dispatch({ type: 'stepUnavailable' });
  }
}
