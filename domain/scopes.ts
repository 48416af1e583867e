/** Spec §3 "Permissions (scopes)": the seven scopes a third party may request. */
export const SCOPES = [
  'bank:accounts.basic:read',
  'bank:accounts.detail:read',
  'bank:transactions:read',
  'bank:regular_payments:read',
  'bank:payees:read',
  'common:customer.basic:read',
  'common:customer.detail:read',
] as const;

export type Scope = (typeof SCOPES)[number];

export const isScope = (value: unknown): value is Scope => typeof value === 'string' && (SCOPES as readonly string[]).includes(value);

/** Spec §6: the customer scopes carry no account list. */
export const isCustomerScope = (scope: string): boolean => scope === 'common:customer.basic:read' || scope === 'common:customer.detail:read';

/**
 * CONTRACT §5 "Every bank permission carries all the selected accounts"; issue 33 item 12: only
 * the bank scopes carry accounts (not the customer scopes, nor OIDC's `openid` and `profile`,
 * nor `cdr:registration`, whatever spec §6's "every other permission" says).
 */
export const isBankScope = (scope: string): boolean => isScope(scope) && scope.startsWith('bank:');

/**
 * CDS "Profile Scope and Standard Claims: Common" (docs/review.md): the OIDC `profile` scope a
 * recipient may ask for beside the CDR scopes; the review shows it as the cluster "Name".
 */
export const PROFILE_SCOPE = 'profile';

/** Scopes that name no data for the customer (OIDC `openid`, CDR `cdr:registration`): never listed, never reported as unknown. */
const UNLISTED_SCOPES: readonly string[] = ['openid', 'cdr:registration'];

/** Scopes a recipient may ask for: the seven CDR scopes, `profile`, and the unlisted ones. */
export const isRequestableScope = (value: unknown): value is string =>
  isScope(value) || value === PROFILE_SCOPE || (typeof value === 'string' && UNLISTED_SCOPES.includes(value));

/** Issue 23 item B: the scopes whose data is shared without any account: the customer scopes and `profile`. */
export const needsNoAccount = (scope: string): boolean => isCustomerScope(scope) || scope === PROFILE_SCOPE;

/**
 * Issue 23 item B (docs/review.md "Nothing to share"): an arrangement of `scopes` would share
 * nothing: no account is shared (`accountsShared`: one is selected, or the account step is
 * skipped) and no requested scope needs no account (the recipient asked only for account data).
 */
export const sharesNothing = (scopes: readonly string[], accountsShared: boolean): boolean => !accountsShared && !scopes.some(needsNoAccount);
