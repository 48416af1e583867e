import { inject, injectable } from 'inversify';
import { toProfileList } from '../../domain/profiles';
import { customerDetailsErrorModal } from '../../domain/step-error-policy';
import { CUSTOMER_AUTH_API, type CustomerAuthApi } from '../ports/customer-auth-api.port';
import { ModalStore } from '../stores/modal.store';
import { SessionStore } from '../stores/session.store';
import { AccountStep } from './account-step.use-case';
import { Navigation } from './navigation.use-case';

/**
 * Spec §4 "Entry guard chain": authenticate, then customer details, then business list, each
 * remembered once verified; then the business step.
 */
@injectable()
export class EntryGuards {
  constructor(
    @inject(SessionStore) private readonly session: SessionStore,
    @inject(ModalStore) private readonly modal: ModalStore,
    @inject(CUSTOMER_AUTH_API) private readonly api: CustomerAuthApi,
    @inject(Navigation) private readonly navigation: Navigation,
    @inject(AccountStep) private readonly accountStep: AccountStep,
  ) {}

  /** Runs the guards after a successful authentication, then the business step. */
  async afterAuthentication(): Promise<void> {
    this.session.markVerified({ authenticated: true });
    this.session.setLoading(true);
    if (!this.session.verified.customerDetails) {
      const details = await this.api.customerDetails();
      if (!details.ok) return this.fail(customerDetailsErrorModal(details.error));
      this.session.setCustomer(details.value);
    }
    if (!this.session.verified.businesses) {
      const businesses = await this.api.businesses();
      if (!businesses.ok) return this.fail('serviceUnavailable');
      this.session.setProfiles(toProfileList(businesses.value));
    }
    await this.businessStep();
  }

  /**
   * Spec §4 "Business step": PAR goes straight to select-and-confirm; more than one business
   * (a trust profile) stays to choose a profile; otherwise on to select-and-confirm.
   */
  private async businessStep(): Promise<void> {
    if (this.session.profileStepShown) {
      this.navigation.goTo('selectProfile');
      return;
    }
    await this.accountStep.enter();
  }

  /** Spec §4 guard failure: the modal of spec §8, then the reset. */
  private fail(modal: Parameters<ModalStore['open']>[0]): void {
    this.navigation.resetAfterGuardFailure();
    this.modal.open(modal);
  }
}
