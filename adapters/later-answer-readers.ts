// The readers of the answers only the steps after login get (CONTRACT §3): loaded by
// FetchCustomerAuthApi when first needed, not with the first screen (issue 15, docs/performance.md
// "Bytes of the first screen").
import type { AccountsError, AccountState } from '../domain/accounts';
import type { ApiError } from '../domain/api-error';
import type { CustomerDetails } from '../domain/customer-details';
import type { Business } from '../domain/profiles';
import { assertNever, err, type Result } from '../domain/result';
import { MALFORMED_ANSWER } from '../application/ports/customer-auth-api.port';
import { toAccounts } from './account-answer.reader';
import { parseBusinessList, type BusinessListError } from './businesses.reader';
import { parseCustomerDetails } from './customer-details.reader';

const malformed = (status: number, ...causes: string[]): { readonly ok: false; readonly error: ApiError } => err({ status, code: MALFORMED_ANSWER, causes });

const describeAccountsError = (error: AccountsError): string => {
  switch (error.kind) {
    case 'notAnAccountList':
      return 'accounts.account must be a list';
    case 'nullAccount':
      return `accounts.account[${error.index}] is null`;
    case 'malformedAccount':
      return `accounts.account[${error.index}].${error.field} is malformed`;
    default:
      return assertNever(error);
  }
};

const describeBusinessListError = (error: BusinessListError): string => {
  switch (error.kind) {
    case 'notABusinessList':
      return 'businessList must be a list';
    case 'malformedBusiness':
      return `businessList[${error.index}] needs a companyId and a businessName`;
    case 'duplicateCompanyId':
      return `businessList has companyId ${error.companyId} more than once`;
    default:
      return assertNever(error);
  }
};

/** Spec §8: the customer details answer. */
export function readCustomerDetails(json: unknown, status: number): Result<CustomerDetails, ApiError> {
  const details = parseCustomerDetails(json);
  return details.ok ? details : malformed(status, details.error);
}

/** Spec §3 "Customer info": the businesses answer. */
export function readBusinesses(json: unknown, status: number): Result<readonly Business[], ApiError> {
  const list = parseBusinessList(json);
  return list.ok ? list : malformed(status, describeBusinessListError(list.error));
}

/** Spec §4 "Account step": one the domain cannot read (a null entry) is a MALFORMED_ANSWER with the domain's status, 400. */
export function readAccounts(json: unknown): Result<AccountState, ApiError> {
  const state = toAccounts(json);
  return state.ok ? state : malformed(state.error.status, describeAccountsError(state.error));
}
