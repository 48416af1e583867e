/** CONTRACT §3: `status: "CLOSED"` is a closed account; any other value is open. */
export const CLOSED_STATUS = 'CLOSED';

/** CONTRACT §3: `accountOwnershipTypeCode: "TrustUser"` marks a non-individual account. */
export const TRUST_USER = 'TrustUser';

/**
 * CONTRACT §3 `pendingDisclosureCode`: the other joint holders must approve first (the
 * co-approval disclosure option), or some other action is needed (any other code).
 */
export const PENDING_JOINT_APPROVAL = 'JOINT_APPROVAL_REQUIRED';

/**
 * CX standards "Pending status": "Where an account requires further actions or
 * approvals before data can be disclosed, data holders MUST indicate this to the user visually
 * and MUST provide an explanation of what is required or expected."
 */
export interface PendingDisclosure {
  /** `jointApproval`: the other joint holders must approve; `action`: anything else the bank names. */
  readonly reason: 'jointApproval' | 'action';
  /** The time frame the bank gives, in whole days. */
  readonly withinDays?: number;
}

/** Fields every account and sub-account has (spec §3 "Account internal"). */
export interface AccountFields {
  /** `scheme.secondaryIdentification`: the stable id, sent back as `secondaryIdentification`. */
  readonly id: string;
  readonly productName: string;
  readonly nickName?: string;
  readonly identification: string;
  readonly schemeName: string;
  readonly eligibleAccount: boolean;
  readonly status: string;
  readonly closed: boolean;
  readonly jointAccount: boolean;
  readonly accountOwnershipTypeCode?: string;
  /** CONTRACT §3: its data is disclosed only after a further approval or action. */
  readonly pending?: PendingDisclosure;
  /**
   * CDR rule 4A.15, CONTRACT §3: the bank lets this (vulnerable) customer share the joint account
   * as theirs alone, without notifying the other holders.
   */
  readonly jointNotificationsWithheld?: true;
  /** Named in the existing consent (PAR): already shared. */
  readonly preSelected: boolean;
  readonly selected: boolean;
}

/** Spec §3 "Account internal": one currency of a multi-currency (EGA) account. */
export interface SubAccount extends AccountFields {
  readonly type: 'SUB';
  readonly controlAccountIdentification: string;
  readonly currency?: string;
  /** The primary currency: its identification equals the control number. */
  readonly isPri: boolean;
}

/** Spec §3 "Account internal": an account tile of the select-and-confirm step. */
export interface Account extends AccountFields {
  readonly type: 'SIMPLE' | 'EGA';
  readonly controlAccountIdentification?: string;
  /** EGA only: some but not all selectable sub-accounts are selected. Always false for SIMPLE. */
  readonly indeterminate: boolean;
  /** EGA only (primary first); empty for SIMPLE. */
  readonly subAccounts: readonly SubAccount[];
  /**
   * Issue 13 item 1, issue 33 item 17: what the filter of a long list matches
   * (account-selection.ts `accountSearchText`), made once when the list is read; copies keep it.
   */
  readonly searchText: string;
}

/** Spec §3 "Account state". */
export interface AccountState {
  readonly data: readonly Account[];
  readonly availableAccounts: readonly Account[];
  /** Ineligible accounts: shown disabled with "Sharing not available". */
  readonly readonlyAccounts: readonly Account[];
  /** False if any account (or sub-account) is owned as TrustUser. */
  readonly individualAccount: boolean;
}

/**
 * Why the account list could not be read. Spec §4 "Account step": the step fails with status
 * 400 if any account entry is null; every malformed answer is treated the same way.
 */
export type AccountsError =
  | { readonly kind: 'notAnAccountList'; readonly status: 400 }
  | { readonly kind: 'nullAccount'; readonly status: 400; readonly index: number }
  | { readonly kind: 'malformedAccount'; readonly status: 400; readonly index: number; readonly field: string };

/** An account named by an existing consent (CONTRACT §3 ConsentDetail `accounts`). */
export interface SharedAccountRef {
  readonly schemeName?: string;
  readonly identification?: string;
  readonly secondaryIdentification?: string;
}

/**
 * CX standards "Pending status": a pending account can be selected: the customer authorises now
 * and the bank discloses once approved. It is marked and explained, never disabled.
 */
export function isSelectable(account: Pick<AccountFields, 'eligibleAccount' | 'pending'>): boolean {
  return account.eligibleAccount;
}

/** Spec §3 "Account state": the eligible / read-only split and the individual flag. */
export function accountState(data: readonly Account[]): AccountState {
  return {
    data,
    availableAccounts: data.filter(isSelectable),
    readonlyAccounts: data.filter((account) => !isSelectable(account)),
    individualAccount: !data.some(
      (account) => account.accountOwnershipTypeCode === TRUST_USER || account.subAccounts.some((sub) => sub.accountOwnershipTypeCode === TRUST_USER),
    ),
  };
}

/** Spec §4 "Account selection": an EGA's selected, indeterminate and pre-selected follow its selectable sub-accounts. */
export function withSubAccountState(account: Account): Account {
  if (account.type !== 'EGA') return account;
  const selectable = account.subAccounts.filter(isSelectable);
  const chosen = selectable.filter((sub) => sub.selected).length;
  return {
    ...account,
    selected: selectable.length > 0 && chosen === selectable.length,
    indeterminate: chosen > 0 && chosen < selectable.length,
    preSelected: account.subAccounts.some((sub) => sub.preSelected),
  };
}

/**
 * Whether an existing consent names an account or sub-account. Masked numbers may repeat, so
 * `secondaryIdentification` wins whenever the consent names one. Issue 33 item 17: the consent's
 * names are looked up, not searched (an amendment of 5,000 accounts made up to 25 million comparisons).
 */
function consentNames(refs: readonly SharedAccountRef[]): (unit: { readonly id: string; readonly identification: string }) => boolean {
  const ids = new Set<string>();
  const numbers = new Set<string>();
  for (const ref of refs) {
    if (ref.secondaryIdentification !== undefined) ids.add(ref.secondaryIdentification);
    else if (ref.identification !== undefined) numbers.add(ref.identification);
  }
  return (unit) => ids.has(unit.id) || numbers.has(unit.identification);
}

/** An account or sub-account with its marks from the consent; the same object when they do not change. */
function marked<T extends AccountFields>(unit: T, named: boolean): T {
  const selected = named && isSelectable(unit);
  return unit.preSelected === named && unit.selected === selected ? unit : { ...unit, preSelected: named, selected };
}

/**
 * Spec §4 "Account step": pre-select the accounts named in the existing consent, first. A named
 * read-only account is never selected, so it counts as removed. Issue 33 item 17: an account the
 * consent does not change is kept as it is (a new consent changes none of huge.accounts' 5,000).
 */
export function preselectFromConsent(state: AccountState, consentAccounts: readonly SharedAccountRef[]): AccountState {
  const isNamed = consentNames(consentAccounts);
  const data = state.data.map((account): Account => {
    if (account.type === 'SIMPLE') return marked(account, isNamed(account));
    const subAccounts = account.subAccounts.map((sub) => marked(sub, isNamed(sub)));
    return subAccounts.every((sub, index) => sub === account.subAccounts[index]) ? account : withSubAccountState({ ...account, subAccounts });
  });
  const unchanged = data.every((account, index) => account === state.data[index]);
  if (unchanged && !data.some((account) => account.preSelected)) return state;
  return accountState([...data.filter((a) => a.preSelected), ...data.filter((a) => !a.preSelected)]);
}

/**
 * Spec §2 "Select and confirm" (formatted number): "062000 12345678" → "062-000 1234 5678",
 * digits alone in fours; masked numbers only trimmed.
 */
export function formatAccountNumber(identification: string): string {
  const text = identification.trim().replace(/\s+/g, ' ');
  const groupsOfFour = (digits: string): string => (digits.match(/\d{1,4}/g) ?? []).join(' ');
  const bsb = /^(\d{3})-?(\d{3}) (\d[\d ]*)$/.exec(text);
  if (bsb !== null) return `${bsb[1] ?? ''}-${bsb[2] ?? ''} ${groupsOfFour((bsb[3] ?? '').replace(/ /g, ''))}`;
  if (/^[\d ]+$/.test(text)) return groupsOfFour(text.replace(/ /g, ''));
  return text;
}

/** Spec §2 "Select and confirm": a tile shows the nickName, or the productName when there is none. */
export function accountDisplayName(account: { readonly nickName?: string; readonly productName: string }): string {
  return account.nickName ?? account.productName;
}
