import './setup-dom';
import { expect } from 'chai';
import fc from 'fast-check';
import { newConsent } from '../fixtures/journey.fixture';
import { rawAccount } from '../fixtures/raw-accounts.fixture';
import { FakeCustomerAuthApi } from '../support/fakes';
import { journey } from '../application/journey-driver';
import type { RawAccount } from '../../contract/customer-auth.wire';

/** docs/architecture.md: a filter box and 50 tiles at a time over 20 accounts. */
const ACCOUNT_FILTER_MIN = 20;
const ACCOUNT_PAGE_SIZE = 50;

// The store side of the long-list behaviour (filter box and paging) that the account step renders.

const numbered = (count: number): RawAccount[] =>
  Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(4, '0');
    return rawAccount({ id: `acc-${n}`, identification: `062000 1000${n}`, nickName: i === 6 ? 'Holiday Fund' : null, productName: `Saver ${n}` });
  });

async function selectionWith(accounts: RawAccount[]) {
  const j = journey({ api: new FakeCustomerAuthApi({ consentDetail: newConsent(), accounts }) });
  await j.start();
  await j.logIn();
  return j.selection;
}

const ids = (accounts: readonly { readonly id: string }[]): string[] => accounts.map((a) => a.id);

describe('AccountSelectionStore: filter and long lists', () => {
  it(`filterShown only above ${ACCOUNT_FILTER_MIN} accounts; a short list ignores any filter text`, async () => {
    const short = await selectionWith(numbered(ACCOUNT_FILTER_MIN));
    expect(short.filterShown).to.equal(false);
    short.setFilter('holiday');
    expect(short.visibleAccounts).to.equal(short.accounts);
    expect(short.shownAccounts).to.have.length(ACCOUNT_FILTER_MIN);
    const long = await selectionWith(numbered(ACCOUNT_FILTER_MIN + 1));
    expect(long.filterShown).to.equal(true);
  });

  const cases: readonly (readonly [string, string, readonly string[]])[] = [
    ['nickName, any case', 'hOLIDAY', ['acc-0007']],
    ['productName behind a nickName', 'saver 0007', ['acc-0007']],
    ['formatted number', '062-000 1000 0012', ['acc-0012']],
    ['number without spaces or dashes', '06200010000012', ['acc-0012']],
    ['part of a number', '1000 002', ['acc-0020', 'acc-0021', 'acc-0022', 'acc-0023', 'acc-0024', 'acc-0025']],
    ['surrounding spaces ignored', '  holiday  ', ['acc-0007']],
    ['no match', 'mortgage', []],
  ];
  for (const [what, text, expected] of cases) {
    it(`visibleAccounts filters by ${what}`, async () => {
      const selection = await selectionWith(numbered(25));
      selection.setFilter(text);
      expect(ids(selection.visibleAccounts)).to.deep.equal(expected);
      expect(ids(selection.shownAccounts)).to.deep.equal(expected);
    });
  }

  it('an empty or blank filter shows every account', async () => {
    const selection = await selectionWith(numbered(25));
    selection.setFilter('   ');
    expect(selection.visibleAccounts).to.equal(selection.accounts);
  });

  it('filtering never changes the selection, and ticks made while filtered persist', async () => {
    const selection = await selectionWith(numbered(25));
    selection.toggle('acc-0001');
    const before = selection.accounts;
    selection.setFilter('holiday');
    expect(selection.accounts, 'same array: nothing re-selected').to.equal(before);
    selection.toggle('acc-0007');
    selection.setFilter('');
    expect(ids(selection.accounts.filter((a) => a.selected))).to.have.members(['acc-0001', 'acc-0007']);
  });

  it('a long list shows a page at a time; showMore adds a page; a new filter starts at the first page', async () => {
    const selection = await selectionWith(numbered(120));
    expect(selection.shownAccounts).to.have.length(ACCOUNT_PAGE_SIZE);
    expect(selection.moreCount).to.equal(120 - ACCOUNT_PAGE_SIZE);
    selection.showMore();
    selection.showMore();
    expect(selection.shownAccounts).to.have.length(120);
    expect(selection.moreCount).to.equal(0);
    selection.setFilter('saver');
    expect(selection.visibleAccounts).to.have.length(120);
    expect(selection.shownAccounts).to.have.length(ACCOUNT_PAGE_SIZE);
    selection.toggleAll();
    expect(
      selection.accounts.every((a) => a.selected),
      'select-all covers accounts not shown',
    ).to.equal(true);
  });

  it('property: visibleAccounts is an in-order subset of the accounts, and the selection is untouched', async () => {
    const selection = await selectionWith(numbered(25));
    selection.toggle('acc-0003');
    const accounts = selection.accounts;
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (text) => {
        selection.setFilter(text);
        const visible = selection.visibleAccounts;
        let cursor = 0;
        for (const account of visible) {
          cursor = accounts.indexOf(account, cursor);
          if (cursor < 0) return false;
          cursor += 1;
        }
        return selection.accounts === accounts && selection.shownAccounts.length <= visible.length;
      }),
      { numRuns: 200 },
    );
  });
});
