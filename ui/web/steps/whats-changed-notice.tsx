import { useId } from 'react';
import type { WhatsChanged } from '../../../application/stores/confirmation.store';
import { stepsCopy } from '../../../domain/steps-copy';

/** Spec §2 (PAR): "What's changed": accounts added, accounts removed, data sharing period updated; new data requested (issue 13 item 2). */
export function WhatsChangedNotice({ changes }: { readonly changes: WhatsChanged }) {
  const headingId = useId();
  return (
    <section className="notice notice-info whats-changed" aria-labelledby={headingId}>
      <h2 id={headingId} className="notice-heading">{stepsCopy.confirmation.whatsChanged}</h2>
      <ul>
        {changes.accountsAdded > 0 ? <li>{stepsCopy.confirmation.accountsAdded(changes.accountsAdded)}</li> : undefined}
        {changes.accountsRemoved > 0 ? <li>{stepsCopy.confirmation.accountsRemoved(changes.accountsRemoved)}</li> : undefined}
        {changes.periodUpdated ? <li>{stepsCopy.confirmation.periodUpdated}</li> : undefined}
        {changes.newData === undefined ? undefined : <li>{changes.newData}</li>}
      </ul>
    </section>
  );
}
