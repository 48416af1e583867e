// The accounts the sandbox personas hold (SCENARIOS.md), as raw accounts of CONTRACT §3.
import type { RawAccount } from '../contract/customer-auth.wire';

interface AccountSpec {
  readonly id: string;
  readonly productName: string;
  readonly identification: string;
  readonly nickName?: string;
  readonly closed?: boolean;
  readonly currency?: string;
  readonly schemeName?: string;
  readonly control?: string;
  readonly eligible?: boolean;
  readonly joint?: boolean;
  readonly ownership?: string;
  /** CONTRACT §3, issue 22: data disclosed only after this approval or action, within these days. */
  readonly pending?: { readonly code: string; readonly days?: number };
  /** CONTRACT §3, issue 22: rule 4A.15: the other joint holders are not notified. */
  readonly notificationsWithheld?: boolean;
}

/** Builds a raw account with realistic defaults (an open, eligible, individual AUD BSB account). */
function rawAccount(spec: AccountSpec): RawAccount {
  return {
    productName: spec.productName,
    nickName: spec.nickName ?? null,
    status: spec.closed === true ? 'CLOSED' : 'ACTIVE',
    currency: spec.currency ?? 'AUD',
    scheme: {
      schemeName: spec.schemeName ?? 'BSB_ACCOUNT',
      identification: spec.identification,
      secondaryIdentification: spec.id,
      controlAccountIdentification: spec.control ?? null,
    },
    supplementaryData: {
      rbwmPIB: {
        eligibleAccount: spec.eligible ?? true,
        jointAccountIndicator: spec.joint ?? false,
        accountOwnershipTypeCode: spec.ownership ?? (spec.joint === true ? 'Joint' : 'Individual'),
        ...(spec.pending === undefined ? {} : { pendingDisclosureCode: spec.pending.code, pendingDisclosureDays: spec.pending.days ?? null }),
        ...(spec.notificationsWithheld === true ? { jointNotificationsWithheld: true } : {}),
      },
    },
  };
}

/**
 * SCENARIOS.md jane.citizen: everyday, joint savings, credit card, a closed account, an
 * ineligible term deposit and a multi-currency account (AUD primary, USD, EUR) sharing one control number.
 */
export const janeCitizenAccounts: readonly RawAccount[] = [
  rawAccount({ id: 'acc-0001', productName: 'Everyday Account', nickName: 'Bills', identification: '062000 12345678' }),
  rawAccount({ id: 'acc-0002', productName: 'Online Saver', nickName: 'Holiday fund', identification: '062000 23456789', joint: true }),
  rawAccount({ id: 'acc-0003', productName: 'Platinum Credit Card', identification: '4622 39XX XXXX 1234', schemeName: 'CREDIT_CARD' }),
  rawAccount({ id: 'acc-0004', productName: 'Everyday Account', nickName: 'Old bills', identification: '062000 34567890', closed: true }),
  rawAccount({ id: 'acc-0005', productName: 'Term Deposit', identification: '062000 45678901', eligible: false }),
  rawAccount({
    id: 'ega-aud-01',
    productName: 'Global Currency Account',
    nickName: 'Travel',
    identification: '062000 99990001',
    schemeName: 'EGA',
    control: '062000 99990001',
  }),
  rawAccount({
    id: 'ega-usd-01',
    productName: 'Global Currency Account',
    nickName: 'Travel',
    identification: '062000 99990002',
    schemeName: 'EGA',
    currency: 'USD',
    control: '062000 99990001',
  }),
  rawAccount({
    id: 'ega-eur-01',
    productName: 'Global Currency Account',
    nickName: 'Travel',
    identification: '062000 99990003',
    schemeName: 'EGA',
    currency: 'EUR',
    control: '062000 99990001',
  }),
];

/** A plain set of two accounts for personas whose point is elsewhere (login errors, failures). */
export const simpleAccounts = (prefix: string, bsbSuffix: number): readonly RawAccount[] => [
  rawAccount({ id: `${prefix}-0001`, productName: 'Everyday Account', identification: `062000 5${String(bsbSuffix).padStart(3, '0')}0001` }),
  rawAccount({ id: `${prefix}-0002`, productName: 'Online Saver', nickName: 'Rainy day', identification: `062000 5${String(bsbSuffix).padStart(3, '0')}0002` }),
];

/** SCENARIOS.md no.eligible: every account ineligible. */
export const noEligibleAccounts: readonly RawAccount[] = [
  rawAccount({ id: 'ne-0001', productName: 'Home Loan', identification: '062000 61000001', eligible: false }),
  rawAccount({ id: 'ne-0002', productName: 'Term Deposit', identification: '062000 61000002', eligible: false }),
];

const PRODUCTS = ['Everyday Account', 'Online Saver', 'Bonus Saver', 'Business Transaction Account', 'Offset Account'] as const;

/** `count` eligible accounts with ids `<prefix>-0001`… and BSB account numbers starting with `digit`. */
const numberedAccounts = (count: number, prefix: string, digit: number): readonly RawAccount[] =>
  Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    return rawAccount({
      id: `${prefix}-${String(n).padStart(4, '0')}`,
      productName: PRODUCTS[index % PRODUCTS.length] ?? 'Everyday Account',
      nickName: `Account ${n}`,
      identification: `062000 ${digit}${String(n).padStart(7, '0')}`,
    });
  });

/** fifty.accounts (a sandbox addition for the bench's scaling step, issue 15): 50 eligible accounts. */
export const fiftyAccounts: readonly RawAccount[] = numberedAccounts(50, 'fifty', 6);

/** SCENARIOS.md many.accounts: 500 eligible accounts (long lists, performance). */
export const manyAccounts: readonly RawAccount[] = numberedAccounts(500, 'many', 7);

/** SCENARIOS.md huge.accounts: 5,000 eligible accounts (how cost grows with the list). */
export const hugeAccounts: readonly RawAccount[] = numberedAccounts(5000, 'huge', 9);

/** SCENARIOS.md trust.owner, personal profile: individual accounts. */
export const trustOwnerPersonalAccounts: readonly RawAccount[] = [
  rawAccount({ id: 'to-p-0001', productName: 'Everyday Account', identification: '062000 81000001' }),
  rawAccount({ id: 'to-p-0002', productName: 'Online Saver', identification: '062000 81000002' }),
];

/** SCENARIOS.md trust.owner, the family trust: TrustUser accounts. */
export const familyTrustAccounts: readonly RawAccount[] = [
  rawAccount({ id: 'to-t-0001', productName: 'Trust Cheque Account', nickName: 'Trust operating', identification: '062000 82000001', ownership: 'TrustUser' }),
  rawAccount({ id: 'to-t-0002', productName: 'Trust Investment Account', identification: '062000 82000002', ownership: 'TrustUser' }),
  rawAccount({ id: 'to-t-0003', productName: 'Term Deposit', identification: '062000 82000003', ownership: 'TrustUser', eligible: false }),
];

/** SCENARIOS.md trust.owner, the company: TrustUser accounts. */
export const companyAccounts: readonly RawAccount[] = [
  rawAccount({ id: 'to-c-0001', productName: 'Business Transaction Account', identification: '062000 83000001', ownership: 'TrustUser' }),
  rawAccount({ id: 'to-c-0002', productName: 'Business Online Saver', identification: '062000 83000002', ownership: 'TrustUser', joint: true }),
];

/**
 * joint.approval (a sandbox addition, issue 22): joint accounts as the CDR's disclosure options
 * make them. The joint saver is on the co-approval option: the other holder must approve before
 * its data is disclosed (`JOINT_APPROVAL_REQUIRED`, 7 days to respond); the joint everyday
 * account is on pre-approval (shared at once); the offset account needs another action the bank
 * names (`ACCOUNT_REVIEW_REQUIRED`, a code the app does not know: the general explanation); the
 * home loan cannot be shared; the joint "Private" account is shared under rule 4A.15 (the bank
 * does not notify its other holder: `jointNotificationsWithheld`).
 */
export const jointApprovalAccounts: readonly RawAccount[] = [
  rawAccount({ id: 'ja-0001', productName: 'Everyday Account', nickName: 'Spending', identification: '062000 84000001' }),
  rawAccount({
    id: 'ja-0002',
    productName: 'Online Saver',
    nickName: 'Our savings',
    identification: '062000 84000002',
    joint: true,
    pending: { code: 'JOINT_APPROVAL_REQUIRED', days: 7 },
  }),
  rawAccount({ id: 'ja-0003', productName: 'Everyday Account', nickName: 'Household', identification: '062000 84000003', joint: true }),
  rawAccount({ id: 'ja-0004', productName: 'Offset Account', identification: '062000 84000004', pending: { code: 'ACCOUNT_REVIEW_REQUIRED' } }),
  rawAccount({ id: 'ja-0005', productName: 'Home Loan', identification: '062000 84000005', eligible: false }),
  rawAccount({
    id: 'ja-0006',
    productName: 'Everyday Account',
    nickName: 'Private',
    identification: '062000 84000006',
    joint: true,
    notificationsWithheld: true,
  }),
];
