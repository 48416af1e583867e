import { accountDisplayName, isSelectable, withSubAccountState } from './accounts';
import type { Account, SubAccount } from './accounts';

/** Spec §4 "Account selection": read-only accounts are never selected; an unknown id changes nothing. */

const setSubs = (account: Account, selected: boolean): Account =>
  withSubAccountState({
    ...account,
    subAccounts: account.subAccounts.map((sub): SubAccount => (isSelectable(sub) ? { ...sub, selected } : sub)),
  });

function setAccount(account: Account, selected: boolean): Account {
  if (!isSelectable(account)) return account;
  return account.type === 'EGA' ? setSubs(account, selected) : { ...account, selected };
}

/** Selected, or an indeterminate EGA. */
export function isChosen(account: Account): boolean {
  return account.selected || account.indeterminate;
}

/** Spec §4: ticking an indeterminate EGA selects all its sub-accounts, as a browser's indeterminate checkbox does. */
export function toggleAccount(accounts: readonly Account[], id: string): readonly Account[] {
  return accounts.map((account) => (account.id === id ? setAccount(account, !account.selected) : account));
}

/** Spec §4: ticking a sub-account; the parent follows ({@link withSubAccountState}). */
export function toggleSubAccount(accounts: readonly Account[], parentId: string, subId: string): readonly Account[] {
  return accounts.map((account) => {
    if (account.id !== parentId || account.type !== 'EGA') return account;
    const target = account.subAccounts.find((sub) => sub.id === subId);
    if (target === undefined || !isSelectable(target)) return account;
    return withSubAccountState({
      ...account,
      subAccounts: account.subAccounts.map((sub) => (sub.id === subId ? { ...sub, selected: !sub.selected } : sub)),
    });
  });
}

const available = (accounts: readonly Account[]): readonly Account[] => accounts.filter(isSelectable);

/** Spec §2, §4: the select-all box is checked only when every eligible account is fully selected. */
export function isAllSelected(accounts: readonly Account[]): boolean {
  const eligible = available(accounts);
  return eligible.length > 0 && eligible.every((account) => account.selected);
}

/** Spec §4 select-all; issue 13 item 1: under a filter, only on the accounts the customer sees (`onlyIds`). */
export function toggleSelectAll(accounts: readonly Account[], onlyIds?: readonly string[]): readonly Account[] {
  const only = onlyIds === undefined ? undefined : new Set(onlyIds);
  const inScope = (account: Account): boolean => only === undefined || only.has(account.id);
  const selected = !isAllSelected(accounts.filter(inScope));
  return accounts.map((account) => (inScope(account) ? setAccount(account, selected) : account));
}

/** Issue 13 item 1: the accounts a filter text matches ({@link matchesAccountFilter}). */
export function filterAccounts(accounts: readonly Account[], text: string): readonly Account[] {
  if (text.trim() === '') return accounts;
  const needle = compact(text.trim());
  return accounts.filter((account) => account.searchText.includes(needle));
}

/** What the select-all box acts on and says (issue 13 item 1). */
export interface SelectAllScope {
  /** Shown: more than one available account in scope (spec §2, applied to the matching ones). */
  readonly shown: boolean;
  readonly checked: boolean;
  /** Under a filter: how many available accounts match (the box names the count); undefined without a filter. */
  readonly matching: number | undefined;
  /** The ids it acts on under a filter; undefined without a filter (every account). */
  readonly ids: readonly string[] | undefined;
}

/** Issue 13 item 1: under a filter, select-all acts on the matching accounts and says how many. */
export function selectAllScope(accounts: readonly Account[], filterText: string): SelectAllScope {
  if (filterText.trim() === '') {
    return { shown: isSelectAllShown(available(accounts)), checked: isAllSelected(accounts), matching: undefined, ids: undefined };
  }
  const matching = available(filterAccounts(accounts, filterText));
  return {
    shown: isSelectAllShown(matching),
    checked: isAllSelected(matching),
    matching: matching.length,
    ids: matching.map((account) => account.id),
  };
}

/** Issue 13 item 1: "3 of 500 accounts selected": available accounts (partly) chosen, of all available. */
export function selectionCount(accounts: readonly Account[]): { readonly selected: number; readonly total: number } {
  const eligible = available(accounts);
  return { selected: eligible.filter(isChosen).length, total: eligible.length };
}

/** Spec §2: the "Select all available accounts" box is shown only when more than 1 account is available. */
export function isSelectAllShown(availableAccounts: readonly Account[]): boolean {
  return availableAccounts.length > 1;
}

/** Spec §2 note "You have chosen not to share information from all your accounts." */
export function notAllSelected(accounts: readonly Account[]): boolean {
  return available(accounts).some(isChosen) && !isAllSelected(accounts);
}

/** Spec §2 note "You have not selected any accounts to share." (with none eligible, another warning shows). */
export function noneSelected(accounts: readonly Account[]): boolean {
  const eligible = available(accounts);
  return eligible.length > 0 && !eligible.some(isChosen);
}

const compact = (text: string): string => text.toLowerCase().replace(/[\s-]+/g, '');

/**
 * The filter of a long list (the CDR standards allow one) matches the tile's name, its product name
 * and its number, ignoring case, spaces and dashes: each field compacted, one a line, in one flat
 * string (a compacted needle has no line break, so it never matches across two fields). The number
 * as it is: compacting drops all that formatAccountNumber adds. Issue 33 item 17: made once per
 * account when the list is read (account-entries.ts), so a key typed in the filter of 5,000
 * accounts costs a substring test per account.
 */
export function accountSearchText(account: { readonly nickName?: string; readonly productName: string; readonly identification: string }): string {
  return [compact(accountDisplayName(account)), compact(account.productName), compact(account.identification)].join('\n');
}

/** The filter of a long list: ignores case, spaces and dashes ({@link accountSearchText}). */
export function matchesAccountFilter(account: Account, text: string): boolean {
  return account.searchText.includes(compact(text));
}

/** Spec §4 "Back": the customer's earlier ticks put back on the freshly loaded list (eligible accounts only). */
export function restoreSelection(loaded: readonly Account[], earlier: readonly Account[]): readonly Account[] {
  let accounts = loaded;
  for (const before of earlier) {
    const now = accounts.find((account) => account.id === before.id);
    if (now === undefined || !isSelectable(now)) continue;
    if (now.type === 'EGA') {
      for (const sub of now.subAccounts) {
        const wasSelected = before.subAccounts.find((s) => s.id === sub.id)?.selected ?? false;
        if (sub.selected !== wasSelected) accounts = toggleSubAccount(accounts, now.id, sub.id);
      }
    } else if (isChosen(now) !== isChosen(before)) {
      accounts = toggleAccount(accounts, now.id);
    }
  }
  return accounts;
}
