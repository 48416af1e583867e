import { inject, injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import type { Account } from '../../domain/accounts';
import { stepsCopy } from '../../domain/steps-copy';
import { filterAccounts, noneSelected, notAllSelected, selectAllScope, selectionCount, type SelectAllScope } from '../../domain/account-selection';
import { nothingSelectable, selectionSharesNothing } from '../../domain/flow-steps';
import { FlowController } from '../flow-controller';
import { SessionStore } from './session.store';

/** Above this many accounts the step offers a filter box (a long list, e.g. 500 accounts). */
export const ACCOUNT_FILTER_MIN = 20;

/** A long list shows this many tiles at first, and this many more on each "Show more accounts". */
export const ACCOUNT_PAGE_SIZE = 50;

/** The select-and-confirm step (spec §2 "Select and confirm", §4 "Account selection"). */
@injectable()
export class AccountSelectionStore {
  /** The filter box's text: it narrows the tiles shown and never changes the selection. */
  filterText = '';
  /** How many tiles of a long list are shown (grows with "Show more accounts"). */
  shownLimit = ACCOUNT_PAGE_SIZE;
  /** Issue 23 item C: how often Continue was pressed with nothing to share (each press a new request, for focus). */
  continueRefused = 0;

  constructor(
    @inject(FlowController) private readonly flow: FlowController,
    @inject(SessionStore) private readonly session: SessionStore,
  ) {
    makeAutoObservable<this, 'flow' | 'session'>(this, { flow: false, session: false }, { autoBind: true, deep: false });
  }

  /** Every account, pre-selected first (spec §4). */
  get accounts(): readonly Account[] {
    return this.session.accounts?.data ?? [];
  }

  get availableAccounts(): readonly Account[] {
    return this.session.accounts?.availableAccounts ?? [];
  }

  get readonlyAccounts(): readonly Account[] {
    return this.session.accounts?.readonlyAccounts ?? [];
  }

  /**
   * Spec §2: "Some accounts are not available for data sharing." with read-only accounts; issue 22
   * (CX standards "Unavailable accounts": "SHOULD communicate why these accounts cannot be
   * selected"): for business and trust profiles too, not only for an individual's.
   */
  get showSomeIneligibleWarning(): boolean {
    return this.readonlyAccounts.length > 0 && this.availableAccounts.length > 0;
  }

  /**
   * Issue 22: why accounts cannot be selected and what can be done, as in-line help under the
   * warning, in the words of the accounts' owner (an individual, or a business or trust).
   */
  get unavailableWhy(): readonly string[] {
    return (this.session.accounts?.individualAccount ?? true)
      ? stepsCopy.selectAccounts.unavailableWhyIndividual
      : stepsCopy.selectAccounts.unavailableWhyOrganisation;
  }

  /** Spec §2: "You do not have any eligible accounts to share." */
  get showNoneEligibleWarning(): boolean {
    return this.availableAccounts.length === 0;
  }

  /** Spec §2, issue 13 item 1: what the select-all box acts on (the matching accounts under a filter). */
  get selectAll(): SelectAllScope {
    return selectAllScope(this.accounts, this.filterShown ? this.filterText : '');
  }

  /** Spec §2: the select-all box only with more than one account (matching one, under a filter). */
  get selectAllShown(): boolean {
    return this.selectAll.shown;
  }

  get allSelected(): boolean {
    return this.selectAll.checked;
  }

  /** Issue 13 item 1: "3 of 500 accounts selected", always visible. */
  get selectionCount(): { readonly selected: number; readonly total: number } {
    return selectionCount(this.accounts);
  }

  /** Issue 13 item 1: a filter that matches no account ("No accounts match"). */
  get noMatch(): boolean {
    return this.filterShown && this.filterText.trim() !== '' && this.visibleAccounts.length === 0;
  }

  get notAllSelectedNote(): boolean {
    return notAllSelected(this.accounts);
  }

  get noneSelectedNote(): boolean {
    return noneSelected(this.accounts);
  }

  /** A filter box only for long lists (more than {@link ACCOUNT_FILTER_MIN} accounts). */
  get filterShown(): boolean {
    return this.accounts.length > ACCOUNT_FILTER_MIN;
  }

  /** The accounts matching the filter (name or number); every account when there is no filter. */
  get visibleAccounts(): readonly Account[] {
    return this.filterShown ? filterAccounts(this.accounts, this.filterText) : this.accounts;
  }

  /**
   * The tiles rendered: a short list whole; a long list page by page (the first
   * {@link ACCOUNT_PAGE_SIZE}, then more on request), so a 500-account list stays quick.
   * Accounts not shown keep their selection; without a filter select-all covers every account.
   */
  get shownAccounts(): readonly Account[] {
    if (!this.filterShown) return this.accounts;
    const matching = this.visibleAccounts;
    return matching.length <= this.shownLimit ? matching : matching.slice(0, this.shownLimit);
  }

  /** Matching accounts not rendered yet ("Show more accounts"). */
  get moreCount(): number {
    return this.visibleAccounts.length - this.shownAccounts.length;
  }

  setFilter(text: string): void {
    this.filterText = text;
    this.shownLimit = ACCOUNT_PAGE_SIZE;
  }

  showMore(): void {
    this.shownLimit += ACCOUNT_PAGE_SIZE;
  }

  toggle(id: string): void {
    void this.flow.dispatch({ type: 'toggleAccount', id });
  }

  toggleSubAccount(parentId: string, subId: string): void {
    void this.flow.dispatch({ type: 'toggleSubAccount', parentId, subId });
  }

  toggleAll(): void {
    const { ids } = this.selectAll;
    void this.flow.dispatch(ids === undefined ? { type: 'toggleAll' } : { type: 'toggleAll', ids });
  }

  /**
   * Issue 23 items B, C: no account is selected and the recipient asked only for account data,
   * so going on would share nothing (domain/flow-steps.ts `selectionSharesNothing`; the model refuses it).
   */
  get nothingToShare(): boolean {
    return selectionSharesNothing(this.flow.state);
  }

  /** Issue 23 item C: after Continue with nothing to share, what is missing; gone once an account is ticked (none when nothing can be ticked: No eligible accounts says it). */
  get continueMessage(): string | undefined {
    return this.continueRefused > 0 && this.nothingToShare && !nothingSelectable(this.flow.state.journey.accounts)
      ? stepsCopy.selectAccounts.selectAnAccount(this.session.tppName)
      : undefined;
  }

  /**
   * Spec §4: Continue saves the selection, then goes to confirmation. Issue 23 item C: not when
   * that would share nothing (the model stays): Continue stays pressable, names what is missing
   * (continueMessage) and the view moves focus to the accounts.
   */
  continue(): Promise<void> {
    if (this.nothingToShare) this.continueRefused += 1;
    return this.flow.dispatch({ type: 'continue' });
  }

  /** Spec §2: Back (only when shown) opens the change-profile warning. */
  back(): void {
    void this.flow.dispatch({ type: 'back' });
  }

  cancel(): void {
    void this.flow.dispatch({ type: 'cancel' });
  }
}
