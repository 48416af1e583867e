import { inject, injectable } from 'inversify';
import type { Step } from '../../domain/flow';
import type { Result } from '../../domain/result';
import {
  accessDeniedReturnUrl, plainReturnUrl, successReturnUrl, type ConfirmationAnswer, type ReturnUrl, type ReturnUrlError,
} from '../../domain/return-url';
import { ANALYTICS, type AbandonmentStage, type Analytics } from '../ports/analytics.port';
import { CUSTOMER_AUTH_API, type CustomerAuthApi } from '../ports/customer-auth-api.port';
import { REDIRECTOR, type Redirector } from '../ports/redirector.port';
import { TOKEN_STORAGE, type TokenStorage } from '../ports/token-storage.port';
import { ModalStore } from '../stores/modal.store';
import { SessionStore } from '../stores/session.store';

/** CDR abandonment stage of a customer who cancels on a step (DESIGN §3.8). */
const stageOfStep: Readonly<Record<Step, AbandonmentStage>> = {
  login: 'preAuthentication',
  selectProfile: 'preAccountSelection',
  selectAccounts: 'preAccountSelection',
  confirmation: 'preAuthorisation',
};

/**
 * DESIGN §3.2 "One exit": every way back to the third party. Returns ask the server first
 * (`confirmation` with `false`) and prefer the `redirect_uri` it answers; the token leaves
 * session storage on every terminal path (DESIGN §3.3).
 */
@injectable()
export class Leave {
  constructor(
    @inject(SessionStore) private readonly session: SessionStore,
    @inject(ModalStore) private readonly modal: ModalStore,
    @inject(CUSTOMER_AUTH_API) private readonly api: CustomerAuthApi,
    @inject(REDIRECTOR) private readonly redirector: Redirector,
    @inject(TOKEN_STORAGE) private readonly storage: TokenStorage,
    @inject(ANALYTICS) private readonly analytics: Analytics,
  ) {}

  /**
   * Spec §4 pendingRefreshFlow / returnAfterReject: reject the consent on the server, then return
   * with error=access_denied to the address it answers (else the token's). If rejecting fails,
   * the service unavailable modal opens (spec §4 inactivity timer, spec §8).
   */
  async rejectAndReturn(reason: 'cancelled' | 'rejected'): Promise<void> {
    const token = this.session.token;
    if (token === undefined || this.session.finished) return;
    this.modal.setBusy(true);
    this.session.setLoading(true);
    const answer = await this.api.confirmation(false);
    this.session.setLoading(false);
    if (!answer.ok) {
      this.modal.open('serviceUnavailable');
      return;
    }
    this.analytics.abandoned(reason === 'cancelled' ? stageOfStep[this.session.step] : 'rejected');
    this.depart(accessDeniedReturnUrl(answer.value.redirect_uri ?? token.redirectUri, token.state));
  }

  /** Spec §4 onlyReturn: return with error=access_denied to the token's address, without the server. */
  returnWithoutServer(): void {
    const token = this.session.token;
    if (token === undefined || this.session.finished) return;
    this.analytics.abandoned('rejected');
    this.depart(accessDeniedReturnUrl(token.redirectUri, token.state));
  }

  /** Spec §4 Success / CONTRACT §6: return with the confirmation's answer. */
  returnWithSuccess(answer: ConfirmationAnswer): void {
    const token = this.session.token;
    if (token === undefined) return;
    this.depart(successReturnUrl(answer, token.redirectUri));
  }

  /**
   * Spec §2 failure page: Go Back to the verified token's redirect address, or Leave Page to the
   * bank's public site. Nothing is followed that is not http(s) (DESIGN §3.1).
   */
  leaveFailurePage(): void {
    const token = this.session.token;
    if (token !== undefined) {
      this.analytics.abandoned('preIdentification');
      this.depart(accessDeniedReturnUrl(token.redirectUri, token.state));
      return;
    }
    const publicSite = this.session.config?.publicSiteUrl;
    if (publicSite !== undefined) this.depart(plainReturnUrl(publicSite));
  }

  private depart(url: Result<ReturnUrl, ReturnUrlError>): void {
    this.session.finish();
    this.storage.clear();
    if (url.ok) {
      this.redirector.leave(url.value);
    } else {
      this.modal.close();
      this.session.showFailure('incorrect_jwt');
    }
  }
}
