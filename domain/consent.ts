import { dateTimeFormat } from './date-time-format';
import type { SharedAccountRef } from './accounts';
import { isBankScope, needsNoAccount } from './scopes';

/** Spec §3 "Consent": one requested permission and the accounts it already covers. */
export interface ConsentPermission {
  readonly permission: string;
  readonly accounts: readonly SharedAccountRef[];
  /** CONTRACT §3 "ConsentDetail": the permission's claims carry the arrangement id (granted before, in an amendment). */
  readonly granted: boolean;
}

/** CONTRACT §3 ConsentDetail `previous`: the arrangement before this amendment, so that What's changed names only what changes. */
export interface PreviousArrangement {
  /** The end of its sharing period, epoch milliseconds; absent: it was a once-off sharing. */
  readonly expirationMs?: number;
  /** The scopes it granted, once each, in the bank's order. */
  readonly scopes: readonly string[];
}

/** Spec §3 "Consent", CONTRACT §3 "ConsentDetail", as the app uses it. */
export interface Consent {
  readonly permissions: readonly ConsentPermission[];
  readonly scopes: readonly string[];
  /** The accounts already shared (every permission's accounts, once each): pre-selected on amendment. */
  readonly sharedAccounts: readonly SharedAccountRef[];
  /** Spec §1: an amendment of an existing arrangement (a claims JSON holds cdr_arrangement_id). */
  readonly isPAR: boolean;
  readonly cdrArrangementId?: string;
  readonly nickname?: string;
  /** Absent for a once-off sharing. */
  readonly expirationDateTime?: string;
  readonly expirationMs?: number;
  /** CONTRACT §3: the profile an amendment's arrangement was made with: whose data its customer clusters describe. */
  readonly profileId?: string;
  /** CONTRACT §3 `previous`; absent when the bank does not say. */
  readonly previous?: PreviousArrangement;
}

/**
 * CONTRACT §3 "ConsentDetail": in an amendment, the scopes newly requested (their permission's
 * claims carry no arrangement id), once each, in request order; none in a first consent.
 */
export function newlyRequestedScopes(consent: Pick<Consent, 'isPAR' | 'permissions'>): readonly string[] {
  if (!consent.isPAR) return [];
  const granted = new Set(consent.permissions.filter((p) => p.granted).map((p) => p.permission));
  return [...new Set(consent.permissions.map((p) => p.permission))].filter((scope) => !granted.has(scope));
}

/**
 * Spec §4 "Consent guard": only customer scopes requested, so the account step is skipped
 * (skipStep). Issue 33 item 12: only bank scopes carry accounts, so the OIDC scopes that come
 * with customer data (`openid`, `profile`) do not bring the account step back.
 */
export function isCustomerScopesOnly(consent: Pick<Consent, 'scopes'>): boolean {
  return consent.scopes.some(needsNoAccount) && !consent.scopes.some(isBankScope);
}

/** Spec §2 "How long will my data be shared?": no expiry means a once-only sharing. */
export function isOnceOnly(consent: Pick<Consent, 'expirationDateTime'>): boolean {
  return consent.expirationDateTime === undefined;
}

/** Spec §9: more than a year (31536000000 ms) counts as 12 months. */
const YEAR_MS = 31_536_000_000;
/** Spec §9: one month is 30 days (2592000000 ms). */
const MONTH_MS = 2_592_000_000;

/** Spec §9 "Data period in months", in epoch milliseconds (the token's consentCreationDate is in seconds). */
export function dataPeriodMonths(creationMs: number, expiryMs: number): number {
  const duration = expiryMs - creationMs;
  if (duration > YEAR_MS) return 12;
  return Math.max(0, Math.round(duration / MONTH_MS));
}

const DAY_MS = 86_400_000;

/** How long an ongoing sharing lasts, in the unit the customer is told. */
export interface SharingDuration {
  readonly unit: 'month' | 'day';
  readonly count: number;
}

/** Spec §2 "Data sharing period": from, to (D Month YYYY) and how long; no `to` for a once-only sharing. */
export interface SharingPeriod {
  readonly from: string | undefined;
  readonly to: string | undefined;
  readonly duration: SharingDuration | undefined;
}

/** Spec §2 "Data sharing period", §9; under a month it is told in days (issue 11: never "for 0 months"). */
export function sharingPeriod(startMs: number, expiryMs: number | undefined): SharingPeriod {
  const from = formatLongDate(startMs);
  if (expiryMs === undefined) return { from, to: undefined, duration: undefined };
  const months = dataPeriodMonths(startMs, expiryMs);
  const duration: SharingDuration =
    months >= 1 ? { unit: 'month', count: months } : { unit: 'day', count: Math.max(1, Math.ceil((expiryMs - startMs) / DAY_MS)) };
  return { from, to: formatLongDate(expiryMs), duration };
}

/** The bank's time zone: dates are shown as the customer's bank (Sydney) sees them. */
export const BANK_TIME_ZONE = 'Australia/Sydney';

/** Spec §2 "Data sharing period": '22 November 2027'; `undefined` when the value is not a date. */
export function formatLongDate(value: number | string, timeZone: string = BANK_TIME_ZONE): string | undefined {
  const ms = typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(ms)) return undefined;
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) return undefined;
  const parts = dateTimeFormat({ day: 'numeric', month: 'long', year: 'numeric', timeZone }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')}`;
}
