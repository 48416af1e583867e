import { expect } from 'chai';
import fc from 'fast-check';
import {
  filterAccounts,
  isAllSelected,
  isChosen,
  isSelectAllShown,
  matchesAccountFilter,
  noneSelected,
  notAllSelected,
  restoreSelection,
  selectAllScope,
  selectionCount,
  toggleAccount,
  toggleSelectAll,
  toggleSubAccount,
} from '../../domain/account-selection';
import { toAccounts } from '../../adapters/account-answer.reader';
import type { RawAccount } from '../../contract/customer-auth.wire';
import { formatAccountNumber, type Account } from '../../domain/accounts';
import { accountsArbitrary } from './fixtures/account-arbitraries.fixture';
import { egaEntries, rawAccount } from '../fixtures/raw-accounts.fixture';

/**
 * The accounts before any tick, read anew by each test (never at load time: then a test's
 * failure, and the mutation run's coverage, belong to the test that reads them).
 */
const start = (): readonly Account[] => {
  const loaded = toAccounts([rawAccount({ id: 'a1' }), rawAccount({ id: 'ro', eligible: false }), ...egaEntries, rawAccount({ id: 'a2' })]);
  if (!loaded.ok) throw new Error('fixture');
  return loaded.value.data;
};
const EGA = 'EGA:011000 99990001';

/** Compact view: id:S(elected)/I(ndeterminate) and the EGA's sub-accounts in brackets. */
const view = (accounts: readonly Account[]): string[] =>
  accounts.map(
    (a) =>
      `${a.id}:${a.selected ? 'S' : '-'}${a.indeterminate ? 'I' : '-'}` +
      (a.type === 'EGA' ? `[${a.subAccounts.map((s) => (s.selected ? s.currency : '-')).join(',')}]` : ''),
  );

type Step = (accounts: readonly Account[]) => readonly Account[];
const tick =
  (id: string): Step =>
  (accounts) =>
    toggleAccount(accounts, id);
const tickSub =
  (subId: string): Step =>
  (accounts) =>
    toggleSubAccount(accounts, EGA, subId);
const all: Step = toggleSelectAll;
const run = (...steps: Step[]): readonly Account[] => steps.reduce((accounts, step) => step(accounts), start());

describe('domain/account-selection', () => {
  describe('toggles (spec §4 "Account selection")', () => {
    const cases: [string, Step[], string[]][] = [
      ['nothing ticked', [], ['a1:--', 'ro:--', `${EGA}:--[-,-,-]`, 'a2:--']],
      ['tick a SIMPLE account', [tick('a1')], ['a1:S-', 'ro:--', `${EGA}:--[-,-,-]`, 'a2:--']],
      ['untick it again', [tick('a1'), tick('a1')], ['a1:--', 'ro:--', `${EGA}:--[-,-,-]`, 'a2:--']],
      ['a read-only account cannot be ticked', [tick('ro')], ['a1:--', 'ro:--', `${EGA}:--[-,-,-]`, 'a2:--']],
      ['an unknown id is a no-op', [tick('nope')], ['a1:--', 'ro:--', `${EGA}:--[-,-,-]`, 'a2:--']],
      ['ticking an EGA selects all its sub-accounts', [tick(EGA)], ['a1:--', 'ro:--', `${EGA}:S-[AUD,USD,EUR]`, 'a2:--']],
      ['unticking an EGA clears them all', [tick(EGA), tick(EGA)], ['a1:--', 'ro:--', `${EGA}:--[-,-,-]`, 'a2:--']],
      ['one sub-account: parent indeterminate', [tickSub('ega-usd-01')], ['a1:--', 'ro:--', `${EGA}:-I[-,USD,-]`, 'a2:--']],
      ['two of three: still indeterminate', [tickSub('ega-usd-01'), tickSub('ega-eur-01')], ['a1:--', 'ro:--', `${EGA}:-I[-,USD,EUR]`, 'a2:--']],
      [
        'all three: parent selected',
        [tickSub('ega-usd-01'), tickSub('ega-eur-01'), tickSub('ega-aud-01')],
        ['a1:--', 'ro:--', `${EGA}:S-[AUD,USD,EUR]`, 'a2:--'],
      ],
      ['untick one of a selected EGA: indeterminate', [tick(EGA), tickSub('ega-aud-01')], ['a1:--', 'ro:--', `${EGA}:-I[-,USD,EUR]`, 'a2:--']],
      ['untick the last sub-account: parent cleared', [tickSub('ega-usd-01'), tickSub('ega-usd-01')], ['a1:--', 'ro:--', `${EGA}:--[-,-,-]`, 'a2:--']],
      [
        'ticking an indeterminate EGA selects all and clears indeterminate',
        [tickSub('ega-usd-01'), tick(EGA)],
        ['a1:--', 'ro:--', `${EGA}:S-[AUD,USD,EUR]`, 'a2:--'],
      ],
      ['select all ticks every available account', [all], ['a1:S-', 'ro:--', `${EGA}:S-[AUD,USD,EUR]`, 'a2:S-']],
      ['select all twice clears them', [all, all], ['a1:--', 'ro:--', `${EGA}:--[-,-,-]`, 'a2:--']],
      ['select all with some ticked selects all', [tick('a2'), tickSub('ega-eur-01'), all], ['a1:S-', 'ro:--', `${EGA}:S-[AUD,USD,EUR]`, 'a2:S-']],
    ];
    for (const [name, steps, expected] of cases) {
      it(name, () => expect(view(run(...steps))).to.deep.equal(expected));
    }

    it('ignores an ineligible sub-account, and the parent counts only selectable ones', () => {
      const result = toAccounts([
        rawAccount({ id: 's1', identification: 'C', control: 'C' }),
        rawAccount({ id: 's2', identification: 'C2', control: 'C', eligible: false }),
      ]);
      if (!result.ok) throw new Error('fixture');
      const ega = result.value.data;
      expect(toggleSubAccount(ega, 'EGA:C', 's2')).to.deep.equal(ega);
      const ticked = toggleAccount(ega, 'EGA:C');
      expect(ticked[0]?.subAccounts.map((s) => s.selected)).to.deep.equal([true, false]);
      expect([ticked[0]?.selected, ticked[0]?.indeterminate]).to.deep.equal([true, false]);
    });

    it('an unknown sub-account id is a no-op', () => {
      expect(view(run(tickSub('nope')))).to.deep.equal(['a1:--', 'ro:--', `${EGA}:--[-,-,-]`, 'a2:--']);
    });

    it("a sub-account is toggled only under the parent named: another EGA's sub-account id is a no-op", () => {
      const result = toAccounts([...egaEntries, rawAccount({ id: 'other-aud', identification: 'C2', control: 'C2', currency: 'AUD' })]);
      if (!result.ok) throw new Error('fixture');
      const accounts = result.value.data;
      expect(toggleSubAccount(accounts, 'EGA:C2', 'ega-usd-01')).to.deep.equal(accounts);
      expect(toggleSubAccount(accounts, 'a1', 'ega-usd-01')).to.deep.equal(accounts);
      expect(view(toggleSubAccount(accounts, EGA, 'ega-usd-01'))).to.deep.equal([`${EGA}:-I[-,USD,-]`, 'EGA:C2:--[-]']);
    });

    it('never mutates its input', () => {
      const accounts = start();
      const before = JSON.stringify(accounts);
      [tick('a1'), tick(EGA), tickSub('ega-usd-01'), all].reduce((xs, step) => step(xs), accounts);
      expect(JSON.stringify(accounts)).to.equal(before);
    });
  });

  describe('restoreSelection (spec §4 "Back from confirmation": earlier ticks put back on the fresh list)', () => {
    const fresh = (extra: readonly RawAccount[] = []): readonly Account[] => {
      const loaded = toAccounts([rawAccount({ id: 'a1' }), rawAccount({ id: 'ro', eligible: false }), ...egaEntries, ...extra, rawAccount({ id: 'a2' })]);
      if (!loaded.ok) throw new Error('fixture');
      return loaded.value.data;
    };

    it('puts back a SIMPLE tick and one of three sub-accounts, the parent indeterminate', () => {
      const earlier = run(tick('a2'), tickSub('ega-usd-01'));
      expect(view(restoreSelection(start(), earlier))).to.deep.equal(['a1:--', 'ro:--', `${EGA}:-I[-,USD,-]`, 'a2:S-']);
    });

    it('puts back two sub-accounts that are not the first, each by its own id', () => {
      const earlier = run(tickSub('ega-usd-01'), tickSub('ega-eur-01'));
      expect(view(restoreSelection(start(), earlier))).to.deep.equal(['a1:--', 'ro:--', `${EGA}:-I[-,USD,EUR]`, 'a2:--']);
    });

    it('clears what the fresh list has ticked but the customer had not', () => {
      const loaded = run(tick('a1'), tickSub('ega-aud-01'));
      const earlier = run(tickSub('ega-eur-01'));
      expect(view(restoreSelection(loaded, earlier))).to.deep.equal(['a1:--', 'ro:--', `${EGA}:-I[-,-,EUR]`, 'a2:--']);
    });

    it('skips an earlier account the fresh list no longer has', () => {
      const loaded = start().filter((account) => account.id !== 'a2');
      const earlier = run(tick('a2'), tick('a1'));
      expect(view(restoreSelection(loaded, earlier))).to.deep.equal(['a1:S-', 'ro:--', `${EGA}:--[-,-,-]`]);
    });

    it('leaves a sub-account new on the fresh list unticked', () => {
      const gbp = rawAccount({
        id: 'ega-gbp-01',
        identification: '011000 99990004',
        currency: 'GBP',
        schemeName: 'EGA',
        control: '011000 99990001',
        productName: 'Multi-currency',
      });
      const earlier = run(tickSub('ega-usd-01'));
      expect(view(restoreSelection(fresh([gbp]), earlier))).to.deep.equal(['a1:--', 'ro:--', `${EGA}:-I[-,USD,-,-]`, 'a2:--']);
    });
  });

  describe('select-all box and notes (spec §2 "Select and confirm")', () => {
    const cases: [string, () => readonly Account[], { all: boolean; notAll: boolean; none: boolean }][] = [
      ['nothing selected', () => run(), { all: false, notAll: false, none: true }],
      ['one of three selected', () => run(tick('a1')), { all: false, notAll: true, none: false }],
      ['only an indeterminate EGA', () => run(tickSub('ega-eur-01')), { all: false, notAll: true, none: false }],
      ['all available, EGA partly', () => run(all, tickSub('ega-eur-01')), { all: false, notAll: true, none: false }],
      ['all available selected (read-only ignored)', () => run(all), { all: true, notAll: false, none: false }],
      ['no available accounts', () => toggleSelectAll(start().filter((a) => !a.eligibleAccount)), { all: false, notAll: false, none: false }],
    ];
    for (const [name, selection, expected] of cases) {
      it(`${name}: checked=${expected.all}, "not all" note=${expected.notAll}, "none" note=${expected.none}`, () => {
        const accounts = selection();
        expect({ all: isAllSelected(accounts), notAll: notAllSelected(accounts), none: noneSelected(accounts) }).to.deep.equal(expected);
      });
    }

    const shown: [number, boolean][] = [
      [0, false],
      [1, false],
      [2, true],
      [5, true],
    ];
    for (const [count, expected] of shown) {
      it(`select-all shown with ${count} available: ${expected}`, () => {
        const first = start()[0] as Account;
        const available = Array.from({ length: count }, () => first);
        expect(isSelectAllShown(available)).to.equal(expected);
      });
    }
  });

  describe('matchesAccountFilter (the filter of a long list: name, product name or number; case, spaces and dashes ignored)', () => {
    const account = (nickName = 'Holiday Fund'): Account => {
      const result = toAccounts([rawAccount({ id: 'a1', nickName, productName: 'Bonus Saver', identification: '062000 12345678' })]);
      if (!result.ok || result.value.data[0] === undefined) throw new Error('fixture');
      return result.value.data[0];
    };
    const cases: [string, boolean][] = [
      ['holiday', true],
      ['HOLIDAY FUND', true],
      ['holidayfund', true],
      ['day f', true],
      ['bonus saver', true],
      ['Saver', true],
      ['062-000', true],
      ['0620001234', true],
      ['1234 5678', true],
      ['12345678', true],
      ['', true],
      ['   ', true],
      ['everyday', false],
      ['87654321', false],
      ['holiday!', false],
    ];
    for (const [text, expected] of cases) {
      it(`'${text}' → ${expected}`, () => expect(matchesAccountFilter(account(), text)).to.equal(expected));
    }

    it('matches the product name even when a nickName is shown', () => {
      expect(matchesAccountFilter(account(), 'bonus')).to.equal(true);
      expect(matchesAccountFilter(account('Bills'), 'holiday')).to.equal(false);
    });

    it('never matches across two fields (issue 33 item 17: one search text per account)', () => {
      expect(matchesAccountFilter(account(), 'fundbonus')).to.equal(false);
      expect(matchesAccountFilter(account(), 'saver062')).to.equal(false);
      expect(filterAccounts([account()], 'fund bonus')).to.deep.equal([]);
    });

    it('property: the number as a tile shows it, and as the bank sends it, finds its account (the search text holds the number unformatted)', () => {
      const identification = fc.oneof(fc.stringMatching(/^[\d -]{0,20}$/), fc.string({ maxLength: 20 }));
      fc.assert(
        fc.property(identification, (number) => {
          const read = toAccounts([rawAccount({ id: 'a1', nickName: 'Bills', productName: 'Saver', identification: number })]);
          const account = read.ok ? read.value.data[0] : undefined;
          if (account === undefined) throw new Error('fixture');
          expect(matchesAccountFilter(account, formatAccountNumber(number))).to.equal(true);
          expect(matchesAccountFilter(account, number)).to.equal(true);
        }),
      );
    });

    it('issue 33 item 17: the search text is made when the list is read, and a tick or select-all keeps it', () => {
      const read = account();
      expect(read.searchText).to.equal('holidayfund\nbonussaver\n06200012345678');
      const [ticked] = toggleAccount([read], 'a1');
      const [all] = toggleSelectAll([read]);
      expect([ticked?.searchText, all?.searchText]).to.deep.equal([read.searchText, read.searchText]);
    });
  });

  describe('properties', () => {
    /** A random toggle on the list: an account, a sub-account (any id, even read-only or unknown) or select-all. */
    const stepArbitrary = (accounts: readonly Account[]): fc.Arbitrary<Step> => {
      const ids = accounts.map((a) => a.id);
      const subs = accounts.flatMap((a) => a.subAccounts.map((s) => [a.id, s.id] as const));
      return fc.oneof(
        fc.constant(all),
        ids.length > 0
          ? fc.constantFrom(...ids).map(
              (id): Step =>
                (xs) =>
                  toggleAccount(xs, id),
            )
          : fc.constant(all),
        subs.length > 0
          ? fc.constantFrom(...subs).map(
              ([parent, sub]): Step =>
                (xs) =>
                  toggleSubAccount(xs, parent, sub),
            )
          : fc.constant(all),
      );
    };
    const scenario = accountsArbitrary.chain((accounts) => fc.tuple(fc.constant(accounts), fc.array(stepArbitrary(accounts), { maxLength: 12 })));
    const apply = (accounts: readonly Account[], steps: readonly Step[]) => steps.reduce((xs, step) => step(xs), accounts);

    it('a parent is selected exactly when all its selectable sub-accounts are, indeterminate when some but not all', () => {
      fc.assert(
        fc.property(scenario, ([accounts, steps]) => {
          for (const a of apply(accounts, steps).filter((x) => x.type === 'EGA')) {
            const selectable = a.subAccounts.filter((s) => s.eligibleAccount);
            const chosen = selectable.filter((s) => s.selected).length;
            expect(a.selected).to.equal(selectable.length > 0 && chosen === selectable.length);
            expect(a.indeterminate).to.equal(chosen > 0 && chosen < selectable.length);
          }
        }),
      );
    });

    it('toggles never touch read-only accounts or sub-accounts', () => {
      fc.assert(
        fc.property(scenario, ([accounts, steps]) => {
          const after = apply(accounts, steps);
          for (const a of after.filter((x) => !x.eligibleAccount)) expect(isChosen(a)).to.equal(false);
          for (const s of after.flatMap((x) => x.subAccounts).filter((x) => !x.eligibleAccount)) expect(s.selected).to.equal(false);
          for (const a of after.filter((x) => x.type === 'SIMPLE')) expect(a.indeterminate).to.equal(false);
        }),
      );
    });

    it('select-all then toggling each available account returns to the start', () => {
      fc.assert(
        fc.property(accountsArbitrary, (accounts) => {
          const selected = toggleSelectAll(accounts);
          if (selected.some((a) => a.eligibleAccount)) expect(isAllSelected(selected)).to.equal(true);
          const back = accounts.filter((a) => a.eligibleAccount).reduce((xs, a) => toggleAccount(xs, a.id), selected);
          expect(back).to.deep.equal(accounts);
        }),
      );
    });

    it('select-all checked exactly when every available account is fully selected', () => {
      fc.assert(
        fc.property(scenario, ([accounts, steps]) => {
          const after = apply(accounts, steps);
          const available = after.filter((a) => a.eligibleAccount);
          expect(isAllSelected(after)).to.equal(available.length > 0 && available.every((a) => a.selected));
          expect(notAllSelected(after) && noneSelected(after)).to.equal(false);
        }),
      );
    });
  });

  describe('select-all under a filter (issue 13 item 1)', () => {
    /** 500 eligible accounts named "Account 1" … "Account 500", nickname-free, numbers 062000 00000001 … */
    const fiveHundred = (): readonly Account[] => {
      const loaded = toAccounts(
        Array.from({ length: 500 }, (_, i) =>
          rawAccount({ id: `acc-${i + 1}`, productName: `Product ${i + 1}`, nickName: i < 11 ? `Travel ${i + 1}` : `Bills ${i + 1}` }),
        ),
      );
      if (!loaded.ok) throw new Error('fixture');
      return loaded.value.data;
    };
    const chosenIds = (accounts: readonly Account[]): string[] => accounts.filter(isChosen).map((a) => a.id);

    it('filtering to 11, select-all selects those 11; clearing the filter leaves the 489 others untouched', () => {
      const accounts = fiveHundred();
      const scope = selectAllScope(accounts, 'travel');
      expect(scope.matching).to.equal(11);
      expect(scope.shown).to.equal(true);
      expect(scope.checked).to.equal(false);
      const after = toggleSelectAll(accounts, scope.ids);
      expect(chosenIds(after)).to.deep.equal(Array.from({ length: 11 }, (_, i) => `acc-${i + 1}`));
      expect(selectionCount(after)).to.deep.equal({ selected: 11, total: 500 });
      expect(selectAllScope(after, 'travel').checked, 'checked for the 11 matching').to.equal(true);
      const unfiltered = selectAllScope(after, '');
      expect(unfiltered).to.deep.equal({ shown: true, checked: false, matching: undefined, ids: undefined });
    });

    it('under the filter, unticking clears only the matching accounts', () => {
      const everything = toggleSelectAll(fiveHundred());
      const scope = selectAllScope(everything, 'travel');
      expect(scope.checked).to.equal(true);
      const after = toggleSelectAll(everything, scope.ids);
      expect(selectionCount(after)).to.deep.equal({ selected: 489, total: 500 });
      expect(after.filter((a) => a.nickName?.startsWith('Travel') === true).some(isChosen)).to.equal(false);
    });

    it('without a filter, select-all still covers every available account (spec §4)', () => {
      const after = toggleSelectAll(fiveHundred(), selectAllScope(fiveHundred(), '  ').ids);
      expect(selectionCount(after)).to.deep.equal({ selected: 500, total: 500 });
    });

    it('a filter with no match: nothing to select-all; one match: the box is not shown (the tile is enough)', () => {
      expect(selectAllScope(fiveHundred(), 'no such account')).to.deep.equal({ shown: false, checked: false, matching: 0, ids: [] });
      expect(filterAccounts(fiveHundred(), 'no such account')).to.deep.equal([]);
      expect(selectAllScope(fiveHundred(), 'Travel 10').matching).to.equal(1);
      expect(selectAllScope(fiveHundred(), 'Travel 10').shown).to.equal(false);
    });

    it('read-only accounts are neither counted nor selected', () => {
      const after = toggleSelectAll(start(), selectAllScope(start(), 'a').ids);
      expect(after.find((a) => a.id === 'ro')?.selected).to.equal(false);
      expect(selectionCount(start()).total).to.equal(3);
    });

    it('property: toggling select-all under any filter changes only the matching accounts', () => {
      fc.assert(
        fc.property(accountsArbitrary, fc.constantFrom('', 'a', 'acc', '1', 'zz', 'everyday'), (accounts, text) => {
          const scope = selectAllScope(accounts, text);
          const after = toggleSelectAll(accounts, scope.ids);
          const inScope = new Set(scope.ids ?? accounts.map((a) => a.id));
          after.forEach((account, index) => {
            if (!inScope.has(account.id)) expect(account).to.deep.equal(accounts[index]);
          });
        }),
      );
    });
  });
});
