import { memo, useId } from 'react';
import { accountDisplayName, formatAccountNumber, type Account } from '../../../domain/accounts';
import { IndeterminateCheckbox } from './indeterminate-checkbox';
import { SubAccountList } from './sub-account-list';
import { stepsCopy } from '../../../domain/steps-copy';

export interface AccountTileProps {
  readonly account: Account;
  /** Stable (the store's autoBound `toggle`), so a tile re-renders only when its account changes. */
  readonly onToggle: (id: string) => void;
  readonly onToggleSubAccount: (parentId: string, subId: string) => void;
}

/** Spec §2 notes of a tile: Joint account, Closed account, and Sharing not available for a read-only account. */
function tileNotes(account: Account): string[] {
  return [
    ...(account.jointAccount ? [stepsCopy.selectAccounts.jointAccount] : []),
    ...(account.closed ? [stepsCopy.selectAccounts.closedAccount] : []),
    ...(account.eligibleAccount ? [] : [stepsCopy.selectAccounts.sharingNotAvailable]),
  ];
}

/**
 * Spec §2 "Select and confirm": one account tile: its name (nickName or productName), formatted
 * number and checkbox (named by both), its notes, and for an EGA the currencies while it is
 * (partly) selected. A read-only (ineligible) account is disabled.
 */
function AccountTileView({ account, onToggle, onToggleSubAccount }: AccountTileProps) {
  const inputId = useId();
  const notesId = useId();
  const notes = tileNotes(account);
  const showSubs = account.type === 'EGA' && (account.selected || account.indeterminate);
  const state = !account.eligibleAccount ? 'readonly' : account.selected ? 'selected' : account.indeterminate ? 'partial' : 'clear';
  return (
    <li className={`account-tile account-tile-${state}`}>
      <div className="account-tile-main">
        <IndeterminateCheckbox
          id={inputId}
          className="account-checkbox"
          data-account-id={account.id}
          checked={account.selected}
          indeterminate={account.indeterminate}
          disabled={!account.eligibleAccount}
          aria-describedby={notes.length > 0 ? notesId : undefined}
          onChange={() => onToggle(account.id)}
        />
        <label htmlFor={inputId} className="account-label">
          <span className="account-name">{accountDisplayName(account)}</span>{' '}
          <span className="account-number">{formatAccountNumber(account.identification)}</span>
        </label>
      </div>
      {notes.length > 0 ? (
        <p id={notesId} className="account-notes">
          {notes.map((note) => <span key={note} className="tag">{note}</span>)}
        </p>
      ) : undefined}
      {showSubs ? <SubAccountList account={account} onToggle={onToggleSubAccount} /> : undefined}
    </li>
  );
}

/**
 * Re-render only when this account's visible state changed. The store keeps untouched accounts
 * identical; select-all may rebuild an account that was already in the target state, so an
 * equal-looking account (same selection, same sub-account selection) is skipped too.
 */
export function sameTile(prev: AccountTileProps, next: AccountTileProps): boolean {
  if (prev.onToggle !== next.onToggle || prev.onToggleSubAccount !== next.onToggleSubAccount) return false;
  const a = prev.account;
  const b = next.account;
  if (a === b) return true;
  return a.id === b.id && a.selected === b.selected && a.indeterminate === b.indeterminate
    && a.eligibleAccount === b.eligibleAccount && a.closed === b.closed && a.jointAccount === b.jointAccount
    && a.identification === b.identification && a.nickName === b.nickName && a.productName === b.productName
    && a.subAccounts.length === b.subAccounts.length
    && a.subAccounts.every((sub, index) => sub === b.subAccounts[index] || (sub.id === b.subAccounts[index]?.id && sub.selected === b.subAccounts[index]?.selected));
}

/** The memoised tile: ticking one account re-renders one tile; select-all only the tiles that change. */
export const AccountTile = memo(AccountTileView, sameTile);
