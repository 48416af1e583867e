// Spec §3 "Account raw input", CONTRACT §3: the accounts answer read into account state. Its own
// module, apart from the account model (accounts.ts): only the account step's call needs it, so
// the browser loads it after the first screen (issue 15, docs/performance.md "Bytes of the first
// screen"; adapters/later-answer-readers.ts).
import {
  accountState,
  CLOSED_STATUS,
  PENDING_JOINT_APPROVAL,
  type Account,
  type AccountFields,
  type AccountsError,
  type AccountState,
  type PendingDisclosure,
  type SubAccount,
} from './accounts';
import { isRecord, nonBlank } from './is-record';
import { err, ok, type Result } from './result';

/** One raw entry, read and checked, before EGA folding. */
interface Entry {
  readonly fields: AccountFields;
  readonly currency?: string;
  readonly controlAccountIdentification?: string;
}

type EntryResult = Result<Entry, AccountsError>;

const malformed = (index: number, field: string): { readonly ok: false; readonly error: AccountsError } =>
  err({ kind: 'malformedAccount', status: 400, index, field });

const optionalString = (value: unknown): value is string | null | undefined => value === undefined || value === null || typeof value === 'string';

const optionalBoolean = (value: unknown): value is boolean | null | undefined => value === undefined || value === null || typeof value === 'boolean';

const optionalWholeDays = (value: unknown): value is number | null | undefined =>
  value === undefined || value === null || (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0);

/**
 * CONTRACT §3 `pendingDisclosureCode` and `pendingDisclosureDays` (issue 22): no code (absent,
 * null, blank) is nothing pending; `JOINT_APPROVAL_REQUIRED` is the other joint holders'
 * approval; any other code is an action the bank needs (never dropped: a code the app does not
 * know still marks the account, with the general explanation). Days without a code mean nothing.
 */
export function pendingDisclosureOf(code: unknown, days: unknown): PendingDisclosure | undefined {
  const named = nonBlank(code);
  if (named === undefined) return undefined;
  const reason = named === PENDING_JOINT_APPROVAL ? 'jointApproval' : 'action';
  return typeof days === 'number' ? { reason, withinDays: days } : { reason };
}

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
  if (!optionalString(flags['pendingDisclosureCode'])) return malformed(index, 'pendingDisclosureCode');
  if (!optionalWholeDays(flags['pendingDisclosureDays'])) return malformed(index, 'pendingDisclosureDays');
  if (!optionalBoolean(flags['jointNotificationsWithheld'])) return malformed(index, 'jointNotificationsWithheld');
  const pending = pendingDisclosureOf(flags['pendingDisclosureCode'], flags['pendingDisclosureDays']);

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
    ...(pending === undefined ? {} : { pending }),
    ...(flags['jointNotificationsWithheld'] === true ? { jointNotificationsWithheld: true } : {}),
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
 * - pending (issue 22) as its first pending sub-account, so the group is marked and explained;
 * - its joint holders' notifications withheld (rule 4A.15) only when no joint currency notifies them;
 * - closed only when every sub-account is closed (a closed currency shows "Closed sub-account").
 */
function foldEga(control: string, entries: readonly Entry[]): Account {
  const subs = entries.map((entry) => toSubAccount(entry, control));
  const subAccounts = [...subs.filter((sub) => sub.isPri), ...subs.filter((sub) => !sub.isPri)];
  const lead = subAccounts[0];
  if (lead === undefined) throw new Error('An EGA group always has at least one entry');
  const closed = subAccounts.every((sub) => sub.closed);
  const openSub = subAccounts.find((sub) => !sub.closed);
  const pending = subAccounts.find((sub) => sub.pending !== undefined)?.pending;
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
    ...(pending === undefined ? {} : { pending }),
    ...(subAccounts.some((sub) => sub.jointAccount && sub.jointNotificationsWithheld !== true) ||
    !subAccounts.some((sub) => sub.jointNotificationsWithheld === true)
      ? {}
      : { jointNotificationsWithheld: true }),
    preSelected: false,
    selected: false,
    type: 'EGA',
    controlAccountIdentification: control,
    indeterminate: false,
    subAccounts,
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
