import { inject, injectable } from 'inversify';
import { assertNever } from '../../domain/result';
import { ModalStore } from '../stores/modal.store';
import { ConfirmConsent } from './confirm-consent.use-case';
import { InactivityTimer } from './inactivity-timer.use-case';
import { Leave } from './leave.use-case';
import { Navigation } from './navigation.use-case';

/** Spec §4 "Button behaviours": what the open modal's buttons do. */
@injectable()
export class ModalActions {
  constructor(
    @inject(ModalStore) private readonly modal: ModalStore,
    @inject(Leave) private readonly leave: Leave,
    @inject(Navigation) private readonly navigation: Navigation,
    @inject(InactivityTimer) private readonly inactivity: InactivityTimer,
    @inject(ConfirmConsent) private readonly confirmConsent: ConfirmConsent,
  ) {}

  /** The modal's main button. */
  async activate(): Promise<void> {
    const rule = this.modal.rule;
    if (rule === undefined || this.modal.busy) return;
    switch (rule.button) {
      case 'close':
        return this.dismiss();
      case 'previousStep':
        return this.navigation.backToProfiles();
      case 'pendingRefreshFlow':
        return this.leave.rejectAndReturn('cancelled');
      case 'returnAfterReject':
        return this.leave.rejectAndReturn('rejected');
      case 'onlyReturn':
        return this.leave.returnWithoutServer();
      case 'returnWithSuccess':
        return this.confirmConsent.returnToThirdParty();
      default:
        return assertNever(rule.button);
    }
  }

  /**
   * Close button, Escape, or a modal's secondary button: closable modals only. Closing the
   * timeout warning stops its countdown and extends the session (spec §4, WCAG 2.2.1).
   */
  dismiss(): void {
    if (this.modal.rule?.closable !== true || this.modal.busy) return;
    if (this.modal.isOpen('timeoutWarning')) this.inactivity.extend();
    else this.modal.close();
  }
}
