import { isChosen } from './account-selection';
import type { Account, PendingDisclosure, SubAccount } from './accounts';
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

/** Spec §2 "Confirmation": tag of one sub-account: added when newly selected, removed when no longer selected. */
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

/** The currencies of a maintained account with this tag (a kept EGA may gain or lose currencies). */
const taggedSubAccounts = (entries: readonly SummaryEntry[], tag: SubAccountTag): number =>
  entries.reduce((count, entry) => count + entry.subAccounts.filter((sub) => sub.tag === tag).length, 0);

/**
 * Spec §4 "Account selection" (summary): an account is added if (partly) selected and not
 * pre-selected, maintained if both, removed if pre-selected and not selected; a pre-selected
 * read-only account is never selected, so it counts as removed. Order follows the input (where
 * pre-selected accounts come first). The What's changed counts are over shared units (SIMPLE
 * accounts and EGA sub-accounts), so a currency added to a maintained EGA counts as added.
 * The sub-account tags "(Added)" and "(Removed)" belong to an `amendment` (issue 11: a first
 * consent has nothing to compare with, so nothing is tagged).
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

/** The group of an account's line on the confirmation page, as {@link summarise} sorts them; none when it has no line. */
type SummaryGroup = 'added' | 'maintained' | 'removed';

function groupOf(account: Account): SummaryGroup | undefined {
  if (isChosen(account)) return account.preSelected ? 'maintained' : 'added';
  return account.preSelected ? 'removed' : undefined;
}

/**
 * Issue 23 item D: what {@link summarise} counts (the lines of each group, What's changed, nothing
 * selected), counted without building a line per account: the web review shows a page of lines
 * ({@link reviewAccountPage}), so 5,000 accounts cost a count, not 5,000 lines.
 */
export interface SelectionCounts {
  readonly added: number;
  readonly maintained: number;
  readonly removed: number;
  readonly accountsAdded: number;
  readonly accountsRemoved: number;
  readonly nothingSelected: boolean;
}

/** Spec §2 "Confirmation": the sub-accounts of a kept account with this tag (only an amendment tags them). */
const subAccountsTagged = (account: Account, tag: SubAccountTag): number =>
  account.subAccounts.reduce((count, sub) => (tagOf(sub) === tag ? count + 1 : count), 0);

/** Issue 23 item D: {@link summarise}'s counts, one pass over the accounts, no line built. */
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
export const ACCOUNT_LIST_FOLD_ABOVE = 10;

/** Issue 13 item 5: the review shows the count and an expandable list, not hundreds of lines at once. */
export function isAccountListFolded(counts: Pick<SelectionCounts, 'added' | 'maintained' | 'removed'>): boolean {
  return counts.added + counts.maintained + counts.removed > ACCOUNT_LIST_FOLD_ABOVE;
}

/**
 * Issue 22, CX standards "Account confirm" ("MUST show which accounts the data is being shared
 * from prior to confirming authorisation"): the review lists the accounts without a click (above
 * {@link ACCOUNT_LIST_FOLD_ABOVE} lines in a scrolling region of its own, no longer folded). A
 * long list is shown page by page, this many lines at first and this many more on each "Show
 * more accounts", so that a review of 5,000 accounts costs what a review of 50 does (issue 15).
 */
export const REVIEW_ACCOUNT_PAGE = 50;

/** The review's account lines shown now: the groups cut to the first `limit` lines in their order, and how many are not shown yet. */
export interface ReviewAccountPage {
  readonly added: readonly SummaryEntry[];
  readonly maintained: readonly SummaryEntry[];
  readonly removed: readonly SummaryEntry[];
  readonly notShown: number;
}

/** The first `limit` lines of one group, in the accounts' order: the scan stops once they are found. */
function firstLines(accounts: readonly Account[], group: SummaryGroup, limit: number, amendment: boolean): SummaryEntry[] {
  const lines: SummaryEntry[] = [];
  for (const account of accounts) {
    if (lines.length >= limit) break;
    if (groupOf(account) === group) lines.push(entryOf(account, amendment));
  }
  return lines;
}

/**
 * Issue 22: the first `limit` account lines of the review (added, then kept, then removed), the
 * lines {@link summarise} gives, in its order. Issue 23 item D: only the lines shown are built;
 * the rest are counted.
 */
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
 * Spec §2 notes of an account tile: Joint account, Closed account, and Sharing not available for
 * a read-only account; issue 22: the pending mark of an account that needs approval or action
 * ("Needs approval", "Action needed"; read-only wins: an account that cannot be selected is not pending).
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

/**
 * Issue 22, CX standards "Pending status": the visual mark of a pending account and its
 * in-context explanation ("what is required or expected", with the time frame when the bank
 * gives one); `undefined` when nothing is pending.
 */
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

/**
 * Spec §2 "Joint account holders may be notified", issue 22 (CX standards "Joint account
 * alerts": "MUST alert a joint account holder where an action they are about to perform may
 * result in the other joint account holder(s) being notified"): when any account added, kept or
 * removed (an amendment that stops sharing from a joint account notifies its other holders too)
 * is joint. Issue 23 item D: read from the accounts (those with a line), no line built.
 */
export function jointHoldersMayBeNotified(accounts: readonly Account[]): boolean {
  return accounts.some((account) => groupOf(account) !== undefined && account.jointAccount && account.jointNotificationsWithheld !== true);
}

/**
 * Issue 22, CX standards "Joint account alerts", rule 4A.15 exemptions: "Where rule 4A.15 is
 * leveraged to allow a vulnerable requester to share their joint account data as if it were an
 * individual account, the data holder MUST alert the requester, in the context of the
 * authorisation flow, that the other joint account holder(s) will not be notified": when any
 * account added, kept or removed is such an account (CONTRACT §3 `jointNotificationsWithheld`),
 * read from the accounts as {@link jointHoldersMayBeNotified} is.
 */
export function jointHoldersNotNotified(accounts: readonly Account[]): boolean {
  return accounts.some((account) => groupOf(account) !== undefined && account.jointNotificationsWithheld === true);
}
