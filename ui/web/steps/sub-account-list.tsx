import { useId } from 'react';
import { accountDisplayName, formatAccountNumber, type Account, type SubAccount } from '../../../domain/accounts';
import { stepsCopy } from '../../../domain/steps-copy';

/** Spec §2: one currency of a multi-currency (EGA) account, its own checkbox. */
function SubAccountRow({
  parentId,
  sub,
  onToggle,
}: {
  readonly parentId: string;
  readonly sub: SubAccount;
  readonly onToggle: (parentId: string, subId: string) => void;
}) {
  const noteId = useId();
  const notes = [
    ...(sub.closed ? [stepsCopy.selectAccounts.closedSubAccount] : []),
    ...(sub.eligibleAccount ? [] : [stepsCopy.selectAccounts.sharingNotAvailable]),
  ];
  return (
    <li className="sub-account">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={sub.selected}
          disabled={!sub.eligibleAccount}
          aria-describedby={notes.length > 0 ? noteId : undefined}
          onChange={() => onToggle(parentId, sub.id)}
        />
        <span>
          <span className="sub-account-currency">{sub.currency ?? accountDisplayName(sub)}</span>{' '}
          <span className="account-number">{formatAccountNumber(sub.identification)}</span>
        </span>
      </label>
      {notes.length > 0 ? (
        <span id={noteId} className="account-notes muted">
          {notes.join('. ')}
        </span>
      ) : undefined}
    </li>
  );
}

/**
 * Spec §2, §4: an EGA's sub-account currency checkboxes, shown while the account is selected or
 * partly selected. Ticking one updates the parent (selected / indeterminate) in the store.
 */
export function SubAccountList({ account, onToggle }: { readonly account: Account; readonly onToggle: (parentId: string, subId: string) => void }) {
  return (
    <fieldset className="sub-accounts">
      <legend className="visually-hidden">{stepsCopy.selectAccounts.currenciesLegend(accountDisplayName(account))}</legend>
      <ul className="sub-account-list">
        {account.subAccounts.map((sub) => (
          <SubAccountRow key={sub.id} parentId={account.id} sub={sub} onToggle={onToggle} />
        ))}
      </ul>
    </fieldset>
  );
}
