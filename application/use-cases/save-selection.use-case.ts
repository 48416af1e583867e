import { inject, injectable } from 'inversify';
import { saveSelectionRequest } from '../../domain/save-request';
import { saveOrConfirmErrorModal } from '../../domain/step-error-policy';
import { CUSTOMER_AUTH_API, type CustomerAuthApi } from '../ports/customer-auth-api.port';
import { ModalStore } from '../stores/modal.store';
import { SessionStore } from '../stores/session.store';
import { Navigation } from './navigation.use-case';

/** Spec §4: Continue on select-and-confirm saves the selection, then goes to confirmation. */
@injectable()
export class SaveSelection {
  constructor(
    @inject(SessionStore) private readonly session: SessionStore,
    @inject(ModalStore) private readonly modal: ModalStore,
    @inject(CUSTOMER_AUTH_API) private readonly api: CustomerAuthApi,
    @inject(Navigation) private readonly navigation: Navigation,
  ) {}

  async execute(): Promise<void> {
    const consent = this.session.consent;
    if (consent === undefined || this.session.loading || this.session.finished) return;
    this.session.setLoading(true);
    const saved = await this.api.saveSelection(saveSelectionRequest(consent.scopes, this.session.accounts?.data ?? [], ''));
    if (!saved.ok) {
      this.session.setLoading(false);
      this.modal.open(saveOrConfirmErrorModal(saved.error));
      return;
    }
    this.navigation.goTo('confirmation');
  }
}
