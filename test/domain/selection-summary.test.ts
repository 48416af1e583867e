import { expect } from 'chai';
import fc from 'fast-check';
import { isChosen, toggleAccount, toggleSelectAll, toggleSubAccount } from '../../domain/account-selection';
import { accountDisplayName, accountState, formatAccountNumber, preselectFromConsent } from '../../domain/accounts';
import { toAccounts } from '../../adapters/account-answer.reader';
import type { Account, SharedAccountRef } from '../../domain/accounts';
import { assertNever } from '../../domain/result';
import {
  countSelection,
  jointHoldersMayBeNotified,
  jointHoldersNotNotified,
  jointNoticeAccounts,
  REVIEW_ACCOUNT_PAGE,
  reviewAccountPage,
  summarise,
} from '../../domain/selection-summary';
import type { SelectionSummary, SubAccountTag, SummaryEntry } from '../../domain/selection-summary';
import { accountsArbitrary } from './fixtures/account-arbitraries.fixture';
import { egaEntries, rawAccount } from '../fixtures/raw-accounts.fixture';
import { stepsCopy } from '../../domain/steps-copy';

const EGA = 'EGA:011000 99990001';
/** The accounts as loaded, read anew by each test (never at load time: see test/domain/account-selection.test.ts). */
const fresh = () => {
  const loaded = toAccounts([rawAccount({ id: 'a1' }), rawAccount({ id: 'a2' }), rawAccount({ id: 'ro', eligible: false }), ...egaEntries]);
  if (!loaded.ok) throw new Error('fixture');
  return loaded.value;
};

type Step = (accounts: readonly Account[]) => readonly Account[];
const tick =
  (id: string): Step =>
  (xs) =>
    toggleAccount(xs, id);
const tickSub =
  (id: string): Step =>
  (xs) =>
    toggleSubAccount(xs, EGA, id);
const scenario = (shared: SharedAccountRef[], ...steps: Step[]): readonly Account[] =>
  steps.reduce((xs, step) => step(xs), preselectFromConsent(fresh(), shared).data);

/** Group → ids, with EGA sub-accounts as currency plus tag text. */
const tagText = (tag: SubAccountTag | undefined): string => {
  if (tag === undefined) return '';
  switch (tag) {
    case 'added':
      return ` ${stepsCopy.confirmation.added}`;
    case 'removed':
      return ` ${stepsCopy.confirmation.removed}`;
    default:
      return assertNever(tag);
  }
};
const view = (summary: SelectionSummary) => {
  const group = (entries: SelectionSummary['added']) =>
    entries.map((e) =>
      e.subAccounts.length === 0 ? e.account.id : `${e.account.id}[${e.subAccounts.map((s) => `${s.subAccount.currency ?? ''}${tagText(s.tag)}`).join(', ')}]`,
    );
  return {
    added: group(summary.added),
    maintained: group(summary.maintained),
    removed: group(summary.removed),
    counts: [summary.accountsAdded, summary.accountsRemoved],
    nothingSelected: summary.nothingSelected,
  };
};

describe('domain/selection-summary', () => {
  const id = (secondaryIdentification: string): SharedAccountRef => ({ secondaryIdentification });
  const cases: [string, () => readonly Account[], ReturnType<typeof view>][] = [
    ['new consent, nothing selected', () => scenario([]), { added: [], maintained: [], removed: [], counts: [0, 0], nothingSelected: true }],
    [
      'new consent, two selected: added',
      () => scenario([], tick('a2'), tick('a1')),
      { added: ['a1', 'a2'], maintained: [], removed: [], counts: [2, 0], nothingSelected: false },
    ],
    [
      'new consent, whole EGA: added with (Added) sub-accounts',
      () => scenario([], tick(EGA)),
      { added: [`${EGA}[AUD (Added), USD (Added), EUR (Added)]`], maintained: [], removed: [], counts: [1, 0], nothingSelected: false },
    ],
    [
      'amendment kept as it was: maintained',
      () => scenario([id('a1')]),
      { added: [], maintained: ['a1'], removed: [], counts: [0, 0], nothingSelected: false },
    ],
    [
      'amendment, one unticked: removed',
      () => scenario([id('a1'), id('a2')], tick('a2')),
      { added: [], maintained: ['a1'], removed: ['a2'], counts: [0, 1], nothingSelected: false },
    ],
    [
      'amendment, one added, one removed',
      () => scenario([id('a1')], tick('a1'), tick('a2')),
      { added: ['a2'], maintained: [], removed: ['a1'], counts: [1, 1], nothingSelected: false },
    ],
    [
      'pre-selected read-only account counts as removed',
      () => scenario([id('a1'), id('ro')]),
      { added: [], maintained: ['a1'], removed: ['ro'], counts: [0, 1], nothingSelected: false },
    ],
    [
      'maintained EGA: a currency added and one removed',
      () => scenario([id('ega-aud-01'), id('ega-usd-01')], tickSub('ega-usd-01'), tickSub('ega-eur-01')),
      { added: [], maintained: [`${EGA}[AUD, USD (Removed), EUR (Added)]`], removed: [], counts: [1, 1], nothingSelected: false },
    ],
    [
      'EGA fully unticked: removed with (Removed) sub-accounts',
      () => scenario([id('ega-usd-01')], tick(EGA), tick(EGA)),
      { added: [], maintained: [], removed: [`${EGA}[USD (Removed)]`], counts: [0, 1], nothingSelected: true },
    ],
    [
      'everything removed',
      () => scenario([id('a1'), id('ega-aud-01')], tick('a1'), tickSub('ega-aud-01')),
      { added: [], maintained: [], removed: ['a1', `${EGA}[AUD (Removed)]`], counts: [0, 2], nothingSelected: true },
    ],
  ];
  for (const [name, accounts, expected] of cases) {
    it(name, () => expect(view(summarise(accounts(), true))).to.deep.equal(expected));
  }

  it('keeps the input order (pre-selected accounts come first)', () => {
    const accounts = scenario([id('a2')], toggleSelectAll);
    expect(summarise(accounts, true).added.map((e) => e.account.id)).to.deep.equal(['a1', EGA]);
    expect(accounts[0]?.id).to.equal('a2');
  });

  it('a currency kept as it was carries no tag at all (not even an undefined one)', () => {
    const [kept] = summarise(scenario([id('ega-aud-01'), id('ega-usd-01')], tickSub('ega-eur-01')), true).maintained;
    expect(kept?.subAccounts.map((s) => [s.subAccount.id, 'tag' in s ? s.tag : 'none'])).to.deep.equal([
      ['ega-aud-01', 'none'],
      ['ega-usd-01', 'none'],
      ['ega-eur-01', 'added'],
    ]);
  });

  describe('properties', () => {
    /** Random accounts, a random existing consent over their units, and random toggles. */
    const scenarioArbitrary = accountsArbitrary.chain((accounts) => {
      const units = accounts.flatMap((a) => (a.type === 'EGA' ? a.subAccounts.map((s) => s.id) : [a.id]));
      const ids = accounts.map((a) => a.id);
      return fc.record({
        accounts: fc.constant(accounts),
        shared: fc.subarray(units),
        toggles: fc.array(ids.length > 0 ? fc.constantFrom(...ids, '*') : fc.constant('*'), { maxLength: 8 }),
      });
    });
    const build = ({ accounts, shared, toggles }: { accounts: readonly Account[]; shared: string[]; toggles: string[] }) =>
      toggles.reduce<readonly Account[]>(
        (xs, t) => (t === '*' ? toggleSelectAll(xs) : toggleAccount(xs, t)),
        preselectFromConsent(
          accountState(accounts),
          shared.map((s) => ({ secondaryIdentification: s })),
        ).data,
      );

    it('added ∪ maintained is exactly the selected accounts; removed never overlaps them', () => {
      fc.assert(
        fc.property(scenarioArbitrary, (input) => {
          const accounts = build(input);
          const summary = summarise(accounts, true);
          const ids = (entries: SelectionSummary['added']) => entries.map((e) => e.account.id);
          const selected = accounts.filter(isChosen).map((a) => a.id);
          expect([...ids(summary.added), ...ids(summary.maintained)].sort()).to.deep.equal([...selected].sort());
          expect(ids(summary.removed).filter((x) => selected.includes(x))).to.deep.equal([]);
          expect(ids(summary.removed).sort()).to.deep.equal(
            accounts
              .filter((a) => a.preSelected && !isChosen(a))
              .map((a) => a.id)
              .sort(),
          );
        }),
      );
    });

    // Issue 23 item D: the web review counts and pages without the summary's line per account; summarise is the reference.
    const withAmendment = fc.record({ input: scenarioArbitrary, amendment: fc.boolean() });

    it("countSelection gives summarise's counts", () => {
      fc.assert(
        fc.property(withAmendment, ({ input, amendment }) => {
          const accounts = build(input);
          const summary = summarise(accounts, amendment);
          expect(countSelection(accounts, amendment)).to.deep.equal({
            added: summary.added.length,
            maintained: summary.maintained.length,
            removed: summary.removed.length,
            accountsAdded: summary.accountsAdded,
            accountsRemoved: summary.accountsRemoved,
            nothingSelected: summary.nothingSelected,
          });
        }),
      );
    });

    it("a review page is summarise's first lines (added, kept, removed, in order), the rest counted", () => {
      fc.assert(
        fc.property(withAmendment, fc.nat({ max: 12 }), ({ input, amendment }, limit) => {
          const accounts = build(input);
          const summary = summarise(accounts, amendment);
          const lines = [...summary.added, ...summary.maintained, ...summary.removed];
          const page = reviewAccountPage(accounts, amendment, limit);
          expect([...page.added, ...page.maintained, ...page.removed]).to.deep.equal(lines.slice(0, limit));
          expect([page.added.length, page.maintained.length, page.removed.length]).to.deep.equal([
            Math.min(limit, summary.added.length),
            Math.min(Math.max(0, limit - summary.added.length), summary.maintained.length),
            Math.min(Math.max(0, limit - summary.added.length - summary.maintained.length), summary.removed.length),
          ]);
          expect(page.notShown).to.equal(Math.max(0, lines.length - limit));
        }),
      );
    });

    it("the joint account alerts read the accounts with a line, as summarise's lines say", () => {
      fc.assert(
        fc.property(scenarioArbitrary, (input) => {
          const accounts = build(input);
          const { added, maintained, removed } = summarise(accounts, true);
          const lines = [...added, ...maintained, ...removed].map((entry) => entry.account);
          expect(jointHoldersMayBeNotified(accounts)).to.equal(lines.some((a) => a.jointAccount && a.jointNotificationsWithheld !== true));
          expect(jointHoldersNotNotified(accounts)).to.equal(lines.some((a) => a.jointNotificationsWithheld === true));
        }),
      );
    });

    it('issue 33 item 7: each joint notice names the accounts with a line it is about (name and number)', () => {
      fc.assert(
        fc.property(scenarioArbitrary, (input) => {
          const accounts = build(input);
          const { added, maintained, removed } = summarise(accounts, true);
          const lines = [...added, ...maintained, ...removed].map((entry) => entry.account);
          const named = (a: Account): string => `${accountDisplayName(a)} ${formatAccountNumber(a.identification)}`;
          const notices = jointNoticeAccounts(accounts);
          expect(notices.notified).to.have.members(lines.filter((a) => a.jointAccount && a.jointNotificationsWithheld !== true).map(named));
          expect(notices.notNotified).to.have.members(lines.filter((a) => a.jointNotificationsWithheld === true).map(named));
          expect(notices.notified.length > 0).to.equal(jointHoldersMayBeNotified(accounts));
          expect(notices.notNotified.length > 0).to.equal(jointHoldersNotNotified(accounts));
        }),
      );
    });
  });

  describe('issue 23 item D: a review of 5,000 accounts builds the lines it shows, not 5,000', () => {
    /** 5,000 selected accounts whose sub-account lists count their reads: a line is built from them (entryOf). */
    const spied = () => {
      const loaded = toAccounts(Array.from({ length: 5000 }, (_, index) => rawAccount({ id: `a-${index}` })));
      if (!loaded.ok) throw new Error('fixture');
      const read = { count: 0 };
      const accounts = loaded.value.data.map((account): Account => {
        const { subAccounts, ...rest } = { ...account, selected: true };
        return Object.defineProperty(rest, 'subAccounts', {
          enumerable: true,
          get: () => {
            read.count += 1;
            return subAccounts;
          },
        }) as Account;
      });
      return { accounts, read };
    };

    it('the first page builds 50 lines and counts 4,950 not shown; the counts build none', () => {
      const { accounts, read } = spied();
      const page = reviewAccountPage(accounts, false, REVIEW_ACCOUNT_PAGE);
      const ids = (entries: readonly SummaryEntry[]) => entries.map((entry) => entry.account.id);
      expect(ids(page.added)).to.deep.equal(accounts.slice(0, 50).map((a) => a.id));
      expect([page.maintained.length, page.removed.length, page.notShown]).to.deep.equal([0, 0, 4950]);
      expect(read.count, 'lines built for the page').to.equal(50);
      read.count = 0;
      expect(countSelection(accounts, false)).to.deep.include({ added: 5000, accountsAdded: 5000, nothingSelected: false });
      expect([jointHoldersMayBeNotified(accounts), jointHoldersNotNotified(accounts)]).to.deep.equal([false, false]);
      expect(read.count, 'lines built for the counts and the joint alerts').to.equal(0);
    });

    it('the spy sees what summarise builds: a line for every account', () => {
      const { accounts, read } = spied();
      expect(summarise(accounts, false).added).to.have.length(5000);
      expect(read.count).to.equal(5000);
    });
  });
});
