import { inject, injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import { isSelectable, type Account } from '../../domain/accounts';
import { stepsCopy } from '../../domain/steps-copy';
import { filterAccounts, noneSelected, notAllSelected, selectAllScope, selectionCount, type SelectAllScope } from '../../domain/account-selection';
import { nothingSelectable, selectionSharesNothing } from '../../domain/flow-steps';
import { FlowController } from '../flow-controller';
import { SessionStore } from './session.store';

/** Above this many accounts the step offers a filter box (a long list, e.g. 500 accounts). */
const ACCOUNT_FILTER_MIN = 20;

/** A long list shows this many tiles at first, and this many more on each "Show more accounts". */
const ACCOUNT_PAGE_SIZE = 50;

/** The select-and-confirm step (spec §2 "Select and confirm", §4 "Account selection"). */
@injectable()
export class AccountSelectionStore {
  /** Narrows the tiles shown; never changes the selection. */
  filterText = '';
  shownLimit = ACCOUNT_PAGE_SIZE;
  /**
   * Issue 23 item C: each press with nothing to share is a new request, for focus. Issue 33 item 6:
   * the refusal stands until Continue is pressed again or the step is shown anew (0), so its
   * message, above the accounts, never goes from under a finger ticking one.
   */
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
   * Spec §2: "Some accounts are not available for data sharing."; issue 22 (CX standards
   * "Unavailable accounts"): for business and trust profiles too.
   */
  get showSomeIneligibleWarning(): boolean {
    return this.readonlyAccounts.length > 0 && this.availableAccounts.length > 0;
  }

  /** Issue 22: why accounts cannot be selected and what can be done, in the words of the accounts' owner. */
  get unavailableWhy(): readonly string[] {
    return (this.session.accounts?.individualAccount ?? true)
      ? stepsCopy.selectAccounts.unavailableWhyIndividual
      : stepsCopy.selectAccounts.unavailableWhyOrganisation;
  }

  /** Spec §2: "You do not have any eligible accounts to share." */
  get showNoneEligibleWarning(): boolean {
    return this.availableAccounts.length === 0;
  }

  /**
   * Spec §2: "plus text that other requested data may still be shared" (Continue goes on to the
   * review). Issue 33 item 10: when only account data was asked for there is none, and Continue
   * opens No eligible accounts (spec §8), so the warning says that instead: never a silent press.
   */
  get noneEligibleNext(): string {
    return this.nothingToShare ? stepsCopy.selectAccounts.noneEligibleNothingElse(this.session.tppName) : stepsCopy.selectAccounts.noneEligibleMore;
  }

  /** Spec §2, issue 13 item 1: under a filter, the matching accounts. */
  get selectAll(): SelectAllScope {
    return selectAllScope(this.accounts, this.filterShown ? this.filterText : '');
  }

  /** Spec §2: only with more than one account (matching one, under a filter). */
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

  /** Issue 13 item 1: "No accounts match". */
  get noMatch(): boolean {
    return this.filterShown && this.filterText.trim() !== '' && this.visibleAccounts.length === 0;
  }

  get notAllSelectedNote(): boolean {
    return notAllSelected(this.accounts);
  }

  get noneSelectedNote(): boolean {
    return noneSelected(this.accounts);
  }

  get filterShown(): boolean {
    return this.accounts.length > ACCOUNT_FILTER_MIN;
  }

  get visibleAccounts(): readonly Account[] {
    return this.filterShown ? filterAccounts(this.accounts, this.filterText) : this.accounts;
  }

  /** A long list page by page, so a 500-account list stays quick; accounts not shown keep their selection. */
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

  /** Issue 23 items B, C: going on would share nothing, and the model refuses it. */
  get nothingToShare(): boolean {
    return selectionSharesNothing(this.flow.state);
  }

  /**
   * Issue 23 item C: after Continue with nothing to share; none when nothing can be ticked (No
   * eligible accounts says it). Issue 33 item 6: it stands until the next Continue (as a form's
   * error stands until it is sent again), where the focus goes.
   */
  get continueMessage(): string | undefined {
    return this.continueRefused > 0 && !nothingSelectable(this.flow.state.journey.accounts)
      ? stepsCopy.selectAccounts.selectAnAccount(this.session.tppName)
      : undefined;
  }

  /**
   * Issue 33 item 6: the account a refused Continue sends the focus to, read with its message, when
   * there is no select-all box (which takes it otherwise): the first shown that can be ticked.
   */
  get refusalFocusAccount(): string | undefined {
    if (this.continueMessage === undefined || this.selectAll.shown) return undefined;
    return this.shownAccounts.find(isSelectable)?.id;
  }

  /** Issue 33 item 6: the step is shown anew (a new visit): no refusal stands. */
  stepShown(): void {
    this.continueRefused = 0;
  }

  /** Spec §4: saves the selection, then confirmation; issue 23 item C: when that would share nothing, it stays pressable and says why. */
  continue(): Promise<void> {
    this.continueRefused = this.nothingToShare ? this.continueRefused + 1 : 0;
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
