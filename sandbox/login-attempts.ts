// The bank's failed-login counters and temporary lockouts (spec §8, §9, issue 12): per username,
// and per token (redirectJwt). The sandbox keeps them in its SQLite store, so a restart keeps
// every lockout; they are never evicted to make room for other usernames.

/** Spec §9: maximum login errors. */
const MAX_LOGIN_ATTEMPTS = 5;
/** Spec §9: the temporary lockout lasts 10 minutes. */
const TEMPORARY_LOCKOUT_MS = 10 * 60 * 1000;
/** Spec §9: under this many remaining attempts the date of birth is required. */
export const DOB_REQUIRED_BELOW = 3;
/**
 * Issue 12: a token (one authorisation request) that has had this many failed logins, on any
 * usernames, can no longer log in; the customer starts again from the third party.
 */
export const MAX_TOKEN_LOGIN_FAILURES = 10;
/** An unlocked counter is forgotten this long after its last failure (how the rows stay bounded). */
const FORGET_UNLOCKED_AFTER_MS = 24 * 60 * 60 * 1000;
/** Stale counters are looked for at most this often (a write may then delete them). */
const FORGET_EVERY_MS = 60 * 1000;

/** The failures of one username and its lockout. */
interface UsernameAttempts {
  readonly failures: number;
  /** Set by the last allowed failure: the lockout lasts until then. */
  readonly lockedUntilMs?: number;
  /** When the last failure was counted. */
  readonly updatedAtMs: number;
}

/** The failed logins of one token, kept until the token expires. */
interface TokenFailures {
  readonly failures: number;
  readonly expiresAtMs: number;
}

/** One change of the counters, written at once (one transaction in the store). */
export interface AttemptChange {
  readonly username: string;
  /** The username's new record; undefined forgets it (a successful login). */
  readonly record?: UsernameAttempts;
  /** The token's new count of failures, when a token failed. */
  readonly token?: { readonly jti: string } & TokenFailures;
  /** Also forget unlocked counters last changed before this, and tokens expired by `nowMs`. */
  readonly forget?: { readonly unlockedBeforeMs: number; readonly nowMs: number };
}

/** Where the counters live: the sandbox's SQLite store, or memory (tests, the stateful fake bank). */
export interface LoginAttemptRecords {
  username(username: string): UsernameAttempts | undefined;
  token(jti: string): TokenFailures | undefined;
  write(change: AttemptChange): void;
  /** How many username counters are kept (bounded by the forgetting, never by eviction). */
  trackedUsernames(): number;
}

/** The counters in memory, with the same forgetting rule as the store. */
class MemoryLoginAttemptRecords implements LoginAttemptRecords {
  private readonly usernames = new Map<string, UsernameAttempts>();
  private readonly tokens = new Map<string, TokenFailures>();

  username(username: string): UsernameAttempts | undefined {
    return this.usernames.get(username);
  }

  token(jti: string): TokenFailures | undefined {
    return this.tokens.get(jti);
  }

  write(change: AttemptChange): void {
    if (change.forget !== undefined) {
      const { unlockedBeforeMs, nowMs } = change.forget;
      for (const [username, record] of this.usernames) {
        const unlocked = record.lockedUntilMs === undefined || record.lockedUntilMs <= nowMs;
        if (unlocked && record.updatedAtMs < unlockedBeforeMs) this.usernames.delete(username);
      }
      for (const [jti, record] of this.tokens) if (record.expiresAtMs <= nowMs) this.tokens.delete(jti);
    }
    if (change.record === undefined) this.usernames.delete(change.username);
    else this.usernames.set(change.username, change.record);
    if (change.token !== undefined) this.tokens.set(change.token.jti, { failures: change.token.failures, expiresAtMs: change.token.expiresAtMs });
  }

  trackedUsernames(): number {
    return this.usernames.size;
  }
}

/** The token a login was tried with: its `jti` and expiry. */
export interface AttemptToken {
  readonly jti: string;
  readonly expMs: number;
}

/** Failure counters and lockouts per username and per token; time comes from the injected clock. */
export class LoginAttempts {
  private lastForgetMs = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly nowMs: () => number,
    private readonly records: LoginAttemptRecords = new MemoryLoginAttemptRecords(),
  ) {}

  /** The username's counter as it stands now: an ended lockout or a forgotten counter is no failure. */
  private current(username: string): { failures: number; lockedUntilMs?: number } {
    const record = this.records.username(username);
    const now = this.nowMs();
    if (record === undefined) return { failures: 0 };
    if (record.lockedUntilMs !== undefined && record.lockedUntilMs <= now) return { failures: 0 };
    const locked = record.lockedUntilMs !== undefined;
    if (!locked && record.updatedAtMs < now - FORGET_UNLOCKED_AFTER_MS) return { failures: 0 };
    return record;
  }

  /** The forgetting rule, when it is due: stale unlocked counters and expired tokens. */
  private forget(): AttemptChange['forget'] {
    const now = this.nowMs();
    if (now - this.lastForgetMs < FORGET_EVERY_MS && now >= this.lastForgetMs) return undefined;
    this.lastForgetMs = now;
    return { unlockedBeforeMs: now - FORGET_UNLOCKED_AFTER_MS, nowMs: now };
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
    return Math.max(0, MAX_LOGIN_ATTEMPTS - this.current(username).failures);
  }

  /** Issue 12: true once this token has had MAX_TOKEN_LOGIN_FAILURES failed logins. */
  tokenSpent(jti: string): boolean {
    return (this.records.token(jti)?.failures ?? 0) >= MAX_TOKEN_LOGIN_FAILURES;
  }

  /**
   * Counts a failure of the username (and of the token it was tried with) and returns the
   * attempts left; the last one starts the 10-minute lockout.
   */
  recordFailure(username: string, token?: AttemptToken): number {
    const now = this.nowMs();
    const failures = this.current(username).failures + 1;
    const record: UsernameAttempts =
      failures >= MAX_LOGIN_ATTEMPTS ? { failures, lockedUntilMs: now + TEMPORARY_LOCKOUT_MS, updatedAtMs: now } : { failures, updatedAtMs: now };
    const forget = this.forget();
    this.records.write({
      username,
      record,
      ...(token === undefined ? {} : { token: { jti: token.jti, failures: (this.records.token(token.jti)?.failures ?? 0) + 1, expiresAtMs: token.expMs } }),
      ...(forget === undefined ? {} : { forget }),
    });
    return Math.max(0, MAX_LOGIN_ATTEMPTS - failures);
  }

  /** A successful login resets the username's counter. */
  recordSuccess(username: string): void {
    if (this.records.username(username) === undefined) return;
    this.records.write({ username });
  }

  /** How many username counters are kept now (tests: the forgetting bounds them). */
  tracked(): number {
    return this.records.trackedUsernames();
  }
}
