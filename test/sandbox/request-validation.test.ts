// Bad input never crashes the sandbox bank: bearer tokens that are missing, forged or expired,
// and bodies that break the contract get a 4xx error envelope naming the problem.
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import fc from 'fast-check';
import { base64url, decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT } from 'jose';
import { errorOf, RunningSandbox, type Answer } from './sandbox-test-kit';

const expectError = (answer: Answer, status: number, code: string): void => {
  expect(answer.status, answer.text).to.equal(status);
  expect(answer.headers.get('content-type')).to.match(/^application\/json/);
  expect(errorOf(answer).code).to.equal(code);
};

describe('sandbox bank: bearer tokens and request validation', () => {
  const sandbox = new RunningSandbox();
  before(() => sandbox.start());
  after(() => sandbox.dispose());

  describe('bearer tokens', () => {
    it('refuses a call without a token, with a malformed one, or with another scheme', async () => {
      expectError(await sandbox.call('GET', '/data', undefined), 401, 'invalid_token');
      expectError(await sandbox.call('GET', '/data', 'not-a-jwt'), 401, 'invalid_token');
      const basic = await sandbox.request('GET', '/customer-auth/data', { headers: { authorization: 'Basic amFuZTpwdw==' } });
      expectError(basic, 401, 'invalid_token');
      expect(basic.headers.get('www-authenticate')).to.equal('Bearer');
    });

    it('refuses a token signed with another key, an unsigned token and a tampered one', async () => {
      const real = await sandbox.token();
      const claims = decodeJwt(real);
      const { privateKey } = await generateKeyPair('ES256');
      const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: decodeProtectedHeader(real).kid ?? '' }).sign(privateKey);
      const unsigned = `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64url.encode(JSON.stringify(claims))}.`;
      const [header, , signature] = real.split('.');
      const tampered = `${header}.${base64url.encode(JSON.stringify({ ...claims, tppName: 'Evil Corp' }))}.${signature}`;
      for (const token of [forged, unsigned, tampered]) {
        const answer = await sandbox.call('GET', '/data', token);
        expectError(answer, 401, 'invalid_token');
        expect(errorOf(answer).causes).to.deep.equal(['The token is not a valid token signed by this bank.']);
      }
      expect((await sandbox.call('GET', '/data', real)).status).to.equal(200);
    });

    it('refuses an expired token on every call, and says so', async () => {
      const token = await sandbox.token();
      sandbox.nowMs += 3600 * 1000 + 1000;
      try {
        for (const [method, path, body] of [
          ['GET', '/data', undefined],
          ['POST', '/authenticate', { authType: 'SECURE_CODE', username: 'jane.citizen', secureCode: '123456' }],
          ['POST', '/confirmation', { authorisationStatus: false }],
          ['POST', '/keep-alive', {}],
        ] as const) {
          const answer = await sandbox.call(method, path, token, body, { 'idempotency-key': randomUUID() });
          expectError(answer, 401, 'invalid_token');
          expect(errorOf(answer).causes).to.deep.equal(['The token has expired.']);
        }
      } finally {
        sandbox.nowMs -= 3600 * 1000 + 1000;
      }
    });

    it('checks the token before it reads the body', async () => {
      expectError(await sandbox.call('POST', '/authenticate', undefined, '{not json'), 401, 'invalid_token');
    });
  });

  describe('bodies', () => {
    let token = '';
    beforeEach(async () => {
      token = await sandbox.token();
    });

    const badAuthenticateBodies: readonly [string, unknown, RegExp][] = [
      ['a missing username', { authType: 'SECURE_CODE', secureCode: '123456' }, /must have required property 'username'/],
      ['a missing secure code', { authType: 'SECURE_CODE', username: 'jane.citizen' }, /secureCode/],
      ['a number for the secure code', { authType: 'SECURE_CODE', username: 'jane.citizen', secureCode: 123456 }, /secureCode must be string/],
      ['a 5-digit secure code', { authType: 'SECURE_CODE', username: 'jane.citizen', secureCode: '12345' }, /secureCode must match pattern/],
      ['an unknown authType', { authType: 'PASSWORD', username: 'jane.citizen', secureCode: '123456' }, /authType must be equal to one of the allowed values/],
      ['DOB_SECURE_CODE without a date', { authType: 'DOB_SECURE_CODE', username: 'jane.citizen', secureCode: '123456' }, /dateOfBirth/],
      [
        'a date in another format',
        { authType: 'DOB_SECURE_CODE', username: 'jane.citizen', secureCode: '123456', dateOfBirth: '25/12/1966' },
        /dateOfBirth must match pattern/,
      ],
      ['a huge username', { authType: 'SECURE_CODE', username: 'j'.repeat(20_000), secureCode: '123456' }, /username must NOT have more than 64 characters/],
      [
        'an unexpected field',
        { authType: 'SECURE_CODE', username: 'jane.citizen', secureCode: '123456', password: 'hunter2' },
        /must NOT have additional properties/,
      ],
      ['an array', [], /body must be object/],
      ['null', null, /body must be object/],
    ];
    for (const [what, body, message] of badAuthenticateBodies) {
      it(`answers authenticate with ${what} with 400 naming the problem`, async () => {
        const answer = await sandbox.call('POST', '/authenticate', token, JSON.stringify(body));
        expectError(answer, 400, 'invalid_request');
        expect(errorOf(answer).causes.join(' ')).to.match(message);
      });
    }

    it('answers a body that is not JSON, an empty JSON body and the wrong media type', async () => {
      expectError(await sandbox.call('POST', '/authenticate', token, '{"authType": "SECURE_CODE",'), 400, 'invalid_request');
      const key = { 'idempotency-key': randomUUID() };
      expectError(await sandbox.call('POST', '/confirmation', token, '', key), 400, 'invalid_request');
      expectError(await sandbox.call('POST', '/confirmation', token, '{"authorisationStatus":true,"__proto__":{"admin":true}}', key), 400, 'invalid_request');
      const text = await sandbox.call('POST', '/confirmation', token, 'authorisationStatus=true', { 'content-type': 'text/plain', ...key });
      expectError(text, 415, 'unsupported_media_type');
    });

    it('answers a body over the size limit with 413: 1 MiB, 4 MiB for an account selection', async () => {
      const overSelectionLimit = await sandbox.call('PUT', '/consent', token, JSON.stringify({ permissions: [{ permission: 'x'.repeat(4 * 1024 * 1024) }] }));
      expectError(overSelectionLimit, 413, 'payload_too_large');
      const overLimit = await sandbox.call('POST', '/authenticate', token, JSON.stringify({ username: 'x'.repeat(1_100_000) }));
      expectError(overLimit, 413, 'payload_too_large');
    });

    it('does not coerce types: "true" is not a boolean', async () => {
      const answer = await sandbox.call('POST', '/confirmation', token, { authorisationStatus: 'true' }, { 'idempotency-key': randomUUID() });
      expectError(answer, 400, 'invalid_request');
      expect(errorOf(answer).causes).to.deep.equal(['body/authorisationStatus must be boolean']);
    });

    it('answers a selection with an unknown scope or malformed accounts with 400', async () => {
      await sandbox.login(token, 'jane.citizen');
      for (const body of [
        { permissions: [{ permission: 'bank:everything:write' }] },
        { permissions: [] },
        { permissions: [{ permission: 'bank:accounts.basic:read', accounts: [{ identification: '062000 12345678' }] }] },
        { permissions: [{ permission: 'bank:accounts.basic:read', accounts: 'all' }] },
        { permissions: [{ permission: 'common:customer.basic:read' }], consentNickname: 'n'.repeat(256) },
        { permissions: [{ permission: 'common:customer.basic:read' }], consentNickname: 42 },
      ]) {
        expectError(await sandbox.call('PUT', '/consent', token, body), 400, 'invalid_request');
      }
    });

    it('answers an unknown call with a 404 error envelope', async () => {
      expectError(await sandbox.request('GET', '/customer-auth/nothing-here', { token }), 404, 'not_found');
      expectError(await sandbox.request('DELETE', '/customer-auth/consent', { token }), 404, 'not_found');
    });

    it('never answers 5xx to any JSON body on any call (property)', async () => {
      const calls = [
        ['POST', '/authenticate'],
        ['PUT', '/consent'],
        ['POST', '/confirmation'],
        ['POST', '/keep-alive'],
      ] as const;
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...calls), fc.jsonValue({ maxDepth: 3 }), async ([method, path], body) => {
          const answer = await sandbox.call(method, path, token, JSON.stringify(body), { 'idempotency-key': randomUUID() });
          expect(answer.status, `${method} ${path} ${JSON.stringify(body)}`).to.be.within(200, 499);
        }),
        { numRuns: 60 },
      );
    });
  });
});
