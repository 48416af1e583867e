import { inject, injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import { sharingPeriod, type SharingPeriod } from '../../domain/consent';
import { dataClusters, type DataCluster, type DataClusterProfile } from '../../domain/data-clusters';
import { customerWording } from '../../domain/flow-view';
import { listedClusters, noAccountWarning, type ListedCluster } from '../../domain/review-data';
import { selectionSharesNothing } from '../../domain/flow-steps';
import type { Account } from '../../domain/accounts';
import {
  countSelection,
  isAccountListFolded,
  jointHoldersMayBeNotified,
  jointHoldersNotNotified,
  jointNoticeAccounts,
  REVIEW_ACCOUNT_PAGE,
  reviewAccountPage,
  summarise,
  type ReviewAccountPage,
  type SelectionCounts,
  type SelectionSummary,
} from '../../domain/selection-summary';
import { newlyRequestedData, whatsChanged, type WhatsChanged } from '../../domain/whats-changed';
import { FlowController } from '../flow-controller';
import { SessionStore } from './session.store';
import { stepsCopy } from '../../domain/steps-copy';

export type { SharingPeriod, WhatsChanged };

/** The confirmation step (spec §2 "Confirmation", §4 Success), projected from the flow model. */
@injectable()
export class ConfirmationStore {
  /** Issue 22: how many account lines the review shows (grows with "Show more accounts"). */
  reviewLimit = REVIEW_ACCOUNT_PAGE;
  /** Issue 23 item B: how often Confirm was pressed on a review that shares nothing (each press a new request, for focus). */
  confirmRefused = 0;

  constructor(
    @inject(FlowController) private readonly flow: FlowController,
    @inject(SessionStore) private readonly session: SessionStore,
  ) {
    makeAutoObservable<this, 'flow' | 'session'>(this, { flow: false, session: false }, { autoBind: true, deep: false });
  }

  get isPar(): boolean {
    return this.session.isPar;
  }

  /** Spec §2: "Your description (Optional)"; an amendment starts with the arrangement's. */
  get description(): string {
    return this.flow.state.journey.description;
  }

  private get accounts(): readonly Account[] {
    return this.session.accounts?.data ?? [];
  }

  /** Spec §2, §4: a line per account, for the terminal; the web review reads {@link counts} and {@link reviewAccounts} (issue 23 item D). */
  get summary(): SelectionSummary {
    return summarise(this.accounts, this.isPar);
  }

  /** Issue 23 item D: the summary's counts, without a line per account. */
  get counts(): SelectionCounts {
    return countSelection(this.accounts, this.isPar);
  }

  /** Issue 22: shown or not. */
  get accountLineCount(): number {
    const { added, maintained, removed } = this.counts;
    return added + maintained + removed;
  }

  /** Spec §2: the PAR notice; issue 22: a line only where something changes. */
  get whatsChanged(): WhatsChanged | undefined {
    const consent = this.session.consent;
    if (!this.isPar || consent === undefined) return undefined;
    const { accountsAdded, accountsRemoved } = this.counts;
    return whatsChanged({ consent, accountsAdded, accountsRemoved, listed: this.listedClusters, wording: this.wording });
  }

  /**
   * Spec §2 "Updated data sharing period" (an amendment), issue 22: only when the period changes
   * (or the bank does not say what it was); otherwise "Data sharing period".
   */
  get periodHeading(): string {
    return this.whatsChanged?.periodUpdated === true ? stepsCopy.confirmation.updatedDataSharingPeriod : stepsCopy.confirmation.dataSharingPeriod;
  }

  /** Spec §2 "Joint account holders may be notified", issue 22. */
  get jointHoldersNotified(): boolean {
    return jointHoldersMayBeNotified(this.accounts);
  }

  /** Issue 22, rule 4A.15: the other holders of a joint account shared as the customer's alone will not be notified. */
  get jointHoldersNotNotified(): boolean {
    return jointHoldersNotNotified(this.accounts);
  }

  /** Issue 33 item 7: the accounts each joint notice is about (name and number), so that each notice names them. */
  get jointNoticeAccounts(): { readonly notified: readonly string[]; readonly notNotified: readonly string[] } {
    return jointNoticeAccounts(this.accounts);
  }

  /** Issue 22 (CX standards "Account confirm"): the lines shown without a click; issue 23 item D: only they are built. */
  get reviewAccounts(): ReviewAccountPage {
    return reviewAccountPage(this.accounts, this.isPar, this.reviewLimit);
  }

  showMoreAccounts(): void {
    this.reviewLimit += REVIEW_ACCOUNT_PAGE;
  }

  /** Spec §2: warning when the account step was not skipped and no account is selected. */
  get showNoAccountWarning(): boolean {
    return !this.session.skipStep && this.counts.nothingSelected;
  }

  /** Spec §2 warning, issue 13 item 3: it promises only the data still listed. */
  get noAccountWarningText(): string {
    return noAccountWarning(this.listedClusters);
  }

  /** Issue 13 item 5: the recipient's name and legal name (token tppName, orgName). */
  get recipient(): { readonly tppName: string; readonly orgName: string } {
    return { tppName: this.session.tppName, orgName: this.session.token?.orgName ?? '' };
  }

  /** Issue 22 (CX standards "Account confirm"): a long list scrolls in a region of its own, never behind a click. */
  get accountListScrolls(): boolean {
    return isAccountListFolded(this.counts);
  }

  /** Issue 13 item 5: partly selected groups count once. */
  get sharedAccountCount(): number {
    const { added, maintained } = this.counts;
    return added + maintained;
  }

  /** Spec §2: the selected profile, not for PAR or a single profile. */
  get selectedProfileName(): string | undefined {
    if (this.isPar || this.session.flags.singleProfile) return undefined;
    return this.session.selectedProfile?.profileName;
  }

  get arrangementId(): string | undefined {
    return this.isPar ? this.session.consent?.cdrArrangementId : undefined;
  }

  /** Spec §2, §9: from the token's consentCreationDate (else the arrival) to the expiry. */
  get period(): SharingPeriod {
    const created = this.session.token?.consentCreationDate;
    const startMs = created === undefined ? this.flow.state.arrivedAtMs : created * 1000;
    return sharingPeriod(startMs, this.session.consent?.expirationMs);
  }

  /** Spec §2 "Data sharing period"; issue 22: a once-off sharing is "Once only, on D Month YYYY", never an open-ended "From …". */
  get periodText(): string | undefined {
    const { from, to } = this.period;
    if (from !== undefined && to !== undefined) return stepsCopy.confirmation.periodRange(from, to);
    return from !== undefined ? stepsCopy.confirmation.periodOnceOnly(from) : to;
  }

  /** Spec §2 "How long will my data be shared?": ongoing text with an expiry, else once-only. */
  get howLongText(): string {
    const { duration, to } = this.period;
    return duration === undefined || to === undefined ? stepsCopy.confirmation.howLongOnceOnly : stepsCopy.confirmation.howLongOngoing(duration, to);
  }

  /** Spec §3: whose data the customer clusters describe. */
  private get wording(): DataClusterProfile {
    return customerWording(this.flow.state);
  }

  /** Spec §3 Permissions: the data clusters of the requested scopes, in the wording of the accounts' owner. */
  get clusters(): readonly DataCluster[] {
    return dataClusters(this.session.consent?.scopes ?? [], this.wording);
  }

  /** Issue 13 items 2 and 3: no account data when no account is selected (a skipped account step requests none). */
  get listedClusters(): readonly ListedCluster[] {
    const consent = this.session.consent;
    return listedClusters(this.clusters, {
      accountsShared: this.session.skipStep || !this.counts.nothingSelected,
      // Issue 22: new only when not granted before (the bank's `previous` when it says) and not already shared.
      newScopes: consent === undefined ? [] : newlyRequestedData(consent, this.wording),
    });
  }

  get confirming(): boolean {
    return this.session.loading;
  }

  /** No live Confirm once the journey is ending (DESIGN §3.4; Back after the return). */
  get canConfirm(): boolean {
    return !this.session.loading && !this.session.finished;
  }

  /** Issue 23 item B: a confirmation would share nothing, and the model refuses it. */
  get nothingToShare(): boolean {
    return selectionSharesNothing(this.flow.state);
  }

  /** Issue 23 item B: after Confirm on a review that shares nothing, what is missing and what to do (beside the buttons). */
  get confirmMessage(): string | undefined {
    if (this.confirmRefused === 0 || !this.nothingToShare) return undefined;
    const { back, cancel } = this.session.buttons;
    return stepsCopy.confirmation.nothingToShare(this.session.tppName, back, cancel);
  }

  setDescription(description: string): void {
    void this.flow.dispatch({ type: 'describe', text: description });
  }

  /** Spec §4 Success: confirm (one request however often it is pressed), the success modal, then the return. */
  confirm(): Promise<void> {
    // Issue 23 item B: the model refuses it; the press is noted, so the page says why.
    if (this.nothingToShare) this.confirmRefused += 1;
    return this.flow.dispatch({ type: 'confirm' });
  }

  /** Spec §4: Back from confirmation goes to select-and-confirm (select-profile when skip-step); the ticks are kept. */
  back(): Promise<void> {
    return this.flow.dispatch({ type: 'back' });
  }

  cancel(): void {
    void this.flow.dispatch({ type: 'cancel' });
  }
}
