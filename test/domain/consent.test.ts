import { expect } from 'chai';
import fc from 'fast-check';
import { dataPeriodMonths, formatLongDate, isCustomerScopesOnly, isOnceOnly, newlyRequestedScopes, sharingPeriod } from '../../domain/consent';
import { parseConsentDetail } from '../../adapters/consent-detail.reader';
import type { Consent } from '../../domain/consent';

/** CONTRACT §3 ConsentDetail example. */
const contractExample = {
  permissions: [
    {
      permission: 'bank:accounts.basic:read',
      accounts: [{ schemeName: 'BSB_ACCOUNT', identification: '062000 12345678', secondaryIdentification: 'acc-0001' }],
      claims: '{"cdr_arrangement_id":"arr-5f2c"}',
    },
    { permission: 'common:customer.basic:read' },
  ],
  consentNickname: 'Budgeting',
  expirationDateTime: '2027-11-22T00:00:00Z',
};

function parsed(raw: unknown): Consent {
  const result = parseConsentDetail(raw);
  if (!result.ok) throw new Error(`expected a consent, got ${JSON.stringify(result.error)}`);
  return result.value;
}

const perm = (permission: string, extra: Record<string, unknown> = {}) => ({ permission, ...extra });

describe('domain/consent', () => {
  describe('parseConsentDetail (spec §3 Consent, CONTRACT §3 ConsentDetail)', () => {
    it('reads the contract example inside the data answer { detail }', () => {
      expect(parsed({ detail: contractExample })).to.deep.equal({
        permissions: [
          {
            permission: 'bank:accounts.basic:read',
            accounts: [{ schemeName: 'BSB_ACCOUNT', identification: '062000 12345678', secondaryIdentification: 'acc-0001' }],
            granted: true,
          },
          { permission: 'common:customer.basic:read', accounts: [], granted: false },
        ],
        scopes: ['bank:accounts.basic:read', 'common:customer.basic:read'],
        sharedAccounts: [{ schemeName: 'BSB_ACCOUNT', identification: '062000 12345678', secondaryIdentification: 'acc-0001' }],
        isPAR: true,
        cdrArrangementId: 'arr-5f2c',
        nickname: 'Budgeting',
        expirationDateTime: '2027-11-22T00:00:00Z',
        expirationMs: Date.UTC(2027, 10, 22),
      });
    });

    describe('newlyRequestedScopes (CONTRACT §3: in an amendment, a permission without the arrangement id is new)', () => {
      const withClaims = (permission: string) => perm(permission, { claims: '{"cdr_arrangement_id":"arr-9"}' });
      it('the contract example: customer.basic carries no claims, so it is newly requested', () => {
        expect(newlyRequestedScopes(parsed({ detail: contractExample }))).to.deep.equal(['common:customer.basic:read']);
      });
      it('every permission granted before: nothing is new', () => {
        expect(newlyRequestedScopes(parsed({ permissions: [withClaims('bank:payees:read'), withClaims('bank:transactions:read')] }))).to.deep.equal([]);
      });
      it('claims without the id, malformed claims and no claims are all new, once each, in request order', () => {
        const consent = parsed({
          permissions: [
            withClaims('bank:accounts.basic:read'),
            perm('bank:regular_payments:read', { claims: '{}' }),
            perm('bank:payees:read', { claims: '{oops' }),
            perm('profile'),
            perm('bank:regular_payments:read'),
          ],
        });
        expect(newlyRequestedScopes(consent)).to.deep.equal(['bank:regular_payments:read', 'bank:payees:read', 'profile']);
      });
      it('a scope granted by one entry and repeated without claims is not new', () => {
        expect(newlyRequestedScopes(parsed({ permissions: [withClaims('bank:payees:read'), perm('bank:payees:read')] }))).to.deep.equal([]);
      });
      it('a first consent (no arrangement id anywhere) has nothing new', () => {
        expect(newlyRequestedScopes(parsed({ permissions: [perm('bank:payees:read'), perm('common:customer.basic:read')] }))).to.deep.equal([]);
      });
    });

    it('reads the bare detail too', () => {
      expect(parsed(contractExample).cdrArrangementId).to.equal('arr-5f2c');
    });

    const par: [string, unknown[], string | undefined][] = [
      ['no claims: a new arrangement', [perm('bank:payees:read')], undefined],
      ['claims JSON with the id', [perm('bank:payees:read', { claims: '{"cdr_arrangement_id":"arr-1"}' })], 'arr-1'],
      [
        'the id on a later permission',
        [perm('bank:payees:read', { claims: '{}' }), perm('bank:transactions:read', { claims: '{"cdr_arrangement_id":"arr-2"}' })],
        'arr-2',
      ],
      ['malformed claims JSON is not a crash', [perm('bank:payees:read', { claims: '{cdr_arrangement_id:' })], undefined],
      ['claims JSON that is not an object', [perm('bank:payees:read', { claims: '"arr-3"' })], undefined],
      ['a blank id', [perm('bank:payees:read', { claims: '{"cdr_arrangement_id":"  "}' })], undefined],
      ['a numeric id', [perm('bank:payees:read', { claims: '{"cdr_arrangement_id":42}' })], undefined],
      ['claims already an object', [perm('bank:payees:read', { claims: { cdr_arrangement_id: 'arr-4' } })], 'arr-4'],
      ['null claims', [perm('bank:payees:read', { claims: null })], undefined],
    ];
    for (const [name, permissions, id] of par) {
      it(`PAR: ${name} → ${String(id)}`, () => {
        const consent = parsed({ permissions });
        expect([consent.isPAR, consent.cdrArrangementId]).to.deep.equal([id !== undefined, id]);
      });
    }

    it('lists each already-shared account once (by id, else identification)', () => {
      const a1 = { secondaryIdentification: 'acc-1', identification: '062000 1' };
      const legacy = { identification: '062000 9' };
      const consent = parsed({
        permissions: [
          perm('bank:accounts.basic:read', { accounts: [a1, legacy] }),
          perm('bank:transactions:read', { accounts: [a1, legacy, { secondaryIdentification: 'acc-2', schemeName: null }] }),
        ],
      });
      expect(consent.sharedAccounts).to.deep.equal([a1, legacy, { secondaryIdentification: 'acc-2' }]);
    });

    it('keeps accounts apart that share a masked number but not an id, or that differ only by number', () => {
      const masked1 = { secondaryIdentification: 'acc-1', identification: 'xxxx 1234' };
      const masked2 = { secondaryIdentification: 'acc-2', identification: 'xxxx 1234' };
      const legacy1 = { identification: '062000 1' };
      const legacy2 = { identification: '062000 2' };
      const consent = parsed({ permissions: [perm('bank:accounts.basic:read', { accounts: [masked1, masked2, legacy1, legacy2] })] });
      expect(consent.sharedAccounts).to.deep.equal([masked1, masked2, legacy1, legacy2]);
    });

    it('an account named twice is listed once, as it was first named', () => {
      const first = { secondaryIdentification: 'acc-1' };
      const again = { secondaryIdentification: 'acc-1', schemeName: 'BSB_ACCOUNT', identification: '062000 1' };
      const consent = parsed({ permissions: [perm('bank:accounts.basic:read', { accounts: [first] }), perm('bank:payees:read', { accounts: [again] })] });
      expect(consent.sharedAccounts).to.deep.equal([first]);
    });

    it('a new arrangement has no arrangement id at all (not even as undefined)', () => {
      expect(parsed({ permissions: [perm('bank:payees:read')] })).not.to.have.property('cdrArrangementId');
    });

    const optional: [string, Record<string, unknown>, Partial<Record<'nickname' | 'expirationDateTime', string>>][] = [
      ['no nickname and no expiry', {}, {}],
      ['null nickname and null expiry', { consentNickname: null, expirationDateTime: null }, {}],
      ['blank nickname', { consentNickname: '  ' }, {}],
      ['an empty expiry (once-off)', { expirationDateTime: '' }, {}],
      ['nickname trimmed', { consentNickname: ' Budgeting ' }, { nickname: 'Budgeting' }],
      ['an expiry', { expirationDateTime: '2027-11-22T00:00:00Z' }, { expirationDateTime: '2027-11-22T00:00:00Z' }],
    ];
    for (const [name, extra, expected] of optional) {
      it(`optional fields: ${name}`, () => {
        const consent = parsed({ permissions: [perm('bank:payees:read')], ...extra });
        expect({ nickname: consent.nickname, expirationDateTime: consent.expirationDateTime }).to.deep.equal({
          nickname: expected.nickname,
          expirationDateTime: expected.expirationDateTime,
        });
        expect('nickname' in consent).to.equal(expected.nickname !== undefined);
      });
    }

    const invalid: [string, unknown, unknown][] = [
      ['null', null, { kind: 'notAConsentDetail' }],
      ['an array', [contractExample], { kind: 'notAConsentDetail' }],
      ['no permissions', { consentNickname: 'x' }, { kind: 'notAConsentDetail' }],
      ['permissions not a list', { permissions: 'bank:payees:read' }, { kind: 'notAConsentDetail' }],
      ['an empty permission list', { permissions: [] }, { kind: 'noPermissions' }],
      ['a null permission', { permissions: [perm('bank:payees:read'), null] }, { kind: 'malformedPermission', index: 1 }],
      ['a permission without a name', { permissions: [{ accounts: [] }] }, { kind: 'malformedPermission', index: 0 }],
      ['an empty permission name', { permissions: [perm('bank:payees:read'), perm('')] }, { kind: 'malformedPermission', index: 1 }],
      ['accounts not a list', { permissions: [perm('bank:payees:read', { accounts: {} })] }, { kind: 'malformedPermission', index: 0 }],
      [
        'an account naming nothing',
        { permissions: [perm('bank:payees:read', { accounts: [{ schemeName: 'BSB_ACCOUNT' }] })] },
        { kind: 'malformedAccount', permissionIndex: 0, accountIndex: 0 },
      ],
      ['a null account', { permissions: [perm('bank:payees:read', { accounts: [null] })] }, { kind: 'malformedAccount', permissionIndex: 0, accountIndex: 0 }],
      [
        'a numeric identification',
        { permissions: [perm('bank:payees:read', { accounts: [{ identification: 62000 }] })] },
        { kind: 'malformedAccount', permissionIndex: 0, accountIndex: 0 },
      ],
      ['a numeric nickname', { permissions: [perm('bank:payees:read')], consentNickname: 7 }, { kind: 'malformedField', field: 'consentNickname' }],
      [
        'an expiry that is not a date',
        { permissions: [perm('bank:payees:read')], expirationDateTime: 'soon' },
        { kind: 'malformedField', field: 'expirationDateTime' },
      ],
      [
        'a numeric expiry',
        { permissions: [perm('bank:payees:read')], expirationDateTime: 1795000000 },
        { kind: 'malformedField', field: 'expirationDateTime' },
      ],
      [
        'a numeric expiry that would read as a year',
        { permissions: [perm('bank:payees:read')], expirationDateTime: 2027 },
        { kind: 'malformedField', field: 'expirationDateTime' },
      ],
    ];
    for (const [name, raw, error] of invalid) {
      it(`rejects ${name} with a typed error`, () => expect(parseConsentDetail(raw)).to.deep.equal({ ok: false, error }));
    }

    it('never throws on arbitrary JSON (property)', () => {
      const permissionish = fc.record(
        { permission: fc.oneof(fc.string(), fc.jsonValue()), claims: fc.oneof(fc.string(), fc.jsonValue()), accounts: fc.jsonValue() },
        { requiredKeys: [] },
      );
      fc.assert(
        fc.property(fc.oneof(fc.jsonValue(), fc.record({ permissions: fc.array(permissionish) }, { requiredKeys: [] })), (raw) => {
          expect(() => parseConsentDetail(raw)).not.to.throw();
        }),
        { numRuns: 300 },
      );
    });
  });

  describe("the arrangement id in a permission's claims (spec §1)", () => {
    const cases: [unknown, string | undefined][] = [
      ['{"cdr_arrangement_id":"arr-5f2c"}', 'arr-5f2c'],
      ['not json', undefined],
      ['', undefined],
      [undefined, undefined],
      ['null', undefined],
    ];
    for (const [claims, expected] of cases)
      it(`${JSON.stringify(claims)} → ${String(expected)}`, () =>
        expect(parsed({ permissions: [perm('bank:payees:read', claims === undefined ? {} : { claims })] }).cdrArrangementId).to.equal(expected));
  });

  describe('isCustomerScopesOnly (spec §4: the account step is skipped)', () => {
    const cases: [readonly string[], boolean][] = [
      [['common:customer.basic:read'], true],
      [['common:customer.detail:read'], true],
      [['common:customer.basic:read', 'common:customer.detail:read'], true],
      [['common:customer.basic:read', 'bank:accounts.basic:read'], false],
      [['bank:payees:read'], false],
      [[], false],
      // Issue 33 item 12: only bank scopes carry accounts, so OIDC's scopes beside customer data keep it customer-only.
      [['openid', 'profile', 'common:customer.basic:read'], true],
      [['openid', 'common:customer.detail:read', 'cdr:registration'], true],
      [['openid', 'profile'], true],
      [['openid', 'profile', 'common:customer.basic:read', 'bank:accounts.basic:read'], false],
      [['openid', 'profile', 'bank:payees:read'], false],
      [['openid'], false],
    ];
    for (const [scopes, expected] of cases)
      it(`${scopes.join(', ') || '(none)'} → ${expected}`, () => expect(isCustomerScopesOnly({ scopes })).to.equal(expected));
  });

  describe('isOnceOnly (spec §2: no expiry means once only)', () => {
    it('true without an expiry', () => expect(isOnceOnly(parsed({ permissions: [perm('bank:payees:read')] }))).to.equal(true));
    it('false with an expiry', () => expect(isOnceOnly(parsed(contractExample))).to.equal(false));
  });

  describe('dataPeriodMonths (spec §9)', () => {
    const YEAR = 31_536_000_000;
    const MONTH = 2_592_000_000;
    const created = 1_795_000_000 * 1000;
    const cases: [string, number, number][] = [
      ['exactly 31536000000 ms is not over a year: rounded', YEAR, 12],
      ['one ms over a year', YEAR + 1, 12],
      ['two years', 2 * YEAR, 12],
      ['six months', 6 * MONTH, 6],
      ['1.5 months rounds up', 1.5 * MONTH, 2],
      ['1.49 months rounds down', 1.49 * MONTH, 1],
      ['eleven and a half months', 11.5 * MONTH, 12],
      ['a day', 86_400_000, 0],
      ['zero', 0, 0],
      ['negative (expiry before creation)', -MONTH, 0],
      ['token creation to the contract expiry', Date.parse('2027-11-22T00:00:00Z') - created, 12],
    ];
    for (const [name, duration, expected] of cases) {
      it(`${name} → ${expected}`, () => expect(dataPeriodMonths(created, created + duration)).to.equal(expected));
    }
  });

  describe('formatLongDate (spec §2: D Month YYYY)', () => {
    const cases: [string, number | string, string | undefined, string | undefined][] = [
      ['the contract expiry (Sydney)', '2027-11-22T00:00:00Z', undefined, '22 November 2027'],
      ['the contract expiry (UTC)', '2027-11-22T00:00:00Z', 'UTC', '22 November 2027'],
      ['epoch milliseconds', Date.UTC(2026, 10, 18, 11), undefined, '18 November 2026'],
      ['Sydney midnight (AEDT) is the next day', '2027-11-21T13:00:00Z', undefined, '22 November 2027'],
      ['one ms before Sydney midnight', '2027-11-21T12:59:59.999Z', undefined, '21 November 2027'],
      ['the same instant in UTC', '2027-11-21T13:00:00Z', 'UTC', '21 November 2027'],
      ['Sydney midnight in winter (AEST)', '2027-06-30T14:00:00Z', 'Australia/Sydney', '1 July 2027'],
      ['new year in Sydney', '2026-12-31T13:00:00Z', undefined, '1 January 2027'],
      ['not a date', 'tomorrow', undefined, undefined],
      ['NaN', Number.NaN, undefined, undefined],
      ['beyond the Date range', 9e15, undefined, undefined],
    ];
    for (const [name, value, zone, expected] of cases) {
      it(`${name} → ${String(expected)}`, () => {
        expect(zone === undefined ? formatLongDate(value) : formatLongDate(value, zone)).to.equal(expected);
      });
    }
  });

  describe('sharingPeriod (spec §2 "Data sharing period", §9; never "for 0 months")', () => {
    const startMs = Date.parse('2026-11-23T22:00:00Z');
    const HOUR = 3_600_000;
    const DAY = 24 * HOUR;

    it('once only (no expiry): the start date and nothing else', () => {
      expect(sharingPeriod(startMs, undefined)).to.deep.equal({ from: '24 November 2026', to: undefined, duration: undefined });
    });

    const cases: [string, number, string, { unit: 'month' | 'day'; count: number }][] = [
      ['six months', 180 * DAY, '23 May 2027', { unit: 'month', count: 6 }],
      ['exactly one month (30 days)', 30 * DAY, '24 December 2026', { unit: 'month', count: 1 }],
      ['15 days rounds to one month', 15 * DAY, '9 December 2026', { unit: 'month', count: 1 }],
      ['14 days is told in days', 14 * DAY, '8 December 2026', { unit: 'day', count: 14 }],
      ['36 hours: a started day counts', 36 * HOUR, '25 November 2026', { unit: 'day', count: 2 }],
      ['one hour: at least one day', HOUR, '24 November 2026', { unit: 'day', count: 1 }],
      ['expiry before the start: still one day, never 0 or less', -2 * DAY, '22 November 2026', { unit: 'day', count: 1 }],
    ];
    for (const [name, length, to, duration] of cases) {
      it(`${name} → ${duration.count} ${duration.unit}`, () => {
        expect(sharingPeriod(startMs, startMs + length)).to.deep.equal({ from: '24 November 2026', to, duration });
      });
    }
  });
});
