// How the recipient simulator shows dates, claim times and an arrangement's accounts: in the
// bank's time zone (Sydney), as the consent app shows them (spec §2 "Data sharing period": D Month YYYY).
import type { AccountReference, RawAccount } from '../contract/customer-auth.wire';

/** The bank's time zone: its customers are in Australia and its dates are Sydney's. */
const BANK_TIME_ZONE = 'Australia/Sydney';

const LONG_DATE = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: BANK_TIME_ZONE });

/** Spec §2 "D Month YYYY" in Sydney time, like the consent app's review step; the raw value when it is not a date. */
function sydneyDate(seconds: number): string {
  const moment = new Date(seconds * 1000);
  return Number.isNaN(moment.getTime()) ? String(seconds) : LONG_DATE.format(moment);
}

/** A sharing period as the app states it: "D Month YYYY to D Month YYYY", or once-off from its start. */
export const sharingPeriodText = (startSeconds: number, expiresSeconds: number | undefined): string =>
  expiresSeconds === undefined ? `once-off, ${sydneyDate(startSeconds)}` : `${sydneyDate(startSeconds)} to ${sydneyDate(expiresSeconds)}`;

const DATE_TIME = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  timeZone: BANK_TIME_ZONE,
  timeZoneName: 'short',
});

/** A moment in Sydney time with its zone (AEST or AEDT), e.g. "24 November 2026, 9:00:00 am AEDT". */
function sydneyDateTime(ms: number): string {
  const date = new Date(ms);
  if (!Number.isFinite(ms) || Number.isNaN(date.getTime())) return String(ms);
  const part = (type: Intl.DateTimeFormatPartTypes): string => DATE_TIME.formatToParts(date).find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')}:${part('second')} ${part('dayPeriod').toLowerCase()} ${part('timeZoneName')}`;
}

/** The claims that hold a time in seconds (RFC 7519, OpenID Connect, CDR id_token), in the order shown. */
const TIME_CLAIMS: readonly string[] = ['iat', 'nbf', 'auth_time', 'exp', 'sharing_expires_at', 'consentCreationDate'];

/** One time claim, readable: its name, its value, and what it means in Sydney time. */
export interface ClaimTime {
  readonly claim: string;
  readonly seconds: number;
  readonly readable: string;
}

/** The time claims of verified claims, readable (sharing_expires_at 0: a once-off sharing, no expiry). */
export function claimTimes(claims: Readonly<Record<string, unknown>>): ClaimTime[] {
  return TIME_CLAIMS.flatMap((claim) => {
    const seconds = claims[claim];
    if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return [];
    const readable = claim === 'sharing_expires_at' && seconds === 0 ? 'none: a once-off sharing' : sydneyDateTime(seconds * 1000);
    return [{ claim, seconds, readable }];
  });
}

/**
 * How many accounts an arrangement shares, as the customer counts them: the currencies of a
 * multi-currency account (the same controlAccountIdentification, spec §3 "EGA") are one account.
 * A reference the profile no longer holds counts as one account.
 */
export function countAccounts(references: readonly AccountReference[], held: readonly RawAccount[]): number {
  const control = new Map(held.map((account) => [account.scheme.secondaryIdentification, account.scheme.controlAccountIdentification]));
  return new Set(references.map((reference) => control.get(reference.secondaryIdentification) ?? reference.secondaryIdentification)).size;
}

/** "1 account", "3 accounts". */
export const accountsText = (count: number): string => `${count} ${count === 1 ? 'account' : 'accounts'}`;
