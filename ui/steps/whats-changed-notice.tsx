import { useId } from 'react';
import type { WhatsChanged } from '../../application/stores/confirmation.store';
import { copy } from '../../domain/copy';

/** Spec §2 (PAR): "What's changed": accounts added, accounts removed, data sharing period updated. */
export function WhatsChangedNotice({ changes }: { readonly changes: WhatsChanged }) {
  const headingId = useId();
  return (
    <section className="notice notice-info whats-changed" aria-labelledby={headingId}>
      <h2 id={headingId} className="notice-heading">{copy.confirmation.whatsChanged}</h2>
      <ul>
        {changes.accountsAdded > 0 ? <li>{copy.confirmation.accountsAdded(changes.accountsAdded)}</li> : undefined}
        {changes.accountsRemoved > 0 ? <li>{copy.confirmation.accountsRemoved(changes.accountsRemoved)}</li> : undefined}
        {changes.periodUpdated ? <li>{copy.confirmation.periodUpdated}</li> : undefined}
      </ul>
    </section>
  );
}
