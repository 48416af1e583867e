import { useId } from 'react';
import type { WhatsChanged } from '../../../application/stores/confirmation.store';
import { stepsCopy } from '../../../domain/steps-copy';

/**
 * Spec §2 (PAR): "What's changed", issue 22: each line only where something changes
 * (domain/whats-changed.ts): accounts added and removed, the data sharing period (its old and new
 * end), new data requested (issue 13 item 2) and data no longer requested. No notice when
 * nothing changes.
 */
export function WhatsChangedNotice({ changes }: { readonly changes: WhatsChanged }) {
  const headingId = useId();
  if (changes.lines.length === 0) return undefined;
  return (
    <section className="notice notice-info whats-changed" aria-labelledby={headingId}>
      <h2 id={headingId} className="notice-heading">
        {stepsCopy.confirmation.whatsChanged}
      </h2>
      <ul>
        {changes.lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
