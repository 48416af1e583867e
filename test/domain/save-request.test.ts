import { expect } from 'chai';
import fc from 'fast-check';
import { toggleAccount, toggleSubAccount } from '../../domain/account-selection';
import { toAccounts } from '../../adapters/account-answer.reader';
import type { Account } from '../../domain/accounts';
import { businessConsentRequest, saveSelectionRequest, selectedAccountReferences } from '../../domain/save-request';
import { SCOPES } from '../../domain/scopes';
import { accountsArbitrary } from './fixtures/account-arbitraries.fixture';
import { egaEntries, rawAccount } from '../fixtures/raw-accounts.fixture';

const EGA = 'EGA:011000 99990001';
/** The accounts before any tick, read anew by each test (never at load time: see test/domain/account-selection.test.ts). */
const fresh = (): readonly Account[] => {
  const loaded = toAccounts([
    rawAccount({ id: 'acc-0001', identification: '062000 12345678' }),
    rawAccount({ id: 'acc-0002', identification: '062000 87654321' }),
    ...egaEntries,
  ]);
  if (!loaded.ok) throw new Error('fixture');
  return loaded.value.data;
};

const everyday = { schemeName: 'BSB_ACCOUNT', identification: '062000 12345678', secondaryIdentification: 'acc-0001' };
const usd = { schemeName: 'EGA', identification: '011000 99990002', secondaryIdentification: 'ega-usd-01' };
const aud = { schemeName: 'EGA', identification: '011000 99990001', secondaryIdentification: 'ega-aud-01' };
const eur = { schemeName: 'EGA', identification: '011000 99990003', secondaryIdentification: 'ega-eur-01' };

describe('domain/save-request', () => {
  describe('saveSelectionRequest (CONTRACT §5, spec §3, §6)', () => {
    it('matches the contract example', () => {
      const selected = toggleSubAccount(toggleAccount(fresh(), 'acc-0001'), EGA, 'ega-usd-01');
      expect(saveSelectionRequest(['bank:accounts.basic:read', 'common:customer.basic:read'], selected, 'Budgeting')).to.deep.equal({
        permissions: [{ permission: 'bank:accounts.basic:read', accounts: [everyday, usd] }, { permission: 'common:customer.basic:read' }],
        consentNickname: 'Budgeting',
      });
    });

    const all = () => toggleAccount(toggleAccount(fresh(), 'acc-0001'), EGA);
    const nicknames: [string, string, string | undefined][] = [
      ['a description', 'Budgeting', 'Budgeting'],
      ['a padded description (trimmed)', '  Family budget \n', 'Family budget'],
      ['an empty description', '', undefined],
      ['a blank description', '   \t', undefined],
    ];
    for (const [name, description, expected] of nicknames) {
      it(`consentNickname with ${name}: ${String(expected)}`, () => {
        const request = saveSelectionRequest(['bank:payees:read'], all(), description);
        if (expected === undefined) expect(request).not.to.have.property('consentNickname');
        else expect(request.consentNickname).to.equal(expected);
      });
    }

    it('every bank permission carries all selected accounts; customer permissions none', () => {
      const request = saveSelectionRequest(SCOPES, all(), '');
      expect(request.permissions.map((p) => [p.permission, p.accounts?.map((a) => a.secondaryIdentification)])).to.deep.equal([
        ['bank:accounts.basic:read', ['acc-0001', 'ega-aud-01', 'ega-usd-01', 'ega-eur-01']],
        ['bank:accounts.detail:read', ['acc-0001', 'ega-aud-01', 'ega-usd-01', 'ega-eur-01']],
        ['bank:transactions:read', ['acc-0001', 'ega-aud-01', 'ega-usd-01', 'ega-eur-01']],
        ['bank:regular_payments:read', ['acc-0001', 'ega-aud-01', 'ega-usd-01', 'ega-eur-01']],
        ['bank:payees:read', ['acc-0001', 'ega-aud-01', 'ega-usd-01', 'ega-eur-01']],
        ['common:customer.basic:read', undefined],
        ['common:customer.detail:read', undefined],
      ]);
      expect(request.permissions[5]).not.to.have.property('accounts');
    });

    it('issue 33 item 12: only bank permissions carry accounts; openid, profile and cdr:registration carry none', () => {
      const request = saveSelectionRequest(['openid', 'profile', 'bank:accounts.basic:read', 'common:customer.basic:read', 'cdr:registration'], all(), '');
      expect(request.permissions).to.deep.equal([
        { permission: 'openid' },
        { permission: 'profile' },
        { permission: 'bank:accounts.basic:read', accounts: [everyday, aud, usd, eur] },
        { permission: 'common:customer.basic:read' },
        { permission: 'cdr:registration' },
      ]);
    });

    it('a bank permission with nothing selected carries an empty list', () => {
      expect(saveSelectionRequest(['bank:accounts.basic:read'], fresh(), '')).to.deep.equal({
        permissions: [{ permission: 'bank:accounts.basic:read', accounts: [] }],
      });
    });
  });

  describe('selectedAccountReferences (spec §5: partly selected groups are included)', () => {
    const cases: [string, (accounts: readonly Account[]) => readonly Account[], unknown[]][] = [
      ['nothing selected', (accounts) => accounts, []],
      ['a SIMPLE account', (accounts) => toggleAccount(accounts, 'acc-0001'), [everyday]],
      ['a whole EGA: its sub-accounts, never the parent', (accounts) => toggleAccount(accounts, EGA), [aud, usd, eur]],
      [
        'a partly selected EGA: its selected sub-accounts',
        (accounts) => toggleSubAccount(toggleSubAccount(accounts, EGA, 'ega-eur-01'), EGA, 'ega-aud-01'),
        [aud, eur],
      ],
    ];
    for (const [name, select, expected] of cases) {
      it(name, () => expect(selectedAccountReferences(select(fresh()))).to.deep.equal(expected));
    }

    it('names exactly the selected accounts and sub-accounts (property)', () => {
      const scenario = accountsArbitrary.chain((xs) => {
        const subs = xs.flatMap((a) => a.subAccounts.map((s) => [a.id, s.id] as const));
        const ids = xs.map((a) => a.id);
        const toggle = fc.oneof(
          ids.length > 0 ? fc.constantFrom(...ids).map((id) => ({ id })) : fc.constant({ id: 'none' }),
          subs.length > 0 ? fc.constantFrom(...subs).map(([parent, sub]) => ({ parent, sub })) : fc.constant({ id: 'none' }),
        );
        return fc.tuple(fc.constant(xs), fc.array(toggle, { maxLength: 10 }));
      });
      fc.assert(
        fc.property(scenario, ([xs, toggles]) => {
          const selected = toggles.reduce<readonly Account[]>((acc, t) => ('sub' in t ? toggleSubAccount(acc, t.parent, t.sub) : toggleAccount(acc, t.id)), xs);
          const expected = selected
            .flatMap((a): readonly { readonly id: string; readonly selected: boolean }[] => (a.type === 'EGA' ? a.subAccounts : [a]))
            .filter((unit) => unit.selected)
            .map((unit) => unit.id);
          const request = saveSelectionRequest(['bank:accounts.basic:read', 'common:customer.detail:read'], selected, '');
          expect(request.permissions[0]?.accounts?.map((a) => a.secondaryIdentification)).to.deep.equal(expected);
          expect(request.permissions[0]?.accounts?.some((a) => a.secondaryIdentification.startsWith('EGA:'))).to.equal(false);
          expect(request.permissions[1]).to.deep.equal({ permission: 'common:customer.detail:read' });
        }),
      );
    });
  });

  describe('businessConsentRequest (spec §3 business variant)', () => {
    const cases: [string, { bcin: string }][] = [
      ['BC1001', { bcin: 'BC1001' }],
      ['PERSONAL', { bcin: 'PERSONAL' }],
    ];
    for (const [companyId, expected] of cases) {
      it(`${companyId} → ${JSON.stringify(expected)}`, () => expect(businessConsentRequest(companyId)).to.deep.equal(expected));
    }
  });
});
