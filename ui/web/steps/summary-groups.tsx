import { observer } from 'mobx-react-lite';
import { useId, useState, type ReactNode } from 'react';
import { ConfirmationStore } from '../../../application/stores/confirmation.store';
import type { SummaryEntry } from '../../../domain/selection-summary';
import { useService } from '../services-context';
import { SummaryEntryItem } from './summary-entry';
import { stepsCopy } from '../../../domain/steps-copy';

function Group({ heading, entries, removed }: {
  readonly heading: string | undefined;
  readonly entries: readonly SummaryEntry[];
  readonly removed: boolean;
}) {
  const headingId = useId();
  if (entries.length === 0) return undefined;
  return (
    <section className="summary-group" aria-labelledby={heading === undefined ? undefined : headingId}>
      {heading === undefined ? undefined : <h3 id={headingId} className="summary-group-heading">{heading}</h3>}
      <ul className="summary-list">
        {entries.map((entry) => <SummaryEntryItem key={entry.account.id} entry={entry} removed={removed} />)}
      </ul>
    </section>
  );
}

/**
 * The folded list (issue 13 item 5) renders its lines only once it is opened (issue 15: the
 * review's first render stays flat as the list grows; 5,000 closed lines cost as much to build as
 * open ones). Whether it is open is the disclosure's own state, as the platform keeps it.
 */
function AccountFold({ count, children }: { readonly count: number; readonly children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="account-fold" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{stepsCopy.confirmation.showAccounts(count)}</summary>
      {open ? children : undefined}
    </details>
  );
}

/**
 * Spec §2 "Confirmation": the selected accounts grouped as added, maintained and removed (the
 * group headings only in a PAR, where the groups differ), and "Joint account holders may be
 * notified" when a shared account is joint. Nothing is shown when nothing was or is shared. A
 * long list is folded behind its count (issue 13 item 5).
 */
export const SummaryGroups = observer(function SummaryGroups() {
  const confirmation = useService(ConfirmationStore);
  const headingId = useId();
  const { added, maintained, removed } = confirmation.summary;
  if (added.length + maintained.length + removed.length === 0) return undefined;
  const par = confirmation.isPar;
  const groups = (
    <>
      <Group heading={par ? stepsCopy.confirmation.addedAccounts : undefined} entries={added} removed={false} />
      <Group heading={par ? stepsCopy.confirmation.maintainedAccounts : undefined} entries={maintained} removed={false} />
      <Group heading={par ? stepsCopy.confirmation.removedAccounts : undefined} entries={removed} removed />
    </>
  );
  return (
    <section className="confirmation-section summary" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-heading">{stepsCopy.confirmation.selectedAccounts}</h2>
      {confirmation.accountListFolded ? <AccountFold count={added.length + maintained.length + removed.length}>{groups}</AccountFold> : groups}
      {confirmation.jointHoldersNotified ? (
        <p className="notice notice-info">{stepsCopy.confirmation.jointHoldersNotified}</p>
      ) : undefined}
    </section>
  );
});
