import { inject, injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import { dataPeriodMonths, formatLongDate, isOnceOnly } from '../../domain/consent';
import { copy } from '../../domain/copy';
import { dataClusters, type DataCluster } from '../../domain/data-clusters';
import { summarise, type SelectionSummary } from '../../domain/selection-summary';
import { AccountStep } from '../use-cases/account-step.use-case';
import { ConfirmConsent } from '../use-cases/confirm-consent.use-case';
import { Navigation } from '../use-cases/navigation.use-case';
import { ModalStore } from './modal.store';
import { SessionStore } from './session.store';

/** Spec §5: the description has no bound in the spec; the bank stores at most this many characters. */
export const DESCRIPTION_MAX_LENGTH = 255;

/** Spec §2 "Data sharing period". */
export interface SharingPeriod {
  /** The start, as D Month YYYY. */
  readonly from?: string;
  /** The expiry, as D Month YYYY; absent for once-only sharing. */
  readonly to?: string;
  readonly months?: number;
}

/** Spec §2 "What's changed" (PAR only). */
export interface WhatsChanged {
  readonly accountsAdded: number;
  readonly accountsRemoved: number;
  readonly periodUpdated: boolean;
}

/** The confirmation step (spec §2 "Confirmation", §4 Success). */
@injectable()
export class ConfirmationStore {
  description = '';

  constructor(
    @inject(SessionStore) private readonly session: SessionStore,
    @inject(ModalStore) private readonly modal: ModalStore,
    @inject(ConfirmConsent) private readonly confirmConsent: ConfirmConsent,
    @inject(Navigation) private readonly navigation: Navigation,
    @inject(AccountStep) private readonly accountStep: AccountStep,
  ) {
    makeAutoObservable<this, 'session' | 'modal' | 'confirmConsent' | 'navigation' | 'accountStep'>(
      this,
      { session: false, modal: false, confirmConsent: false, navigation: false, accountStep: false },
      { autoBind: true, deep: false },
    );
  }

  get isPar(): boolean {
    return this.session.isPar;
  }

  get summary(): SelectionSummary {
    return summarise(this.session.accounts?.data ?? []);
  }

  /** Spec §2: the PAR notice; the period is updated by every amendment (it starts again from its creation date). */
  get whatsChanged(): WhatsChanged | undefined {
    if (!this.isPar) return undefined;
    const { accountsAdded, accountsRemoved } = this.summary;
    return { accountsAdded, accountsRemoved, periodUpdated: true };
  }

  /** Spec §2 "Joint account holders may be notified": when any account shared (added or kept) is joint. */
  get jointHoldersNotified(): boolean {
    const { added, maintained } = this.summary;
    return [...added, ...maintained].some((entry) => entry.account.jointAccount);
  }

  /** Spec §2: warning when the account step was not skipped and no account is selected. */
  get showNoAccountWarning(): boolean {
    return !this.session.skipStep && this.summary.nothingSelected;
  }

  /** Spec §2: the selected profile, not for PAR or a single profile. */
  get selectedProfileName(): string | undefined {
    if (this.isPar || this.session.flags.singleProfile) return undefined;
    return this.session.selectedProfile?.profileName;
  }

  get arrangementId(): string | undefined {
    return this.isPar ? this.session.consent?.cdrArrangementId : undefined;
  }

  get isOnceOnly(): boolean {
    return this.session.consent === undefined || isOnceOnly(this.session.consent);
  }

  /** Spec §2, §9: creation date and expiry as D Month YYYY, and the period in months. */
  get period(): SharingPeriod {
    const createdMs = (this.session.token?.consentCreationDate ?? 0) * 1000;
    const from = createdMs > 0 ? formatLongDate(createdMs) : undefined;
    const expiryMs = this.session.consent?.expirationMs;
    if (expiryMs === undefined) return from === undefined ? {} : { from };
    const to = formatLongDate(expiryMs);
    const months = createdMs > 0 ? dataPeriodMonths(createdMs, expiryMs) : undefined;
    return { ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }), ...(months === undefined ? {} : { months }) };
  }

  /** Spec §2 "How long will my data be shared?": ongoing text with an expiry, else once-only. */
  get howLongText(): string {
    const { months, to } = this.period;
    return this.isOnceOnly || months === undefined || to === undefined
      ? copy.confirmation.howLongOnceOnly
      : copy.confirmation.howLongOngoing(months, to);
  }

  /** Spec §3 Permissions: the data clusters of the requested scopes, in the profile's wording. */
  get clusters(): readonly DataCluster[] {
    const profile = this.session.selectedProfile === undefined || this.session.selectIndividual ? 'individual' : 'organisation';
    return dataClusters(this.session.consent?.scopes ?? [], profile);
  }

  get confirming(): boolean {
    return this.session.loading;
  }

  /** No live Confirm once the journey is ending (DESIGN §3.4; Back after the return). */
  get canConfirm(): boolean {
    return !this.session.loading && !this.session.finished;
  }

  setDescription(description: string): void {
    this.description = description.slice(0, DESCRIPTION_MAX_LENGTH);
  }

  /** Spec §4 Success: confirm (single-flight), the success modal, then the return. */
  async confirm(): Promise<void> {
    await this.confirmConsent.execute(this.description);
  }

  /**
   * Spec §4: Back from confirmation goes to select-and-confirm (select-profile when skip-step),
   * resetting the account guard's flag; the customer's ticks are kept.
   */
  async back(): Promise<void> {
    if (this.session.buttons.back === undefined || this.session.loading || this.session.finished) return;
    this.session.markVerified({ accounts: false });
    if (this.session.skipStep) {
      this.navigation.goTo('selectProfile');
      return;
    }
    await this.accountStep.enter(this.session.accounts?.data ?? []);
  }

  cancel(): void {
    this.modal.open('sharingIncomplete');
  }
}
