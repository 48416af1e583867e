import { accountDisplayName, formatAccountNumber } from '../../../domain/accounts';
import { assertNever } from '../../../domain/result';
import { pendingExplanation, type SubAccountTag, type SummaryEntry, type SummarySubAccount } from '../../../domain/selection-summary';
import { stepsCopy } from '../../../domain/steps-copy';

const tagText = (tag: SubAccountTag): string => {
  switch (tag) {
    case 'added':
      return stepsCopy.confirmation.added;
    case 'removed':
      return stepsCopy.confirmation.removed;
    default:
      return assertNever(tag);
  }
};

/** Spec §2: a sub-account line: currency and number, "(Added)" / "(Removed)", "Closed sub-account". */
function SubAccountLine({ line }: { readonly line: SummarySubAccount }) {
  const { subAccount, tag } = line;
  return (
    <li className="summary-sub-account">
      <span className="sub-account-currency">{subAccount.currency ?? accountDisplayName(subAccount)}</span>{' '}
      <span className="account-number">{formatAccountNumber(subAccount.identification)}</span>
      {tag === undefined ? undefined : (
        <>
          {' '}
          <span className={`tag tag-${tag}`}>{tagText(tag)}</span>
        </>
      )}
      {subAccount.closed ? (
        <>
          {' '}
          <span className="tag">{stepsCopy.confirmation.closedSubAccount}</span>
        </>
      ) : undefined}
    </li>
  );
}

/**
 * Spec §2 "Confirmation": one selected (or removed) account: name, formatted number, its
 * joint / closed notes, "Removed account" in the removed group, and its sub-account lines.
 * Issue 22 (CX standards "Pending status"): a shared account that needs approval is marked and
 * explained here too. A line can take focus (not in the tab order) for "Show more accounts".
 */
export function SummaryEntryItem({ entry, removed }: { readonly entry: SummaryEntry; readonly removed: boolean }) {
  const { account } = entry;
  const pending = removed || !account.eligibleAccount ? undefined : pendingExplanation(account.pending);
  const notes = [
    ...(removed ? [stepsCopy.confirmation.removedAccount] : []),
    ...(account.jointAccount ? [stepsCopy.selectAccounts.jointAccount] : []),
    ...(account.closed ? [stepsCopy.selectAccounts.closedAccount] : []),
    ...(pending === undefined ? [] : [pending.tag]),
  ];
  return (
    <li className="summary-entry" tabIndex={-1}>
      <p className="summary-account">
        <span className="account-name">{accountDisplayName(account)}</span>{' '}
        <span className="account-number">{formatAccountNumber(account.identification)}</span>
      </p>
      {notes.length > 0 ? (
        <p className="account-notes">
          {notes.map((note) => (
            <span key={note} className={pending?.tag === note ? 'tag tag-pending' : 'tag'}>
              {note}
            </span>
          ))}
        </p>
      ) : undefined}
      {pending === undefined ? undefined : <p className="account-pending-help">{pending.explanation}</p>}
      {entry.subAccounts.length > 0 ? (
        <ul className="summary-sub-accounts">
          {entry.subAccounts.map((line) => (
            <SubAccountLine key={line.subAccount.id} line={line} />
          ))}
        </ul>
      ) : undefined}
    </li>
  );
}
