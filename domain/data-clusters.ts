import { assertNever } from './result';
import { isRequestableScope, PROFILE_SCOPE, type Scope } from './scopes';
import { stepsCopy } from './steps-copy';

/**
 * Spec §3 "Permissions (scopes)" and the CDR Data Language Standards (CX standards v1.36, see
 * DATA-LANGUAGE.md): what the confirmation page calls the data behind each requested scope.
 *
 * Wording, casing and punctuation are the standards' own. In their tables semicolons separate
 * permissions, and a † marks in-line help, kept as the item's `example`; the † after
 * "Organisation numbers (ABN or ACN)" has no help text, so "Charity status" is a permission of its own.
 */

/** Spec §6: an individual profile (PERSONAL) or a business (non-individual, trust) profile. */
export type DataClusterProfile = 'individual' | 'organisation';

/** One permission line of a cluster; `example` is the standards' optional in-line help (†). */
export interface DataClusterItem {
  readonly text: string;
  readonly example?: string;
}

/** The clusters of the Data Language Standards, in the order of their tables. */
type DataClusterId =
  | 'accountNameTypeBalance'
  | 'accountNumbersFeatures'
  | 'accountBalanceDetails'
  | 'transactionDetails'
  | 'regularPayments'
  | 'savedPayees'
  | 'customerBasic'
  | 'customerDetail'
  | 'customerBasicAndDetail'
  | 'name';

/** The scope behind a cluster: a CDR scope, or the OIDC `profile` scope ("Name"). */
type DataClusterScope = Scope | typeof PROFILE_SCOPE;

export interface DataCluster {
  readonly id: DataClusterId;
  /** The requested scope this cluster describes (for a merged ‡ cluster: the detail scope). */
  readonly scope: DataClusterScope;
  /** Data about the accounts (the bank scopes), shared only from the selected accounts. */
  readonly accountData: boolean;
  readonly heading: string;
  readonly items: readonly DataClusterItem[];
  /** DATA-LANGUAGE.md: account and transaction clusters state that data may date back to 1 January 2017. */
  readonly historyNote?: string;
}

const item = (text: string, example?: string): DataClusterItem => (example === undefined ? { text } : { text, example });

const ACCOUNT_NAME_TYPE_BALANCE = [item('Name of account'), item('Type of account'), item('Account balance')];
const ACCOUNT_NUMBERS_FEATURES = [
  item('Account number'),
  item('Interest rates'),
  item('Fees'),
  item('Discounts'),
  item('Account terms'),
  item('Account mail address'),
];
const NAME_OCCUPATION = [item('Name'), item('Occupation')];
const CONTACT_DETAILS = [item('Phone'), item('Email address'), item('Mail address'), item('Residential address')];
const ORGANISATION_PROFILE = [
  item('Agent name and role'),
  item('Organisation name'),
  item('Organisation numbers (ABN or ACN)'),
  item('Charity status'),
  item('Establishment date'),
  item('Industry'),
  item('Organisation type'),
  item('Country of registration'),
];
const ORGANISATION_CONTACT_DETAILS = [item('Organisation address'), item('Mail address'), item('Phone number')];

const ACCOUNTS_BASIC: Scope = 'bank:accounts.basic:read';
const ACCOUNTS_DETAIL: Scope = 'bank:accounts.detail:read';
const CUSTOMER_BASIC: Scope = 'common:customer.basic:read';
const CUSTOMER_DETAIL: Scope = 'common:customer.detail:read';

/** Banking clusters, individuals and organisations alike. */
const bankingClusters = (has: (scope: Scope) => boolean): DataCluster[] => {
  const historyNote = stepsCopy.confirmation.historyNote;
  const clusters: DataCluster[] = [];
  if (has(ACCOUNTS_BASIC)) {
    clusters.push({
      id: 'accountNameTypeBalance',
      scope: ACCOUNTS_BASIC,
      accountData: true,
      heading: 'Account name, type and balance',
      items: ACCOUNT_NAME_TYPE_BALANCE,
      historyNote,
    });
  }
  if (has(ACCOUNTS_DETAIL)) {
    clusters.push(
      has(ACCOUNTS_BASIC)
        ? {
            id: 'accountNumbersFeatures',
            scope: ACCOUNTS_DETAIL,
            accountData: true,
            heading: 'Account numbers and features',
            items: ACCOUNT_NUMBERS_FEATURES,
            historyNote,
          }
        : {
            id: 'accountBalanceDetails',
            scope: ACCOUNTS_DETAIL,
            accountData: true,
            heading: 'Account balance and details',
            items: [...ACCOUNT_NAME_TYPE_BALANCE, ...ACCOUNT_NUMBERS_FEATURES],
            historyNote,
          },
    );
  }
  if (has('bank:transactions:read')) {
    clusters.push({
      id: 'transactionDetails',
      scope: 'bank:transactions:read',
      accountData: true,
      heading: 'Transaction details',
      items: [
        item('Incoming and outgoing transactions'),
        item('Amounts'),
        item('Dates'),
        item('Descriptions of transactions'),
        item('Who you have sent money to and received money from', '(e.g. their name)'),
      ],
      historyNote,
    });
  }
  if (has('bank:regular_payments:read')) {
    clusters.push({
      id: 'regularPayments',
      scope: 'bank:regular_payments:read',
      accountData: true,
      heading: 'Direct debits and scheduled payments',
      items: [item('Direct debits'), item('Scheduled payments')],
    });
  }
  if (has('bank:payees:read')) {
    clusters.push({
      id: 'savedPayees',
      scope: 'bank:payees:read',
      accountData: true,
      heading: 'Saved payees',
      items: [item('Names and details of accounts you have saved', '(e.g. their BSB and Account Number, BPAY CRN and Biller code, or NPP PayID)')],
    });
  }
  return clusters;
};

interface CustomerWording {
  readonly basicHeading: string;
  readonly basicItems: readonly DataClusterItem[];
  readonly detailHeading: string;
  readonly detailItems: readonly DataClusterItem[];
  readonly mergedHeading: string;
}

/** Spec §3: the customer clusters differ for individuals and for non-individuals (organisations). */
function customerWording(profile: DataClusterProfile): CustomerWording {
  switch (profile) {
    case 'individual':
      return {
        basicHeading: 'Name and occupation',
        basicItems: NAME_OCCUPATION,
        detailHeading: 'Contact details',
        detailItems: CONTACT_DETAILS,
        mergedHeading: 'Name, occupation, contact details',
      };
    case 'organisation':
      return {
        basicHeading: 'Organisation profile',
        basicItems: ORGANISATION_PROFILE,
        detailHeading: 'Organisation contact details',
        detailItems: ORGANISATION_CONTACT_DETAILS,
        mergedHeading: 'Organisation profile and contact details',
      };
    default:
      return assertNever(profile);
  }
}

/** Customer clusters of one profile. */
const customerClusters = (has: (scope: Scope) => boolean, profile: DataClusterProfile): DataCluster[] => {
  const wording = customerWording(profile);
  const clusters: DataCluster[] = [];
  if (has(CUSTOMER_BASIC)) {
    clusters.push({ id: 'customerBasic', scope: CUSTOMER_BASIC, accountData: false, heading: wording.basicHeading, items: wording.basicItems });
  }
  if (has(CUSTOMER_DETAIL)) {
    clusters.push(
      has(CUSTOMER_BASIC)
        ? { id: 'customerDetail', scope: CUSTOMER_DETAIL, accountData: false, heading: wording.detailHeading, items: wording.detailItems }
        : {
            id: 'customerBasicAndDetail',
            scope: CUSTOMER_DETAIL,
            accountData: false,
            heading: wording.mergedHeading,
            items: [...wording.basicItems, ...wording.detailItems],
          },
    );
  }
  return clusters;
};

/**
 * CDS "Profile Scope and Standard Claims: Common" (Data Language Standards v1.36, docs/review.md):
 * the `profile` scope's own cluster, for organisations too (the scope returns the person logged
 * in, not the organisation).
 */
const NAME_CLUSTER: DataCluster = {
  id: 'name',
  scope: PROFILE_SCOPE,
  accountData: false,
  heading: 'Name',
  items: [item('Full name and title(s)')],
};

/**
 * Spec §3 "Permissions (scopes)", Data Language Standards table 1: the data clusters shown for
 * the requested scopes, in the order of the standards' tables (banking first, then customer).
 *
 * The ‡ rule: a detail scope without its basic scope shows the merged cluster; with both, the two
 * separate ones. The ‡ merge covers Basic and Detailed scopes only, so `profile` is never merged
 * into a customer cluster. Unknown scopes are never shown with invented wording: {@link unknownScopes}.
 */
export function dataClusters(scopes: readonly string[], profile: DataClusterProfile): DataCluster[] {
  const requested = new Set(scopes);
  const has = (scope: Scope): boolean => requested.has(scope);
  const clusters = [...bankingClusters(has), ...customerClusters(has, profile)];
  return requested.has(PROFILE_SCOPE) ? [...clusters, NAME_CLUSTER] : clusters;
}

/** Spec §3: the requested scopes the app does not know (not the seven CDR scopes, `profile`, `openid` or `cdr:registration`). */
export function unknownScopes(scopes: readonly string[]): string[] {
  return [...new Set(scopes.filter((scope) => !isRequestableScope(scope)))];
}
