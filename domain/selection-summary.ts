import { isChosen } from './account-selection';
import { accountDisplayName, formatAccountNumber, type Account, type PendingDisclosure, type SubAccount } from './accounts';
import { assertNever } from './result';
import { stepsCopy } from './steps-copy';

/** Spec §2 "Confirmation": a sub-account's change, shown as "(Added)" or "(Removed)". */
export type SubAccountTag = 'added' | 'removed';

/** A sub-account line of the confirmation page: shared now or before. */
export interface SummarySubAccount {
  readonly subAccount: SubAccount;
  readonly tag?: SubAccountTag;
}

/** An account of the confirmation page with the sub-account lines it shows (empty for SIMPLE). */
export interface SummaryEntry {
  readonly account: Account;
  readonly subAccounts: readonly SummarySubAccount[];
}

/** Spec §2 "Confirmation", §4: the selection compared with the existing consent. */
export interface SelectionSummary {
  readonly added: readonly SummaryEntry[];
  readonly maintained: readonly SummaryEntry[];
  readonly removed: readonly SummaryEntry[];
  /** What's changed: accounts newly shared, plus currencies gained by a kept multi-currency account. */
  readonly accountsAdded: number;
  /** What's changed: accounts no longer shared, plus currencies lost by a kept multi-currency account. */
  readonly accountsRemoved: number;
  /** Spec §2: nothing is selected (the "You have not selected an account to share" warning). */
  readonly nothingSelected: boolean;
}

function tagOf(sub: SubAccount): SubAccountTag | undefined {
  if (sub.selected && !sub.preSelected) return 'added';
  if (sub.preSelected && !sub.selected) return 'removed';
  return undefined;
}

function entryOf(account: Account, amendment: boolean): SummaryEntry {
  const subAccounts = account.subAccounts
    .filter((sub) => sub.selected || sub.preSelected)
    .map((subAccount): SummarySubAccount => {
      const tag = amendment ? tagOf(subAccount) : undefined;
      return tag === undefined ? { subAccount } : { subAccount, tag };
    });
  return { account, subAccounts };
}

const taggedSubAccounts = (entries: readonly SummaryEntry[], tag: SubAccountTag): number =>
  entries.reduce((count, entry) => count + entry.subAccounts.filter((sub) => sub.tag === tag).length, 0);

/**
 * Spec §4 "Account selection" (summary): added, maintained and removed against the existing
 * consent. What's changed counts shared units, so a currency added to a kept EGA counts as added.
 * Only an `amendment` tags sub-accounts: a first consent has nothing to compare with.
 */
export function summarise(accounts: readonly Account[], amendment: boolean): SelectionSummary {
  const entry = (account: Account): SummaryEntry => entryOf(account, amendment);
  const added = accounts.filter((a) => isChosen(a) && !a.preSelected).map(entry);
  const maintained = accounts.filter((a) => isChosen(a) && a.preSelected).map(entry);
  const removed = accounts.filter((a) => a.preSelected && !isChosen(a)).map(entry);
  return {
    added,
    maintained,
    removed,
    accountsAdded: added.length + taggedSubAccounts(maintained, 'added'),
    accountsRemoved: removed.length + taggedSubAccounts(maintained, 'removed'),
    nothingSelected: added.length === 0 && maintained.length === 0,
  };
}

type SummaryGroup = 'added' | 'maintained' | 'removed';

function groupOf(account: Account): SummaryGroup | undefined {
  if (isChosen(account)) return account.preSelected ? 'maintained' : 'added';
  return account.preSelected ? 'removed' : undefined;
}

/** Issue 23 item D: {@link summarise}'s counts without building a line per account: 5,000 accounts cost a count. */
export interface SelectionCounts {
  readonly added: number;
  readonly maintained: number;
  readonly removed: number;
  readonly accountsAdded: number;
  readonly accountsRemoved: number;
  readonly nothingSelected: boolean;
}

const subAccountsTagged = (account: Account, tag: SubAccountTag): number =>
  account.subAccounts.reduce((count, sub) => (tagOf(sub) === tag ? count + 1 : count), 0);

/** Issue 23 item D: {@link summarise}'s counts in one pass. */
export function countSelection(accounts: readonly Account[], amendment: boolean): SelectionCounts {
  const lines = { added: 0, maintained: 0, removed: 0 };
  let currenciesAdded = 0;
  let currenciesRemoved = 0;
  for (const account of accounts) {
    const group = groupOf(account);
    if (group === undefined) continue;
    lines[group] += 1;
    if (group !== 'maintained' || !amendment) continue;
    currenciesAdded += subAccountsTagged(account, 'added');
    currenciesRemoved += subAccountsTagged(account, 'removed');
  }
  return {
    ...lines,
    accountsAdded: lines.added + currenciesAdded,
    accountsRemoved: lines.removed + currenciesRemoved,
    nothingSelected: lines.added === 0 && lines.maintained === 0,
  };
}

/** Issue 13 item 5: above this many account lines the review folds the list behind its count. */
const ACCOUNT_LIST_FOLD_ABOVE = 10;

/** Issue 13 item 5: the review shows the count and an expandable list, not hundreds of lines at once. */
export function isAccountListFolded(counts: Pick<SelectionCounts, 'added' | 'maintained' | 'removed'>): boolean {
  return counts.added + counts.maintained + counts.removed > ACCOUNT_LIST_FOLD_ABOVE;
}

/**
 * CX standards "Account confirm" ("MUST show which accounts the data is being shared from prior to
 * confirming authorisation"): listed without a click, this many lines per page, so that a review
 * of 5,000 accounts costs what one of 50 does.
 */
export const REVIEW_ACCOUNT_PAGE = 50;

/** The review's account lines shown now, and how many are not shown yet. */
export interface ReviewAccountPage {
  readonly added: readonly SummaryEntry[];
  readonly maintained: readonly SummaryEntry[];
  readonly removed: readonly SummaryEntry[];
  readonly notShown: number;
}

function firstLines(accounts: readonly Account[], group: SummaryGroup, limit: number, amendment: boolean): SummaryEntry[] {
  const lines: SummaryEntry[] = [];
  for (const account of accounts) {
    if (lines.length >= limit) break;
    if (groupOf(account) === group) lines.push(entryOf(account, amendment));
  }
  return lines;
}

/** Issue 23 item D: the first `limit` of {@link summarise}'s lines, in its order; only these are built. */
export function reviewAccountPage(accounts: readonly Account[], amendment: boolean, limit: number): ReviewAccountPage {
  let left = Math.max(0, limit);
  const take = (group: SummaryGroup): readonly SummaryEntry[] => {
    const shown = left === 0 ? [] : firstLines(accounts, group, left, amendment);
    left -= shown.length;
    return shown;
  };
  const added = take('added');
  const maintained = take('maintained');
  const removed = take('removed');
  const total = accounts.reduce((count, account) => (groupOf(account) === undefined ? count : count + 1), 0);
  return { added, maintained, removed, notShown: total - added.length - maintained.length - removed.length };
}

/**
 * Spec §2 notes of an account tile, and the CX standards' pending mark; read-only wins: an
 * account that cannot be selected is not pending.
 */
export function accountTileNotes(
  account: Pick<Account, 'jointAccount' | 'closed' | 'eligibleAccount'> & { readonly pending?: PendingDisclosure | undefined },
): string[] {
  const pending = account.eligibleAccount ? pendingExplanation(account.pending) : undefined;
  return [
    ...(account.jointAccount ? [stepsCopy.selectAccounts.jointAccount] : []),
    ...(account.closed ? [stepsCopy.selectAccounts.closedAccount] : []),
    ...(pending === undefined ? [] : [pending.tag]),
    ...(account.eligibleAccount ? [] : [stepsCopy.selectAccounts.sharingNotAvailable]),
  ];
}

/** CX standards "Pending status": the mark of a pending account and its in-context explanation ("what is required or expected"). */
export function pendingExplanation(pending: PendingDisclosure | undefined): { readonly tag: string; readonly explanation: string } | undefined {
  if (pending === undefined) return undefined;
  switch (pending.reason) {
    case 'jointApproval':
      return { tag: stepsCopy.selectAccounts.pendingJointApproval, explanation: stepsCopy.selectAccounts.pendingJointApprovalExplanation(pending.withinDays) };
    case 'action':
      return { tag: stepsCopy.selectAccounts.pendingAction, explanation: stepsCopy.selectAccounts.pendingActionExplanation(pending.withinDays) };
    default:
      return assertNever(pending.reason);
  }
}

const mayNotifyJointHolders = (account: Account): boolean =>
  groupOf(account) !== undefined && account.jointAccount && account.jointNotificationsWithheld !== true;
const withholdsJointNotifications = (account: Account): boolean => groupOf(account) !== undefined && account.jointNotificationsWithheld === true;

/**
 * Spec §2 "Joint account holders may be notified", CX standards "Joint account alerts": when any
 * account with a line is joint (removing one notifies its other holders too).
 */
export function jointHoldersMayBeNotified(accounts: readonly Account[]): boolean {
  return accounts.some(mayNotifyJointHolders);
}

/**
 * CX standards "Joint account alerts", rule 4A.15 exemptions: the requester MUST be told that the
 * other joint holders will not be notified (CONTRACT §3 `jointNotificationsWithheld`).
 */
export function jointHoldersNotNotified(accounts: readonly Account[]): boolean {
  return accounts.some(withholdsJointNotifications);
}

/** Issue 33 item 7: an account as a joint notice names it, with the name and number its review line shows. */
const noticeName = (account: Account): string => `${accountDisplayName(account)} ${formatAccountNumber(account.identification)}`;

/**
 * Issue 33 item 7: each joint notice names the accounts it is about, so that "Joint account
 * holders may be notified" and the rule 4A.15 notice never read as contradicting each other.
 * `notified`: the accounts whose other holders may be notified ({@link jointHoldersMayBeNotified});
 * `notNotified`: those shared under rule 4A.15 ({@link jointHoldersNotNotified}); in list order.
 */
export function jointNoticeAccounts(accounts: readonly Account[]): { readonly notified: readonly string[]; readonly notNotified: readonly string[] } {
  return {
    notified: accounts.filter(mayNotifyJointHolders).map(noticeName),
    notNotified: accounts.filter(withholdsJointNotifications).map(noticeName),
  };
}
