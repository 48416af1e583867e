// CONTRACT §3 `GET /customer-auth/data` (ConsentDetail), read into the domain's Consent. Each
// field is read by its name in the generated wire types (contract/customer-auth.wire.ts); the
// reader is lenient where the app can do without a field, as spec §8's consent_fetch_failure allows.
import type * as Wire from '../contract/customer-auth.wire';
import type { SharedAccountRef } from '../domain/accounts';
import type { Consent, ConsentPermission, PreviousArrangement } from '../domain/consent';
import { isRecord, nonBlank } from '../domain/is-record';
import { err, ok, type Result } from '../domain/result';

type WireObject = Readonly<Record<string, unknown>>;

/** One field of a wire object, named as the contract names it at that level. */
const detailField = (detail: WireObject, name: keyof Wire.ConsentDetail): unknown => detail[name];
const permissionField = (permission: WireObject, name: keyof Wire.ConsentPermission): unknown => permission[name];
const referenceField = (reference: WireObject, name: keyof Wire.AccountReference): unknown => reference[name];
const previousField = (previous: WireObject, name: keyof Wire.PreviousArrangement): unknown => previous[name];

/** Why consent details (`GET /customer-auth/data`) could not be read (spec §8: consent_fetch_failure). */
export type ConsentError =
  | { readonly kind: 'notAConsentDetail' }
  | { readonly kind: 'noPermissions' }
  | { readonly kind: 'malformedPermission'; readonly index: number }
  | { readonly kind: 'malformedAccount'; readonly permissionIndex: number; readonly accountIndex: number }
  | { readonly kind: 'malformedField'; readonly field: 'consentNickname' | 'expirationDateTime' | 'profileId' | 'previous' };

/**
 * Spec §1, CONTRACT §3: the arrangement id in a permission's claims. Claims are a JSON string
 * (an already-parsed object is accepted too); malformed JSON or a missing id gives `undefined`.
 */
function arrangementIdFromClaims(claims: unknown): string | undefined {
  let parsed: unknown = claims;
  if (typeof claims === 'string') {
    try {
      parsed = JSON.parse(claims);
    } catch {
      return undefined;
    }
  }
  return isRecord(parsed) ? nonBlank(parsed['cdr_arrangement_id']) : undefined;
}

function readAccountRef(raw: unknown): SharedAccountRef | undefined {
  if (!isRecord(raw)) return undefined;
  const ref: { schemeName?: string; identification?: string; secondaryIdentification?: string } = {};
  for (const field of ['schemeName', 'identification', 'secondaryIdentification'] as const) {
    const value = referenceField(raw, field);
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') return undefined;
    ref[field] = value;
  }
  return ref.identification === undefined && ref.secondaryIdentification === undefined ? undefined : ref;
}

/**
 * CONTRACT §3 `previous` (issue 22): absent or null is "not said"; otherwise an object with
 * `scopes` (non-empty strings) and `expirationDateTime` (a date-time; absent or null for a
 * once-off sharing). Anything else is malformed (`false`).
 */
function readPrevious(raw: unknown): PreviousArrangement | undefined | false {
  if (raw === undefined || raw === null) return undefined;
  const scopes = isRecord(raw) ? previousField(raw, 'scopes') : undefined;
  if (!isRecord(raw) || !Array.isArray(scopes)) return false;
  if (!scopes.every((scope): scope is string => typeof scope === 'string' && scope !== '')) return false;
  const expiry = previousField(raw, 'expirationDateTime');
  if (expiry === undefined || expiry === null) return { scopes: [...new Set(scopes)] };
  const ms = typeof expiry === 'string' ? Date.parse(expiry) : Number.NaN;
  return Number.isNaN(ms) ? false : { scopes: [...new Set(scopes)], expirationMs: ms };
}

const refKey = (ref: SharedAccountRef): string =>
  ref.secondaryIdentification !== undefined ? `id:${ref.secondaryIdentification}` : `no:${ref.identification ?? ''}`;

/**
 * Spec §3 "Consent", §4 "Consent guard", CONTRACT §3 "ConsentDetail": malformed claims JSON is not
 * an error (it holds no arrangement id); a missing, null or empty expiry is a once-off sharing.
 */
export function parseConsentDetail(raw: unknown): Result<Consent, ConsentError> {
  const inner = isRecord(raw) ? raw['detail' satisfies keyof Wire.ConsentData] : undefined;
  const detail = isRecord(inner) ? inner : raw;
  const rawPermissions = isRecord(detail) ? detailField(detail, 'permissions') : undefined;
  if (!isRecord(detail) || !Array.isArray(rawPermissions)) return err({ kind: 'notAConsentDetail' });
  if (rawPermissions.length === 0) return err({ kind: 'noPermissions' });

  const permissions: ConsentPermission[] = [];
  let cdrArrangementId: string | undefined;
  for (const [index, entry] of rawPermissions.entries()) {
    const permission = isRecord(entry) ? permissionField(entry, 'permission') : undefined;
    if (!isRecord(entry) || typeof permission !== 'string' || permission === '') {
      return err({ kind: 'malformedPermission', index });
    }
    const rawAccounts = permissionField(entry, 'accounts') ?? [];
    if (!Array.isArray(rawAccounts)) return err({ kind: 'malformedPermission', index });
    const accounts: SharedAccountRef[] = [];
    for (const [accountIndex, rawAccount] of (rawAccounts as readonly unknown[]).entries()) {
      const ref = readAccountRef(rawAccount);
      if (ref === undefined) return err({ kind: 'malformedAccount', permissionIndex: index, accountIndex });
      accounts.push(ref);
    }
    const claimedId = arrangementIdFromClaims(permissionField(entry, 'claims'));
    cdrArrangementId ??= claimedId;
    permissions.push({ permission, accounts, granted: claimedId !== undefined });
  }

  const rawNickname = detailField(detail, 'consentNickname');
  if (!(rawNickname === undefined || rawNickname === null || typeof rawNickname === 'string')) {
    return err({ kind: 'malformedField', field: 'consentNickname' });
  }
  const rawExpiry = detailField(detail, 'expirationDateTime');
  let expiry: { readonly expirationDateTime: string; readonly expirationMs: number } | undefined;
  if (rawExpiry !== undefined && rawExpiry !== null && rawExpiry !== '') {
    const ms = typeof rawExpiry === 'string' ? Date.parse(rawExpiry) : Number.NaN;
    if (Number.isNaN(ms)) return err({ kind: 'malformedField', field: 'expirationDateTime' });
    expiry = { expirationDateTime: rawExpiry as string, expirationMs: ms };
  }

  const rawProfile = detailField(detail, 'profileId');
  if (!(rawProfile === undefined || rawProfile === null || typeof rawProfile === 'string')) {
    return err({ kind: 'malformedField', field: 'profileId' });
  }
  const profileId = nonBlank(rawProfile);
  const previous = readPrevious(detailField(detail, 'previous'));
  if (previous === false) return err({ kind: 'malformedField', field: 'previous' });

  const shared = new Map<string, SharedAccountRef>();
  for (const ref of permissions.flatMap((p) => p.accounts)) if (!shared.has(refKey(ref))) shared.set(refKey(ref), ref);
  const nickname = nonBlank(rawNickname);
  return ok({
    permissions,
    scopes: permissions.map((p) => p.permission),
    sharedAccounts: [...shared.values()],
    isPAR: cdrArrangementId !== undefined,
    ...(cdrArrangementId === undefined ? {} : { cdrArrangementId }),
    ...(nickname === undefined ? {} : { nickname }),
    ...(expiry ?? {}),
    ...(profileId === undefined ? {} : { profileId }),
    ...(previous === undefined ? {} : { previous }),
  });
}
