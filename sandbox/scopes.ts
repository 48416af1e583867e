// The scopes as the contract lists them (the OpenAPI document's Scope enum, CONTRACT §3 and §5),
// read from the generated wire types rather than from the app's own list.
import { scopeValues, type Scope } from '../contract/customer-auth.wire';

/** CONTRACT §5: the customer permissions, which carry no accounts (`common:customer.…`). */
const CUSTOMER_SCOPES: readonly Scope[] = scopeValues.filter((scope) => scope.startsWith('common:customer.'));

/** The CDR data scopes (`bank:…` and `common:…`) a recipient may tick in the simulator; OIDC's and `cdr:registration` are not data. */
export const DATA_SCOPES: readonly Scope[] = scopeValues.filter((scope) => scope.startsWith('bank:') || scope.startsWith('common:'));

/** CONTRACT §3: any scope of the contract's Scope enum may be asked for. */
export const isRequestableScope = (value: unknown): value is Scope => scopeValues.some((scope) => scope === value);

/** CONTRACT §5: a customer permission is sent without accounts. */
const isCustomerScope = (scope: string): boolean => CUSTOMER_SCOPES.some((customer) => customer === scope);

/** CONTRACT §5 (issue 33 item 12): only a bank permission (`bank:…`) carries the selected accounts; OIDC's and `cdr:registration` carry none. */
export const isBankScope = (scope: string): boolean => scope.startsWith('bank:') && isRequestableScope(scope);

/**
 * CONTRACT §5 (issue 33 item 16): the permissions that share data without any account: the
 * customer permissions and OIDC `profile` (the customer's name).
 */
const sharesWithoutAccounts = (scope: string): boolean => isCustomerScope(scope) || scope === 'profile';

/**
 * CONTRACT §5 (issue 33 item 16): an arrangement of `permissions` with `accounts` accounts under
 * its bank permissions shares nothing (no account, and no permission that shares without one).
 */
export const sharesNothing = (permissions: readonly string[], accounts: number): boolean => accounts === 0 && !permissions.some(sharesWithoutAccounts);
