import { useId, useState } from 'react';
import type { ListedCluster } from '../../../domain/review-data';
import { stepsCopy } from '../../../domain/steps-copy';

/**
 * One cluster as a disclosure (APG accordion pattern): a heading holding a button with
 * aria-expanded / aria-controls; the panel lists the Data Language items verbatim, each
 * item's example as in-line help, and the history note of account and transaction clusters.
 */
function ClusterPanel({ listed: { cluster, isNew } }: { readonly listed: ListedCluster }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <li className="cluster">
      <h3 className="cluster-heading">
        <button type="button" className="cluster-toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
          <span>
            {cluster.heading}
            {isNew ? (
              <>
                {' '}
                <span className="tag-new">{stepsCopy.confirmation.newTag}</span>
              </>
            ) : undefined}
          </span>
        </button>
      </h3>
      <div id={panelId} className="cluster-panel" hidden={!open}>
        <ul className="cluster-items">
          {cluster.items.map((item) => (
            <li key={item.text}>
              {item.text}
              {item.example === undefined ? undefined : (
                <>
                  {' '}
                  <span className="field-help cluster-example">{item.example}</span>
                </>
              )}
            </li>
          ))}
        </ul>
        {cluster.historyNote === undefined ? undefined : <p className="muted cluster-history">{cluster.historyNote}</p>}
      </div>
    </li>
  );
}

/** Spec §2, §3 Permissions: the accordion of the data to be shared, one disclosure per cluster; newly requested data tagged "New" (issue 13 item 2). */
export function DataClusterAccordion({ clusters }: { readonly clusters: readonly ListedCluster[] }) {
  const headingId = useId();
  if (clusters.length === 0) return undefined;
  return (
    <section className="confirmation-section clusters" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-heading">
        {stepsCopy.confirmation.dataToShare}
      </h2>
      <ul className="cluster-list">
        {clusters.map((listed) => (
          <ClusterPanel key={listed.cluster.id} listed={listed} />
        ))}
      </ul>
    </section>
  );
}
