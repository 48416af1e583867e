// SCENARIOS "two brands": the sandbox runs two brands and the simulator can start a consent for either.
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { decodeJwt } from 'jose';
import { RunningSandbox } from './sandbox-test-kit';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const START = 'tppName=Budget+Buddy&scope=bank%3Aaccounts.basic%3Aread&duration=once-off';

describe('sandbox bank: two brands (SCENARIOS, CONTRACT §2 brands)', () => {
  const sandbox = new RunningSandbox();
  before(() => sandbox.start());
  after(() => sandbox.dispose());

  it('serves the brands and links the app is built with (config/config.json): the entry page shows what the app shows once verified (issue 20)', async () => {
    const built = JSON.parse(readFileSync(new URL('../../config/config.json', import.meta.url), 'utf8')) as Record<string, unknown>;
    const served = JSON.parse((await sandbox.request('GET', '/config/config.json')).text) as Record<string, unknown>;
    expect(served['brands']).to.deep.equal(built['brands']);
    expect(served['links']).to.deep.equal(built['links']);
  });

  it('the simulator offers both brands', async () => {
    const page = await sandbox.request('GET', '/recipient/');
    expect(page.text).to.include('<option value="demo">Demo Bank</option>').and.include('<option value="coastal">Coastal Bank</option>');
  });

  it('a consent for the second brand goes to its flow route with its brand in the token; the default stays Demo', async () => {
    const coastal = await sandbox.request('POST', '/recipient/start', { body: `${START}&brand=coastal`, headers: FORM });
    expect(coastal.status, coastal.text).to.equal(303);
    const location = coastal.headers.get('location') ?? '';
    expect(location).to.match(/^\/coastal_accc_aisp\?redirectJwt=/);
    expect(decodeJwt(new URL(location, sandbox.origin).searchParams.get('redirectJwt') ?? '')['brand']).to.equal('coastal');
    const plain = await sandbox.request('POST', '/recipient/start', { body: START, headers: FORM });
    expect(plain.headers.get('location') ?? '').to.match(/^\/demo_accc_aisp\?redirectJwt=/);
  });

  it('a brand the sandbox does not run is refused with a clear answer, never signed', async () => {
    const answer = await sandbox.request('POST', '/recipient/start', { body: `${START}&brand=acme`, headers: FORM });
    expect(answer.status).to.equal(400);
    expect(answer.headers.get('location')).to.equal(null);
  });
});
