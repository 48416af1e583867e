import { memo, useId } from 'react';
import { accountDisplayName, formatAccountNumber, isSelectable } from '../../../domain/accounts';
import { accountTileNotes, pendingExplanation } from '../../../domain/selection-summary';
import { IndeterminateCheckbox } from './indeterminate-checkbox';
import { sameTile, type AccountTileProps } from './account-tile-props';
import { SubAccountList } from './sub-account-list';

/**
 * Spec §2 "Select and confirm": one account tile: its name (nickName or productName), formatted
 * number and checkbox (named by both), its notes, and for an EGA the currencies while it is
 * (partly) selected. A read-only (ineligible) account is disabled. Issue 22 (CX standards
 * "Pending status"): a pending account is marked ("Needs approval") and explained in context,
 * the explanation read with its checkbox; it stays selectable (domain/accounts.ts isSelectable).
 */
function AccountTileView({ account, onToggle, onToggleSubAccount, alsoDescribedBy }: AccountTileProps) {
  const inputId = useId();
  const notesId = useId();
  const pendingId = useId();
  const notes = accountTileNotes(account);
  const pending = account.eligibleAccount ? pendingExplanation(account.pending) : undefined;
  const describedBy = [alsoDescribedBy, notes.length > 0 ? notesId : undefined, pending === undefined ? undefined : pendingId].filter(Boolean).join(' ');
  const showSubs = account.type === 'EGA' && (account.selected || account.indeterminate);
  const state = !isSelectable(account) ? 'readonly' : account.selected ? 'selected' : account.indeterminate ? 'partial' : 'clear';
  return (
    <li className={`account-tile account-tile-${state}`}>
      <div className="account-tile-main">
        <IndeterminateCheckbox
          id={inputId}
          className="account-checkbox"
          data-account-id={account.id}
          checked={account.selected}
          indeterminate={account.indeterminate}
          disabled={!isSelectable(account)}
          aria-describedby={describedBy === '' ? undefined : describedBy}
          onChange={() => onToggle(account.id)}
        />
        <label htmlFor={inputId} className="account-label">
          <span className="account-name">{accountDisplayName(account)}</span>{' '}
          <span className="account-number">{formatAccountNumber(account.identification)}</span>
        </label>
      </div>
      {notes.length > 0 ? (
        <p id={notesId} className="account-notes">
          {notes.map((note) => (
            <span key={note} className={pending?.tag === note ? 'tag tag-pending' : 'tag'}>
              {note}
            </span>
          ))}
        </p>
      ) : undefined}
      {pending === undefined ? undefined : (
        <p id={pendingId} className="account-pending-help">
          {pending.explanation}
        </p>
      )}
      {showSubs ? <SubAccountList account={account} onToggle={onToggleSubAccount} /> : undefined}
    </li>
  );
}

/** The memoised tile: ticking one account re-renders one tile; select-all only the tiles that change. */
export const AccountTile = memo(AccountTileView, sameTile);
