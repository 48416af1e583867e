import { expect } from 'chai';
import { FetchCustomerAuthApi, type LaterAnswerReaders } from '../../adapters/fetch-customer-auth-api.adapter';
import { backoffMs, retryAfterMs } from '../../adapters/retry-delay';
import type { FetchFunction, HttpCallOptions } from '../../adapters/fetch.token';
import { MALFORMED_ANSWER, NO_ANSWER, TIMED_OUT } from '../../application/ports/customer-auth-api.port';
import type { RuntimeConfig } from '../../application/runtime-config';
import { runtimeConfig } from '../fixtures/journey.fixture';
import { MemoryTokenStorage } from '../support/fakes';
import { ScriptedHttpServer } from './scripted-http-server';

const TOKEN = 'eyJhbGciOiJFUzI1NiJ9.eyJ0cHBOYW1lIjoiQnVkZ2V0IEJ1ZGR5In0.c2ln';

const configFor = (apiBaseUrl: string): RuntimeConfig => runtimeConfig({ apiBaseUrl });

const FAST: HttpCallOptions = { retryBaseDelayMs: 5, getTimeoutMs: 2000, writeTimeoutMs: 2000, maxRetryAfterMs: 2000 };

const envelope = (code: string, causes: readonly string[] = []): object => ({
  error: { errorInfo: [{ errorStack: [{ code, causes }] }] },
});

const rawAccount = (id: string, extra: object = {}): object => ({
  productName: 'Everyday Account',
  nickName: 'Bills',
  status: 'ACTIVE',
  currency: 'AUD',
  scheme: { schemeName: 'BSB_ACCOUNT', identification: '062000 12345678', secondaryIdentification: id, controlAccountIdentification: null },
  supplementaryData: { rbwmPIB: { eligibleAccount: true, jointAccountIndicator: false, accountOwnershipTypeCode: 'Individual' } },
  ...extra,
});

const KEY = '3f1c9a52-6d1e-4b8f-9a2c-0e5d7b4c1a90';

describe('adapters/FetchCustomerAuthApi (spec §7, CONTRACT §3-4, DESIGN §3.4) over real HTTP', () => {
  const server = new ScriptedHttpServer();
  let tokens: MemoryTokenStorage;
  const api = (options: HttpCallOptions = FAST, baseUrl = server.baseUrl, fetchFn: FetchFunction = fetch): FetchCustomerAuthApi =>
    new FetchCustomerAuthApi(configFor(baseUrl), tokens, fetchFn, options);

  before(() => server.start());
  after(() => server.stop());
  beforeEach(() => {
    server.reset();
    tokens = new MemoryTokenStorage(TOKEN);
  });

  describe('requests', () => {
    it('authenticate: POST /customer-auth/authenticate with the JSON body, bearer token and content type; 204 is ok', async () => {
      server.answer({ status: 204 });
      const result = await api().authenticate({ authType: 'SECURE_CODE', username: 'jane.citizen', secureCode: '123456' });
      expect(result).to.deep.equal({ ok: true, value: undefined });
      expect(server.requests).to.have.length(1);
      const [request] = server.requests;
      expect(request?.method).to.equal('POST');
      expect(request?.url).to.equal('/customer-auth/authenticate');
      expect(request?.headers['authorization']).to.equal(`Bearer ${TOKEN}`);
      expect(request?.headers['content-type']).to.equal('application/json');
      expect(JSON.parse(request?.body ?? '')).to.deep.equal({ authType: 'SECURE_CODE', username: 'jane.citizen', secureCode: '123456' });
    });

    it('authenticate with a date of birth sends DOB_SECURE_CODE; 200 {} is ok too', async () => {
      server.answer({ status: 200, body: {} });
      const request = { authType: 'DOB_SECURE_CODE', username: 'jane', secureCode: '123456', dateOfBirth: '1966-12-25' } as const;
      expect(await api().authenticate(request)).to.deep.equal({ ok: true, value: undefined });
      expect(JSON.parse(server.requests[0]?.body ?? '')).to.deep.equal(request);
    });

    it('reads the bearer token from storage on every call', async () => {
      server.always({ status: 204 });
      const client = api();
      await client.keepAlive();
      tokens.token = 'second.token.value';
      await client.keepAlive();
      expect(server.requests.map((r) => r.headers['authorization'])).to.deep.equal([`Bearer ${TOKEN}`, 'Bearer second.token.value']);
    });

    it('never lets a cache answer an API call (cache: no-store on a GET and a POST)', async () => {
      const modes: (RequestCache | undefined)[] = [];
      const recording: FetchFunction = (input, init) => {
        modes.push(init?.cache);
        return fetch(input, init);
      };
      server.always({ status: 204 });
      await api(FAST, server.baseUrl, recording).keepAlive();
      server.always({ status: 200, body: { personalInfo: { fullLegalName: 'Jane Citizen' } } });
      await api(FAST, server.baseUrl, recording).customerDetails();
      expect(modes).to.deep.equal(['no-store', 'no-store']);
    });

    it('sends no Authorization header when no token is stored', async () => {
      tokens.token = undefined;
      server.answer({ status: 401, body: envelope('unauthorised') });
      const result = await api().keepAlive();
      expect(server.requests[0]?.headers['authorization']).to.equal(undefined);
      expect(result).to.deep.equal({ ok: false, error: { status: 401, code: 'unauthorised', causes: [] } });
    });

    it('keepAlive: POST /customer-auth/keep-alive with {}', async () => {
      server.answer({ status: 204 });
      expect(await api().keepAlive()).to.deep.equal({ ok: true, value: undefined });
      expect(server.requests[0]).to.include({ method: 'POST', url: '/customer-auth/keep-alive', body: '{}' });
    });

    it('confirmBusinessProfile: PUT /customer-auth/consent with requestType BUSINESS_CONTRACT and {bcin}', async () => {
      server.answer({ status: 204 });
      expect(await api().confirmBusinessProfile({ bcin: 'BC1001' })).to.deep.equal({ ok: true, value: undefined });
      const [request] = server.requests;
      expect(request).to.include({ method: 'PUT', url: '/customer-auth/consent', body: '{"bcin":"BC1001"}' });
      expect(request?.headers['requesttype']).to.equal('BUSINESS_CONTRACT');
      expect(request?.headers['authorization']).to.equal(`Bearer ${TOKEN}`);
    });

    it('saveSelection: PUT /customer-auth/consent with the request as JSON and no requestType', async () => {
      server.answer({ status: 204 });
      const request = {
        permissions: [
          {
            permission: 'bank:accounts.basic:read',
            accounts: [{ schemeName: 'BSB_ACCOUNT', identification: '062000 12345678', secondaryIdentification: 'acc-0001' }],
          },
          { permission: 'common:customer.basic:read' },
        ],
        consentNickname: 'Budgeting',
      };
      expect(await api().saveSelection(request)).to.deep.equal({ ok: true, value: undefined });
      expect(server.requests[0]).to.include({ method: 'PUT', url: '/customer-auth/consent' });
      expect(server.requests[0]?.headers['requesttype']).to.equal(undefined);
      expect(JSON.parse(server.requests[0]?.body ?? '')).to.deep.equal(request);
    });

    it('joins paths under an apiBaseUrl with a path and a trailing slash', async () => {
      server.answer({ status: 204 });
      await api(FAST, `${server.baseUrl}/bank-api/`).keepAlive();
      expect(server.requests[0]?.url).to.equal('/bank-api/customer-auth/keep-alive');
    });

    it('a void call with a non-JSON 2xx body is a malformed answer', async () => {
      server.answer({ status: 200, body: '<html>Sign in</html>' });
      const result = await api().keepAlive();
      expect(result.ok).to.equal(false);
      if (!result.ok) expect(result.error).to.include({ status: 200, code: MALFORMED_ANSWER });
    });
  });

  describe('answers read with the domain parsers', () => {
    it('customerDetails reads personalInfo.fullLegalName', async () => {
      server.answer({ status: 200, body: { personalInfo: { fullLegalName: 'Jane Citizen' } } });
      expect(await api().customerDetails()).to.deep.equal({ ok: true, value: { fullLegalName: 'Jane Citizen' } });
      expect(server.requests[0]).to.include({ method: 'GET', url: '/customer-auth/customer-details', body: '' });
    });

    it('customerDetails with the wrong shape is MALFORMED_ANSWER with the reason', async () => {
      server.answer({ status: 200, body: { personalInfo: {} } });
      expect(await api().customerDetails()).to.deep.equal({
        ok: false,
        error: { status: 200, code: MALFORMED_ANSWER, causes: ['personalInfo.fullLegalName must be a string'] },
      });
    });

    it('a 200 that is not JSON is MALFORMED_ANSWER', async () => {
      server.answer({ status: 200, body: '{"personalInfo":' });
      const result = await api().customerDetails();
      expect(result.ok).to.equal(false);
      if (!result.ok) {
        expect(result.error).to.include({ status: 200, code: MALFORMED_ANSWER });
        expect(result.error.causes[0]).to.match(/^the answer is not JSON/);
      }
    });

    it('a 204 where a body is expected is MALFORMED_ANSWER', async () => {
      server.answer({ status: 204 });
      const result = await api().businesses();
      expect(result).to.deep.equal({ ok: false, error: { status: 204, code: MALFORMED_ANSWER, causes: ['businessList must be a list'] } });
    });

    it('businesses reads the business list', async () => {
      const businessList = [
        { companyId: 'PERSONAL', businessName: 'Jane Citizen' },
        { companyId: 'BC1001', businessName: 'Citizen Family Trust' },
      ];
      server.answer({ status: 200, body: { businessList } });
      expect(await api().businesses()).to.deep.equal({ ok: true, value: businessList });
      expect(server.requests[0]?.url).to.equal('/customer-auth/businesses');
    });

    it('businesses with a malformed entry is MALFORMED_ANSWER naming the entry', async () => {
      server.answer({ status: 200, body: { businessList: [{ companyId: 'PERSONAL' }] } });
      expect(await api().businesses()).to.deep.equal({
        ok: false,
        error: { status: 200, code: MALFORMED_ANSWER, causes: ['businessList[0] needs a companyId and a businessName'] },
      });
    });

    it('accounts: GET /customer-auth/accounts?withBalance=false folded by the domain', async () => {
      server.answer({ status: 200, body: { accounts: { account: [rawAccount('acc-0001'), rawAccount('acc-0002', { status: 'CLOSED' })] } } });
      const result = await api().accounts();
      expect(server.requests[0]).to.include({ method: 'GET', url: '/customer-auth/accounts?withBalance=false' });
      expect(result.ok).to.equal(true);
      if (result.ok) {
        expect(result.value.data.map((a) => [a.id, a.closed, a.type])).to.deep.equal([
          ['acc-0001', false, 'SIMPLE'],
          ['acc-0002', true, 'SIMPLE'],
        ]);
        expect(result.value.availableAccounts).to.have.length(2);
      }
    });

    it('the readers of the later answers load when first needed; code that cannot be loaded is NO_ANSWER, nothing is sent, and the next call loads it again (issue 15)', async () => {
      let loads = 0;
      const flaky = (): Promise<LaterAnswerReaders> => {
        loads += 1;
        return loads === 1 ? Promise.reject(new Error('Failed to fetch dynamically imported module')) : import('../../adapters/later-answer-readers');
      };
      const subject = new FetchCustomerAuthApi(configFor(server.baseUrl), tokens, fetch, FAST, flaky);
      expect(loads, 'nothing loaded before it is needed').to.equal(0);
      expect(await subject.accounts()).to.deep.equal({
        ok: false,
        error: {
          status: 0,
          code: NO_ANSWER,
          causes: ["the code that reads the bank's answer could not be loaded: Failed to fetch dynamically imported module"],
        },
      });
      expect(server.requests, 'nothing sent without its reader').to.deep.equal([]);
      server.answer({ status: 200, body: { accounts: { account: [rawAccount('acc-0001')] } } });
      const second = await subject.accounts();
      expect(second.ok).to.equal(true);
      expect(loads).to.equal(2);
      server.answer({ status: 200, body: { personalInfo: { fullLegalName: 'Jane Citizen' } } });
      expect((await subject.customerDetails()).ok).to.equal(true);
      expect(loads, 'loaded once it has loaded').to.equal(2);
    });

    it('authenticate starts loading the later readers beside the login, so they are there when the first later answer arrives', async () => {
      let loads = 0;
      const counting = (): Promise<LaterAnswerReaders> => {
        loads += 1;
        return import('../../adapters/later-answer-readers');
      };
      const subject = new FetchCustomerAuthApi(configFor(server.baseUrl), tokens, fetch, FAST, counting);
      server.answer({ status: 204 });
      await subject.authenticate({ authType: 'SECURE_CODE', username: 'jane', secureCode: '123456' });
      expect(loads).to.equal(1);
    });

    it('accounts with a null entry fails with status 400 (spec §4)', async () => {
      server.answer({ status: 200, body: { accounts: { account: [rawAccount('acc-0001'), null] } } });
      expect(await api().accounts()).to.deep.equal({
        ok: false,
        error: { status: 400, code: MALFORMED_ANSWER, causes: ['accounts.account[1] is null'] },
      });
    });

    it('accounts without a list fails with status 400', async () => {
      server.answer({ status: 200, body: { accounts: {} } });
      expect(await api().accounts()).to.deep.equal({
        ok: false,
        error: { status: 400, code: MALFORMED_ANSWER, causes: ['accounts.account must be a list'] },
      });
    });

    it('consentDetails reads {detail}', async () => {
      server.answer({
        status: 200,
        body: {
          detail: {
            permissions: [
              { permission: 'bank:accounts.basic:read', accounts: [{ secondaryIdentification: 'acc-0001' }], claims: '{"cdr_arrangement_id":"arr-5f2c"}' },
              { permission: 'common:customer.basic:read' },
            ],
            consentNickname: 'Budgeting',
            expirationDateTime: '2027-11-22T00:00:00Z',
          },
        },
      });
      const result = await api().consentDetails();
      expect(server.requests[0]?.url).to.equal('/customer-auth/data');
      expect(result.ok).to.equal(true);
      if (result.ok) {
        expect(result.value).to.include({ isPAR: true, cdrArrangementId: 'arr-5f2c', nickname: 'Budgeting' });
        expect(result.value.scopes).to.deep.equal(['bank:accounts.basic:read', 'common:customer.basic:read']);
      }
    });

    it('consentDetails without permissions is MALFORMED_ANSWER', async () => {
      server.answer({ status: 200, body: { detail: { permissions: [] } } });
      expect(await api().consentDetails()).to.deep.equal({
        ok: false,
        error: { status: 200, code: MALFORMED_ANSWER, causes: ['detail.permissions is empty'] },
      });
    });
  });

  describe('confirmation (CONTRACT §3)', () => {
    it('sends {"authorisationStatus":true} and reads an auth_code answer', async () => {
      const answer = { auth_code: 'c0de', redirect_uri: 'https://tpp.example/cb', state: 'af0ifjsldkj', id_token: 'id.tok.en' };
      server.answer({ status: 200, body: answer });
      expect(await api().confirmation(true, KEY)).to.deep.equal({ ok: true, value: answer });
      expect(server.requests[0]).to.include({ method: 'POST', url: '/customer-auth/confirmation', body: '{"authorisationStatus":true}' });
      expect(server.requests[0]?.headers['idempotency-key'], "CONTRACT §3: the decision's key").to.equal(KEY);
    });

    it('reads a JARM response answer and ignores unknown fields and nulls', async () => {
      server.answer({ status: 200, body: { response: 'jarm.jwt.value', redirect_uri: 'https://tpp.example/cb', state: null, extra: 7 } });
      expect(await api().confirmation(true, KEY)).to.deep.equal({
        ok: true,
        value: { response: 'jarm.jwt.value', redirect_uri: 'https://tpp.example/cb' },
      });
    });

    it('a rejection may answer 204 or only a redirect_uri', async () => {
      server.answer({ status: 204 }, { status: 200, body: { redirect_uri: 'https://tpp.example/cb' } });
      expect(await api().confirmation(false, KEY)).to.deep.equal({ ok: true, value: {} });
      expect(await api().confirmation(false, KEY)).to.deep.equal({ ok: true, value: { redirect_uri: 'https://tpp.example/cb' } });
      expect(server.requests[0]?.body).to.equal('{"authorisationStatus":false}');
    });

    const malformedAnswers: [string, boolean, string | object | undefined, string][] = [
      [
        'a confirmed consent with only a redirect_uri',
        true,
        { redirect_uri: 'https://tpp.example/cb' },
        'a confirmed consent needs an auth_code or a response',
      ],
      ['a confirmed consent with an empty auth_code', true, { auth_code: '' }, 'a confirmed consent needs an auth_code or a response'],
      ['a number where a string belongs', true, { auth_code: 42 }, 'auth_code must be a string'],
      ['a list', false, ['x'], 'the confirmation answer must be a JSON object'],
      ['a confirmed consent with no body', true, undefined, 'the confirmation answer must be a JSON object'],
    ];
    for (const [name, authorised, json, cause] of malformedAnswers) {
      it(`is MALFORMED_ANSWER for ${name}`, async () => {
        server.answer(json === undefined ? { status: 200 } : { status: 200, body: json });
        expect(await api().confirmation(authorised, KEY)).to.deep.equal({
          ok: false,
          error: { status: 200, code: MALFORMED_ANSWER, causes: [cause] },
        });
      });
    }
  });

  describe('error answers (CONTRACT §4)', () => {
    const cases: [string, number, string | object | undefined, object][] = [
      [
        'a 400 envelope',
        400,
        envelope('otp_failure_001', ['{"remainingOTPattempts":2}']),
        { status: 400, code: 'otp_failure_001', causes: ['{"remainingOTPattempts":2}'] },
      ],
      ['a 422 envelope', 422, envelope('age_limitation'), { status: 422, code: 'age_limitation', causes: [] }],
      ['a 500 envelope', 500, envelope('500', ['AISVAL0009']), { status: 500, code: '500', causes: ['AISVAL0009'] }],
      ['an empty 401', 401, undefined, { status: 401, causes: [] }],
      ['an HTML 500', 500, '<html><body>Internal Server Error</body></html>', { status: 500, causes: [] }],
      ['a JSON 403 that is not an envelope', 403, { message: 'Forbidden' }, { status: 403, causes: [] }],
    ];
    for (const [name, status, body, error] of cases) {
      it(`reads ${name}`, async () => {
        server.answer({ status, ...(body === undefined ? {} : { body }) });
        expect(await api().authenticate({ authType: 'SECURE_CODE', username: 'jane', secureCode: '1' })).to.deep.equal({ ok: false, error });
        expect(server.requests).to.have.length(1);
      });
    }
  });

  describe('retries (DESIGN §3.4: GET only)', () => {
    for (const status of [502, 503, 504]) {
      it(`a GET that gets ${status} then 200 is retried once and succeeds`, async () => {
        server.answer({ status }, { status: 200, body: { personalInfo: { fullLegalName: 'Jane Citizen' } } });
        expect(await api().customerDetails()).to.deep.equal({ ok: true, value: { fullLegalName: 'Jane Citizen' } });
        expect(server.requests.map((r) => r.method)).to.deep.equal(['GET', 'GET']);
      });
    }

    it('a GET that gets 503 three times gives up after 2 retries with the 503 ApiError', async () => {
      server.always({ status: 503, body: envelope('service_unavailable') });
      expect(await api().businesses()).to.deep.equal({ ok: false, error: { status: 503, code: 'service_unavailable', causes: [] } });
      expect(server.requests).to.have.length(3);
    });

    it('a GET that gets 400 or 404 is not retried', async () => {
      server.answer({ status: 400, body: envelope('A09') }, { status: 404 });
      expect(await api().accounts()).to.deep.equal({ ok: false, error: { status: 400, code: 'A09', causes: [] } });
      expect(await api().accounts()).to.deep.equal({ ok: false, error: { status: 404, causes: [] } });
      expect(server.requests).to.have.length(2);
    });

    it('a POST that gets 503 is sent exactly once', async () => {
      server.always({ status: 503 });
      expect(await api().confirmation(true, KEY)).to.deep.equal({ ok: false, error: { status: 503, causes: [] } });
      expect(await api().authenticate({ authType: 'SECURE_CODE', username: 'jane', secureCode: '1' })).to.deep.equal({
        ok: false,
        error: { status: 503, causes: [] },
      });
      expect(server.requests.map((r) => r.method)).to.deep.equal(['POST', 'POST']);
    });

    it('a PUT that gets 503, 502, 504 or 429 is never retried', async () => {
      server.answer({ status: 503 }, { status: 502 }, { status: 504 }, { status: 429, headers: { 'Retry-After': '0' } });
      for (const expected of [503, 502, 504, 429]) {
        const result = await api().saveSelection({ permissions: [{ permission: 'common:customer.basic:read' }] });
        expect(result).to.deep.equal({ ok: false, error: { status: expected, causes: [] } });
      }
      expect(server.requests.map((r) => r.method)).to.deep.equal(['PUT', 'PUT', 'PUT', 'PUT']);
    });

    it('a GET that gets 429 with Retry-After: 1 waits a second before trying again', async () => {
      server.answer({ status: 429, headers: { 'Retry-After': '1' } }, { status: 200, body: { businessList: [] } });
      expect(await api({ ...FAST, retryBaseDelayMs: 1 }).businesses()).to.deep.equal({ ok: true, value: [] });
      const [first, second] = server.requests;
      expect(server.requests).to.have.length(2);
      expect((second?.atMs ?? 0) - (first?.atMs ?? 0)).to.be.at.least(950);
    });

    it('a Retry-After beyond the cap waits only the cap', async () => {
      server.answer(
        { status: 429, headers: { 'Retry-After': '120' } },
        { status: 429, headers: { 'Retry-After': '120' } },
        { status: 200, body: { businessList: [] } },
      );
      const started = Date.now();
      expect(await api({ ...FAST, maxRetryAfterMs: 30 }).businesses()).to.deep.equal({ ok: true, value: [] });
      expect(server.requests).to.have.length(3);
      expect(Date.now() - started).to.be.below(1000);
    });

    it('a retry that could not finish before the deadline is not made: the 503 comes back', async () => {
      // Retry-After (5 s) ends after the GET's deadline (FAST: 2 s). No wall-clock bound is needed:
      // a retry would first wait those 5 s, and by then the deadline has aborted the call, so the
      // answer would be TIMED_OUT, not this 503. The 2 s deadline is the one every test here has
      // for a loopback round trip.
      server.always({ status: 503, headers: { 'Retry-After': '5' } });
      const result = await api({ ...FAST, maxRetryAfterMs: 5000 }).customerDetails();
      expect(result).to.deep.equal({ ok: false, error: { status: 503, causes: [] } });
      expect(server.requests).to.have.length(1);
    });

    it('a GET is retried after network errors (TypeError) and then gives NO_ANSWER', async () => {
      let calls = 0;
      const failing: FetchFunction = () => {
        calls += 1;
        return Promise.reject(new TypeError('fetch failed'));
      };
      expect(await api(FAST, server.baseUrl, failing).customerDetails()).to.deep.equal({
        ok: false,
        error: { status: 0, code: NO_ANSWER, causes: ['TypeError: fetch failed'] },
      });
      expect(calls).to.equal(3);
    });

    it('a POST after a network error is not retried', async () => {
      let calls = 0;
      const failing: FetchFunction = () => {
        calls += 1;
        return Promise.reject(new TypeError('fetch failed'));
      };
      const result = await api(FAST, server.baseUrl, failing).keepAlive();
      expect(result).to.deep.equal({ ok: false, error: { status: 0, code: NO_ANSWER, causes: ['TypeError: fetch failed'] } });
      expect(calls).to.equal(1);
    });

    it('a server that is not there is NO_ANSWER with status 0', async () => {
      const down = new ScriptedHttpServer();
      await down.start();
      const baseUrl = down.baseUrl;
      await down.stop();
      const result = await api(FAST, baseUrl).keepAlive();
      expect(result.ok).to.equal(false);
      if (!result.ok) expect(result.error).to.include({ status: 0, code: NO_ANSWER });
    });
  });

  describe('timeouts (DESIGN §3.4)', () => {
    it('a GET with no answer in time is TIMED_OUT with status 0 and not retried', async () => {
      server.always({ hang: true });
      const started = Date.now();
      expect(await api({ ...FAST, getTimeoutMs: 150 }).customerDetails()).to.deep.equal({ ok: false, error: { status: 0, code: TIMED_OUT, causes: [] } });
      expect(Date.now() - started).to.be.within(140, 1000);
      expect(server.requests).to.have.length(1);
    });

    it('a POST with no answer in time is TIMED_OUT, sent once', async () => {
      server.always({ hang: true });
      expect(await api({ ...FAST, writeTimeoutMs: 150 }).confirmation(true, KEY)).to.deep.equal({
        ok: false,
        error: { status: 0, code: TIMED_OUT, causes: [] },
      });
      expect(server.requests).to.have.length(1);
    });

    it('the GET and write timeouts are separate', async () => {
      server.answer({ hang: true });
      const started = Date.now();
      const result = await api({ ...FAST, getTimeoutMs: 5000, writeTimeoutMs: 100 }).keepAlive();
      expect(result).to.deep.equal({ ok: false, error: { status: 0, code: TIMED_OUT, causes: [] } });
      expect(Date.now() - started).to.be.below(1000);
    });
  });

  describe('Retry-After and backoff', () => {
    const now = Date.parse('2026-03-01T10:00:00Z');
    const cases: [string | null, number | undefined][] = [
      ['3', 3000],
      [' 0 ', 0],
      ['Sun, 01 Mar 2026 10:00:02 GMT', 2000],
      ['Sun, 01 Mar 2026 09:59:00 GMT', 0],
      ['soon', undefined],
      ['-1', undefined],
      [null, undefined],
    ];
    for (const [header, expected] of cases) {
      it(`Retry-After ${JSON.stringify(header)} is ${String(expected)} ms`, () => {
        expect(retryAfterMs(header, now)).to.equal(expected);
      });
    }

    it('backoff doubles per attempt and stays between half and all of base × 2^attempt', () => {
      expect([0, 1, 2].map((attempt) => backoffMs(attempt, 250, 0))).to.deep.equal([125, 250, 500]);
      expect([0, 1, 2].map((attempt) => backoffMs(attempt, 250, 0.999999))).to.deep.equal([250, 500, 1000]);
    });
  });
});
