// Arrangements, signed requests and the signing key survive a restart of the sandbox bank
// (SCENARIOS.md), and the database file is always whole.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { decodeJwt } from 'jose';
import { errorOf, RunningSandbox } from './sandbox-test-kit';

/** docs/sandbox.md: the data folder holds the signing key and `sandbox.sqlite`. */
const DATABASE_FILE = 'sandbox.sqlite';

describe('sandbox bank: arrangements survive a restart', () => {
  const sandbox = new RunningSandbox();
  before(() => sandbox.start());
  after(() => sandbox.dispose());

  it('keeps the arrangement, the pending requests, the decided ones and the key across a restart', async () => {
    const token = await sandbox.token({ scopes: ['bank:accounts.basic:read', 'common:customer.basic:read'], months: 12 });
    await sandbox.login(token, 'jane.citizen');
    const account = { schemeName: 'BSB_ACCOUNT', identification: '062000 12345678', secondaryIdentification: 'acc-0001' };
    await sandbox.call('PUT', '/consent', token, {
      permissions: [{ permission: 'bank:accounts.basic:read', accounts: [account] }, { permission: 'common:customer.basic:read' }],
      consentNickname: 'Budgeting',
    });
    const { id_token: idToken } = (await sandbox.decide(token, true)).body as { id_token: string };
    const arrangementId = decodeJwt(idToken)['cdr_arrangement_id'] as string;
    const pending = await sandbox.token();
    const jwksBefore = (await sandbox.request('GET', '/.well-known/jwks.json')).text;

    const port = Number(new URL(sandbox.origin).port);
    await sandbox.stop();
    expect(readFileSync(path.join(sandbox.dataDir, DATABASE_FILE)).subarray(0, 15).toString()).to.equal('SQLite format 3');
    expect(readdirSync(sandbox.dataDir).filter((name) => name.endsWith('.tmp'))).to.deep.equal([]);
    await sandbox.start({ port });

    expect((await sandbox.request('GET', '/.well-known/jwks.json')).text).to.equal(jwksBefore);
    expect((await sandbox.call('GET', '/data', pending)).status).to.equal(200);
    expect(errorOf(await sandbox.decide(token, true)).code).to.equal('consent_already_decided');

    const home = await sandbox.request('GET', '/recipient/');
    expect(home.text).to.include(`<code>${arrangementId}</code>`).and.include('Budgeting');
    const amend = await sandbox.token({ scopes: ['bank:accounts.basic:read'], months: 3, arrangementId });
    await sandbox.login(amend, 'jane.citizen');
    const detail = ((await sandbox.call('GET', '/data', amend)).body as { detail: { permissions: { accounts?: unknown[] }[]; consentNickname?: string } })
      .detail;
    expect(detail.permissions[0]?.accounts).to.deep.equal([account]);
    expect(detail.consentNickname).to.equal('Budgeting');
  });

  it('moves an unreadable database aside and starts a new one', async () => {
    await sandbox.stop();
    writeFileSync(path.join(sandbox.dataDir, DATABASE_FILE), 'this is not a database');
    await sandbox.start();
    expect(sandbox.bank.warning).to.match(/moved to .*corrupt/);
    expect((await sandbox.request('GET', '/recipient/')).status).to.equal(200);
    expect(readdirSync(sandbox.dataDir).some((name) => name.includes('.corrupt-'))).to.equal(true);
  });
});
