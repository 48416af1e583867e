// The bank's failed-login counter and temporary lockout, per username (spec §8, §9).

/** Spec §9: maximum login errors. */
export const MAX_LOGIN_ATTEMPTS = 5;
/** Spec §9: the temporary lockout lasts 10 minutes. */
export const TEMPORARY_LOCKOUT_MS = 10 * 60 * 1000;
/** Spec §9: under this many remaining attempts the date of birth is required. */
export const DOB_REQUIRED_BELOW = 3;
/** Unknown usernames are counted too; this bounds the memory an attacker can make us spend. */
const MAX_TRACKED_USERNAMES = 10_000;

interface AttemptEntry {
  readonly failures: number;
  readonly lockedUntilMs?: number;
}

/** Failure counters and lockouts per username; time comes from the injected clock. */
export class LoginAttempts {
  private readonly entries = new Map<string, AttemptEntry>();

  constructor(private readonly nowMs: () => number) {}

  private current(username: string): AttemptEntry {
    const entry = this.entries.get(username);
    if (entry?.lockedUntilMs !== undefined && entry.lockedUntilMs <= this.nowMs()) {
      this.entries.delete(username);
      return { failures: 0 };
    }
    return entry ?? { failures: 0 };
  }

  /** Spec §8 otp_failure_003: true while the temporary lockout of this username runs. */
  isLocked(username: string): boolean {
    return this.current(username).lockedUntilMs !== undefined;
  }

  /** Minutes until the lockout ends (rounded up), 0 when not locked. */
  lockedForMinutes(username: string): number {
    const until = this.current(username).lockedUntilMs;
    return until === undefined ? 0 : Math.ceil((until - this.nowMs()) / 60_000);
  }

  /** Spec §8: the attempts left before the lockout (5 with no failure). */
  remaining(username: string): number {
    return MAX_LOGIN_ATTEMPTS - this.current(username).failures;
  }

  /** Counts a failure and returns the attempts left; the last one starts the 10-minute lockout. */
  recordFailure(username: string): number {
    const failures = this.current(username).failures + 1;
    if (!this.entries.has(username) && this.entries.size >= MAX_TRACKED_USERNAMES) {
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) this.entries.delete(oldest.value);
    }
    this.entries.set(
      username,
      failures >= MAX_LOGIN_ATTEMPTS ? { failures, lockedUntilMs: this.nowMs() + TEMPORARY_LOCKOUT_MS } : { failures },
    );
    return Math.max(0, MAX_LOGIN_ATTEMPTS - failures);
  }

  /** A successful login resets the counter. */
  recordSuccess(username: string): void {
    this.entries.delete(username);
  }
}
