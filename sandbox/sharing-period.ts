// The sharing period of a consent (spec §2 Confirmation, §9; CONTRACT §3 ConsentDetail).

/** CDR: a sharing period is at most 12 months; a longer request is capped. */
export const MAX_SHARING_MONTHS = 12;

/** Spec §9: months over the maximum are capped at 12. */
export const capMonths = (months: number): number => Math.min(months, MAX_SHARING_MONTHS);

/**
 * CONTRACT §3: the end of a sharing period that starts at `startSeconds` and lasts `months`
 * calendar months, in seconds; undefined for a once-off sharing. A day the target month does not
 * have is the month's last day (31 January + 1 month = 28 or 29 February, never 3 March), as
 * calendar arithmetic does everywhere else (java.time, date-fns).
 */
export function sharingExpiry(startSeconds: number, months: number | undefined): number | undefined {
  if (months === undefined) return undefined;
  const start = new Date(startSeconds * 1000);
  const day = start.getUTCDate();
  const end = new Date(start.getTime());
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return Math.floor(end.getTime() / 1000);
}

/** CONTRACT §3 `expirationDateTime`: an RFC 3339 UTC time without fractions, e.g. 2027-11-22T00:00:00Z. */
export const isoSeconds = (seconds: number): string => new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
