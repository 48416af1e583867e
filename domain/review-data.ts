import type { DataCluster } from './data-clusters';
import { stepsCopy } from './steps-copy';

/**
 * What the review (confirmation) page lists as shared (issue 13 items 2 and 3, docs/review.md):
 * the clusters that will really be shared, which of them an amendment newly requests, and a
 * no-account warning that promises only what is listed.
 */

/** One cluster of the review's data list; `isNew` tags data an amendment newly requests. */
export interface ListedCluster {
  readonly cluster: DataCluster;
  readonly isNew: boolean;
}

/**
 * Issue 13 item 3: with no account selected, account data is not shared (every bank permission
 * is sent with an empty account list, CONTRACT §5), so only the clusters that need no account are
 * listed. Issue 13 item 2, CONTRACT §3 "ConsentDetail": a cluster is new when its scope is one
 * the amendment newly requests (`newScopes`).
 */
export function listedClusters(
  clusters: readonly DataCluster[],
  options: { readonly accountsShared: boolean; readonly newScopes: readonly string[] },
): readonly ListedCluster[] {
  const fresh = new Set(options.newScopes);
  return clusters.filter((cluster) => options.accountsShared || !cluster.accountData).map((cluster) => ({ cluster, isNew: fresh.has(cluster.scope) }));
}

/** Issue 13 item 2: the headings of the listed clusters an amendment newly requests, in list order. */
export function newDataHeadings(listed: readonly ListedCluster[]): readonly string[] {
  return listed.filter((entry) => entry.isNew).map((entry) => entry.cluster.heading);
}

/**
 * Issue 13 item 2: What's changed names the new data ("New data requested: Direct debits and
 * scheduled payments"; several joined by "; ", as headings may hold commas); undefined when none.
 */
export function newDataText(listed: readonly ListedCluster[]): string | undefined {
  const headings = newDataHeadings(listed);
  return headings.length === 0 ? undefined : stepsCopy.confirmation.newDataRequested(headings.join('; '));
}

const lowerFirst = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * Spec §2 warning "You have not selected an account to share, …", word for word when both
 * customer scopes are listed (issue 13 item 3); otherwise it promises only what is listed.
 */
export function noAccountWarning(listed: readonly ListedCluster[]): string {
  const customer = listed.map((entry) => entry.cluster).filter((cluster) => !cluster.accountData);
  const namedElsewhere = customer.some((cluster) => cluster.id !== 'name' && cluster.items.some((entry) => entry.text === 'Name'));
  const remaining = namedElsewhere ? customer.filter((cluster) => cluster.id !== 'name') : customer;
  const ids = remaining.map((cluster) => cluster.id);
  if (ids.includes('customerBasic') && ids.includes('customerDetail')) return stepsCopy.confirmation.noAccountSelected;
  if (remaining.length === 0) return stepsCopy.confirmation.noAccountSelectedNothingElse;
  return stepsCopy.confirmation.noAccountSelectedYouMayShare(remaining.map((cluster) => lowerFirst(cluster.heading)).join(' and your '));
}
