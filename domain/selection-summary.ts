import { isChosen } from './account-selection';
import type { Account, SubAccount } from './accounts';
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

/** Issue 13 item 5: above this many account lines the review folds the list behind its count. */
export const ACCOUNT_LIST_FOLD_ABOVE = 10;

/** Issue 13 item 5: the review shows the count and an expandable list, not hundreds of lines at once. */
export function isAccountListFolded(summary: Pick<SelectionSummary, 'added' | 'maintained' | 'removed'>): boolean {
  return summary.added.length + summary.maintained.length + summary.removed.length > ACCOUNT_LIST_FOLD_ABOVE;
}

/** Spec §2 notes of an account tile: Joint account, Closed account, and Sharing not available for a read-only account. */
export function accountTileNotes(account: Pick<Account, 'jointAccount' | 'closed' | 'eligibleAccount'>): string[] {
  return [
    ...(account.jointAccount ? [stepsCopy.selectAccounts.jointAccount] : []),
    ...(account.closed ? [stepsCopy.selectAccounts.closedAccount] : []),
    ...(account.eligibleAccount ? [] : [stepsCopy.selectAccounts.sharingNotAvailable]),
  ];
}
