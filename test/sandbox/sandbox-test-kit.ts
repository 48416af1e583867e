// Test kit for the sandbox bank: a real server on a random port with a temporary data folder and
// a small temporary dist/, plain HTTP helpers, and a check of every answer against the contract.
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { createSandboxBank, type SandboxBank, type SandboxBankOptions } from '../../sandbox/server';
import type { AuthorisationAsk } from '../../sandbox/recipient-simulator';
import { contractViolations } from './contract-validator';

/** docs/sandbox.md: "The 5th failure locks the username for 10 minutes". */
export const MAX_LOGIN_ATTEMPTS = 5;
export const TEMPORARY_LOCKOUT_MS = 10 * 60 * 1000;

/** The hashed script of the temporary dist/. */
export const TEST_ASSET = '/assets/app-3f9a1c.js';

/** The temporary dist/'s page: like the build's, an inline script and stylesheet (issues 15 and 20) and the hashed script. */
export const TEST_INDEX_HTML =
  '<!doctype html><html lang="en-AU"><head><title>Open Banking</title><script>document.documentElement.dataset.entry="login"</script>' +
  `<style>body{margin:0}</style><script type="module" src="${TEST_ASSET}"></script></head><body><div id="root"></div></body></html>`;

/** A temporary folder holding a built-looking app (index.html and one hashed asset). */
export function makeTempDist(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sandbox-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), TEST_INDEX_HTML);
  writeFileSync(path.join(dir, TEST_ASSET.slice(1)), 'console.log("app");');
  return dir;
}

/** The answer of one call: status, headers and the body (parsed JSON, text, or undefined when empty). */
export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
  readonly text: string;
}

/** Plain HTTP calls to a sandbox at `origin`, each customer-auth answer checked against the contract. */
export class SandboxClient {
  constructor(public origin = '') {}

  /** A raw HTTP request; `body` objects are sent as JSON, strings as they are. */
  async request(
    method: string,
    requestPath: string,
    init: { token?: string; body?: unknown; headers?: Record<string, string>; redirect?: RequestRedirect } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token !== undefined) headers['authorization'] = `Bearer ${init.token}`;
    let body: string | undefined;
    if (init.body !== undefined) {
      body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${this.origin}${requestPath}`, {
      method,
      headers,
      redirect: init.redirect ?? 'manual',
      ...(body === undefined ? {} : { body }),
    });
    const text = await response.text();
    let parsed: unknown = text === '' ? undefined : text;
    if (text !== '' && (response.headers.get('content-type') ?? '').includes('application/json')) parsed = JSON.parse(text) as unknown;
    return { status: response.status, headers: response.headers, body: parsed, text };
  }

  /** A customer-auth call; its answer is checked against the OpenAPI document before it is returned. */
  async call(method: string, apiPath: string, token: string | undefined, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const answer = await this.request(method, `/customer-auth${apiPath}`, {
      ...(token === undefined ? {} : { token }),
      ...(body === undefined ? {} : { body }),
      headers,
    });
    expect(contractViolations(method, `/customer-auth${apiPath.split('?')[0] ?? ''}`, answer.status, answer.body), `${method} ${apiPath} answer`).to.deep.equal(
      [],
    );
    return answer;
  }

  /**
   * POST /customer-auth/confirmation (CONTRACT §3): `true` authorises, `false` rejects, with the
   * decision's Idempotency-Key (a new UUID unless given; `null` sends none).
   */
  async decide(token: string, authorisationStatus: boolean, idempotencyKey: string | null = randomUUID()): Promise<Answer> {
    return this.call('POST', '/confirmation', token, { authorisationStatus }, idempotencyKey === null ? {} : { 'idempotency-key': idempotencyKey });
  }

  /** Logs a persona in (secure code 123456). */
  async login(token: string, username: string, extra: Record<string, string> = {}): Promise<Answer> {
    return this.call('POST', '/authenticate', token, { authType: 'SECURE_CODE', username, secureCode: '123456', ...extra });
  }

  /** A login with a wrong secure code (and the right date of birth). */
  wrongLogin(token: string, username: string): Promise<Answer> {
    return this.call('POST', '/authenticate', token, { authType: 'DOB_SECURE_CODE', username, secureCode: '000000', dateOfBirth: '1966-12-25' });
  }
}

/** A running sandbox for a test file, with a movable clock. */
export class RunningSandbox extends SandboxClient {
  nowMs = Date.now();
  bank!: SandboxBank;
  readonly dataDir = mkdtempSync(path.join(os.tmpdir(), 'sandbox-data-'));
  readonly distDir = makeTempDist();

  /** Starts (or restarts) the server on a random port, keeping the data folder. */
  async start(options: SandboxBankOptions = {}): Promise<void> {
    this.bank = await createSandboxBank({ port: 0, dataDir: this.dataDir, distDir: this.distDir, nowMs: () => this.nowMs, ...options });
    this.origin = await this.bank.listen();
  }

  async stop(): Promise<void> {
    await this.bank.close();
  }

  /** Stops the server and starts it again on the same port and data folder. */
  async restart(): Promise<void> {
    const port = Number(new URL(this.origin).port);
    await this.stop();
    await this.start({ port });
  }

  /** Stops the server and removes its folders. */
  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
    rmSync(this.distDir, { recursive: true, force: true });
  }

  /** Signs a redirectJwt as the simulator's Start button would; answers the token. */
  async token(ask: AuthorisationAsk = { scopes: ['bank:accounts.basic:read', 'common:customer.basic:read'], months: 12 }): Promise<string> {
    const started = await this.bank.startAuthorisation(ask);
    if (!started.ok) throw new Error(started.error);
    return started.value.token;
  }

  /**
   * A new authorisation walked to the confirmation: logged in as `username`, the first eligible
   * account saved under every bank scope. Answers the token and the saved accounts.
   */
  async readyToConfirm(username = 'jane.citizen', ask?: AuthorisationAsk): Promise<{ token: string; accounts: AccountRef[] }> {
    const token = await this.token(ask);
    const login = await this.login(token, username);
    if (login.status !== 204) throw new Error(`login as ${username}: ${login.status} ${login.text}`);
    const list = ((await this.call('GET', '/accounts?withBalance=false', token)).body as { accounts: { account: (RawAccountLike | null)[] } }).accounts.account;
    const eligible = list.find((account) => account?.supplementaryData.rbwmPIB.eligibleAccount === true);
    const accounts = eligible === undefined || eligible === null ? [] : [accountRef(eligible)];
    const scopes = ask?.scopes ?? ['bank:accounts.basic:read', 'common:customer.basic:read'];
    const saved = await this.call('PUT', '/consent', token, {
      permissions: scopes.map((permission) => (permission.startsWith('bank:') ? { permission, accounts } : { permission })),
    });
    if (saved.status !== 204) throw new Error(`save selection: ${saved.status} ${saved.text}`);
    return { token, accounts };
  }
}

/** CONTRACT §5: an account as a selection names it. */
export interface AccountRef {
  readonly schemeName: string;
  readonly identification: string;
  readonly secondaryIdentification: string;
}

/** CONTRACT §3 RawAccount, as much as the tests read. */
export interface RawAccountLike {
  readonly scheme: { readonly schemeName: string; readonly identification: string; readonly secondaryIdentification: string };
  readonly supplementaryData: { readonly rbwmPIB: { readonly eligibleAccount: boolean } };
}

/** The reference of a raw account (CONTRACT §5). */
export const accountRef = (account: RawAccountLike): AccountRef => ({
  schemeName: account.scheme.schemeName,
  identification: account.scheme.identification,
  secondaryIdentification: account.scheme.secondaryIdentification,
});

/** The first error stack entry of an error envelope. */
export function errorOf(answer: Answer): { code: string; causes: string[] } {
  const body = answer.body as { error: { errorInfo: { errorStack: { code: string; causes: string[] }[] }[] } };
  const entry = body.error.errorInfo[0]?.errorStack[0];
  if (entry === undefined) throw new Error(`no error stack in ${answer.text}`);
  return entry;
}
