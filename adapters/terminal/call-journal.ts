import type { AccountState } from '../../domain/accounts';
import type { ApiError } from '../../domain/api-error';
import type { Consent } from '../../domain/consent';
import type { CustomerDetails } from '../../domain/customer-details';
import type { FlowCallKind } from '../../domain/flow-effects';
import { NO_FAILED_CALLS, noteAnswer, type CallRecord } from './journey-verdict';
import type { AuthenticateRequest } from '../../domain/login-form';
import type { Business } from '../../domain/profiles';
import type { Result } from '../../domain/result';
import type { ConfirmationAnswer } from '../../domain/return-url';
import type { BusinessConsentRequest, SaveSelectionRequest } from '../../domain/save-request';
import { NO_ANSWER, type CustomerAuthApi } from '../../application/ports/customer-auth-api.port';

/** What the terminal's verdict knows of the bank (docs/terminal.md "Verdicts"); the flow sees exactly the answers it would without it. */
export class CallJournal implements CustomerAuthApi {
  private noted: CallRecord = NO_FAILED_CALLS;

  constructor(private readonly api: CustomerAuthApi) {}

  get record(): CallRecord {
    return this.noted;
  }

  private async note<T>(call: FlowCallKind, answer: () => Promise<Result<T, ApiError>>): Promise<Result<T, ApiError>> {
    try {
      const result = await answer();
      this.noted = noteAnswer(this.noted, call, result);
      return result;
    } catch (error) {
      // The port never throws; a bug in it is no answer, as the flow controller reads it.
      this.noted = noteAnswer(this.noted, call, {
        ok: false,
        error: { status: 0, code: NO_ANSWER, causes: [error instanceof Error ? error.message : String(error)] },
      });
      throw error;
    }
  }

  authenticate(request: AuthenticateRequest): Promise<Result<void, ApiError>> {
    return this.note('authenticate', () => this.api.authenticate(request));
  }

  customerDetails(): Promise<Result<CustomerDetails, ApiError>> {
    return this.note('customerDetails', () => this.api.customerDetails());
  }

  businesses(): Promise<Result<readonly Business[], ApiError>> {
    return this.note('businesses', () => this.api.businesses());
  }

  confirmBusinessProfile(request: BusinessConsentRequest): Promise<Result<void, ApiError>> {
    return this.note('confirmBusinessProfile', () => this.api.confirmBusinessProfile(request));
  }

  accounts(): Promise<Result<AccountState, ApiError>> {
    return this.note('accounts', () => this.api.accounts());
  }

  consentDetails(): Promise<Result<Consent, ApiError>> {
    return this.note('consentDetails', () => this.api.consentDetails());
  }

  saveSelection(request: SaveSelectionRequest): Promise<Result<void, ApiError>> {
    return this.note('saveSelection', () => this.api.saveSelection(request));
  }

  confirmation(authorisationStatus: boolean, idempotencyKey: string): Promise<Result<ConfirmationAnswer, ApiError>> {
    return this.note(authorisationStatus ? 'confirm' : 'reject', () => this.api.confirmation(authorisationStatus, idempotencyKey));
  }

  keepAlive(): Promise<Result<void, ApiError>> {
    return this.note('keepAlive', () => this.api.keepAlive());
  }
}
