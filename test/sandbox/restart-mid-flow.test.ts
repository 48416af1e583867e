// Issue 12: the sandbox stopped and started again on the same data folder in the middle of
// journeys, even while confirmations are in flight, and killed with SIGKILL: no arrangement is
// lost, no code is issued twice, a committed answer is replayed to its Idempotency-Key, and
// lockouts stay in force. (Sessions are in memory, as a bank's: a customer logs in again.)
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { decodeJwt } from 'jose';
import { MAX_TOKEN_LOGIN_FAILURES } from '../../sandbox/login-attempts';
import { errorOf, makeTempDist, MAX_LOGIN_ATTEMPTS, RunningSandbox, SandboxClient, type Answer } from './sandbox-test-kit';

const BASIC = 'bank:accounts.basic:read';
const CUSTOMER = 'common:customer.basic:read';
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const arrangementOf = (answer: Answer): string => decodeJwt((answer.body as { id_token: string }).id_token)['cdr_arrangement_id'] as string;
const codeOf = (answer: Answer): string => (answer.body as { auth_code: string }).auth_code;

describe('sandbox bank: restarts in the middle of journeys (issue 12)', function () {
  this.timeout(60_000);
  const sandbox = new RunningSandbox();
  before(() => sandbox.start());
  after(() => sandbox.dispose());

  it('keeps every decision, arrangement and lockout through restarts between the steps of six journeys', async () => {
    // Journeys at every stage.
    const approved = await sandbox.readyToConfirm('jane.citizen');
    const approvedKey = randomUUID();
    const approvedAnswer = await sandbox.decide(approved.token, true, approvedKey);
    const rejected = await sandbox.token();
    const rejectedKey = randomUUID();
    const rejectedAnswer = await sandbox.decide(rejected, false, rejectedKey);
    const selected = await sandbox.readyToConfirm('trust.owner');
    const loggedIn = await sandbox.token();
    await sandbox.login(loggedIn, 'no.eligible');
    const fresh = await sandbox.token();
    const amend = await sandbox.token({ scopes: [BASIC, CUSTOMER, 'bank:payees:read'], months: 3, arrangementId: arrangementOf(approvedAnswer) });
    await sandbox.login(amend, 'jane.citizen');
    // Lockouts: a locked username, a counting one, a spent token.
    const locking = await sandbox.token();
    for (let i = 0; i < MAX_LOGIN_ATTEMPTS; i += 1) await sandbox.wrongLogin(locking, 'flaky.bank');
    await sandbox.wrongLogin(await sandbox.token(), 'jarm.customer');
    const spent = await sandbox.token();
    for (let i = 0; i < MAX_TOKEN_LOGIN_FAILURES; i += 1) await sandbox.wrongLogin(spent, `stranger.${i}`);

    await sandbox.restart();

    expect((await sandbox.decide(approved.token, true, approvedKey)).body, 'the committed answer, replayed').to.deep.equal(approvedAnswer.body);
    expect(errorOf(await sandbox.decide(approved.token, true)).causes[0]).to.equal('{"decision":"approved"}');
    expect((await sandbox.decide(rejected, false, rejectedKey)).body).to.deep.equal(rejectedAnswer.body);
    expect(errorOf(await sandbox.call('GET', '/data', rejected)).causes[0]).to.equal('{"decision":"rejected"}');

    // Sessions are gone: the journeys log in again and finish, each with its own code.
    const codes = new Set([codeOf(approvedAnswer)]);
    const early = await sandbox.decide(selected.token, true);
    expect([early.status, errorOf(early).code]).to.deep.equal([409, 'out_of_order']);
    for (const [token, username] of [
      [selected.token, 'trust.owner'],
      [loggedIn, 'no.eligible'],
      [fresh, 'jane.citizen'],
      [amend, 'jane.citizen'],
    ] as const) {
      expect((await sandbox.login(token, username)).status, username).to.equal(204);
      const detail = ((await sandbox.call('GET', '/data', token)).body as { detail: { permissions: { permission: string; accounts?: unknown[] }[] } }).detail;
      const accounts = token === amend ? (detail.permissions[0]?.accounts ?? []) : [];
      if (token === amend) expect(accounts, "the amended arrangement's accounts, after login").to.deep.equal(approved.accounts);
      await sandbox.call('PUT', '/consent', token, {
        permissions: detail.permissions.map(({ permission }) => (permission.startsWith('common:') ? { permission } : { permission, accounts })),
      });
      const answer = await sandbox.decide(token, true);
      expect(answer.status, username).to.equal(200);
      codes.add(codeOf(answer));
    }
    expect(codes.size, 'five decisions, five codes').to.equal(5);
    await sandbox.restart();
    expect((await sandbox.request('GET', '/recipient/')).text, 'the arrangement, amended').to.include(arrangementOf(approvedAnswer));

    const stillLocked = await sandbox.login(await sandbox.token(), 'flaky.bank');
    expect([stillLocked.status, errorOf(stillLocked).code]).to.deep.equal([403, 'otp_failure_003']);
    expect(JSON.parse(errorOf(await sandbox.wrongLogin(await sandbox.token(), 'jarm.customer')).causes[0] ?? '{}')).to.deep.equal({ remainingOTPattempts: 3 });
    expect(errorOf(await sandbox.login(spent, 'jane.citizen')).code).to.equal('otp_failure_003');
  });

  it('loses nothing when it stops while confirmations are in flight: the same key gets the committed answer, or commits once the customer is back', async () => {
    const journeys = await Promise.all(Array.from({ length: 8 }, () => sandbox.readyToConfirm('jane.citizen')));
    const keys = journeys.map(() => randomUUID());
    const approves = (index: number): boolean => index % 3 !== 2;
    // Stop once every confirmation has reached the server: each then commits or not, answered or not.
    let received = 0;
    const allReceived = new Promise<void>((resolve) => {
      sandbox.bank.app.server.on('request', () => {
        received += 1;
        if (received === journeys.length) resolve();
      });
    });
    const inFlight = journeys.map(({ token }, index) =>
      sandbox.decide(token, approves(index), keys[index]).then(
        (answer) => answer,
        () => undefined,
      ),
    );
    const port = Number(new URL(sandbox.origin).port);
    await allReceived;
    const stopStarted = performance.now();
    const [first] = await Promise.all([Promise.all(inFlight), sandbox.stop()]);
    // Stopping answered every confirmation it had received, then ended (no cut connection, no wait for keep-alive).
    expect(first.map((answer) => answer?.status ?? 'network error')).to.deep.equal(journeys.map(() => 200));
    expect(performance.now() - stopStarted, 'ms to stop').to.be.lessThan(2500);
    await sandbox.start({ port });
    const codes = new Set<string>();
    for (const [index, { token, accounts }] of journeys.entries()) {
      let answer = await sandbox.decide(token, approves(index), keys[index]);
      if (answer.status === 409 && errorOf(answer).code === 'out_of_order') {
        // Not committed before the stop (the session, in memory, is gone): log in, save, the same key.
        expect(first[index]?.status, `journey ${index} answered 200 but did not commit`).not.to.equal(200);
        await sandbox.login(token, 'jane.citizen');
        await sandbox.call('PUT', '/consent', token, { permissions: [{ permission: BASIC, accounts }, { permission: CUSTOMER }] });
        answer = await sandbox.decide(token, approves(index), keys[index]);
      }
      expect(answer.status, `journey ${index}: ${answer.text}`).to.equal(200);
      const before = first[index];
      if (before?.status === 200) expect(answer.body, `journey ${index}: the answer it had`).to.deep.equal(before.body);
      if (approves(index)) codes.add(codeOf(answer));
      expect(errorOf(await sandbox.decide(token, true)).code).to.equal('consent_already_decided');
    }
    expect(codes.size, 'one code per approval').to.equal(journeys.filter((_, index) => approves(index)).length);
  });

  it('loses nothing through a SIGKILL of `npm run sandbox`: the committed answer, the arrangement and a lockout survive', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sandbox-kill-'));
    const distDir = makeTempDist();
    const children: ChildProcess[] = [];
    /** Starts the sandbox's program (main.ts) on `port` (0: a free one); answers its origin. */
    const startProcess = async (port: string): Promise<{ origin: string; child: ChildProcess }> => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(ROOT, 'sandbox/main.ts'), '--port', port, '--data-dir', dataDir, '--dist-dir', distDir],
        {
          cwd: ROOT,
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      children.push(child);
      let output = '';
      const origin = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the sandbox did not start: ${output}`)), 30_000);
        const read = (chunk: Buffer): void => {
          output += chunk.toString();
          const match = /open (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
          if (match?.[1] !== undefined) {
            clearTimeout(timer);
            resolve(match[1]);
          }
        };
        child.stdout?.on('data', read);
        child.stderr?.on('data', read);
        child.once('exit', (code) => reject(new Error(`the sandbox exited with ${code}: ${output}`)));
      });
      return { origin, child };
    };
    const kill = (child: ChildProcess): Promise<void> =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      });
    try {
      const first = await startProcess('0');
      const client = new SandboxClient(first.origin);
      const begin = async (): Promise<string> => {
        const form = new URLSearchParams({ persona: 'jane.citizen', scope: BASIC, duration: 'months', months: '12' }).toString();
        const answer = await client.request('POST', '/recipient/start', { body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
        return new URL(answer.headers.get('location') ?? '', client.origin).searchParams.get('redirectJwt') ?? '';
      };
      const token = await begin();
      await client.login(token, 'jane.citizen');
      await client.call('PUT', '/consent', token, {
        permissions: [{ permission: BASIC, accounts: [{ schemeName: 'BSB_ACCOUNT', identification: '062000 12345678', secondaryIdentification: 'acc-0001' }] }],
      });
      const key = randomUUID();
      const committed = await client.decide(token, true, key);
      expect(committed.status).to.equal(200);
      const locking = await begin();
      for (let i = 0; i < MAX_LOGIN_ATTEMPTS; i += 1) {
        await client.call('POST', '/authenticate', locking, {
          authType: 'DOB_SECURE_CODE',
          username: 'trust.owner',
          secureCode: '000000',
          dateOfBirth: '1966-12-25',
        });
      }
      await kill(first.child);

      // The same port: the tokens name the sandbox's origin as issuer and audience.
      const second = await startProcess(new URL(first.origin).port);
      expect(second.origin).to.equal(first.origin);
      expect((await client.request('GET', '/recipient/')).text, 'the arrangement survived the kill').to.include(arrangementOf(committed));
      expect((await client.decide(token, true, key)).body, 'the committed answer after a SIGKILL').to.deep.equal(committed.body);
      expect(errorOf(await client.decide(token, true)).causes[0]).to.equal('{"decision":"approved"}');
      const locked = await client.login(await begin(), 'trust.owner');
      expect([locked.status, errorOf(locked).code]).to.deep.equal([403, 'otp_failure_003']);
      await kill(second.child);
    } finally {
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(distDir, { recursive: true, force: true });
    }
  });
});
