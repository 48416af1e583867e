import { inject, injectable } from 'inversify';
import type { Step } from '../../domain/flow';
import { ANALYTICS, type Analytics } from '../ports/analytics.port';
import { ModalStore } from '../stores/modal.store';
import { SessionStore } from '../stores/session.store';

/**
 * Moves the flow between steps (spec §4). Steps change without changing the address or the
 * history (DESIGN §3.6); each arrival is one page view for analytics.
 */
@injectable()
export class Navigation {
  constructor(
    @inject(SessionStore) private readonly session: SessionStore,
    @inject(ModalStore) private readonly modal: ModalStore,
    @inject(ANALYTICS) private readonly analytics: Analytics,
  ) {}

  goTo(step: Step): void {
    this.session.showFlow(step);
    this.analytics.pageView(step);
  }

  /**
   * Spec §4 guard failure: state reset, loading off, verification flags cleared, return to the
   * start page, or to select-profile when several profiles and not PAR.
   */
  resetAfterGuardFailure(): void {
    const backToProfiles = this.session.profileStepShown;
    this.session.resetVerification();
    if (backToProfiles) {
      this.session.markVerified({ authenticated: true, customerDetails: true, businesses: true });
      this.goTo('selectProfile');
    } else {
      this.goTo('login');
    }
  }

  /**
   * Spec §8 "any other error opens Service unavailable" (return only): a step's code or
   * stylesheet could not be loaded, even after the retries of DESIGN §3.4. Bound: a view may
   * pass it on as a callback.
   */
  stepUnavailable = (): void => {
    this.modal.open('serviceUnavailable');
  };

  /** Spec §4: Back on select-and-confirm opens the warning that this profile's choices will be deselected. */
  askToChangeProfile(): void {
    this.modal.open('changeSelectedProfile');
  }

  /** Spec §4: OK on the change-profile warning resets the account guard and returns to select-profile. */
  backToProfiles(): void {
    this.modal.close();
    this.session.markVerified({ accounts: false });
    this.session.setAccounts(undefined);
    this.goTo('selectProfile');
  }
}
