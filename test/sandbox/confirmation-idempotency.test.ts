// Issue 12, CONTRACT §3 "Confirmation is idempotent": the bank commits the first decision of an
// authorisation, keeps its answer with the request's Idempotency-Key in the store (a restart keeps
// it), answers the same key with the same answer, and every other decision or call with a 409
// consent_already_decided whose first cause names the decision. lost.answer and huge.accounts.
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { decodeJwt } from 'jose';
import { customerAuthOpenApi } from '../../contract/customer-auth-contract';
import { accountRef, errorOf, RunningSandbox, type Answer, type RawAccountLike } from './sandbox-test-kit';

const BASIC = 'bank:accounts.basic:read';
const CUSTOMER = 'common:customer.basic:read';
const BANK_SCOPES = [BASIC, 'bank:accounts.detail:read', 'bank:transactions:read', 'bank:regular_payments:read', 'bank:payees:read'];

/** A 409 consent_already_decided whose first cause is the decision as JSON. */
function expectDecided(answer: Answer, decision: 'approved' | 'rejected', where = ''): void {
  expect(answer.status, `${where} ${answer.text}`).to.equal(409);
  const { code, causes } = errorOf(answer);
  expect(code, where).to.equal('consent_already_decided');
  expect(JSON.parse(causes[0] ?? 'null'), where).to.deep.equal({ decision });
}

describe('sandbox bank: a confirmation is never lost (CONTRACT §3, issue 12)', () => {
  const sandbox = new RunningSandbox();
  before(() => sandbox.start());
  after(() => sandbox.dispose());

  it('answers the same Idempotency-Key with the committed answer: same auth_code, redirect_uri, state and id_token', async () => {
    const { token } = await sandbox.readyToConfirm();
    const key = randomUUID();
    const first = await sandbox.decide(token, true, key);
    expect(first.status, first.text).to.equal(200);
    for (let i = 0; i < 3; i += 1) {
      const again = await sandbox.decide(token, true, key);
      expect(again.status).to.equal(200);
      expect(again.body).to.deep.equal(first.body);
    }
    // The key is a UUID in any case.
    expect((await sandbox.decide(token, true, key.toUpperCase())).body).to.deep.equal(first.body);
  });

  it('keeps the committed answer through a restart of the sandbox', async () => {
    const { token } = await sandbox.readyToConfirm();
    const key = randomUUID();
    const first = await sandbox.decide(token, true, key);
    const port = Number(new URL(sandbox.origin).port);
    await sandbox.stop();
    await sandbox.start({ port });
    const replay = await sandbox.decide(token, true, key);
    expect([replay.status, replay.body]).to.deep.equal([200, first.body]);
    expectDecided(await sandbox.decide(token, true), 'approved');
  });

  it('answers another key, or the other decision, with 409 consent_already_decided and the decision as the first cause', async () => {
    const { token } = await sandbox.readyToConfirm();
    const key = randomUUID();
    expect((await sandbox.decide(token, true, key)).status).to.equal(200);
    expectDecided(await sandbox.decide(token, true), 'approved', 'another key');
    expectDecided(await sandbox.decide(token, false, key), 'approved', 'the same key, the other decision');
    expectDecided(await sandbox.decide(token, false), 'approved', 'another key, the other decision');

    const cancelled = await sandbox.token();
    const rejectKey = randomUUID();
    const rejected = await sandbox.decide(cancelled, false, rejectKey);
    expect(rejected.body).to.deep.equal({ redirect_uri: `${sandbox.origin}/recipient/callback`, state: decodeJwt(cancelled)['state'] });
    expect((await sandbox.decide(cancelled, false, rejectKey)).body).to.deep.equal(rejected.body);
    expectDecided(await sandbox.decide(cancelled, true), 'rejected', 'approve after a rejection');
    expectDecided(await sandbox.decide(cancelled, false), 'rejected', 'reject again with another key');
  });

  it('answers every other call of a decided authorisation with the same 409 and its decision', async () => {
    const { token, accounts } = await sandbox.readyToConfirm();
    await sandbox.decide(token, true);
    const calls: readonly [string, string, unknown?, Record<string, string>?][] = [
      ['GET', '/data'],
      ['GET', '/customer-details'],
      ['GET', '/businesses'],
      ['GET', '/accounts?withBalance=false'],
      ['POST', '/authenticate', { authType: 'SECURE_CODE', username: 'jane.citizen', secureCode: '123456' }],
      ['PUT', '/consent', { permissions: [{ permission: BASIC, accounts }, { permission: CUSTOMER }] }],
      ['PUT', '/consent', { bcin: 'PERSONAL' }, { requestType: 'BUSINESS_CONTRACT' }],
      ['POST', '/keep-alive', {}],
    ];
    for (const [method, path, body, headers] of calls) expectDecided(await sandbox.call(method, path, token, body, headers), 'approved', `${method} ${path}`);

    const cancelled = await sandbox.token();
    await sandbox.decide(cancelled, false);
    for (const [method, path, body, headers] of calls)
      expectDecided(await sandbox.call(method, path, cancelled, body, headers), 'rejected', `${method} ${path}`);
  });

  it('refuses a confirmation without an Idempotency-Key, or with one that is not a UUID, with 400, and commits nothing', async () => {
    const { token } = await sandbox.readyToConfirm();
    const missing = await sandbox.decide(token, true, null);
    expect(missing.status).to.equal(400);
    expect(errorOf(missing).code).to.equal('invalid_request');
    expect(errorOf(missing).causes.join(' ')).to.match(/Idempotency-Key/);
    const malformed = [
      '',
      'abc',
      '123',
      `${randomUUID()}x`,
      `{${randomUUID()}}`,
      `urn:uuid:${randomUUID()}`,
      `${randomUUID()}, ${randomUUID()}`,
      'g'.repeat(8) + randomUUID().slice(8),
      ' '.repeat(36),
    ];
    for (const key of malformed) {
      const answer = await sandbox.decide(token, true, key);
      expect(answer.status, JSON.stringify(key)).to.equal(400);
      expect(errorOf(answer).code).to.equal('invalid_request');
    }
    const rejectWithout = await sandbox.decide(token, false, null);
    expect(rejectWithout.status).to.equal(400);
    expect((await sandbox.decide(token, true)).status).to.equal(200);
  });

  it('commits nothing when the confirmation fails before the decision: the same key then commits', async () => {
    const token = await sandbox.token();
    await sandbox.login(token, 'jane.citizen');
    const key = randomUUID();
    const early = await sandbox.decide(token, true, key);
    expect([early.status, errorOf(early).code]).to.deep.equal([409, 'out_of_order']);
    await sandbox.call('PUT', '/consent', token, { permissions: [{ permission: BASIC, accounts: [] }, { permission: CUSTOMER }] });
    const committed = await sandbox.decide(token, true, key);
    expect(committed.status).to.equal(200);

    const { token: failing } = await sandbox.readyToConfirm('confirm.fails');
    const failingKey = randomUUID();
    expect((await sandbox.decide(failing, true, failingKey)).status).to.equal(500);
    expect((await sandbox.decide(failing, false, randomUUID())).status, 'nothing was committed: a rejection is still possible').to.equal(200);
  });

  it('lets exactly one of two racing keys commit (two tabs); the other gets the 409; no code is issued twice', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { token } = await sandbox.readyToConfirm();
      const answers = await Promise.all([sandbox.decide(token, true), sandbox.decide(token, true), sandbox.decide(token, false), sandbox.decide(token, true)]);
      const committed = answers.filter((answer) => answer.status === 200);
      expect(committed, answers.map((answer) => answer.text).join('\n')).to.have.length(1);
      const decision = (committed[0]?.body as { auth_code?: string } | undefined)?.auth_code === undefined ? 'rejected' : 'approved';
      for (const answer of answers.filter((candidate) => candidate.status !== 200)) expectDecided(answer, decision);
    }
  });

  it('answers racing repeats of the same key with the one committed answer', async () => {
    const { token } = await sandbox.readyToConfirm();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 6 }, () => sandbox.decide(token, true, key)));
    expect(answers.map((answer) => answer.status)).to.deep.equal([200, 200, 200, 200, 200, 200]);
    for (const answer of answers) expect(answer.body).to.deep.equal(answers[0]?.body);
  });

  it('replays the committed answer to a token that expired after the commit, and to nothing else', async () => {
    const { token } = await sandbox.readyToConfirm();
    const key = randomUUID();
    const first = await sandbox.decide(token, true, key);
    const { token: undecided } = await sandbox.readyToConfirm();
    sandbox.nowMs += 3600 * 1000 + 60 * 1000;
    try {
      expect((await sandbox.decide(token, true, key)).body).to.deep.equal(first.body);
      const otherKey = await sandbox.decide(token, true);
      expect([otherKey.status, errorOf(otherKey).code]).to.deep.equal([401, 'invalid_token']);
      const late = await sandbox.decide(undecided, true);
      expect([late.status, errorOf(late).causes]).to.deep.equal([401, ['The token has expired.']]);
    } finally {
      sandbox.nowMs -= 3600 * 1000 + 60 * 1000;
    }
    expect((await sandbox.decide(undecided, true)).status, 'the expired token committed nothing').to.equal(200);
  });

  it('lost.answer: the first confirmation commits, its answer is lost (502); the same key gets the committed answer', async () => {
    const { token } = await sandbox.readyToConfirm('lost.answer');
    const key = randomUUID();
    const lost = await sandbox.decide(token, true, key);
    expect(lost.status).to.equal(502);
    expect(errorOf(lost).code).to.equal('answer_lost');
    const replay = await sandbox.decide(token, true, key);
    expect(replay.status).to.equal(200);
    const { auth_code: code, id_token: idToken, state } = replay.body as { auth_code: string; id_token: string; state: string };
    expect(code).to.be.a('string');
    expect(state).to.equal(decodeJwt(token)['state']);
    const arrangementId = decodeJwt(idToken)['cdr_arrangement_id'] as string;
    expect((await sandbox.request('GET', '/recipient/')).text, 'the arrangement was committed').to.include(arrangementId);
    expect((await sandbox.decide(token, true, key)).body).to.deep.equal(replay.body);
    expectDecided(await sandbox.decide(token, true), 'approved');
  });

  it('huge.accounts: 5,000 eligible accounts; all of them can be selected under every bank scope and confirmed', async function () {
    this.timeout(30_000);
    const token = await sandbox.token({ scopes: [...BANK_SCOPES, CUSTOMER], months: 12 });
    await sandbox.login(token, 'huge.accounts');
    const list = ((await sandbox.call('GET', '/accounts?withBalance=false', token)).body as { accounts: { account: RawAccountLike[] } }).accounts.account;
    expect(list).to.have.length(5000);
    expect(list.every((account) => account.supplementaryData.rbwmPIB.eligibleAccount)).to.equal(true);
    expect(new Set(list.map((account) => account.scheme.secondaryIdentification)).size).to.equal(5000);
    const accounts = list.map(accountRef);
    // How long this save takes is a figure, not a check: bench/save-5000.ts prints it.
    const saved = await sandbox.call('PUT', '/consent', token, {
      permissions: [...BANK_SCOPES.map((permission) => ({ permission, accounts })), { permission: CUSTOMER }],
    });
    expect(saved.status, saved.text).to.equal(204);
    expect((await sandbox.decide(token, true)).status).to.equal(200);
  });

  it('documents the Idempotency-Key header in the OpenAPI contract: required, a UUID', () => {
    const operation = (
      customerAuthOpenApi().paths['/customer-auth/confirmation'] as {
        post: { parameters?: { name: string; in: string; required?: boolean; schema?: { type?: string; format?: string } }[] };
      }
    ).post;
    const header = operation.parameters?.find((parameter) => parameter.in === 'header' && parameter.name.toLowerCase() === 'idempotency-key');
    expect(header?.required).to.equal(true);
    expect(header?.schema).to.include({ type: 'string', format: 'uuid' });
  });
});
