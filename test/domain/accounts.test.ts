import { expect } from 'chai';
import fc from 'fast-check';
import { accountDisplayName, accountState, formatAccountNumber, preselectFromConsent, withSubAccountState } from '../../domain/accounts';
import { toAccounts } from '../../adapters/account-answer.reader';
import type { Account, AccountState, SharedAccountRef } from '../../domain/accounts';
import { egaEntries, rawAccount } from '../fixtures/raw-accounts.fixture';

function load(raw: unknown): AccountState {
  const result = toAccounts(raw);
  if (!result.ok) throw new Error(`expected accounts, got ${JSON.stringify(result.error)}`);
  return result.value;
}

const byId = (state: AccountState, id: string): Account => {
  const account = state.data.find((a) => a.id === id);
  if (account === undefined) throw new Error(`no account ${id}`);
  return account;
};

describe('domain/accounts', () => {
  describe('toAccounts: a SIMPLE account (CONTRACT §3 RawAccount)', () => {
    it('maps the contract example to the internal account', () => {
      const state = load([
        {
          productName: 'Everyday Account',
          nickName: 'Bills',
          status: 'ACTIVE',
          currency: 'AUD',
          scheme: { schemeName: 'BSB_ACCOUNT', identification: '062000 12345678', secondaryIdentification: 'acc-0001', controlAccountIdentification: null },
          supplementaryData: { rbwmPIB: { eligibleAccount: true, jointAccountIndicator: false, accountOwnershipTypeCode: 'Individual' } },
        },
      ]);
      expect(state.data).to.deep.equal([
        {
          id: 'acc-0001',
          productName: 'Everyday Account',
          nickName: 'Bills',
          identification: '062000 12345678',
          schemeName: 'BSB_ACCOUNT',
          eligibleAccount: true,
          status: 'ACTIVE',
          closed: false,
          jointAccount: false,
          accountOwnershipTypeCode: 'Individual',
          preSelected: false,
          selected: false,
          type: 'SIMPLE',
          indeterminate: false,
          subAccounts: [],
          searchText: 'bills\neverydayaccount\n06200012345678',
        },
      ]);
      expect(state.individualAccount).to.equal(true);
    });

    it('reads the whole answer body { accounts: { account: [...] } } too', () => {
      expect(load({ accounts: { account: [rawAccount({ id: 'a1' })] } }).data.map((a) => a.id)).to.deep.equal(['a1']);
    });

    const flags: [string, Parameters<typeof rawAccount>[0], { readonly [K in keyof Account]?: Account[K] | undefined }][] = [
      ['CLOSED is closed', { id: 'a', status: 'CLOSED' }, { closed: true, status: 'CLOSED' }],
      ['any other status is open', { id: 'a', status: 'DORMANT' }, { closed: false, status: 'DORMANT' }],
      ['joint indicator', { id: 'a', joint: true }, { jointAccount: true }],
      ['ineligible', { id: 'a', eligible: false }, { eligibleAccount: false }],
      ['a null nickName is absent', { id: 'a', nickName: null }, { nickName: undefined }],
      ['a blank nickName is absent', { id: 'a', nickName: '  ' }, { nickName: undefined }],
      ['an empty control number is SIMPLE', { id: 'a', control: '' }, { type: 'SIMPLE' }],
    ];
    for (const [name, options, expected] of flags) {
      it(name, () => {
        const account = byId(load([rawAccount(options)]), options.id);
        for (const [key, value] of Object.entries(expected)) {
          if (value === undefined) expect(account).not.to.have.property(key);
          else expect(account).to.have.property(key, value);
        }
      });
    }

    it('treats missing supplementaryData as ineligible, not joint, no ownership', () => {
      const { supplementaryData: _drop, ...bare } = rawAccount({ id: 'a' });
      const account = byId(load([bare]), 'a');
      expect([account.eligibleAccount, account.jointAccount, account.accountOwnershipTypeCode]).to.deep.equal([false, false, undefined]);
    });
  });

  describe('toAccounts: failures are 400-class typed errors (spec §4)', () => {
    const good = rawAccount({ id: 'a' });
    const cases: [string, unknown, unknown][] = [
      ['a null entry', [good, null], { kind: 'nullAccount', status: 400, index: 1 }],
      ['an undefined entry', [undefined], { kind: 'nullAccount', status: 400, index: 0 }],
      ['a string entry', ['acc'], { kind: 'malformedAccount', status: 400, index: 0, field: 'account' }],
      ['an array entry', [[good]], { kind: 'malformedAccount', status: 400, index: 0, field: 'account' }],
      ['a missing scheme', [{ productName: 'X' }], { kind: 'malformedAccount', status: 400, index: 0, field: 'scheme' }],
      ['a null scheme', [{ ...good, scheme: null }], { kind: 'malformedAccount', status: 400, index: 0, field: 'scheme' }],
      [
        'no secondaryIdentification',
        [{ ...good, scheme: { ...good.scheme, secondaryIdentification: '' } }],
        { kind: 'malformedAccount', status: 400, index: 0, field: 'scheme.secondaryIdentification' },
      ],
      [
        'a numeric identification',
        [{ ...good, scheme: { ...good.scheme, identification: 62000 } }],
        { kind: 'malformedAccount', status: 400, index: 0, field: 'scheme.identification' },
      ],
      ['no productName', [{ ...good, productName: undefined }], { kind: 'malformedAccount', status: 400, index: 0, field: 'productName' }],
      [
        'a string eligible flag',
        [{ ...good, supplementaryData: { rbwmPIB: { eligibleAccount: 'yes' } } }],
        { kind: 'malformedAccount', status: 400, index: 0, field: 'eligibleAccount' },
      ],
      ['not a list', { accounts: {} }, { kind: 'notAnAccountList', status: 400 }],
      ['null', null, { kind: 'notAnAccountList', status: 400 }],
    ];
    for (const [name, raw, error] of cases) {
      it(`rejects ${name}`, () => expect(toAccounts(raw)).to.deep.equal({ ok: false, error }));
    }

    it('never throws on arbitrary JSON (property)', () => {
      fc.assert(
        fc.property(fc.jsonValue(), (raw) => {
          const result = toAccounts(raw);
          if (!result.ok) expect(result.error.status).to.equal(400);
        }),
        { numRuns: 300 },
      );
    });
  });

  describe('toAccounts: each field of a RawAccount is checked (CONTRACT §3; spec §4: a malformed entry is a 400)', () => {
    const good = rawAccount({ id: 'a' });
    const withScheme = (scheme: Record<string, unknown>) => ({ ...good, scheme: { ...good.scheme, ...scheme } });
    const withFlags = (flags: Record<string, unknown>) => ({ ...good, supplementaryData: { rbwmPIB: { ...good.supplementaryData?.rbwmPIB, ...flags } } });
    const malformed: [string, unknown, string][] = [
      ['a string scheme', { ...good, scheme: 'BSB_ACCOUNT' }, 'scheme'],
      ['a list scheme', { ...good, scheme: [good.scheme] }, 'scheme'],
      ['a missing secondaryIdentification', withScheme({ secondaryIdentification: undefined }), 'scheme.secondaryIdentification'],
      ['a numeric secondaryIdentification', withScheme({ secondaryIdentification: 1 }), 'scheme.secondaryIdentification'],
      ['a missing identification', withScheme({ identification: undefined }), 'scheme.identification'],
      ['a missing schemeName', withScheme({ schemeName: undefined }), 'scheme.schemeName'],
      ['a null schemeName', withScheme({ schemeName: null }), 'scheme.schemeName'],
      ['a numeric controlAccountIdentification', withScheme({ controlAccountIdentification: 11000 }), 'scheme.controlAccountIdentification'],
      ['a boolean controlAccountIdentification', withScheme({ controlAccountIdentification: false }), 'scheme.controlAccountIdentification'],
      ['a numeric productName', { ...good, productName: 7 }, 'productName'],
      ['a null productName', { ...good, productName: null }, 'productName'],
      ['a numeric nickName', { ...good, nickName: 1 }, 'nickName'],
      ['an object nickName', { ...good, nickName: { text: 'Bills' } }, 'nickName'],
      ['a boolean status', { ...good, status: true }, 'status'],
      ['a numeric currency', { ...good, currency: 36 }, 'currency'],
      ['a string supplementaryData', { ...good, supplementaryData: 'rbwmPIB' }, 'supplementaryData'],
      ['a list supplementaryData', { ...good, supplementaryData: [good.supplementaryData] }, 'supplementaryData'],
      ['a false supplementaryData', { ...good, supplementaryData: false }, 'supplementaryData'],
      ['a string rbwmPIB', { ...good, supplementaryData: { rbwmPIB: 'eligible' } }, 'supplementaryData.rbwmPIB'],
      ['a list rbwmPIB', { ...good, supplementaryData: { rbwmPIB: [] } }, 'supplementaryData.rbwmPIB'],
      ['a numeric eligibleAccount', withFlags({ eligibleAccount: 1 }), 'eligibleAccount'],
      ['a string jointAccountIndicator', withFlags({ jointAccountIndicator: 'Y' }), 'jointAccountIndicator'],
      ['a numeric accountOwnershipTypeCode', withFlags({ accountOwnershipTypeCode: 2 }), 'accountOwnershipTypeCode'],
      ['a boolean accountOwnershipTypeCode', withFlags({ accountOwnershipTypeCode: true }), 'accountOwnershipTypeCode'],
    ];
    for (const [name, entry, field] of malformed) {
      it(`rejects ${name}, naming ${field} and the entry's index`, () => {
        expect(toAccounts([rawAccount({ id: 'first' }), entry])).to.deep.equal({
          ok: false,
          error: { kind: 'malformedAccount', status: 400, index: 1, field },
        });
      });
    }

    it('accepts the smallest entry (productName and scheme only): open, ineligible, not joint, no optional field', () => {
      const state = load([
        { productName: 'Everyday Account', scheme: { schemeName: 'BSB_ACCOUNT', identification: '062000 1', secondaryIdentification: 'a' } },
      ]);
      expect(state.data).to.deep.equal([
        {
          id: 'a',
          productName: 'Everyday Account',
          identification: '062000 1',
          schemeName: 'BSB_ACCOUNT',
          eligibleAccount: false,
          status: '',
          closed: false,
          jointAccount: false,
          preSelected: false,
          selected: false,
          type: 'SIMPLE',
          indeterminate: false,
          subAccounts: [],
          searchText: 'everydayaccount\neverydayaccount\n0620001',
        },
      ]);
    });

    it('accepts null for every optional field and flag, each read as absent or false', () => {
      const entry = {
        productName: 'Everyday Account',
        nickName: null,
        status: null,
        currency: null,
        scheme: { schemeName: 'BSB_ACCOUNT', identification: '062000 1', secondaryIdentification: 'a', controlAccountIdentification: null },
        supplementaryData: { rbwmPIB: { eligibleAccount: null, jointAccountIndicator: null, accountOwnershipTypeCode: null } },
      };
      const [account] = load([entry]).data;
      expect(account).to.include({ type: 'SIMPLE', status: '', closed: false, eligibleAccount: false, jointAccount: false });
      expect(account).not.to.have.any.keys('nickName', 'accountOwnershipTypeCode', 'controlAccountIdentification');
      expect(load([{ ...entry, supplementaryData: null }]).data[0]).to.include({ eligibleAccount: false, jointAccount: false });
      expect(load([{ ...entry, supplementaryData: { rbwmPIB: null } }]).data[0]).to.include({ eligibleAccount: false, jointAccount: false });
      expect(load([{ ...entry, supplementaryData: {} }]).data[0]).to.include({ eligibleAccount: false, jointAccount: false });
    });

    it('an empty identification and schemeName are still strings (only the id must be non-empty)', () => {
      expect(load([withScheme({ identification: '', schemeName: '' })]).data[0]).to.include({ identification: '', schemeName: '' });
    });

    const trimmed: [string, Parameters<typeof rawAccount>[0], Partial<Record<keyof Account, unknown>>][] = [
      ['a nickName is trimmed', { id: 'a', nickName: '  Bills ' }, { nickName: 'Bills' }],
      ['an ownership code is trimmed', { id: 'a', ownership: ' TrustUser ' }, { accountOwnershipTypeCode: 'TrustUser' }],
      ['a blank ownership code is absent', { id: 'a', ownership: '   ' }, { accountOwnershipTypeCode: undefined }],
      ['a status is kept as sent (only exactly CLOSED is closed)', { id: 'a', status: ' CLOSED' }, { status: ' CLOSED', closed: false }],
      ['a lower-case closed is open', { id: 'a', status: 'closed' }, { closed: false }],
      ['a blank control number is SIMPLE', { id: 'a', control: '   ' }, { type: 'SIMPLE', controlAccountIdentification: undefined }],
    ];
    for (const [name, options, expected] of trimmed) {
      it(name, () => {
        const account = byId(load([rawAccount(options)]), options.id);
        for (const [key, value] of Object.entries(expected)) {
          if (value === undefined) expect(account).not.to.have.property(key);
          else expect(account).to.have.property(key, value);
        }
      });
    }

    it('a trusted ownership code, once trimmed, makes the state non-individual', () => {
      expect(load([rawAccount({ id: 'a', ownership: ' TrustUser ' })]).individualAccount).to.equal(false);
    });

    it('a sub-account keeps its trimmed currency, and has none when the currency is blank or null', () => {
      const [ega] = load([
        rawAccount({ id: 's1', identification: 'C', control: ' C ', currency: ' USD ' }),
        { ...rawAccount({ id: 's2', control: 'C' }), currency: '  ' },
        { ...rawAccount({ id: 's3', control: 'C' }), currency: null },
      ]).data;
      expect(ega?.id).to.equal('EGA:C');
      expect(ega?.subAccounts.map((sub) => [sub.id, sub.currency, sub.controlAccountIdentification])).to.deep.equal([
        ['s1', 'USD', 'C'],
        ['s2', undefined, 'C'],
        ['s3', undefined, 'C'],
      ]);
      expect(ega?.subAccounts[1]).not.to.have.property('currency');
    });
  });

  describe('toAccounts: EGA folding (CONTRACT §3 multi-currency)', () => {
    // Read in each test, not at load time (see test/domain/account-selection.test.ts).
    const state = () => load([rawAccount({ id: 'acc-1' }), ...egaEntries, rawAccount({ id: 'acc-2' })]);
    const ega = () => byId(state(), 'EGA:011000 99990001');

    it('folds the entries sharing a control number into one EGA at the first entry position', () => {
      expect(state().data.map((a) => [a.id, a.type])).to.deep.equal([
        ['acc-1', 'SIMPLE'],
        ['EGA:011000 99990001', 'EGA'],
        ['acc-2', 'SIMPLE'],
      ]);
    });
    it('uses the control number as identification and takes names from the primary', () => {
      const { identification, controlAccountIdentification, productName, nickName, schemeName } = ega();
      expect([identification, controlAccountIdentification, productName, nickName, schemeName]).to.deep.equal([
        '011000 99990001',
        '011000 99990001',
        'Multi-currency',
        'Travel',
        'EGA',
      ]);
    });
    it('lists the primary first, then the bank order, as SUB with currency and isPri', () => {
      expect(ega().subAccounts.map((s) => [s.id, s.type, s.currency, s.isPri])).to.deep.equal([
        ['ega-aud-01', 'SUB', 'AUD', true],
        ['ega-usd-01', 'SUB', 'USD', false],
        ['ega-eur-01', 'SUB', 'EUR', false],
      ]);
    });

    const control = 'C1';
    const sub = (id: string, options: Partial<Parameters<typeof rawAccount>[0]> = {}) =>
      rawAccount({ id, identification: id === 's1' ? control : id, control, ...options });
    const derived: [string, unknown[], Partial<Account>][] = [
      ['eligible when any sub-account is', [sub('s1', { eligible: false }), sub('s2')], { eligibleAccount: true }],
      ['ineligible when none is', [sub('s1', { eligible: false }), sub('s2', { eligible: false })], { eligibleAccount: false }],
      ['joint when any sub-account is', [sub('s1'), sub('s2', { joint: true })], { jointAccount: true }],
      ['open while one sub-account is open', [sub('s1', { status: 'CLOSED' }), sub('s2')], { closed: false, status: 'ACTIVE' }],
      ['closed when every sub-account is', [sub('s1', { status: 'CLOSED' }), sub('s2', { status: 'CLOSED' })], { closed: true, status: 'CLOSED' }],
      ['a group of one is still an EGA', [sub('s1')], { type: 'EGA', id: 'EGA:C1' }],
    ];
    for (const [name, raw, expected] of derived) {
      it(name, () => expect(load(raw).data[0]).to.include(expected));
    }
    it("maps the contract's multi-currency entries to one EGA account, field by field", () => {
      expect(ega()).to.deep.equal({
        id: 'EGA:011000 99990001',
        productName: 'Multi-currency',
        nickName: 'Travel',
        identification: '011000 99990001',
        schemeName: 'EGA',
        eligibleAccount: true,
        status: 'ACTIVE',
        closed: false,
        jointAccount: false,
        accountOwnershipTypeCode: 'Individual',
        preSelected: false,
        selected: false,
        type: 'EGA',
        controlAccountIdentification: '011000 99990001',
        indeterminate: false,
        subAccounts: ega().subAccounts,
        searchText: 'travel\nmulticurrency\n01100099990001',
      });
      expect(ega().subAccounts[1]).to.deep.equal({
        id: 'ega-usd-01',
        productName: 'Multi-currency',
        identification: '011000 99990002',
        schemeName: 'EGA',
        eligibleAccount: true,
        status: 'ACTIVE',
        closed: false,
        jointAccount: false,
        accountOwnershipTypeCode: 'Individual',
        preSelected: false,
        selected: false,
        type: 'SUB',
        controlAccountIdentification: '011000 99990001',
        currency: 'USD',
        isPri: false,
      });
    });

    it('an EGA whose primary has no nickName or ownership code has none either (not even as undefined)', () => {
      const [account] = load([sub('s1', { nickName: null, ownership: '' }), sub('s2', { nickName: 'Other', ownership: 'TrustUser' })]).data;
      expect(account).to.include({ productName: 'Everyday Account', id: 'EGA:C1' });
      expect(account).not.to.have.any.keys('nickName', 'accountOwnershipTypeCode');
    });

    it('with no primary entry, keeps the bank order and no isPri', () => {
      const account = load([sub('s2'), sub('s3')]).data[0];
      expect(account?.subAccounts.map((s) => [s.id, s.isPri])).to.deep.equal([
        ['s2', false],
        ['s3', false],
      ]);
    });
  });

  describe('AccountState (spec §3)', () => {
    const state = () => load([rawAccount({ id: 'a1' }), rawAccount({ id: 'a2', eligible: false }), ...egaEntries]);
    it('splits available (eligible) and read-only (ineligible) accounts', () => {
      expect(state().availableAccounts.map((a) => a.id)).to.deep.equal(['a1', 'EGA:011000 99990001']);
      expect(state().readonlyAccounts.map((a) => a.id)).to.deep.equal(['a2']);
    });
    const individual: [string, unknown[], boolean][] = [
      ['all Individual', [rawAccount({ id: 'a' })], true],
      ['an EGA whose sub-accounts are all Individual', [rawAccount({ id: 'a' }), ...egaEntries], true],
      ['no accounts', [], true],
      ['one TrustUser', [rawAccount({ id: 'a' }), rawAccount({ id: 'b', ownership: 'TrustUser' })], false],
      ['a TrustUser EGA (its primary)', [rawAccount({ id: 'a' }), rawAccount({ id: 's', control: 'C', ownership: 'TrustUser' })], false],
      [
        'a TrustUser sub-account that is not the primary',
        [rawAccount({ id: 'p', identification: 'C', control: 'C' }), rawAccount({ id: 's', identification: 'C-2', control: 'C', ownership: 'TrustUser' })],
        false,
      ],
    ];
    for (const [name, raw, expected] of individual) {
      it(`individualAccount: ${name} → ${expected}`, () => expect(load(raw).individualAccount).to.equal(expected));
    }
    it('accountState recomputes the split from data', () => {
      const loaded = state();
      expect(accountState(loaded.data)).to.deep.equal(loaded);
    });
  });

  describe('preselectFromConsent (spec §4: pre-select accounts named in the existing consent)', () => {
    const state = () =>
      load([
        rawAccount({ id: 'a1', identification: '062000 11111111' }),
        rawAccount({ id: 'a2', identification: '062000 22222222' }),
        rawAccount({ id: 'a3', identification: '062000 33333333', eligible: false }),
        ...egaEntries,
        rawAccount({ id: 'a4', identification: '062000 44444444' }),
      ]);
    const view = (s: AccountState) => s.data.map((a) => `${a.id}:${a.preSelected ? 'P' : '-'}${a.selected ? 'S' : '-'}${a.indeterminate ? 'I' : '-'}`);

    const cases: [string, SharedAccountRef[], string[]][] = [
      ['nothing named: order kept', [], ['a1:---', 'a2:---', 'a3:---', 'EGA:011000 99990001:---', 'a4:---']],
      [
        'by secondaryIdentification, sorted first, stable',
        [{ secondaryIdentification: 'a4' }, { secondaryIdentification: 'a2' }],
        ['a2:PS-', 'a4:PS-', 'a1:---', 'a3:---', 'EGA:011000 99990001:---'],
      ],
      ['by identification when no id is given', [{ identification: '062000 11111111' }], ['a1:PS-', 'a2:---', 'a3:---', 'EGA:011000 99990001:---', 'a4:---']],
      [
        'the id wins over a matching identification',
        [{ secondaryIdentification: 'gone', identification: '062000 11111111' }],
        ['a1:---', 'a2:---', 'a3:---', 'EGA:011000 99990001:---', 'a4:---'],
      ],
      [
        'a read-only account is pre-selected but never selected',
        [{ secondaryIdentification: 'a3' }],
        ['a3:P--', 'a1:---', 'a2:---', 'EGA:011000 99990001:---', 'a4:---'],
      ],
      [
        'some EGA sub-accounts: parent indeterminate',
        [{ secondaryIdentification: 'ega-usd-01' }],
        ['EGA:011000 99990001:P-I', 'a1:---', 'a2:---', 'a3:---', 'a4:---'],
      ],
      [
        'all EGA sub-accounts: parent selected',
        [{ secondaryIdentification: 'ega-usd-01' }, { secondaryIdentification: 'ega-aud-01' }, { identification: '011000 99990003' }],
        ['EGA:011000 99990001:PS-', 'a1:---', 'a2:---', 'a3:---', 'a4:---'],
      ],
      [
        'unknown accounts are ignored',
        [{ secondaryIdentification: 'nope' }, { identification: '000000 0' }],
        ['a1:---', 'a2:---', 'a3:---', 'EGA:011000 99990001:---', 'a4:---'],
      ],
    ];
    for (const [name, refs, expected] of cases) {
      it(name, () => expect(view(preselectFromConsent(state(), refs))).to.deep.equal(expected));
    }

    it('an EGA with no eligible sub-account is pre-selected when named, never selected', () => {
      const readOnly = load([
        rawAccount({ id: 'r1', identification: 'R', control: 'R', eligible: false }),
        rawAccount({ id: 'r2', identification: 'R-2', control: 'R', eligible: false }),
      ]);
      expect(view(preselectFromConsent(readOnly, [{ secondaryIdentification: 'r2' }]))).to.deep.equal(['EGA:R:P--']);
    });

    it('marks the named sub-accounts themselves', () => {
      const ega = byId(preselectFromConsent(state(), [{ secondaryIdentification: 'ega-eur-01' }]), 'EGA:011000 99990001');
      expect(ega.subAccounts.map((s) => [s.id, s.preSelected, s.selected])).to.deep.equal([
        ['ega-aud-01', false, false],
        ['ega-usd-01', false, false],
        ['ega-eur-01', true, true],
      ]);
    });
    it('issue 33 item 17: what the consent does not change is kept as it is; a new consent copies nothing', () => {
      const loaded = state();
      expect(preselectFromConsent(loaded, [])).to.equal(loaded);
      const next = preselectFromConsent(loaded, [{ secondaryIdentification: 'a4' }, { secondaryIdentification: 'ega-usd-01' }]);
      const kept = next.data.filter((account) => loaded.data.includes(account)).map((account) => account.id);
      expect(kept).to.deep.equal(['a1', 'a2', 'a3']);
      const ega = byId(next, 'EGA:011000 99990001');
      expect(ega.subAccounts.filter((sub) => byId(loaded, ega.id).subAccounts.includes(sub)).map((sub) => sub.id)).to.deep.equal(['ega-aud-01', 'ega-eur-01']);
    });

    it('marks given before and no longer named are cleared, the order kept', () => {
      const once = preselectFromConsent(state(), [{ secondaryIdentification: 'a2' }, { secondaryIdentification: 'ega-usd-01' }]);
      expect(view(preselectFromConsent(once, []))).to.deep.equal(['a2:---', 'EGA:011000 99990001:---', 'a1:---', 'a3:---', 'a4:---']);
    });

    it('recomputes available/read-only in the new order and leaves the input alone', () => {
      const loaded = state();
      const before = JSON.stringify(loaded);
      const next = preselectFromConsent(loaded, [{ secondaryIdentification: 'a4' }]);
      expect(next.availableAccounts.map((a) => a.id)).to.deep.equal(['a4', 'a1', 'a2', 'EGA:011000 99990001']);
      expect(JSON.stringify(loaded)).to.equal(before);
    });
  });

  describe('withSubAccountState (spec §4: an EGA follows its sub-accounts)', () => {
    it('returns a SIMPLE account unchanged, selected or not', () => {
      const [simple] = load([rawAccount({ id: 'a' })]).data;
      if (simple === undefined) throw new Error('fixture');
      const selected = { ...simple, selected: true, preSelected: true };
      expect(withSubAccountState(selected)).to.equal(selected);
      expect(withSubAccountState(simple)).to.equal(simple);
    });
  });

  describe('formatAccountNumber (spec §2 formatted number)', () => {
    const cases: [string, string][] = [
      ['062000 12345678', '062-000 1234 5678'],
      ['062-000 12345678', '062-000 1234 5678'],
      ['062000 123456789', '062-000 1234 5678 9'],
      ['  062000   12345678 ', '062-000 1234 5678'],
      ['062-000 1234 5678', '062-000 1234 5678'],
      ['062000 123 45678', '062-000 1234 5678'],
      ['41 1111 1111 1111 11', '4111 1111 1111 1111'],
      ['x062000 12345678', 'x062000 12345678'],
      ['062000 12345678x', '062000 12345678x'],
      ['4111111111111111', '4111 1111 1111 1111'],
      ['12345', '1234 5'],
      ['xxxx  xxxx 1234', 'xxxx xxxx 1234'],
      ['GB29NWBK60161331926819', 'GB29NWBK60161331926819'],
      ['', ''],
    ];
    for (const [input, expected] of cases) {
      it(`'${input}' → '${expected}'`, () => expect(formatAccountNumber(input)).to.equal(expected));
    }
    it('is idempotent and keeps every digit (property)', () => {
      fc.assert(
        fc.property(fc.string(), (input) => {
          const once = formatAccountNumber(input);
          expect(formatAccountNumber(once)).to.equal(once);
          expect(once.replace(/\D/g, '')).to.equal(input.replace(/\D/g, ''));
        }),
      );
    });
  });

  describe('accountDisplayName (spec §2: nickName or productName)', () => {
    const cases: [string, { nickName?: string; productName: string }, string][] = [
      ['nickName wins', { nickName: 'Bills', productName: 'Everyday Account' }, 'Bills'],
      ['productName without a nickName', { productName: 'Everyday Account' }, 'Everyday Account'],
    ];
    for (const [name, account, expected] of cases) it(name, () => expect(accountDisplayName(account)).to.equal(expected));
  });
});
