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

export const isScope = (value: unknown): value is Scope =>
  typeof value === 'string' && (SCOPES as readonly string[]).includes(value);

/** Spec §6: the customer scopes carry no account list; every other scope is sent with the selected accounts. */
export const isCustomerScope = (scope: string): boolean =>
  scope === 'common:customer.basic:read' || scope === 'common:customer.detail:read';
