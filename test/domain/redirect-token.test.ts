import { expect } from 'chai';
import fc from 'fast-check';
import { brandFlowRoute, flowRouteName, isFollowableRedirectUri, isTokenExpired, parseRedirectToken, type TokenClaimsError } from '../../domain/redirect-token';

const validPayload = {
  tppName: 'Budget Buddy',
  orgName: 'Budget Buddy Pty Ltd',
  redirectUri: 'https://tpp.example/cb',
  state: 'af0ifjsldkj',
  brand: 'Demo',
  standard: 'accc',
  consentType: 'aisp',
  consentSubType: '',
  consentStatus: 'AwaitingAuthorisation',
  consentCreationDate: 1795000000,
  exp: 1795000600,
  iat: 1795000000,
  jti: 'j-1',
  iss: 'https://as.bank.example',
  aud: 'consent-app',
};

const constants = <T extends object>(values: T): { [K in keyof T]: fc.Arbitrary<T[K]> } =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [key, fc.constant(value)])) as {
    [K in keyof T]: fc.Arbitrary<T[K]>;
  };

describe('domain/redirect-token', () => {
  describe('parseRedirectToken: a valid payload', () => {
    it('keeps the claims, lower-cases brand and derives the flags', () => {
      const result = parseRedirectToken(validPayload);
      expect(result).to.deep.equal({
        ok: true,
        value: {
          tppName: 'Budget Buddy',
          orgName: 'Budget Buddy Pty Ltd',
          redirectUri: 'https://tpp.example/cb',
          state: 'af0ifjsldkj',
          brand: 'demo',
          standard: 'accc',
          consentType: 'aisp',
          consentSubType: '',
          consentStatus: 'AwaitingAuthorisation',
          consentCreationDate: 1795000000,
          exp: 1795000600,
          jti: 'j-1',
          standingOrder: false,
          scheduledPayment: false,
          fundsConfirmation: false,
          isPaymentInternational: false,
          refreshFlow: false,
        },
      });
    });

    it('defaults orgName and consentSubType to empty and leaves consentCreationDate out when absent or null', () => {
      for (const absent of [undefined, null]) {
        const { orgName: _o, consentSubType: _c, consentCreationDate: _d, ...rest } = validPayload;
        const result = parseRedirectToken({ ...rest, orgName: absent, consentSubType: absent, consentCreationDate: absent });
        if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.error)}`);
        expect(result.value.orgName).to.equal('');
        expect(result.value.consentSubType).to.equal('');
        expect(result.value).not.to.have.property('consentCreationDate');
      }
    });

    it("keeps the jti, the flow event's flow id (issue 35 item 1); leaves it out when absent, refuses one that is not a string", () => {
      const { jti: _j, ...withoutJti } = validPayload;
      const without = parseRedirectToken(withoutJti);
      expect(without.ok && without.value).not.to.have.property('jti');
      expect(parseRedirectToken({ ...validPayload, jti: 7 })).to.deep.equal({ ok: false, error: { kind: 'invalidClaim', claim: 'jti', expected: 'string' } });
    });

    it('accepts an empty state', () => {
      const result = parseRedirectToken({ ...validPayload, state: '' });
      expect(result.ok && result.value.state).to.equal('');
    });

    const flagCases: readonly {
      subType: string;
      status: string;
      flags: [boolean, boolean, boolean, boolean, boolean];
    }[] = [
      { subType: '', status: 'AwaitingAuthorisation', flags: [false, false, false, false, false] },
      { subType: 'StandingOrder', status: 'AwaitingAuthorisation', flags: [true, false, false, false, false] },
      { subType: 'ScheduledPayment', status: 'AwaitingAuthorisation', flags: [false, true, false, false, false] },
      { subType: 'FundsConfirmation', status: 'AwaitingAuthorisation', flags: [false, false, true, false, false] },
      { subType: 'InternationalPayment', status: 'AwaitingAuthorisation', flags: [false, false, false, true, false] },
      { subType: 'InternationalStandingOrder', status: 'Authorised', flags: [true, false, false, true, true] },
      { subType: 'InternationalScheduledPayment', status: 'Authorised', flags: [false, true, false, true, true] },
      { subType: 'standingorder', status: 'authorised', flags: [false, false, false, false, false] },
      { subType: '', status: 'Authorised', flags: [false, false, false, false, true] },
    ];
    for (const { subType, status, flags } of flagCases) {
      it(`derives flags for consentSubType '${subType}', consentStatus '${status}'`, () => {
        const result = parseRedirectToken({ ...validPayload, consentSubType: subType, consentStatus: status });
        if (!result.ok) throw new Error('expected ok');
        const t = result.value;
        expect([t.standingOrder, t.scheduledPayment, t.fundsConfirmation, t.isPaymentInternational, t.refreshFlow]).to.deep.equal(flags);
      });
    }
  });

  describe('parseRedirectToken: bad payloads give a typed error naming the claim', () => {
    const without = (claim: keyof typeof validPayload): Record<string, unknown> => {
      const copy: Record<string, unknown> = { ...validPayload };
      delete copy[claim];
      return copy;
    };
    const cases: readonly { name: string; payload: unknown; error: TokenClaimsError }[] = [
      { name: 'null', payload: null, error: { kind: 'notAnObject' } },
      { name: 'a string', payload: 'eyJhbGciOi', error: { kind: 'notAnObject' } },
      { name: 'a number', payload: 42, error: { kind: 'notAnObject' } },
      { name: 'an array', payload: [validPayload], error: { kind: 'notAnObject' } },
      { name: 'undefined', payload: undefined, error: { kind: 'notAnObject' } },
      { name: 'no tppName', payload: without('tppName'), error: { kind: 'missingClaim', claim: 'tppName' } },
      { name: 'no redirectUri', payload: without('redirectUri'), error: { kind: 'missingClaim', claim: 'redirectUri' } },
      { name: 'no state', payload: without('state'), error: { kind: 'missingClaim', claim: 'state' } },
      { name: 'no brand', payload: without('brand'), error: { kind: 'missingClaim', claim: 'brand' } },
      { name: 'no standard', payload: without('standard'), error: { kind: 'missingClaim', claim: 'standard' } },
      { name: 'no consentType', payload: without('consentType'), error: { kind: 'missingClaim', claim: 'consentType' } },
      {
        name: 'no consentStatus',
        payload: without('consentStatus'),
        error: { kind: 'missingClaim', claim: 'consentStatus' },
      },
      { name: 'no exp', payload: without('exp'), error: { kind: 'missingClaim', claim: 'exp' } },
      {
        name: 'numeric tppName',
        payload: { ...validPayload, tppName: 7 },
        error: { kind: 'invalidClaim', claim: 'tppName', expected: 'string' },
      },
      {
        name: 'null state',
        payload: { ...validPayload, state: null },
        error: { kind: 'invalidClaim', claim: 'state', expected: 'string' },
      },
      {
        name: 'object redirectUri',
        payload: { ...validPayload, redirectUri: { href: 'https://x' } },
        error: { kind: 'invalidClaim', claim: 'redirectUri', expected: 'string' },
      },
      {
        name: 'string exp',
        payload: { ...validPayload, exp: '1795000600' },
        error: { kind: 'invalidClaim', claim: 'exp', expected: 'number' },
      },
      {
        name: 'NaN exp',
        payload: { ...validPayload, exp: Number.NaN },
        error: { kind: 'invalidClaim', claim: 'exp', expected: 'number' },
      },
      {
        name: 'Infinity exp',
        payload: { ...validPayload, exp: Number.POSITIVE_INFINITY },
        error: { kind: 'invalidClaim', claim: 'exp', expected: 'number' },
      },
      {
        name: 'numeric orgName',
        payload: { ...validPayload, orgName: 1 },
        error: { kind: 'invalidClaim', claim: 'orgName', expected: 'string' },
      },
      {
        name: 'array consentSubType',
        payload: { ...validPayload, consentSubType: ['StandingOrder'] },
        error: { kind: 'invalidClaim', claim: 'consentSubType', expected: 'string' },
      },
      {
        name: 'ISO consentCreationDate',
        payload: { ...validPayload, consentCreationDate: '2026-11-18T00:00:00Z' },
        error: { kind: 'invalidClaim', claim: 'consentCreationDate', expected: 'number' },
      },
    ];
    for (const { name, payload, error } of cases) {
      it(`${name} → ${JSON.stringify(error)}`, () => {
        expect(parseRedirectToken(payload)).to.deep.equal({ ok: false, error });
      });
    }

    it('never throws, whatever the payload', () => {
      fc.assert(
        fc.property(fc.oneof(fc.anything(), fc.record({ ...constants(validPayload), exp: fc.anything(), state: fc.anything() })), (payload) => {
          const result = parseRedirectToken(payload);
          expect(result.ok).to.be.a('boolean');
        }),
        { numRuns: 200 },
      );
    });
  });

  describe('brandFlowRoute', () => {
    it("names the configured brand's consent flow, as a token of that brand would", () => {
      expect(brandFlowRoute('Demo')).to.equal('demo_accc_aisp');
      const result = parseRedirectToken(validPayload);
      expect(result.ok && flowRouteName(result.value)).to.equal(brandFlowRoute('demo'));
    });
  });

  describe('flowRouteName', () => {
    const cases = [
      { brand: 'demo', standard: 'accc', consentType: 'aisp', route: 'demo_accc_aisp' },
      { brand: 'Demo', standard: 'ACCC', consentType: 'AISP', route: 'demo_accc_aisp' },
      { brand: 'hsbc', standard: 'accc', consentType: 'aisp', route: 'hsbc_accc_aisp' },
    ] as const;
    for (const { route, ...claims } of cases) {
      it(`${JSON.stringify(claims)} → ${route}`, () => {
        expect(flowRouteName(claims)).to.equal(route);
      });
    }

    it('is built from a parsed token', () => {
      const result = parseRedirectToken(validPayload);
      expect(result.ok && flowRouteName(result.value)).to.equal('demo_accc_aisp');
    });
  });

  describe('isTokenExpired', () => {
    const exp = 1795000600;
    const cases = [
      { nowMs: exp * 1000 - 1, expired: false },
      { nowMs: exp * 1000 - 10_000, expired: false },
      { nowMs: exp * 1000, expired: true },
      { nowMs: exp * 1000 + 1, expired: true },
      { nowMs: 0, expired: false },
    ];
    for (const { nowMs, expired } of cases) {
      it(`exp ${exp}s at ${nowMs}ms → ${expired}`, () => {
        expect(isTokenExpired({ exp }, nowMs)).to.equal(expired);
      });
    }
  });

  describe('isFollowableRedirectUri', () => {
    const cases: readonly { uri: string; production: boolean; followable: boolean }[] = [
      { uri: 'https://tpp.example/cb', production: true, followable: true },
      { uri: 'https://tpp.example/cb', production: false, followable: true },
      { uri: 'https://tpp.example/cb?x=1#f', production: true, followable: true },
      { uri: 'HTTPS://TPP.EXAMPLE/cb', production: true, followable: true },
      { uri: 'http://localhost:3000/cb', production: false, followable: true },
      { uri: 'http://127.0.0.1:8080/cb', production: false, followable: true },
      { uri: 'http://localhost:3000/cb', production: true, followable: false },
      { uri: 'http://127.0.0.1/cb', production: true, followable: false },
      { uri: 'http://tpp.example/cb', production: false, followable: false },
      { uri: 'http://localhost.evil.example/cb', production: false, followable: false },
      { uri: 'http://127.0.0.2/cb', production: false, followable: false },
      { uri: 'javascript:alert(1)', production: false, followable: false },
      { uri: 'JavaScript:alert(1)//https://tpp.example', production: false, followable: false },
      { uri: 'data:text/html,<script>alert(1)</script>', production: false, followable: false },
      { uri: 'ftp://tpp.example/cb', production: false, followable: false },
      { uri: 'ftp://localhost/cb', production: false, followable: false },
      { uri: 'ws://127.0.0.1:3000/cb', production: false, followable: false },
      { uri: 'file:///etc/passwd', production: false, followable: false },
      { uri: '/relative/cb', production: false, followable: false },
      { uri: '//tpp.example/cb', production: false, followable: false },
      { uri: 'tpp.example/cb', production: false, followable: false },
      { uri: '', production: false, followable: false },
      { uri: 'https://', production: false, followable: false },
      { uri: 'not a url at all', production: false, followable: false },
    ];
    for (const { uri, production, followable } of cases) {
      it(`${JSON.stringify(uri)} (production ${production}) → ${followable}`, () => {
        expect(isFollowableRedirectUri(uri, production)).to.equal(followable);
      });
    }

    // Issue 21: a signed redirectUri with a username or password reads as one host and goes to another.
    describe('the return address carries no userinfo (DESIGN §3.12, issue 21): a token redirectUri with a username or password is never followed', () => {
      const withUserinfo = [
        'https://attacker:pw@tpp.example/cb',
        'https://attacker@tpp.example/cb',
        'https://:pw@tpp.example/cb',
        'https://tpp.example:443@evil.example/cb',
        'https://tpp.example%40evil.example@evil.example/cb',
        'http://attacker:pw@localhost:3000/cb',
        'http://user@127.0.0.1:4400/callback',
      ];
      for (const uri of withUserinfo) {
        it(`${uri}: not followable, in production or not`, () => {
          expect(isFollowableRedirectUri(uri, false)).to.equal(false);
          expect(isFollowableRedirectUri(uri, true)).to.equal(false);
        });
      }

      it('an empty userinfo ("@" alone) is no userinfo: the URL has none', () => {
        expect(isFollowableRedirectUri('https://@tpp.example/cb', true)).to.equal(true);
        expect(new URL('https://@tpp.example/cb').href).to.equal('https://tpp.example/cb');
      });

      it("the claims are read as signed (parseRedirectToken checks types); following is isFollowableRedirectUri's decision", () => {
        const parsed = parseRedirectToken({ ...validPayload, redirectUri: 'https://attacker:pw@tpp.example/cb' });
        expect(parsed.ok && parsed.value.redirectUri).to.equal('https://attacker:pw@tpp.example/cb');
        expect(isFollowableRedirectUri(parsed.ok ? parsed.value.redirectUri : '', true)).to.equal(false);
      });
    });
  });
});
