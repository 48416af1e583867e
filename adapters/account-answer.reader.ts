// Spec §3 "Account raw input", CONTRACT §3. Fields are read by their names in the generated wire
// types, so a field the OpenAPI document renames or drops fails the type check here. Lenient where
// the app can do without a field, strict where it cannot (spec §4).
import type { Accounts, RawAccount } from '../contract/customer-auth.wire';
import { accountsFromEntries, pendingDisclosureOf, type AccountEntry } from '../domain/account-entries';
import { CLOSED_STATUS, type AccountFields, type AccountsError, type AccountState } from '../domain/accounts';
import { isRecord, nonBlank } from '../domain/is-record';
import { err, ok, type Result } from '../domain/result';

type WireObject = Readonly<Record<string, unknown>>;
type Writable<T> = { -readonly [K in keyof T]: T[K] };

/** The contract's account fields, one level at a time. */
type AccountField = keyof RawAccount;
type SchemeField = keyof RawAccount['scheme'];
type SupplementaryField = keyof RawAccount['supplementaryData'];
type FlagField = keyof RawAccount['supplementaryData']['rbwmPIB'];

/** One field of a wire object, named as the contract names it at that level. */
const field = <Name extends string>(object: WireObject, name: Name): unknown => object[name];
const accountField = (account: WireObject, name: AccountField): unknown => field(account, name);
const schemeField = (scheme: WireObject, name: SchemeField): unknown => field(scheme, name);
const supplementaryField = (supplementary: WireObject, name: SupplementaryField): unknown => field(supplementary, name);
const flagField = (flags: WireObject, name: FlagField): unknown => field(flags, name);

type EntryResult = Result<AccountEntry, AccountsError>;

const malformed = (index: number, name: string): { readonly ok: false; readonly error: AccountsError } =>
  err({ kind: 'malformedAccount', status: 400, index, field: name });

const optionalString = (value: unknown): value is string | null | undefined => value === undefined || value === null || typeof value === 'string';

const optionalBoolean = (value: unknown): value is boolean | null | undefined => value === undefined || value === null || typeof value === 'boolean';

const optionalWholeDays = (value: unknown): value is number | null | undefined =>
  value === undefined || value === null || (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0);

function readEntry(raw: unknown, index: number): EntryResult {
  if (raw === null || raw === undefined) return err({ kind: 'nullAccount', status: 400, index });
  if (!isRecord(raw)) return malformed(index, 'account');
  const scheme = accountField(raw, 'scheme');
  if (!isRecord(scheme)) return malformed(index, 'scheme');
  const id = schemeField(scheme, 'secondaryIdentification');
  const identification = schemeField(scheme, 'identification');
  const schemeName = schemeField(scheme, 'schemeName');
  const control = schemeField(scheme, 'controlAccountIdentification');
  if (typeof id !== 'string' || id === '') return malformed(index, 'scheme.secondaryIdentification');
  if (typeof identification !== 'string') return malformed(index, 'scheme.identification');
  if (typeof schemeName !== 'string') return malformed(index, 'scheme.schemeName');
  if (!optionalString(control)) return malformed(index, 'scheme.controlAccountIdentification');
  const productName = accountField(raw, 'productName');
  if (typeof productName !== 'string') return malformed(index, 'productName');
  const nickName = accountField(raw, 'nickName');
  const status = accountField(raw, 'status');
  const currency = accountField(raw, 'currency');
  if (!optionalString(nickName)) return malformed(index, 'nickName');
  if (!optionalString(status)) return malformed(index, 'status');
  if (!optionalString(currency)) return malformed(index, 'currency');
  const supplementary = accountField(raw, 'supplementaryData');
  if (!(supplementary === undefined || supplementary === null || isRecord(supplementary))) {
    return malformed(index, 'supplementaryData');
  }
  const pib = isRecord(supplementary) ? supplementaryField(supplementary, 'rbwmPIB') : undefined;
  if (!(pib === undefined || pib === null || isRecord(pib))) return malformed(index, 'supplementaryData.rbwmPIB');
  const flags = isRecord(pib) ? pib : {};
  const eligible = flagField(flags, 'eligibleAccount');
  const joint = flagField(flags, 'jointAccountIndicator');
  const ownershipCode = flagField(flags, 'accountOwnershipTypeCode');
  const pendingCode = flagField(flags, 'pendingDisclosureCode');
  const pendingDays = flagField(flags, 'pendingDisclosureDays');
  const withheld = flagField(flags, 'jointNotificationsWithheld');
  if (!optionalBoolean(eligible)) return malformed(index, 'eligibleAccount');
  if (!optionalBoolean(joint)) return malformed(index, 'jointAccountIndicator');
  if (!optionalString(ownershipCode)) return malformed(index, 'accountOwnershipTypeCode');
  if (!optionalString(pendingCode)) return malformed(index, 'pendingDisclosureCode');
  if (!optionalWholeDays(pendingDays)) return malformed(index, 'pendingDisclosureDays');
  if (!optionalBoolean(withheld)) return malformed(index, 'jointNotificationsWithheld');
  const pending = pendingDisclosureOf(pendingCode ?? undefined, pendingDays ?? undefined);

  const statusText = typeof status === 'string' ? status : '';
  const fields: Writable<AccountFields> = {
    id,
    productName,
    identification,
    schemeName,
    // An account the bank does not mark eligible is never shared.
    eligibleAccount: eligible === true,
    status: statusText,
    closed: statusText === CLOSED_STATUS,
    jointAccount: joint === true,
    preSelected: false,
    selected: false,
  };
  // Issue 33 item 17: an optional field is set when present, not spread in (each spread made a
  // throwaway object: six an account, 30,000 for huge.accounts' answer).
  const nick = nonBlank(nickName);
  if (nick !== undefined) fields.nickName = nick;
  const ownership = nonBlank(ownershipCode);
  if (ownership !== undefined) fields.accountOwnershipTypeCode = ownership;
  if (pending !== undefined) fields.pending = pending;
  if (withheld === true) fields.jointNotificationsWithheld = true;
  const entry: Writable<AccountEntry> = { fields };
  const currencyCode = nonBlank(currency);
  if (currencyCode !== undefined) entry.currency = currencyCode;
  const controlNumber = nonBlank(control);
  if (controlNumber !== undefined) entry.controlAccountIdentification = controlNumber;
  return ok(entry);
}

/** Spec §3 "Account raw input/internal", §4 "Account step": an entry that is null or has no usable `scheme` is a 400-class error. */
export function toAccounts(raw: unknown): Result<AccountState, AccountsError> {
  const answer = isRecord(raw) ? field<keyof Accounts>(raw, 'accounts') : undefined;
  const accounts = isRecord(answer) ? field<keyof Accounts['accounts']>(answer, 'account') : raw;
  if (!Array.isArray(accounts)) return err({ kind: 'notAnAccountList', status: 400 });
  const entries: AccountEntry[] = [];
  // Issue 33 item 17: an index, not entries()' iterator (a pair made per account, 5,000 for huge.accounts).
  for (let index = 0; index < accounts.length; index++) {
    const entry = readEntry(accounts[index], index);
    if (!entry.ok) return entry;
    entries.push(entry.value);
  }
  return ok(accountsFromEntries(entries));
}
