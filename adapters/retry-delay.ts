// How long fetch-call.ts waits before it tries a GET again (DESIGN §3.4).

/** DESIGN §3.4: a `Retry-After` header (delta-seconds or an HTTP date) in milliseconds from `nowMs`. */
export function retryAfterMs(header: string | null | undefined, nowMs: number): number | undefined {
  if (header === null || header === undefined) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // An HTTP date names its day and month ("Sun, 01 Mar 2026 10:00:02 GMT"); "-1" is no date.
  const date = /[a-z]/i.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

/** DESIGN §3.4: jittered exponential backoff ("equal jitter"); `random` is in [0, 1). */
export function backoffMs(attempt: number, baseMs: number, random: number): number {
  const ceiling = baseMs * 2 ** attempt;
  return Math.round(ceiling / 2 + (random * ceiling) / 2);
}
