import type { Account } from '../../../domain/accounts';

/** What an account tile (account-tile.tsx) is given. */
export interface AccountTileProps {
  readonly account: Account;
  /** Stable (the store's autoBound `toggle`), so a tile re-renders only when its account changes. */
  readonly onToggle: (id: string) => void;
  readonly onToggleSubAccount: (parentId: string, subId: string) => void;
  /** Issue 33 item 6: the refused Continue's message, read with this box when the focus is sent to it. */
  readonly alsoDescribedBy?: string | undefined;
}

/**
 * Re-render only when this account's visible state changed. The store keeps untouched accounts
 * identical; select-all may rebuild an account that was already in the target state, so an
 * equal-looking account (same selection, same sub-account selection) is skipped too.
 */
export function sameTile(prev: AccountTileProps, next: AccountTileProps): boolean {
  if (prev.onToggle !== next.onToggle || prev.onToggleSubAccount !== next.onToggleSubAccount || prev.alsoDescribedBy !== next.alsoDescribedBy) return false;
  const a = prev.account;
  const b = next.account;
  if (a === b) return true;
  return (
    a.id === b.id &&
    a.selected === b.selected &&
    a.indeterminate === b.indeterminate &&
    a.eligibleAccount === b.eligibleAccount &&
    a.closed === b.closed &&
    a.jointAccount === b.jointAccount &&
    a.pending === b.pending &&
    a.identification === b.identification &&
    a.nickName === b.nickName &&
    a.productName === b.productName &&
    a.subAccounts.length === b.subAccounts.length &&
    a.subAccounts.every(
      (sub, index) => sub === b.subAccounts[index] || (sub.id === b.subAccounts[index]?.id && sub.selected === b.subAccounts[index]?.selected),
    )
  );
}
