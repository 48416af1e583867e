// The sandbox bank's customer-auth calls over real HTTP, for every persona of SCENARIOS.md
// (every answer is also checked against the OpenAPI document by the kit).
import { expect } from 'chai';
import { createLocalJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet } from 'jose';
import { errorOf, RunningSandbox } from './sandbox-test-kit';

const BASIC = 'bank:accounts.basic:read';
const TRANSACTIONS = 'bank:transactions:read';
const CUSTOMER = 'common:customer.basic:read';

interface RawAccountLike {
  productName: string;
  status: string;
  currency: string;
  scheme: { schemeName: string; identification: string; secondaryIdentification: string; controlAccountIdentification: string | null };
  supplementaryData: { rbwmPIB: { eligibleAccount: boolean; jointAccountIndicator: boolean; accountOwnershipTypeCode: string } };
}

const accountsOf = (body: unknown): (RawAccountLike | null)[] => (body as { accounts: { account: (RawAccountLike | null)[] } }).accounts.account;
const ref = (account: RawAccountLike) => ({
  schemeName: account.scheme.schemeName,
  identification: account.scheme.identification,
  secondaryIdentification: account.scheme.secondaryIdentification,
});

describe('sandbox bank: customer-auth calls (CONTRACT §3, SCENARIOS.md)', () => {
  const sandbox = new RunningSandbox();
  before(() => sandbox.start());
  after(() => sandbox.dispose());

  /** Logs in and walks to the account list; answers the token and the accounts. */
  async function toAccounts(username: string, scopes = [BASIC, CUSTOMER]): Promise<{ token: string; accounts: RawAccountLike[] }> {
    const token = await sandbox.token({ scopes, months: 12 });
    expect((await sandbox.login(token, username)).status).to.equal(204);
    expect((await sandbox.call('GET', '/customer-details', token)).status).to.equal(200);
    expect((await sandbox.call('GET', '/businesses', token)).status).to.equal(200);
    const accounts = await sandbox.call('GET', '/accounts?withBalance=false', token);
    expect(accounts.status).to.equal(200);
    return { token, accounts: accountsOf(accounts.body).filter((a): a is RawAccountLike => a !== null) };
  }

  it('walks jane.citizen through the whole flow and issues one code, an id_token with the arrangement id, and the state', async () => {
    const token = await sandbox.token({ scopes: [BASIC, TRANSACTIONS, CUSTOMER], months: 12 });
    const claims = decodeJwt(token);

    const data = await sandbox.call('GET', '/data', token);
    expect(data.status).to.equal(200);
    const detail = (data.body as { detail: { permissions: { permission: string; claims?: string }[]; expirationDateTime?: string } }).detail;
    expect(detail.permissions.map((p) => p.permission)).to.deep.equal([BASIC, TRANSACTIONS, CUSTOMER]);
    expect(detail.permissions.every((p) => p.claims === undefined)).to.equal(true);
    const expiry = new Date((claims['consentCreationDate'] as number) * 1000);
    expiry.setUTCMonth(expiry.getUTCMonth() + 12);
    expect(detail.expirationDateTime).to.equal(expiry.toISOString().replace(/\.\d{3}Z$/, 'Z'));

    expect((await sandbox.login(token, 'jane.citizen')).status).to.equal(204);
    expect((await sandbox.call('GET', '/customer-details', token)).body).to.deep.equal({ personalInfo: { fullLegalName: 'Jane Citizen' } });
    expect((await sandbox.call('GET', '/businesses', token)).body).to.deep.equal({ businessList: [{ companyId: 'PERSONAL', businessName: 'Jane Citizen' }] });

    const accounts = accountsOf((await sandbox.call('GET', '/accounts?withBalance=false', token)).body).filter((a): a is RawAccountLike => a !== null);
    expect(accounts).to.have.length(8);
    const ega = accounts.filter((a) => a.scheme.controlAccountIdentification === '062000 99990001');
    expect(ega.map((a) => a.currency)).to.deep.equal(['AUD', 'USD', 'EUR']);
    expect(ega[0]?.scheme.identification).to.equal('062000 99990001');
    expect(accounts.some((a) => a.status === 'CLOSED')).to.equal(true);
    expect(accounts.some((a) => a.supplementaryData.rbwmPIB.jointAccountIndicator)).to.equal(true);
    expect(accounts.filter((a) => !a.supplementaryData.rbwmPIB.eligibleAccount).map((a) => a.productName)).to.deep.equal(['Term Deposit']);

    const chosen = [accounts[0], ega[1]].map((a) => ref(a as RawAccountLike));
    const save = await sandbox.call('PUT', '/consent', token, {
      permissions: [{ permission: BASIC, accounts: chosen }, { permission: TRANSACTIONS, accounts: chosen }, { permission: CUSTOMER }],
      consentNickname: '  Budgeting  ',
    });
    expect(save.status).to.equal(204);

    const confirmed = await sandbox.decide(token, true);
    expect(confirmed.status).to.equal(200);
    const answer = confirmed.body as { auth_code: string; redirect_uri: string; state: string; id_token: string };
    expect(answer.redirect_uri).to.equal(`${sandbox.origin}/recipient/callback`);
    expect(answer.state).to.equal(claims['state']);
    expect(answer.auth_code).to.match(/^[A-Za-z0-9_-]{20,}$/);

    const jwks = (await sandbox.request('GET', '/.well-known/jwks.json')).body as JSONWebKeySet;
    const { payload } = await jwtVerify(answer.id_token, createLocalJWKSet(jwks), {
      issuer: sandbox.origin,
      audience: 'sandbox-recipient',
      currentDate: new Date(sandbox.nowMs),
    });
    expect(payload['cdr_arrangement_id']).to.be.a('string');
    const arrangementId = payload['cdr_arrangement_id'] as string;

    const again = await sandbox.decide(token, true);
    expect(again.status).to.equal(409);
    expect(errorOf(again).code).to.equal('consent_already_decided');
    expect(errorOf(await sandbox.call('GET', '/data', token)).code).to.equal('consent_already_decided');

    // The arrangement as recorded, amended: /data names it, its accounts and its profile (read once, before login: spec §4).
    const amend = await sandbox.token({ scopes: [BASIC, TRANSACTIONS, CUSTOMER, 'bank:payees:read'], months: 6, arrangementId });
    expect(decodeJwt(amend)['consentStatus']).to.equal('Authorised');
    type AmendDetail = {
      detail: { permissions: { permission: string; accounts?: unknown[]; claims?: string }[]; consentNickname?: string; previous?: unknown };
    };
    const beforeLogin = ((await sandbox.call('GET', '/data', amend)).body as AmendDetail).detail;
    expect(beforeLogin.consentNickname).to.equal('Budgeting');
    expect(beforeLogin.permissions.find((p) => p.permission === BASIC)?.accounts).to.deep.equal(chosen);
    // CONTRACT §3: the permissions granted before carry the arrangement id; the newly requested payees scope does not.
    const claimed = (detail: AmendDetail['detail']) =>
      detail.permissions.map((p) => [p.permission, JSON.parse(p.claims ?? '{}').cdr_arrangement_id === arrangementId]);
    expect(claimed(beforeLogin)).to.deep.equal([
      [BASIC, true],
      [TRANSACTIONS, true],
      [CUSTOMER, true],
      ['bank:payees:read', false],
    ]);

    const stranger = await sandbox.login(amend, 'trust.owner');
    expect(stranger.status).to.equal(403);
    expect(errorOf(stranger).code).to.equal('arrangement_owner_mismatch');
    expect((await sandbox.login(amend, 'jane.citizen')).status).to.equal(204);
    const amendDetail = ((await sandbox.call('GET', '/data', amend)).body as AmendDetail).detail;
    expect(amendDetail.consentNickname).to.equal('Budgeting');
    expect(amendDetail.permissions.find((p) => p.permission === BASIC)?.accounts).to.deep.equal(chosen);
    expect(amendDetail.permissions.find((p) => p.permission === CUSTOMER)?.accounts).to.equal(undefined);
    expect(claimed(amendDetail)).to.deep.equal([
      [BASIC, true],
      [TRANSACTIONS, true],
      [CUSTOMER, true],
      ['bank:payees:read', false],
    ]);
    // Issue 22, CONTRACT §3 `previous`: the arrangement's expiry and scopes before this amendment.
    expect(amendDetail.previous).to.deep.equal({ expirationDateTime: detail.expirationDateTime, scopes: [BASIC, TRANSACTIONS, CUSTOMER] });
    expect(beforeLogin.previous, 'read once, before login (issue 21)').to.deep.equal(amendDetail.previous);
    await sandbox.call('PUT', '/consent', amend, {
      permissions: [BASIC, TRANSACTIONS, CUSTOMER, 'bank:payees:read'].map((permission) =>
        permission === CUSTOMER ? { permission } : { permission, accounts: chosen.slice(0, 1) },
      ),
    });
    const amended = (await sandbox.decide(amend, true)).body as { id_token: string };
    expect(decodeJwt(amended.id_token)['cdr_arrangement_id']).to.equal(arrangementId);
  });

  it("joint.approval (issue 22): a joint saver pending the other holder's approval within 7 days, an offset account pending another action, both selectable and saved like any other; a joint account under rule 4A.15", async () => {
    const token = await sandbox.token();
    expect((await sandbox.login(token, 'joint.approval')).status).to.equal(204);
    const accounts = accountsOf((await sandbox.call('GET', '/accounts?withBalance=false', token)).body).filter((a): a is RawAccountLike => a !== null);
    const pending = accounts.map((a) => {
      const flags = a.supplementaryData.rbwmPIB as { pendingDisclosureCode?: string | null; pendingDisclosureDays?: number | null };
      return [a.productName, a.supplementaryData.rbwmPIB.jointAccountIndicator, flags.pendingDisclosureCode ?? null, flags.pendingDisclosureDays ?? null];
    });
    expect(pending).to.deep.equal([
      ['Everyday Account', false, null, null],
      ['Online Saver', true, 'JOINT_APPROVAL_REQUIRED', 7],
      ['Everyday Account', true, null, null],
      ['Offset Account', false, 'ACCOUNT_REVIEW_REQUIRED', null],
      ['Home Loan', false, null, null],
      ['Everyday Account', true, null, null],
    ]);
    expect(
      accounts.map((a) => (a.supplementaryData.rbwmPIB as { jointNotificationsWithheld?: boolean }).jointNotificationsWithheld ?? false),
      'rule 4A.15: the last one only',
    ).to.deep.equal([false, false, false, false, false, true]);
    const chosen = accounts.slice(0, 4).map(ref);
    const save = await sandbox.call('PUT', '/consent', token, { permissions: [{ permission: BASIC, accounts: chosen }, { permission: CUSTOMER }] });
    expect(save.status).to.equal(204);
    expect((await sandbox.decide(token, true)).status).to.equal(200);
  });

  it('lets trust.owner choose a business profile whose accounts are TrustUser', async () => {
    const token = await sandbox.token();
    await sandbox.login(token, 'trust.owner');
    const businesses = (await sandbox.call('GET', '/businesses', token)).body as { businessList: { companyId: string }[] };
    expect(businesses.businessList.map((b) => b.companyId)).to.deep.equal(['PERSONAL', 'BC1001', 'BC1002']);
    expect(
      accountsOf((await sandbox.call('GET', '/accounts', token)).body).every((a) => a?.supplementaryData.rbwmPIB.accountOwnershipTypeCode === 'Individual'),
    ).to.equal(true);

    expect((await sandbox.call('PUT', '/consent', token, { bcin: 'BC1001' }, { requestType: 'BUSINESS_CONTRACT' })).status).to.equal(204);
    const trust = accountsOf((await sandbox.call('GET', '/accounts?withBalance=false', token)).body);
    expect(trust.map((a) => a?.scheme.secondaryIdentification)).to.deep.equal(['to-t-0001', 'to-t-0002', 'to-t-0003']);
    expect(trust.every((a) => a?.supplementaryData.rbwmPIB.accountOwnershipTypeCode === 'TrustUser')).to.equal(true);

    const unknown = await sandbox.call('PUT', '/consent', token, { bcin: 'BC9999' }, { requestType: 'BUSINESS_CONTRACT' });
    expect([unknown.status, errorOf(unknown).code]).to.deep.equal([400, 'invalid_request']);
    const noHeader = await sandbox.call('PUT', '/consent', token, { bcin: 'BC1002' });
    expect([noHeader.status, errorOf(noHeader).causes[0]]).to.deep.equal([400, 'A body {"bcin": "…"} needs the header requestType: BUSINESS_CONTRACT.']);
    const selectionWithHeader = await sandbox.call('PUT', '/consent', token, { permissions: [{ permission: CUSTOMER }] }, { requestType: 'BUSINESS_CONTRACT' });
    expect(selectionWithHeader.status).to.equal(400);

    // An account of another profile is not one of this profile's.
    const personalAccount = { schemeName: 'BSB_ACCOUNT', identification: '062000 81000001', secondaryIdentification: 'to-p-0001' };
    const foreign = await sandbox.call('PUT', '/consent', token, {
      permissions: [{ permission: BASIC, accounts: [personalAccount] }, { permission: CUSTOMER }],
    });
    expect([foreign.status, errorOf(foreign).code]).to.deep.equal([400, 'A05']);
  });

  const fixedLoginFailures: readonly [string, number, string][] = [
    ['locked.forever', 403, 'otp_failure_002'],
    ['locked.for.now', 403, 'otp_failure_003'],
    ['sanctioned', 403, 'sanction_failed_001'],
    ['key.inactive', 403, 'otp_failure_005'],
    ['ecare.suspended', 403, 'otp_failure_006'],
    ['tds.incorrect', 401, 'tds_otp_failure_002'],
    ['service.down', 503, 'otp_failure_004'],
  ];
  for (const [username, status, code] of fixedLoginFailures) {
    it(`answers ${username}'s login with ${status} ${code}`, async () => {
      const answer = await sandbox.login(await sandbox.token(), username);
      expect([answer.status, errorOf(answer).code]).to.deep.equal([status, code]);
    });
  }

  it('asks dob.required for a date of birth (otp_failure_008) until 1966-12-25 is sent', async () => {
    const token = await sandbox.token();
    const first = await sandbox.login(token, 'dob.required');
    expect([first.status, errorOf(first).code]).to.deep.equal([401, 'otp_failure_008']);
    const withDob = await sandbox.call('POST', '/authenticate', token, {
      authType: 'DOB_SECURE_CODE',
      username: 'dob.required',
      secureCode: '123456',
      dateOfBirth: '1966-12-25',
    });
    expect(withDob.status).to.equal(204);
  });

  it('counts wrong codes down from 5, asks for the date of birth under 3, locks for 10 minutes after the last, and resets on success', async () => {
    const token = await sandbox.token();
    const wrong = (dob?: string) =>
      sandbox.call(
        'POST',
        '/authenticate',
        token,
        dob === undefined
          ? { authType: 'SECURE_CODE', username: 'jane.citizen', secureCode: '000000' }
          : { authType: 'DOB_SECURE_CODE', username: 'jane.citizen', secureCode: '000000', dateOfBirth: dob },
      );
    const remaining = (answer: Awaited<ReturnType<typeof wrong>>) => JSON.parse(errorOf(answer).causes[0] ?? '{}').remainingOTPattempts as number;

    for (const expected of [4, 3, 2]) {
      const answer = await wrong();
      expect([answer.status, errorOf(answer).code, remaining(answer)]).to.deep.equal([401, 'otp_failure_001', expected]);
    }
    const needsDob = await wrong();
    expect([errorOf(needsDob).code, remaining(needsDob)]).to.deep.equal(['otp_failure_008', 2]);
    expect(remaining(await wrong('1966-12-25'))).to.equal(1);
    const wrongDob = await sandbox.call('POST', '/authenticate', token, {
      authType: 'DOB_SECURE_CODE',
      username: 'jane.citizen',
      secureCode: '123456',
      dateOfBirth: '1970-01-01',
    });
    expect([errorOf(wrongDob).code, remaining(wrongDob)]).to.deep.equal(['otp_failure_001', 0]);

    const locked = await sandbox.call('POST', '/authenticate', token, {
      authType: 'DOB_SECURE_CODE',
      username: 'jane.citizen',
      secureCode: '123456',
      dateOfBirth: '1966-12-25',
    });
    expect([locked.status, errorOf(locked).code]).to.deep.equal([403, 'otp_failure_003']);

    sandbox.nowMs += 10 * 60 * 1000 + 1000;
    const fresh = await sandbox.token();
    expect((await sandbox.login(fresh, 'jane.citizen')).status).to.equal(204);

    // After a success the counter starts again at 5.
    const next = await sandbox.token();
    const afterSuccess = await sandbox.call('POST', '/authenticate', next, { authType: 'SECURE_CODE', username: 'jane.citizen', secureCode: '999999' });
    expect(remaining(afterSuccess)).to.equal(4);
    expect((await sandbox.login(next, 'jane.citizen')).status).to.equal(204);
  });

  it('answers an unknown username like a wrong code, so usernames cannot be discovered', async () => {
    const answer = await sandbox.login(await sandbox.token(), 'nobody.here');
    expect([answer.status, errorOf(answer).code, errorOf(answer).causes]).to.deep.equal([401, 'otp_failure_001', ['{"remainingOTPattempts":4}']]);
  });

  it('answers the failures of the personas that reach spec §8 branches', async () => {
    const minor = await sandbox.token();
    await sandbox.login(minor, 'minor.customer');
    expect((await sandbox.call('GET', '/customer-details', minor)).status).to.equal(422);

    const businessesDown = await sandbox.token();
    await sandbox.login(businessesDown, 'businesses.down');
    expect((await sandbox.call('GET', '/businesses', businessesDown)).status).to.equal(500);

    const unavailable = await sandbox.token();
    await sandbox.login(unavailable, 'accounts.unavailable');
    expect((await sandbox.call('GET', '/accounts', unavailable)).status).to.equal(422);

    const wentWrong = await sandbox.token();
    await sandbox.login(wentWrong, 'accounts.wentwrong');
    const answer = await sandbox.call('GET', '/accounts?withBalance=false', wentWrong);
    expect([answer.status, errorOf(answer).code, errorOf(answer).causes]).to.deep.equal([500, '500', ['AISVAL0009']]);

    const withNull = await sandbox.token();
    await sandbox.login(withNull, 'accounts.null');
    expect(accountsOf((await sandbox.call('GET', '/accounts', withNull)).body)).to.include(null);
  });

  it('answers 400 A09 when the selection cannot be shared, and 500 when confirming or rejecting fails', async () => {
    const saveFails = await toAccounts('save.ineligible');
    const saved = await sandbox.call('PUT', '/consent', saveFails.token, {
      permissions: [{ permission: BASIC, accounts: saveFails.accounts.map(ref) }, { permission: CUSTOMER }],
    });
    expect([saved.status, errorOf(saved).code]).to.deep.equal([400, 'A09']);

    const ineligible = await toAccounts('no.eligible');
    expect(ineligible.accounts.every((a) => !a.supplementaryData.rbwmPIB.eligibleAccount)).to.equal(true);
    const refused = await sandbox.call('PUT', '/consent', ineligible.token, {
      permissions: [{ permission: BASIC, accounts: [ref(ineligible.accounts[0] as RawAccountLike)] }, { permission: CUSTOMER }],
    });
    expect([refused.status, errorOf(refused).code]).to.deep.equal([400, 'A09']);
    expect(
      (await sandbox.call('PUT', '/consent', ineligible.token, { permissions: [{ permission: BASIC, accounts: [] }, { permission: CUSTOMER }] })).status,
    ).to.equal(204);
    expect((await sandbox.decide(ineligible.token, true)).status).to.equal(200);

    const confirmFails = await toAccounts('confirm.fails');
    await sandbox.call('PUT', '/consent', confirmFails.token, {
      permissions: [{ permission: BASIC, accounts: confirmFails.accounts.slice(0, 1).map(ref) }, { permission: CUSTOMER }],
    });
    expect((await sandbox.decide(confirmFails.token, true)).status).to.equal(500);

    const rejectFails = await toAccounts('reject.fails');
    expect((await sandbox.decide(rejectFails.token, false)).status).to.equal(500);
  });

  it('gives many.accounts 500 eligible accounts', async () => {
    const { accounts } = await toAccounts('many.accounts');
    expect(accounts).to.have.length(500);
    expect(accounts.every((a) => a.supplementaryData.rbwmPIB.eligibleAccount)).to.equal(true);
    expect(new Set(accounts.map((a) => a.scheme.secondaryIdentification)).size).to.equal(500);
  });

  it("answers flaky.bank's first try of each GET with 503 and the retry with 200", async () => {
    const token = await sandbox.token();
    await sandbox.login(token, 'flaky.bank');
    for (const path of ['/customer-details', '/businesses', '/accounts?withBalance=false']) {
      expect((await sandbox.call('GET', path, token)).status, path).to.equal(503);
      expect((await sandbox.call('GET', path, token)).status, path).to.equal(200);
      expect((await sandbox.call('GET', path, token)).status, path).to.equal(200);
    }
  });

  it("answers jarm.customer's confirmation with a JARM response", async () => {
    const { token, accounts } = await toAccounts('jarm.customer');
    await sandbox.call('PUT', '/consent', token, { permissions: [{ permission: BASIC, accounts: accounts.slice(0, 1).map(ref) }, { permission: CUSTOMER }] });
    const answer = (await sandbox.decide(token, true)).body as { response: string; redirect_uri: string };
    expect(answer.redirect_uri).to.equal(`${sandbox.origin}/recipient/callback`);
    expect(decodeJwt(answer.response)['state']).to.equal(decodeJwt(token)['state']);
  });

  it('refuses calls made out of order with a clear error', async () => {
    const token = await sandbox.token();
    for (const path of ['/customer-details', '/businesses', '/accounts']) {
      const answer = await sandbox.call('GET', path, token);
      expect([answer.status, errorOf(answer).code, errorOf(answer).causes[0]], path).to.deep.equal([
        409,
        'out_of_order',
        'Authenticate first: POST /customer-auth/authenticate.',
      ]);
    }
    expect((await sandbox.call('PUT', '/consent', token, { permissions: [{ permission: CUSTOMER }] })).status).to.equal(409);
    expect((await sandbox.decide(token, true)).status).to.equal(409);

    await sandbox.login(token, 'jane.citizen');
    const early = await sandbox.decide(token, true);
    expect([early.status, errorOf(early).causes[0]]).to.deep.equal([409, 'Save the account selection first: PUT /customer-auth/consent.']);
  });

  it('lets the customer cancel at any time, before login too, and answers where to return', async () => {
    const token = await sandbox.token();
    expect((await sandbox.call('GET', '/data', token)).status).to.equal(200);
    const cancelled = await sandbox.decide(token, false);
    expect(cancelled.body).to.deep.equal({ redirect_uri: `${sandbox.origin}/recipient/callback`, state: decodeJwt(token)['state'] });
    expect(errorOf(await sandbox.decide(token, true)).code).to.equal('consent_already_decided');
  });

  it('confirms a customer-scopes-only consent without an account selection', async () => {
    const token = await sandbox.token({ scopes: [CUSTOMER, 'common:customer.detail:read'] });
    await sandbox.login(token, 'jane.citizen');
    expect(
      (
        await sandbox.call('PUT', '/consent', token, {
          permissions: [{ permission: CUSTOMER }, { permission: 'common:customer.detail:read' }],
          consentNickname: 'Tax',
        })
      ).status,
    ).to.equal(204);
    expect((await sandbox.decide(token, true)).status).to.equal(200);

    const direct = await sandbox.token({ scopes: [CUSTOMER] });
    await sandbox.login(direct, 'jane.citizen');
    expect((await sandbox.decide(direct, true)).status).to.equal(200);
  });

  it('checks the selection against the request: each scope once, no accounts on customer scopes, the same accounts on bank scopes', async () => {
    const { token, accounts } = await toAccounts('jane.citizen', [BASIC, TRANSACTIONS, CUSTOMER]);
    const one = [ref(accounts[0] as RawAccountLike)];
    const cases: readonly unknown[] = [
      { permissions: [{ permission: BASIC, accounts: one }, { permission: CUSTOMER }] },
      {
        permissions: [
          { permission: BASIC, accounts: one },
          { permission: TRANSACTIONS, accounts: one },
          { permission: CUSTOMER },
          { permission: 'bank:payees:read', accounts: one },
        ],
      },
      {
        permissions: [
          { permission: BASIC, accounts: one },
          { permission: TRANSACTIONS, accounts: one },
          { permission: CUSTOMER, accounts: one },
        ],
      },
      { permissions: [{ permission: BASIC, accounts: one }, { permission: TRANSACTIONS, accounts: [] }, { permission: CUSTOMER }] },
    ];
    for (const body of cases) {
      const answer = await sandbox.call('PUT', '/consent', token, body);
      expect([answer.status, errorOf(answer).code], JSON.stringify(body)).to.deep.equal([400, 'invalid_request']);
    }
  });

  it('keeps the session alive with {} or an empty body', async () => {
    const token = await sandbox.token();
    expect((await sandbox.call('POST', '/keep-alive', token, {})).status).to.equal(204);
    expect((await sandbox.call('POST', '/keep-alive', token)).status).to.equal(204);
    expect((await sandbox.call('POST', '/keep-alive', token, { extend: true })).status).to.equal(400);
  });
});
