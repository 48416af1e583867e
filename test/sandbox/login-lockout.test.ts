// Issue 12, sandbox authentication like a bank's: failure counters and lockouts live in the store
// (a restart keeps them, failures on other usernames never unlock one), a token with too many
// failed logins can no longer log in, an amendment names its accounts from the consent's one read
// (spec §4 "the consent is loaded once") and only its owner can log in to change it, and the Bearer
// scheme is read case-insensitively.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { LoginAttempts, MAX_TOKEN_LOGIN_FAILURES } from '../../sandbox/login-attempts';
import { SqliteSandboxStore } from '../../sandbox/sqlite-sandbox-store';
import { errorOf, MAX_LOGIN_ATTEMPTS, RunningSandbox, TEMPORARY_LOCKOUT_MS, type Answer } from './sandbox-test-kit';

const BASIC = 'bank:accounts.basic:read';
const CUSTOMER = 'common:customer.basic:read';
const DAY_MS = 24 * 60 * 60 * 1000;

const remaining = (answer: Answer): number => JSON.parse(errorOf(answer).causes[0] ?? '{}').remainingOTPattempts as number;

describe('sandbox bank: login attempts and lockouts (issue 12)', () => {
  describe('the counters (LoginAttempts)', () => {
    it('keeps a locked username locked however many other usernames fail (10,000 of them)', () => {
      let now = 1_000_000;
      const attempts = new LoginAttempts(() => now);
      for (let i = 0; i < MAX_LOGIN_ATTEMPTS; i += 1) attempts.recordFailure('jane.citizen');
      expect(attempts.isLocked('jane.citizen')).to.equal(true);
      for (let i = 0; i < 10_000; i += 1) {
        attempts.recordFailure(`nobody.${i}`);
        now += 1;
      }
      expect(attempts.isLocked('jane.citizen')).to.equal(true);
      now += TEMPORARY_LOCKOUT_MS;
      expect(attempts.isLocked('jane.citizen')).to.equal(false);
      expect(attempts.remaining('jane.citizen')).to.equal(MAX_LOGIN_ATTEMPTS);
    });

    it('keeps a counter of failures on other usernames too: 4 failures stay 4 after 10,000 others', () => {
      let now = 1_000_000;
      const attempts = new LoginAttempts(() => now);
      for (let i = 0; i < MAX_LOGIN_ATTEMPTS - 1; i += 1) attempts.recordFailure('jane.citizen');
      for (let i = 0; i < 10_000; i += 1) {
        attempts.recordFailure(`nobody.${i}`);
        now += 1;
      }
      expect(attempts.remaining('jane.citizen')).to.equal(1);
    });

    it('forgets an unlocked counter a day after its last failure, and only then', () => {
      let now = 1_000_000;
      const attempts = new LoginAttempts(() => now);
      attempts.recordFailure('jane.citizen');
      attempts.recordFailure('jane.citizen');
      now += DAY_MS - 1;
      expect(attempts.remaining('jane.citizen')).to.equal(MAX_LOGIN_ATTEMPTS - 2);
      now += 2;
      attempts.recordFailure('someone.else');
      expect(attempts.remaining('jane.citizen')).to.equal(MAX_LOGIN_ATTEMPTS);
      expect(attempts.tracked(), 'the forgotten counter is gone').to.equal(1);
    });

    it(`counts failures per token: after ${MAX_TOKEN_LOGIN_FAILURES} the token is spent`, () => {
      const attempts = new LoginAttempts(() => 1_000_000);
      const token = { jti: 'token-1', expMs: 2_000_000 };
      for (let i = 0; i < MAX_TOKEN_LOGIN_FAILURES; i += 1) {
        expect(attempts.tokenSpent(token.jti), `after ${i}`).to.equal(false);
        attempts.recordFailure(`user.${i}`, token);
      }
      expect(attempts.tokenSpent(token.jti)).to.equal(true);
      expect(attempts.tokenSpent('token-2')).to.equal(false);
    });
  });

  describe('the counters in the SQLite store', () => {
    it('forgets the same way: unlocked counters a day old and expired tokens go, a running lockout stays', async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'sandbox-attempts-'));
      const { store } = await SqliteSandboxStore.open(path.join(dir, 'sandbox.sqlite'));
      try {
        let now = 1_000_000;
        const attempts = new LoginAttempts(() => now, store.loginAttempts);
        attempts.recordFailure('stale.one', { jti: 'short-lived', expMs: now + 60_000 });
        now += DAY_MS - TEMPORARY_LOCKOUT_MS / 2;
        for (let i = 0; i < MAX_LOGIN_ATTEMPTS; i += 1) attempts.recordFailure('locked.now');
        now += (TEMPORARY_LOCKOUT_MS * 3) / 4;
        attempts.recordFailure('fresh.one');
        expect(store.loginAttempts.username('stale.one'), 'a day old, unlocked').to.equal(undefined);
        expect(store.loginAttempts.token('short-lived'), 'expired token').to.equal(undefined);
        expect(attempts.isLocked('locked.now')).to.equal(true);
        expect(attempts.tracked()).to.equal(2);
      } finally {
        store.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe('over HTTP, through restarts', () => {
    const sandbox = new RunningSandbox();
    before(() => sandbox.start());
    after(() => sandbox.dispose());

    it('keeps a lockout and a failure count through a restart', async () => {
      const token = await sandbox.token();
      for (let i = 0; i < MAX_LOGIN_ATTEMPTS; i += 1) await sandbox.wrongLogin(token, 'trust.owner');
      const counting = await sandbox.token();
      expect(remaining(await sandbox.wrongLogin(counting, 'many.accounts'))).to.equal(4);
      expect(remaining(await sandbox.wrongLogin(counting, 'many.accounts'))).to.equal(3);
      await sandbox.restart();

      const locked = await sandbox.login(await sandbox.token(), 'trust.owner');
      expect([locked.status, errorOf(locked).code]).to.deep.equal([403, 'otp_failure_003']);
      expect(remaining(await sandbox.wrongLogin(await sandbox.token(), 'many.accounts'))).to.equal(2);

      sandbox.nowMs += TEMPORARY_LOCKOUT_MS + 1000;
      expect((await sandbox.login(await sandbox.token(), 'trust.owner')).status).to.equal(204);
    });

    it(`refuses a token after ${MAX_TOKEN_LOGIN_FAILURES} failed logins with otp_failure_003 saying why, through a restart; another token logs in`, async () => {
      const token = await sandbox.token();
      for (let i = 0; i < MAX_TOKEN_LOGIN_FAILURES; i += 1) {
        const answer = await sandbox.wrongLogin(token, `stranger.${i}`);
        expect(errorOf(answer).code).to.equal('otp_failure_001');
      }
      const spent = await sandbox.login(token, 'jane.citizen');
      expect(spent.status).to.equal(403);
      expect(errorOf(spent).code).to.equal('otp_failure_003');
      expect(errorOf(spent).causes.join(' ')).to.match(/too many failed logins/i);
      await sandbox.restart();
      expect(errorOf(await sandbox.login(token, 'jane.citizen')).code, 'after a restart').to.equal('otp_failure_003');
      expect((await sandbox.login(await sandbox.token(), 'jane.citizen')).status).to.equal(204);
    });

    it('spec §4, issue 21 "the consent is loaded once": an amendment names its accounts and its profile from the first read; only its owner can log in to change it', async () => {
      const { token, accounts } = await sandbox.readyToConfirm('jane.citizen', { scopes: [BASIC, CUSTOMER], months: 12 });
      const { id_token: idToken } = (await sandbox.decide(token, true)).body as { id_token: string };
      const arrangementId = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')).cdr_arrangement_id as string;
      const amend = await sandbox.token({ scopes: [BASIC, CUSTOMER, 'bank:payees:read'], months: 6, arrangementId });
      type Detail = { detail: { permissions: { permission: string; accounts?: unknown[]; claims?: string }[]; profileId?: string } };
      const before = ((await sandbox.call('GET', '/data', amend)).body as Detail).detail;
      expect(before.permissions.map((p) => p.permission)).to.deep.equal([BASIC, CUSTOMER, 'bank:payees:read']);
      expect(before.permissions.find((p) => p.permission === BASIC)?.accounts).to.deep.equal(accounts);
      expect(before.permissions.find((p) => p.permission === CUSTOMER)?.accounts).to.equal(undefined);
      expect(before.profileId, 'CONTRACT §3: the profile the arrangement was made with').to.equal('PERSONAL');
      // CONTRACT §3: granted permissions carry the arrangement id; the newly requested payees scope does not.
      expect(before.permissions.map((p) => JSON.parse(p.claims ?? '{}').cdr_arrangement_id === arrangementId)).to.deep.equal([true, true, false]);
      expect((await sandbox.login(amend, 'trust.owner')).status, 'another customer').to.equal(403);
      expect((await sandbox.login(amend, 'jane.citizen')).status).to.equal(204);
    });

    it('reads the Bearer scheme case-insensitively', async () => {
      const token = await sandbox.token();
      for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) {
        const answer = await sandbox.request('GET', '/customer-auth/data', { headers: { authorization: `${scheme} ${token}` } });
        expect(answer.status, scheme).to.equal(200);
      }
      for (const authorization of [`Bearer${token}`, `Bearerx ${token}`, `Basic ${token}`, token, `Bearer ${token} extra`]) {
        const answer = await sandbox.request('GET', '/customer-auth/data', { headers: { authorization } });
        expect([answer.status, errorOf(answer).code], authorization.slice(0, 12)).to.deep.equal([401, 'invalid_token']);
      }
    });
  });
});
