// The bank's sessions, keyed by the redirectJwt's `jti`: what the customer has done so far.
import type { AccountReference } from '../contract/customer-auth.wire';

/** A saved account selection (CONTRACT §5). */
interface SavedSelection {
  readonly permissions: readonly string[];
  readonly accounts: readonly AccountReference[];
}

/** One customer's progress through one consent (one token). */
export interface BankSession {
  readonly jti: string;
  readonly expiresAtMs: number;
  /** The persona's username, once authenticated. */
  readonly username?: string;
  /** The chosen profile (PERSONAL until a business profile is confirmed). */
  readonly profileId?: string;
  readonly selection?: SavedSelection;
  readonly nickname?: string;
  /** `METHOD path` of the GETs that already failed once (flaky.bank). */
  readonly flakyFailed: readonly string[];
}

/** Sessions in memory: a restart logs every customer out, as a bank's would. */
export class BankSessions {
  private readonly sessions = new Map<string, BankSession>();

  constructor(private readonly nowMs: () => number) {}

  /** The session of this token, started on first use. */
  get(jti: string, expiresAtMs: number): BankSession {
    this.prune();
    return this.sessions.get(jti) ?? { jti, expiresAtMs, flakyFailed: [] };
  }

  /** Replaces the session with a changed copy. */
  save(session: BankSession): BankSession {
    this.sessions.set(session.jti, session);
    return session;
  }

  /** Ends the session (after the consent was decided). */
  end(jti: string): void {
    this.sessions.delete(jti);
  }

  private prune(): void {
    const now = this.nowMs();
    for (const [jti, session] of this.sessions) if (session.expiresAtMs <= now) this.sessions.delete(jti);
  }
}
