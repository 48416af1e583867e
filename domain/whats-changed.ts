import { formatLongDate, newlyRequestedScopes, type Consent } from './consent';
import { dataClusters, type DataCluster, type DataClusterItem, type DataClusterProfile } from './data-clusters';
import { newDataText, type ListedCluster } from './review-data';
import { stepsCopy } from './steps-copy';

/**
 * Spec §2 "What's changed", CX standards "Changing attributes": a change is named only where the
 * new authorisation "differs to that of the previous authorisation" (CONTRACT §3 `previous`;
 * without it the app claims no more than it knows).
 */

/** The customer's view of an amendment (PAR only). */
export interface WhatsChanged {
  readonly accountsAdded: number;
  readonly accountsRemoved: number;
  /** The data sharing period changes (or, when the bank does not say what it was, the amendment sets it anew). */
  readonly periodUpdated: boolean;
  /** The period's line: its new end, and its old end when the bank says what it was. */
  readonly period: string | undefined;
  readonly newData: string | undefined;
  /** Needs `previous`. */
  readonly dataNoLongerRequested: string | undefined;
  /** Empty: nothing changes, and no notice is shown. */
  readonly lines: readonly string[];
}

const BASIC_OF: Readonly<Record<string, string>> = {
  'bank:accounts.detail:read': 'bank:accounts.basic:read',
  'common:customer.detail:read': 'common:customer.basic:read',
};

const NAME = 'Name';
const FULL_NAME = 'Full name and title(s)';

/** "Name" and the profile scope's "Full name and title(s)" are the same data. */
function listedData(clusters: readonly DataCluster[]): ReadonlySet<string> {
  const texts = new Set(clusters.flatMap((cluster) => cluster.items.map((entry) => entry.text)));
  if (texts.has(NAME) || texts.has(FULL_NAME)) {
    texts.add(NAME);
    texts.add(FULL_NAME);
  }
  return texts;
}

const hasDataBeyond = (cluster: DataCluster, known: ReadonlySet<string>): boolean => cluster.items.some((entry: DataClusterItem) => !known.has(entry.text));

/**
 * The scopes the arrangement granted before: the bank's `previous.scopes` when it says; else the
 * permissions whose claims carry the arrangement id (CONTRACT §3). None outside an amendment.
 */
function grantedBefore(consent: Pick<Consent, 'isPAR' | 'permissions' | 'scopes' | 'previous'>): readonly string[] {
  if (!consent.isPAR) return [];
  if (consent.previous !== undefined) return consent.previous.scopes;
  const fresh = new Set(newlyRequestedScopes(consent));
  return [...new Set(consent.scopes)].filter((scope) => !fresh.has(scope));
}

/**
 * AMEND-05 (docs/cx-standards.md): the scopes an amendment newly asks for that list data not
 * already shared (a basic scope added beside its detail scope adds nothing).
 */
export function newlyRequestedData(consent: Pick<Consent, 'isPAR' | 'permissions' | 'scopes' | 'previous'>, wording: DataClusterProfile): readonly string[] {
  if (!consent.isPAR) return [];
  const before = new Set(grantedBefore(consent));
  const known = listedData(dataClusters([...before], wording));
  const adding = new Set(consent.scopes.filter((scope) => !before.has(scope)));
  const fresh = new Set<string>(
    dataClusters(consent.scopes, wording)
      .filter((cluster) => adding.has(cluster.scope) && hasDataBeyond(cluster, known))
      .map((cluster) => cluster.scope),
  );
  return [...new Set(consent.scopes)].filter((scope) => fresh.has(scope));
}

/**
 * The clusters no longer shared, by their own headings (not merged); dropping a basic scope whose
 * data a remaining detail scope still lists names nothing. Needs the bank's `previous`.
 */
export function dataNoLongerRequested(consent: Pick<Consent, 'isPAR' | 'scopes' | 'previous'>, wording: DataClusterProfile): readonly string[] {
  if (!consent.isPAR || consent.previous === undefined) return [];
  const now = new Set(consent.scopes);
  const dropped = new Set(consent.previous.scopes.filter((scope) => !now.has(scope)));
  if (dropped.size === 0) return [];
  const stillListed = listedData(dataClusters(consent.scopes, wording));
  // Each dropped detail scope beside its basic scope, so that it is named by its own cluster.
  const alone = dataClusters([...dropped, ...[...dropped].map((scope) => BASIC_OF[scope]).filter((scope) => scope !== undefined)], wording);
  return alone.filter((cluster) => dropped.has(cluster.scope) && hasDataBeyond(cluster, stillListed)).map((cluster) => cluster.heading);
}

/**
 * AMEND-06, AMEND-07: the period's line, only when the end differs as the customer reads it (the
 * day). Without `previous`, the new end: every amendment sets the period anew (CONTRACT §1
 * consentCreationDate), so that is true.
 */
export function periodChange(consent: Pick<Consent, 'isPAR' | 'expirationMs' | 'previous'>): string | undefined {
  if (!consent.isPAR) return undefined;
  const c = stepsCopy.confirmation;
  const after = consent.expirationMs === undefined ? undefined : formatLongDate(consent.expirationMs);
  if (consent.previous === undefined) return after === undefined ? c.periodOnceOnlyAgain : c.periodNowEnds(after);
  const before = consent.previous.expirationMs === undefined ? undefined : formatLongDate(consent.previous.expirationMs);
  if (before === after) return undefined;
  if (after === undefined) return c.periodNowOnceOnly(before ?? '');
  return before === undefined ? c.periodNowOngoing(after) : c.periodEndChanged(before, after);
}

export interface WhatsChangedInput {
  readonly consent: Pick<Consent, 'isPAR' | 'permissions' | 'scopes' | 'previous' | 'expirationMs'>;
  readonly accountsAdded: number;
  readonly accountsRemoved: number;
  /** The review's data list (issue 13 item 2: only listed data is named as new). */
  readonly listed: readonly ListedCluster[];
  readonly wording: DataClusterProfile;
}

/** Spec §2 "What's changed"; `undefined` outside an amendment. */
export function whatsChanged(input: WhatsChangedInput): WhatsChanged | undefined {
  const { consent, accountsAdded, accountsRemoved } = input;
  if (!consent.isPAR) return undefined;
  const period = periodChange(consent);
  const newData = newDataText(input.listed);
  const dropped = dataNoLongerRequested(consent, input.wording);
  const noLonger = dropped.length === 0 ? undefined : stepsCopy.confirmation.dataNoLongerRequested(dropped.join('; '));
  const c = stepsCopy.confirmation;
  const lines = [
    ...(accountsAdded > 0 ? [c.accountsAdded(accountsAdded)] : []),
    ...(accountsRemoved > 0 ? [c.accountsRemoved(accountsRemoved)] : []),
    ...(period === undefined ? [] : [period]),
    ...(newData === undefined ? [] : [newData]),
    ...(noLonger === undefined ? [] : [noLonger]),
  ];
  return { accountsAdded, accountsRemoved, periodUpdated: period !== undefined, period, newData, dataNoLongerRequested: noLonger, lines };
}
