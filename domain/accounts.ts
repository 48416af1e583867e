import { isRecord, nonBlank } from './is-record';
import { err, ok } from './result';
import type { Result } from './result';

/**
 * CONTRACT §3 "RawAccount", spec §3 "Account raw input": one entry of
 * `accounts.account` as the bank sends it. Wire shape: `null` is allowed here and nowhere else.
 */
export interface RawAccount {
  readonly productName: string;
  readonly nickName?: string | null;
  readonly status?: string | null;
  readonly currency?: string | null;
  readonly scheme: {
    readonly schemeName: string;
    readonly identification: string;
    readonly secondaryIdentification: string;
    readonly controlAccountIdentification?: string | null;
  };
  readonly supplementaryData?: {
    readonly rbwmPIB?: {
      readonly eligibleAccount?: boolean | null;
      readonly jointAccountIndicator?: boolean | null;
      readonly accountOwnershipTypeCode?: string | null;
    } | null;
  } | null;
}

/** Spec §3 "Account internal": SIMPLE account, multi-currency group (EGA) or one currency of a group (SUB). */
export type AccountType = 'SIMPLE' | 'EGA' | 'SUB';

/** CONTRACT §3: `status: "CLOSED"` is a closed account; any other value is open. */
export const CLOSED_STATUS = 'CLOSED';

/** CONTRACT §3: `accountOwnershipTypeCode: "TrustUser"` marks a non-individual account. */
export const TRUST_USER = 'TrustUser';

/** Fields every account and sub-account has (spec §3 "Account internal"). */
interface AccountFields {
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
}

/** Spec §3 "Account state". */
export interface AccountState {
  readonly data: readonly Account[];
  /** Eligible accounts: the ones that can be selected. */
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

/** One raw entry, read and checked, before EGA folding. */
interface Entry {
  readonly fields: AccountFields;
  readonly currency?: string;
  readonly controlAccountIdentification?: string;
}

type EntryResult = Result<Entry, AccountsError>;

const malformed = (index: number, field: string): { readonly ok: false; readonly error: AccountsError } =>
  err({ kind: 'malformedAccount', status: 400, index, field });

const optionalString = (value: unknown): value is string | null | undefined =>
  value === undefined || value === null || typeof value === 'string';

const optionalBoolean = (value: unknown): value is boolean | null | undefined =>
  value === undefined || value === null || typeof value === 'boolean';

function readEntry(raw: unknown, index: number): EntryResult {
  if (raw === null || raw === undefined) return err({ kind: 'nullAccount', status: 400, index });
  if (!isRecord(raw)) return malformed(index, 'account');
  const scheme = raw['scheme'];
  if (!isRecord(scheme)) return malformed(index, 'scheme');
  const id = scheme['secondaryIdentification'];
  const identification = scheme['identification'];
  const schemeName = scheme['schemeName'];
  const control = scheme['controlAccountIdentification'];
  if (typeof id !== 'string' || id === '') return malformed(index, 'scheme.secondaryIdentification');
  if (typeof identification !== 'string') return malformed(index, 'scheme.identification');
  if (typeof schemeName !== 'string') return malformed(index, 'scheme.schemeName');
  if (!optionalString(control)) return malformed(index, 'scheme.controlAccountIdentification');
  const productName = raw['productName'];
  if (typeof productName !== 'string') return malformed(index, 'productName');
  for (const field of ['nickName', 'status', 'currency'] as const) {
    if (!optionalString(raw[field])) return malformed(index, field);
  }
  const supplementary = raw['supplementaryData'];
  if (!(supplementary === undefined || supplementary === null || isRecord(supplementary))) {
    return malformed(index, 'supplementaryData');
  }
  const pib = isRecord(supplementary) ? supplementary['rbwmPIB'] : undefined;
  if (!(pib === undefined || pib === null || isRecord(pib))) return malformed(index, 'supplementaryData.rbwmPIB');
  const flags = isRecord(pib) ? pib : {};
  if (!optionalBoolean(flags['eligibleAccount'])) return malformed(index, 'eligibleAccount');
  if (!optionalBoolean(flags['jointAccountIndicator'])) return malformed(index, 'jointAccountIndicator');
  if (!optionalString(flags['accountOwnershipTypeCode'])) return malformed(index, 'accountOwnershipTypeCode');

  const status = typeof raw['status'] === 'string' ? raw['status'] : '';
  const nickName = nonBlank(raw['nickName']);
  const ownership = nonBlank(flags['accountOwnershipTypeCode']);
  const currency = nonBlank(raw['currency']);
  const controlNumber = nonBlank(control);
  const fields: AccountFields = {
    id,
    productName,
    ...(nickName === undefined ? {} : { nickName }),
    identification,
    schemeName,
    // An account the bank does not mark eligible is never shared.
    eligibleAccount: flags['eligibleAccount'] === true,
    status,
    closed: status === CLOSED_STATUS,
    jointAccount: flags['jointAccountIndicator'] === true,
    ...(ownership === undefined ? {} : { accountOwnershipTypeCode: ownership }),
    preSelected: false,
    selected: false,
  };
  return ok({
    fields,
    ...(currency === undefined ? {} : { currency }),
    ...(controlNumber === undefined ? {} : { controlAccountIdentification: controlNumber }),
  });
}

function toSubAccount(entry: Entry, control: string): SubAccount {
  return {
    ...entry.fields,
    type: 'SUB',
    controlAccountIdentification: control,
    ...(entry.currency === undefined ? {} : { currency: entry.currency }),
    isPri: entry.fields.identification === control,
  };
}

/**
 * CONTRACT §3 "RawAccount" (multi-currency): the entries sharing a control number fold into one
 * EGA account. Its identification is the control number; its sub-accounts are the entries,
 * primary first (otherwise in the bank's order). Derived fields:
 * - id: `EGA:` + control number (a group has no secondaryIdentification of its own);
 * - productName, nickName, schemeName, ownership: those of the primary (else the first entry);
 * - eligible when any sub-account is; joint when any sub-account is;
 * - closed only when every sub-account is closed (a closed currency shows "Closed sub-account").
 */
function foldEga(control: string, entries: readonly Entry[]): Account {
  const subs = entries.map((entry) => toSubAccount(entry, control));
  const subAccounts = [...subs.filter((sub) => sub.isPri), ...subs.filter((sub) => !sub.isPri)];
  const lead = subAccounts[0];
  if (lead === undefined) throw new Error('An EGA group always has at least one entry');
  const closed = subAccounts.every((sub) => sub.closed);
  const openSub = subAccounts.find((sub) => !sub.closed);
  return {
    id: `EGA:${control}`,
    productName: lead.productName,
    ...(lead.nickName === undefined ? {} : { nickName: lead.nickName }),
    identification: control,
    schemeName: lead.schemeName,
    eligibleAccount: subAccounts.some((sub) => sub.eligibleAccount),
    status: closed || openSub === undefined ? CLOSED_STATUS : openSub.status,
    closed,
    jointAccount: subAccounts.some((sub) => sub.jointAccount),
    ...(lead.accountOwnershipTypeCode === undefined ? {} : { accountOwnershipTypeCode: lead.accountOwnershipTypeCode }),
    preSelected: false,
    selected: false,
    type: 'EGA',
    controlAccountIdentification: control,
    indeterminate: false,
    subAccounts,
  };
}

/** Spec §3 "Account state": derive the eligible / read-only split and the individual flag from the accounts. */
export function accountState(data: readonly Account[]): AccountState {
  return {
    data,
    availableAccounts: data.filter((account) => account.eligibleAccount),
    readonlyAccounts: data.filter((account) => !account.eligibleAccount),
    individualAccount: !data.some(
      (account) =>
        account.accountOwnershipTypeCode === TRUST_USER ||
        account.subAccounts.some((sub) => sub.accountOwnershipTypeCode === TRUST_USER),
    ),
  };
}

/**
 * Spec §3 "Account raw input/internal", §4 "Account step", CONTRACT §3: read the accounts
 * answer (the `accounts.account` array, or the whole `{ accounts: { account: [...] } }` body)
 * into account state. A null entry, a non-object entry or an entry without a usable `scheme`
 * fails with a 400-class error (spec §4). An entry with a non-empty control number belongs to
 * the EGA of that number (a group of one is still an EGA); the EGA takes the position of its
 * first entry. Nothing is selected yet.
 */
export function toAccounts(raw: unknown): Result<AccountState, AccountsError> {
  const accounts = isRecord(raw) && isRecord(raw['accounts']) ? raw['accounts']['account'] : raw;
  if (!Array.isArray(accounts)) return err({ kind: 'notAnAccountList', status: 400 });
  const entries: Entry[] = [];
  for (const [index, item] of accounts.entries()) {
    const entry = readEntry(item, index);
    if (!entry.ok) return entry;
    entries.push(entry.value);
  }
  const groups = new Map<string, Entry[]>();
  for (const entry of entries) {
    const control = entry.controlAccountIdentification;
    if (control !== undefined) groups.set(control, [...(groups.get(control) ?? []), entry]);
  }
  const data: Account[] = [];
  const folded = new Set<string>();
  for (const entry of entries) {
    const control = entry.controlAccountIdentification;
    if (control === undefined) {
      data.push({ ...entry.fields, type: 'SIMPLE', indeterminate: false, subAccounts: [] });
    } else if (!folded.has(control)) {
      folded.add(control);
      data.push(foldEga(control, groups.get(control) ?? [entry]));
    }
  }
  return ok(accountState(data));
}

/**
 * Spec §4 "Account selection": an EGA is selected when every selectable (eligible) sub-account
 * is selected, indeterminate when some but not all are, and pre-selected when any sub-account is.
 * SIMPLE accounts are returned unchanged.
 */
export function withSubAccountState(account: Account): Account {
  if (account.type !== 'EGA') return account;
  const selectable = account.subAccounts.filter((sub) => sub.eligibleAccount);
  const chosen = selectable.filter((sub) => sub.selected).length;
  return {
    ...account,
    selected: selectable.length > 0 && chosen === selectable.length,
    indeterminate: chosen > 0 && chosen < selectable.length,
    preSelected: account.subAccounts.some((sub) => sub.preSelected),
  };
}

/**
 * Match rule for pre-selection: on `secondaryIdentification` when the consent names one, else on
 * `identification` (masked numbers may repeat, so the id wins whenever it is present).
 */
function isNamed(unit: { readonly id: string; readonly identification: string }, refs: readonly SharedAccountRef[]): boolean {
  return refs.some((ref) =>
    ref.secondaryIdentification !== undefined
      ? ref.secondaryIdentification === unit.id
      : ref.identification !== undefined && ref.identification === unit.identification,
  );
}

/**
 * Spec §4 "Account step": pre-select the accounts already named in the existing consent. A named
 * account (for an EGA: a named sub-account) is pre-selected, and selected when it is eligible (a
 * read-only account is never selected, so it will count as removed). An EGA parent follows its
 * sub-accounts (selected / indeterminate / pre-selected). Pre-selected accounts sort first; the
 * order is otherwise stable. Earlier selection is replaced.
 */
export function preselectFromConsent(state: AccountState, consentAccounts: readonly SharedAccountRef[]): AccountState {
  const marked = state.data.map((account): Account => {
    if (account.type === 'SIMPLE') {
      const named = isNamed(account, consentAccounts);
      return { ...account, preSelected: named, selected: named && account.eligibleAccount };
    }
    const subAccounts = account.subAccounts.map((sub): SubAccount => {
      const named = isNamed(sub, consentAccounts);
      return { ...sub, preSelected: named, selected: named && sub.eligibleAccount };
    });
    return withSubAccountState({ ...account, subAccounts });
  });
  return accountState([...marked.filter((a) => a.preSelected), ...marked.filter((a) => !a.preSelected)]);
}

/**
 * Spec §2 "Select and confirm" (formatted number). Display grouping:
 * - a BSB and account number ("062000 12345678", "062-000 12345678") → "062-000 1234 5678":
 *   the BSB as ddd-ddd, the account number in groups of four from the left;
 * - digits only ("4111111111111111") → groups of four from the left ("4111 1111 1111 1111");
 * - anything else (masked, letters) → trimmed, runs of spaces collapsed, otherwise unchanged.
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
