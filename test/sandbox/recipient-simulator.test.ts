// The recipient simulator: start or amend an arrangement as a third party would, and see what
// came back (CONTRACT §1, §6; SCENARIOS.md third-party side).
import { expect } from 'chai';
import { decodeJwt } from 'jose';
import { SCOPES } from '../../domain/scopes';
import { RunningSandbox, type Answer } from './sandbox-test-kit';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('sandbox bank: the recipient simulator', () => {
  const sandbox = new RunningSandbox();
  before(() => sandbox.start());
  after(() => sandbox.dispose());

  const post = (path: string, form: string): Promise<Answer> => sandbox.request('POST', path, { body: form, headers: FORM });

  /** Starts through the form; answers the signed token from the redirect to the app. */
  async function startThroughForm(form: string, path = '/recipient/start'): Promise<string> {
    const answer = await post(path, form);
    expect(answer.status, answer.text).to.equal(303);
    const location = answer.headers.get('location') ?? '';
    expect(location).to.match(/^\/demo_accc_aisp\?redirectJwt=/);
    return new URL(location, 'http://sandbox').searchParams.get('redirectJwt') ?? '';
  }

  /** Logs jane in, shares her first account and confirms; answers the confirmation. */
  async function confirmAsJane(token: string): Promise<{ auth_code: string; state: string; id_token: string }> {
    await sandbox.login(token, 'jane.citizen');
    const permissions = ((await sandbox.call('GET', '/data', token)).body as { detail: { permissions: { permission: string }[] } }).detail.permissions;
    const first = { schemeName: 'BSB_ACCOUNT', identification: '062000 12345678', secondaryIdentification: 'acc-0001' };
    await sandbox.call('PUT', '/consent', token, {
      permissions: permissions.map(({ permission }) => (permission.startsWith('common:') ? { permission } : { permission, accounts: [first] })),
    });
    return (await sandbox.decide(token, true)).body as { auth_code: string; state: string; id_token: string };
  }

  it('offers personas, the seven scopes and the sharing duration', async () => {
    const page = await sandbox.request('GET', '/recipient/');
    expect(page.status).to.equal(200);
    for (const scope of SCOPES) expect(page.text).to.include(`name="scope" value="${scope}"`);
    for (const username of ['jane.citizen', 'trust.owner', 'dob.required', 'many.accounts', 'flaky.bank'])
      expect(page.text).to.include(`<code>${username}</code>`);
    expect(page.text).to.include('value="once-off"').and.include('name="months"');
    expect(page.text).to.include('<form method="post" action="/recipient/start">');
    expect((await sandbox.request('GET', '/recipient')).status).to.equal(200);
  });

  it('signs a redirectJwt with every claim of CONTRACT §1 and caps the period at 12 months', async () => {
    const form = 'persona=jane.citizen&tppName=Budget+Buddy&scope=bank%3Aaccounts.basic%3Aread&scope=common%3Acustomer.basic%3Aread&duration=months&months=30';
    const token = await startThroughForm(form);
    const claims = decodeJwt(token);
    expect(claims).to.include({
      tppName: 'Budget Buddy',
      orgName: 'Budget Buddy Pty Ltd',
      redirectUri: `${sandbox.origin}/recipient/callback`,
      brand: 'Demo',
      standard: 'accc',
      consentType: 'aisp',
      consentSubType: '',
      consentStatus: 'AwaitingAuthorisation',
      iss: sandbox.origin,
      aud: `${sandbox.origin}/customer-auth`,
    });
    for (const claim of ['state', 'jti']) expect(claims[claim]).to.be.a('string').with.length.above(15);
    for (const claim of ['consentCreationDate', 'iat', 'exp']) expect(claims[claim]).to.be.a('number');
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).to.equal(3600);
    expect(decodeJwt(await startThroughForm(form))['state']).not.to.equal(claims['state']);

    const detail = ((await sandbox.call('GET', '/data', token)).body as { detail: { expirationDateTime: string } }).detail;
    const twelve = new Date((claims['consentCreationDate'] as number) * 1000);
    twelve.setUTCMonth(twelve.getUTCMonth() + 12);
    expect(detail.expirationDateTime).to.equal(twelve.toISOString().replace(/\.\d{3}Z$/, 'Z'));
  });

  it('asks for a once-off sharing without an expiry', async () => {
    const token = await startThroughForm('scope=bank%3Atransactions%3Aread&duration=once-off&months=12');
    const detail = ((await sandbox.call('GET', '/data', token)).body as { detail: Record<string, unknown> }).detail;
    expect(detail).not.to.have.property('expirationDateTime');
    expect(detail['permissions']).to.deep.equal([{ permission: 'bank:transactions:read' }]);
  });

  it('signs a state given by the ask exactly (a test may ask for a long one), and refuses an empty or huge one', async () => {
    const state = `${'s'.repeat(990)}-${Date.now()}`.slice(0, 1000);
    const token = await sandbox.token({ scopes: ['bank:payees:read'], state });
    expect(decodeJwt(token)['state']).to.equal(state);
    for (const bad of ['', 'x'.repeat(2049)]) {
      const started = await sandbox.bank.startAuthorisation({ scopes: ['bank:payees:read'], state: bad });
      expect(started.ok).to.equal(false);
    }
  });

  const badForms: readonly [string, string, string][] = [
    ['no scope', 'duration=once-off', 'Choose at least one scope.'],
    ['an unknown scope', 'scope=bank%3Aeverything&duration=once-off', 'must be equal to one of the allowed values'],
    ['months that are not a number', 'scope=bank%3Apayees%3Aread&duration=months&months=abc', 'must match pattern'],
    ['zero months', 'scope=bank%3Apayees%3Aread&duration=months&months=0', 'at least 1'],
    ['no duration', 'scope=bank%3Apayees%3Aread', "must have required property 'duration'"],
    ['an unknown field', 'scope=bank%3Apayees%3Aread&duration=once-off&admin=1', 'must NOT have additional properties'],
    ['a huge recipient name', `scope=bank%3Apayees%3Aread&duration=once-off&tppName=${'x'.repeat(5000)}`, 'must NOT have more than 80 characters'],
  ];
  for (const [what, form, message] of badForms) {
    it(`answers a form with ${what} with a 400 page`, async () => {
      const answer = await post('/recipient/start', form);
      expect(answer.status).to.equal(400);
      expect(answer.headers.get('content-type')).to.match(/^text\/html/);
      expect(answer.headers.get('content-security-policy')).to.include("default-src 'none'");
      expect(answer.text).to.include(message.replace(/'/g, '&#39;'));
    });
  }

  it('shows a successful return: code, state checked, id_token verified with the arrangement id', async () => {
    const token = await startThroughForm('persona=jane.citizen&scope=bank%3Aaccounts.basic%3Aread&duration=months&months=3');
    const answer = await confirmAsJane(token);
    const forward = await sandbox.request('GET', '/recipient/callback');
    expect(forward.text).to.include('<script src="/recipient/assets/callback.js" defer></script>');
    const script = await sandbox.request('GET', '/recipient/assets/callback.js');
    expect([script.status, script.headers.get('content-type')]).to.deep.equal([200, 'application/javascript; charset=utf-8']);
    expect(script.text).to.include("'/recipient/callback/result'");

    const fragment = new URLSearchParams({ code: answer.auth_code, state: answer.state, id_token: answer.id_token });
    const page = await sandbox.request('GET', `/recipient/callback/result?${fragment}`);
    expect(page.status).to.equal(200);
    expect(page.text).to.include('<h1>Authorised</h1>').and.include(answer.auth_code);
    expect(page.text).not.to.include('FAILED');
    expect(page.text.match(/<strong>OK<\/strong>/g)).to.have.length(4);
    const arrangementId = decodeJwt(answer.id_token)['cdr_arrangement_id'] as string;
    expect(page.text).to.include(`&quot;cdr_arrangement_id&quot;: &quot;${arrangementId}&quot;`).and.include(`/recipient/amend/${arrangementId}`);

    const forgedState = await sandbox.request(
      'GET',
      `/recipient/callback/result?${new URLSearchParams({ code: answer.auth_code, state: 'not-mine', id_token: answer.id_token })}`,
    );
    expect(forgedState.text).to.include('<strong>FAILED</strong> state: this simulator never sent this state');
  });

  it('shows the error return plainly', async () => {
    const token = await startThroughForm('scope=bank%3Aaccounts.basic%3Aread&duration=once-off');
    const state = decodeJwt(token)['state'] as string;
    const page = await sandbox.request(
      'GET',
      `/recipient/callback?${new URLSearchParams({ error: 'access_denied', respCode: '401', respMessage: 'Authentication failure', state })}`,
    );
    expect(page.status).to.equal(200);
    expect(page.text)
      .to.include('The customer did not authorise')
      .and.include('access_denied')
      .and.include('Authentication failure')
      .and.include('<strong>OK</strong> state');
  });

  it('amends an earlier arrangement: its id, its accounts pre-selected, a new period and added scopes', async () => {
    const first = await confirmAsJane(await startThroughForm('persona=jane.citizen&scope=bank%3Aaccounts.basic%3Aread&duration=months&months=6'));
    const arrangementId = decodeJwt(first.id_token)['cdr_arrangement_id'] as string;

    const home = await sandbox.request('GET', '/recipient/');
    expect(home.text).to.include(`<code>${arrangementId}</code>`).and.include(`href="/recipient/amend/${arrangementId}"`);
    const amendForm = await sandbox.request('GET', `/recipient/amend/${arrangementId}`);
    expect(amendForm.text).to.include('value="bank:accounts.basic:read" checked').and.include(`action="/recipient/amend/${arrangementId}"`);

    const token = await startThroughForm(
      'scope=bank%3Aaccounts.basic%3Aread&scope=bank%3Apayees%3Aread&duration=months&months=12',
      `/recipient/amend/${arrangementId}`,
    );
    expect(decodeJwt(token)['consentStatus']).to.equal('Authorised');
    await sandbox.login(token, 'jane.citizen');
    const detail = (
      (await sandbox.call('GET', '/data', token)).body as { detail: { permissions: { permission: string; accounts?: unknown[]; claims?: string }[] } }
    ).detail;
    expect(detail.permissions.map((p) => p.permission)).to.deep.equal(['bank:accounts.basic:read', 'bank:payees:read']);
    expect(detail.permissions[0]?.accounts).to.deep.equal([
      { schemeName: 'BSB_ACCOUNT', identification: '062000 12345678', secondaryIdentification: 'acc-0001' },
    ]);
    expect(JSON.parse(detail.permissions[0]?.claims ?? '{}')).to.deep.equal({ cdr_arrangement_id: arrangementId });

    const amended = await confirmAsJane(token);
    expect(decodeJwt(amended.id_token)['cdr_arrangement_id']).to.equal(arrangementId);

    expect((await sandbox.request('GET', '/recipient/amend/no-such-arrangement')).status).to.equal(404);
    expect((await post('/recipient/amend/no-such-arrangement', 'scope=bank%3Apayees%3Aread&duration=once-off')).status).to.equal(400);
  });

  it('shows a JARM response with its verified claims', async () => {
    const token = await startThroughForm('scope=common%3Acustomer.basic%3Aread&duration=once-off');
    await sandbox.login(token, 'jarm.customer');
    const { response } = (await sandbox.decide(token, true)).body as { response: string };
    const page = await sandbox.request('GET', `/recipient/callback?response=${encodeURIComponent(response)}`);
    expect(page.text).to.include('Authorised (JARM response)').and.include('<strong>OK</strong> response signature').and.include('<strong>OK</strong> state');
  });

  it('answers a bad callback query with a 400 page, never a crash', async () => {
    const answer = await sandbox.request('GET', '/recipient/callback/result?code=a&code=b');
    expect(answer.status).to.equal(400);
    expect(answer.headers.get('content-type')).to.match(/^text\/html/);
    const garbage = await sandbox.request('GET', '/recipient/callback/result?code=x&state=y&id_token=not.a.jwt');
    expect([garbage.status, garbage.text.includes('<strong>FAILED</strong> id_token signature')]).to.deep.equal([200, true]);
  });
});
