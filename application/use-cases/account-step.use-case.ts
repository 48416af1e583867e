import { inject, injectable } from 'inversify';
import { accountState, preselectFromConsent, type Account } from '../../domain/accounts';
import { isChosen, toggleAccount, toggleSubAccount } from '../../domain/account-selection';
import { PERSONAL_PROFILE_ID } from '../../domain/profiles';
import { businessConsentRequest } from '../../domain/save-request';
import { accountStepFailure } from '../../domain/step-error-policy';
import { CUSTOMER_AUTH_API, type CustomerAuthApi } from '../ports/customer-auth-api.port';
import { ModalStore } from '../stores/modal.store';
import { SessionStore } from '../stores/session.store';
import { Navigation } from './navigation.use-case';

/** The account step's entry (spec §4 "Account step"). */
@injectable()
export class AccountStep {
  constructor(
    @inject(SessionStore) private readonly session: SessionStore,
    @inject(ModalStore) private readonly modal: ModalStore,
    @inject(CUSTOMER_AUTH_API) private readonly api: CustomerAuthApi,
    @inject(Navigation) private readonly navigation: Navigation,
  ) {}

  /**
   * Spec §4: confirm the profile with the bank (business consent put) unless PAR or the PERSONAL
   * profile is already confirmed; with skip-step go to confirmation without loading accounts;
   * otherwise load the accounts, pre-select those named in the existing consent, and show them.
   * `keepSelection` restores the customer's earlier ticks when returning from confirmation.
   */
  async enter(keepSelection: readonly Account[] = []): Promise<void> {
    const profile = this.session.selectedProfile;
    this.session.setLoading(true);
    if (!this.session.isPar && profile !== undefined && !(profile.id === PERSONAL_PROFILE_ID && this.session.verified.personalProfileConfirmed)) {
      const confirmed = await this.api.confirmBusinessProfile(businessConsentRequest(profile.id));
      if (!confirmed.ok) return this.fail(accountStepFailure(confirmed.error));
      if (profile.id === PERSONAL_PROFILE_ID) this.session.markVerified({ personalProfileConfirmed: true });
    }
    if (this.session.skipStep) {
      this.navigation.goTo('confirmation');
      return;
    }
    const loaded = await this.api.accounts();
    if (!loaded.ok) return this.fail(accountStepFailure(loaded.error));
    const consentAccounts = this.session.consent?.sharedAccounts ?? [];
    const state = preselectFromConsent(loaded.value, consentAccounts);
    this.session.setAccounts(keepSelection.length > 0 ? accountState(restoreSelection(state.data, keepSelection)) : state);
    this.session.markVerified({ accounts: true });
    this.navigation.goTo('selectAccounts');
  }

  private fail(failure: ReturnType<typeof accountStepFailure>): void {
    if (failure.kind === 'continueWithoutAccounts') {
      this.session.setAccounts(undefined);
      this.session.markVerified({ accounts: true });
      this.navigation.goTo('selectAccounts');
      return;
    }
    this.session.setLoading(false);
    this.modal.open(failure.modal);
  }
}

/** Re-applies the customer's earlier ticks to freshly loaded accounts (same ids), leaving the rest as loaded. */
function restoreSelection(loaded: readonly Account[], earlier: readonly Account[]): readonly Account[] {
  let accounts = loaded;
  for (const before of earlier) {
    const now = accounts.find((account) => account.id === before.id);
    if (now === undefined || !now.eligibleAccount) continue;
    if (now.type === 'EGA') {
      for (const sub of now.subAccounts) {
        const wasSelected = before.subAccounts.find((s) => s.id === sub.id)?.selected ?? false;
        const current = accounts.find((a) => a.id === now.id)?.subAccounts.find((s) => s.id === sub.id);
        if (current !== undefined && current.selected !== wasSelected) accounts = toggleSubAccount(accounts, now.id, sub.id);
      }
    } else if (isChosen(now) !== isChosen(before)) {
      accounts = toggleAccount(accounts, now.id);
    }
  }
  return accounts;
}
