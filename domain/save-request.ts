import type { Account } from './accounts';
import { isBankScope } from './scopes';

/** CONTRACT §5, spec §3 "Consent save request": an account as the save request names it. */
export interface AccountReference {
  readonly schemeName: string;
  readonly identification: string;
  /** The account id (`scheme.secondaryIdentification`). */
  readonly secondaryIdentification: string;
}

/** CONTRACT §5: one permission; customer permissions carry no `accounts`. */
interface SavePermission {
  readonly permission: string;
  readonly accounts?: readonly AccountReference[];
}

/** CONTRACT §5: body of `PUT /customer-auth/consent`. */
export interface SaveSelectionRequest {
  readonly permissions: readonly SavePermission[];
  readonly consentNickname?: string;
}

/** CONTRACT §3: body of `PUT /customer-auth/consent` with `requestType: BUSINESS_CONTRACT`. */
export interface BusinessConsentRequest {
  readonly bcin: string;
}

const reference = (account: { readonly schemeName: string; readonly identification: string; readonly id: string }): AccountReference => ({
  schemeName: account.schemeName,
  identification: account.identification,
  secondaryIdentification: account.id,
});

/**
 * CONTRACT §5, spec §5 "Accounts in a group are sent only if selected; partly selected groups are
 * included": the selected accounts in list order; an EGA contributes each of its selected
 * sub-accounts, never itself.
 */
export function selectedAccountReferences(accounts: readonly Account[]): readonly AccountReference[] {
  return accounts.flatMap((account) =>
    account.type === 'EGA' ? account.subAccounts.filter((sub) => sub.selected).map(reference) : account.selected ? [reference(account)] : [],
  );
}

/**
 * CONTRACT §5, spec §3 and §6: every bank permission carries all selected accounts; customer
 * permissions (common:customer.basic:read, common:customer.detail:read) carry no `accounts`, nor
 * do the OIDC scopes and `cdr:registration` (issue 33 item 12: only bank scopes carry accounts).
 * `consentNickname` is sent only when the description is not blank, and trimmed.
 */
export function saveSelectionRequest(scopes: readonly string[], accounts: readonly Account[], description: string): SaveSelectionRequest {
  const shared = selectedAccountReferences(accounts);
  const permissions = scopes.map((permission): SavePermission => (isBankScope(permission) ? { permission, accounts: shared } : { permission }));
  const nickname = description.trim();
  return nickname === '' ? { permissions } : { permissions, consentNickname: nickname };
}

/** Spec §3 "Consent save request" (business variant), §4 "Account step": confirm the chosen profile. */
export function businessConsentRequest(companyId: string): BusinessConsentRequest {
  return { bcin: companyId };
}
