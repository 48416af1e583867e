import { inject, injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import { accountState, type Account } from '../../domain/accounts';
import {
  isAllSelected, isSelectAllShown, noneSelected, notAllSelected, toggleAccount, toggleSelectAll, toggleSubAccount,
} from '../../domain/account-selection';
import { Navigation } from '../use-cases/navigation.use-case';
import { SaveSelection } from '../use-cases/save-selection.use-case';
import { ModalStore } from './modal.store';
import { SessionStore } from './session.store';

/** The select-and-confirm step (spec §2 "Select and confirm", §4 "Account selection"). */
@injectable()
export class AccountSelectionStore {
  constructor(
    @inject(SessionStore) private readonly session: SessionStore,
    @inject(ModalStore) private readonly modal: ModalStore,
    @inject(SaveSelection) private readonly saveSelection: SaveSelection,
    @inject(Navigation) private readonly navigation: Navigation,
  ) {
    makeAutoObservable<this, 'session' | 'modal' | 'saveSelection' | 'navigation'>(
      this, { session: false, modal: false, saveSelection: false, navigation: false }, { autoBind: true, deep: false },
    );
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

  /** Spec §2: "Some accounts are not available for data sharing." for an individual profile with read-only accounts. */
  get showSomeIneligibleWarning(): boolean {
    return (this.session.accounts?.individualAccount ?? true) && this.readonlyAccounts.length > 0 && this.availableAccounts.length > 0;
  }

  /** Spec §2: "You do not have any eligible accounts to share." */
  get showNoneEligibleWarning(): boolean {
    return this.availableAccounts.length === 0;
  }

  /** Spec §2: the select-all box only with more than one account. */
  get selectAllShown(): boolean {
    return isSelectAllShown(this.availableAccounts);
  }

  get allSelected(): boolean {
    return isAllSelected(this.accounts);
  }

  get notAllSelectedNote(): boolean {
    return notAllSelected(this.accounts);
  }

  get noneSelectedNote(): boolean {
    return noneSelected(this.accounts);
  }

  toggle(id: string): void {
    this.replace(toggleAccount(this.accounts, id));
  }

  toggleSubAccount(parentId: string, subId: string): void {
    this.replace(toggleSubAccount(this.accounts, parentId, subId));
  }

  toggleAll(): void {
    this.replace(toggleSelectAll(this.accounts));
  }

  /** Spec §4: Continue saves the selection, then goes to confirmation. */
  async continue(): Promise<void> {
    await this.saveSelection.execute();
  }

  /** Spec §2: Back (only when shown) opens the change-profile warning. */
  back(): void {
    if (this.session.buttons.back !== undefined) this.navigation.askToChangeProfile();
  }

  cancel(): void {
    this.modal.open('sharingIncomplete');
  }

  private replace(data: readonly Account[]): void {
    if (this.session.loading || this.session.finished) return;
    this.session.setAccounts(accountState(data));
  }
}
