// The sandbox's embedded database: SQLite (sql.js, WebAssembly, no native build), kept in one
// file that every write replaces atomically (temp file, fsync, rename).
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import path from 'node:path';
import initSqlJs, { type Database, type SqlValue } from 'sql.js';
import type { LoginAttemptRecords } from './login-attempts';
import type { Arrangement, AuthorisationOutcome, AuthorisationRequest, RecordedFlowEvent } from './sandbox-records';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS authorisation_requests (
  jti TEXT PRIMARY KEY,
  state TEXT NOT NULL UNIQUE,
  request TEXT NOT NULL,
  outcome TEXT,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS arrangements (
  id TEXT PRIMARY KEY,
  owner TEXT NOT NULL,
  record TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS login_attempts (
  username TEXT PRIMARY KEY,
  failures INTEGER NOT NULL,
  locked_until INTEGER,
  updated_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS login_attempts_by_update ON login_attempts (updated_at);
CREATE TABLE IF NOT EXISTS token_login_failures (
  jti TEXT PRIMARY KEY,
  failures INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS flow_events (
  jti TEXT PRIMARY KEY,
  event TEXT NOT NULL,
  recorded_at INTEGER NOT NULL
);`;

/** Writes bytes to a file atomically: a reader sees the old file or the new one, never half. */
function writeFileAtomically(file: string, bytes: Uint8Array): void {
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  const fd = openSync(temp, 'w', 0o600);
  try {
    writeSync(fd, bytes);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, file);
}

const numberOrUndefined = (value: SqlValue | undefined): number | undefined => (typeof value === 'number' ? value : undefined);

/**
 * The authorisation requests, arrangements and login attempt counters of the sandbox bank,
 * persisted in SQLite.
 */
export class SqliteSandboxStore {
  private constructor(
    private readonly db: Database,
    private readonly file: string,
  ) {}

  /** The failed-login counters and lockouts (issue 12), each change written before it counts. */
  readonly loginAttempts: LoginAttemptRecords = {
    username: (username) => {
      const row = this.rows('SELECT failures, locked_until, updated_at FROM login_attempts WHERE username = ?', [username])[0];
      if (row === undefined) return undefined;
      const lockedUntilMs = numberOrUndefined(row['locked_until']);
      const record = { failures: Number(row['failures']), updatedAtMs: Number(row['updated_at']) };
      return lockedUntilMs === undefined ? record : { ...record, lockedUntilMs };
    },
    token: (jti) => {
      const row = this.rows('SELECT failures, expires_at FROM token_login_failures WHERE jti = ?', [jti])[0];
      return row === undefined ? undefined : { failures: Number(row['failures']), expiresAtMs: Number(row['expires_at']) };
    },
    write: (change) => {
      this.write(() => {
        if (change.forget !== undefined) {
          const { unlockedBeforeMs, nowMs } = change.forget;
          this.db.run('DELETE FROM login_attempts WHERE updated_at < ? AND (locked_until IS NULL OR locked_until <= ?)', [unlockedBeforeMs, nowMs]);
          this.db.run('DELETE FROM token_login_failures WHERE expires_at <= ?', [nowMs]);
        }
        if (change.record === undefined) {
          this.db.run('DELETE FROM login_attempts WHERE username = ?', [change.username]);
        } else {
          this.db.run(
            `INSERT INTO login_attempts (username, failures, locked_until, updated_at) VALUES (?, ?, ?, ?)
             ON CONFLICT(username) DO UPDATE SET failures = excluded.failures, locked_until = excluded.locked_until, updated_at = excluded.updated_at`,
            [change.username, change.record.failures, change.record.lockedUntilMs ?? null, change.record.updatedAtMs],
          );
        }
        if (change.token !== undefined) {
          this.db.run(
            `INSERT INTO token_login_failures (jti, failures, expires_at) VALUES (?, ?, ?)
             ON CONFLICT(jti) DO UPDATE SET failures = excluded.failures, expires_at = excluded.expires_at`,
            [change.token.jti, change.token.failures, change.token.expiresAtMs],
          );
        }
      });
    },
    trackedUsernames: () => Number(this.rows('SELECT COUNT(*) AS n FROM login_attempts', [])[0]?.['n'] ?? 0),
  };

  /**
   * Opens (or creates) the database file. A file that is not a database is moved aside to
   * `<file>.corrupt-<time>` and a new one is started, so the sandbox always starts.
   */
  static async open(file: string): Promise<{ store: SqliteSandboxStore; warning?: string }> {
    const SQL = await initSqlJs();
    mkdirSync(path.dirname(file), { recursive: true });
    let warning: string | undefined;
    let db: Database | undefined;
    if (existsSync(file)) {
      try {
        db = new SQL.Database(readFileSync(file));
        db.exec(SCHEMA);
      } catch {
        db?.close();
        db = undefined;
        const aside = `${file}.corrupt-${Date.now()}`;
        renameSync(file, aside);
        warning = `The sandbox database was unreadable; it was moved to ${aside} and a new one started.`;
      }
    }
    if (db === undefined) {
      db = new SQL.Database();
      db.exec(SCHEMA);
    }
    const store = new SqliteSandboxStore(db, file);
    store.persist();
    return warning === undefined ? { store } : { store, warning };
  }

  private persist(): void {
    writeFileAtomically(this.file, this.db.export());
  }

  /** Runs the statements of `work` as one transaction and then writes the file once. */
  private write(work: () => void): void {
    this.db.exec('BEGIN');
    try {
      work();
      this.db.exec('COMMIT');
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
    this.persist();
  }

  private rows(sql: string, params: readonly SqlValue[]): Record<string, SqlValue>[] {
    const statement = this.db.prepare(sql);
    try {
      statement.bind([...params]);
      const rows: Record<string, SqlValue>[] = [];
      while (statement.step()) rows.push(statement.getAsObject());
      return rows;
    } finally {
      statement.free();
    }
  }

  /** Remembers a request the simulator signed. */
  saveRequest(request: AuthorisationRequest): void {
    this.write(() => {
      this.db.run('INSERT INTO authorisation_requests (jti, state, request, created_at) VALUES (?, ?, ?, ?)', [
        request.jti,
        request.state,
        JSON.stringify(request),
        request.createdAtMs,
      ]);
    });
  }

  private requestWhere(column: 'jti' | 'state', value: string): { request: AuthorisationRequest; outcome?: AuthorisationOutcome } | undefined {
    const row = this.rows(`SELECT request, outcome FROM authorisation_requests WHERE ${column} = ?`, [value])[0];
    if (row === undefined) return undefined;
    const request = JSON.parse(String(row['request'])) as AuthorisationRequest;
    const outcome = typeof row['outcome'] === 'string' ? (JSON.parse(row['outcome']) as AuthorisationOutcome) : undefined;
    return outcome === undefined ? { request } : { request, outcome };
  }

  /** The request signed with this `jti`, and its outcome once decided. */
  findRequest(jti: string): { request: AuthorisationRequest; outcome?: AuthorisationOutcome } | undefined {
    return this.requestWhere('jti', jti);
  }

  /** The request sent with this `state`, and its outcome once decided. */
  findRequestByState(state: string): { request: AuthorisationRequest; outcome?: AuthorisationOutcome } | undefined {
    return this.requestWhere('state', state);
  }

  /**
   * Records how a request ended (with its Idempotency-Key and answer) and, when authorised, its
   * arrangement, in one transaction written to the file before this returns. When the request was
   * already decided nothing is written and the outcome that was committed first is answered:
   * one decision, and one code, per request.
   */
  decide(jti: string, outcome: AuthorisationOutcome, arrangement?: Arrangement): { committed: true } | { committed: false; existing?: AuthorisationOutcome } {
    const existing = this.findRequest(jti);
    if (existing === undefined) return { committed: false };
    if (existing.outcome !== undefined) return { committed: false, existing: existing.outcome };
    this.write(() => {
      this.db.run('UPDATE authorisation_requests SET outcome = ? WHERE jti = ? AND outcome IS NULL', [JSON.stringify(outcome), jti]);
      if (this.db.getRowsModified() !== 1) throw new Error(`The request ${jti} was decided during its own decision.`);
      if (arrangement === undefined) return;
      this.db.run(
        `INSERT INTO arrangements (id, owner, record, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET record = excluded.record, updated_at = excluded.updated_at`,
        [arrangement.id, arrangement.owner, JSON.stringify(arrangement), arrangement.createdAtMs, arrangement.updatedAtMs],
      );
    });
    return { committed: true };
  }

  /**
   * Issue 35 item 1: records the first flow event of a flow; answers false, writing nothing, when
   * the flow already has one (the first wins).
   */
  recordFlowEvent(recorded: RecordedFlowEvent): boolean {
    if (this.rows('SELECT 1 FROM flow_events WHERE jti = ?', [recorded.jti]).length > 0) return false;
    this.write(() => {
      this.db.run('INSERT INTO flow_events (jti, event, recorded_at) VALUES (?, ?, ?)', [recorded.jti, JSON.stringify(recorded.event), recorded.recordedAtMs]);
    });
    return true;
  }

  /** Issue 35 item 1: every recorded flow event. */
  listFlowEvents(): RecordedFlowEvent[] {
    return this.rows('SELECT jti, event, recorded_at FROM flow_events', []).map((row) => ({
      jti: String(row['jti']),
      event: JSON.parse(String(row['event'])) as RecordedFlowEvent['event'],
      recordedAtMs: Number(row['recorded_at']),
    }));
  }

  /** Issue 35 item 2: every decided request with its outcome. */
  listDecidedRequests(): { request: AuthorisationRequest; outcome: AuthorisationOutcome }[] {
    return this.rows('SELECT request, outcome FROM authorisation_requests WHERE outcome IS NOT NULL', []).map((row) => ({
      request: JSON.parse(String(row['request'])) as AuthorisationRequest,
      outcome: JSON.parse(String(row['outcome'])) as AuthorisationOutcome,
    }));
  }

  /** The arrangement with this cdr_arrangement_id. */
  findArrangement(id: string): Arrangement | undefined {
    const row = this.rows('SELECT record FROM arrangements WHERE id = ?', [id])[0];
    return row === undefined ? undefined : (JSON.parse(String(row['record'])) as Arrangement);
  }

  /**
   * Issue 35 item 2: marks the arrangement revoked at `atMs` (once: a second revocation keeps the
   * first time). Answers the arrangement, or undefined when there is none.
   */
  revokeArrangement(id: string, atMs: number): Arrangement | undefined {
    const arrangement = this.findArrangement(id);
    if (arrangement === undefined || arrangement.revokedAtMs !== undefined) return arrangement;
    const revoked: Arrangement = { ...arrangement, revokedAtMs: atMs, updatedAtMs: atMs };
    this.write(() => {
      this.db.run('UPDATE arrangements SET record = ?, updated_at = ? WHERE id = ?', [JSON.stringify(revoked), atMs, id]);
    });
    return revoked;
  }

  /** Every arrangement, the most recently changed first. */
  listArrangements(): Arrangement[] {
    return this.rows('SELECT record FROM arrangements ORDER BY updated_at DESC, id', []).map((row) => JSON.parse(String(row['record'])) as Arrangement);
  }

  /** Closes the database (the file is already written). */
  close(): void {
    this.db.close();
  }
}
