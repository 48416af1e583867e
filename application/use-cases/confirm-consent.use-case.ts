import { inject, injectable } from 'inversify';
import type { ConfirmationAnswer } from '../../domain/return-url';
import { saveSelectionRequest } from '../../domain/save-request';
import { saveOrConfirmErrorModal } from '../../domain/step-error-policy';
import { CUSTOMER_AUTH_API, type CustomerAuthApi } from '../ports/customer-auth-api.port';
import { SCHEDULER, type Cancel, type Scheduler } from '../ports/scheduler.port';
import { ModalStore } from '../stores/modal.store';
import { SessionStore } from '../stores/session.store';
import { Leave } from './leave.use-case';

/** How long the success modal shows before the customer is returned to the third party. */
export const SUCCESS_RETURN_DELAY_MS = 2500;

/**
 * Spec §4 Confirm and Success: with a description, the selection is saved again carrying it
 * (spec §7), then the consent is authorised; the success modal shows, then the customer returns
 * with the answer (CONTRACT §6), by the modal's button or after {@link SUCCESS_RETURN_DELAY_MS}.
 * DESIGN §3.4: single-flight (one request however often it is triggered) and never re-sent
 * automatically; a failure opens the modal of spec §8.
 */
@injectable()
export class ConfirmConsent {
  private inFlight: Promise<ConfirmationAnswer | undefined> | undefined = undefined;
  private answer: ConfirmationAnswer | undefined = undefined;
  private cancelAutoReturn: Cancel | undefined = undefined;

  constructor(
    @inject(SessionStore) private readonly session: SessionStore,
    @inject(ModalStore) private readonly modal: ModalStore,
    @inject(CUSTOMER_AUTH_API) private readonly api: CustomerAuthApi,
    @inject(Leave) private readonly leave: Leave,
    @inject(SCHEDULER) private readonly scheduler: Scheduler,
  ) {}

  /** The confirmation's answer, or undefined when it failed (its modal is open) or was not allowed. */
  execute(description: string): Promise<ConfirmationAnswer | undefined> {
    if (this.inFlight === undefined) {
      if (this.session.finished || this.session.consent === undefined) return Promise.resolve(undefined);
      this.inFlight = this.run(description);
    }
    return this.inFlight;
  }

  /** The success modal's button, or the automatic return after it has shown. */
  returnToThirdParty(): void {
    this.cancelAutoReturn?.();
    if (this.answer !== undefined) this.leave.returnWithSuccess(this.answer);
  }

  private async run(description: string): Promise<ConfirmationAnswer | undefined> {
    const consent = this.session.consent;
    if (consent === undefined) return undefined;
    this.session.setLoading(true);
    if (description.trim() !== '') {
      const saved = await this.api.saveSelection(saveSelectionRequest(consent.scopes, this.session.accounts?.data ?? [], description));
      if (!saved.ok) return this.fail(saveOrConfirmErrorModal(saved.error));
    }
    const answer = await this.api.confirmation(true);
    if (!answer.ok) return this.fail(saveOrConfirmErrorModal(answer.error));
    this.answer = answer.value;
    this.session.finish();
    this.session.setLoading(false);
    this.modal.open('successConfirm');
    this.cancelAutoReturn = this.scheduler.after(SUCCESS_RETURN_DELAY_MS, () => this.returnToThirdParty());
    return answer.value;
  }

  private fail(modal: Parameters<ModalStore['open']>[0]): undefined {
    // The consent may be half-way on the server: no retry from here, only the way back (spec §8).
    this.session.setLoading(false);
    this.modal.open(modal);
    return undefined;
  }
}
