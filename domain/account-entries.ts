// Spec §3 "Account internal", CONTRACT §3 (multi-currency): the bank's account entries, once read
// (adapters/account-answer.reader.ts), folded into account state. Its own module, apart from the
// account model (accounts.ts): only the account step's answer needs it, so the browser loads it after
// the first screen (issue 15, docs/performance.md "Bytes of the first screen").
import {
  accountState,
  CLOSED_STATUS,
  PENDING_JOINT_APPROVAL,
  type Account,
  type AccountFields,
  type AccountState,
  type PendingDisclosure,
  type SubAccount,
} from './accounts';
import { accountSearchText } from './account-selection';
import { nonBlank } from './is-record';

/** One entry of the bank's account list, read and checked, before EGA folding. */
export interface AccountEntry {
  readonly fields: AccountFields;
  readonly currency?: string;
  readonly controlAccountIdentification?: string;
}

/**
 * CONTRACT §3 `pendingDisclosureCode`, `pendingDisclosureDays`: a code the app does not know still
 * marks the account, with the general explanation; days without a code mean nothing.
 */
export function pendingDisclosureOf(code: string | undefined, days: number | undefined): PendingDisclosure | undefined {
  const named = nonBlank(code);
  if (named === undefined) return undefined;
  const reason = named === PENDING_JOINT_APPROVAL ? 'jointApproval' : 'action';
  return days === undefined ? { reason } : { reason, withinDays: days };
}

function toSubAccount(entry: AccountEntry, control: string): SubAccount {
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
 * EGA account, primary first. Its id is `EGA:` + control number (a group has no
 * secondaryIdentification of its own); notifications withheld (rule 4A.15) only when no joint
 * currency notifies them; closed only when every sub-account is.
 */
function foldEga(control: string, entries: readonly AccountEntry[]): Account {
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
    searchText: accountSearchText({ ...lead, identification: control }),
  };
}

/** Spec §3 "Account raw input/internal", CONTRACT §3: EGAs folded (a group of one is still an EGA); nothing selected yet. */
export function accountsFromEntries(entries: readonly AccountEntry[]): AccountState {
  const groups = new Map<string, AccountEntry[]>();
  for (const entry of entries) {
    const control = entry.controlAccountIdentification;
    if (control !== undefined) groups.set(control, [...(groups.get(control) ?? []), entry]);
  }
  const data: Account[] = [];
  const folded = new Set<string>();
  for (const entry of entries) {
    const control = entry.controlAccountIdentification;
    if (control === undefined) {
      data.push({ ...entry.fields, type: 'SIMPLE', indeterminate: false, subAccounts: [], searchText: accountSearchText(entry.fields) });
    } else if (!folded.has(control)) {
      folded.add(control);
      data.push(foldEga(control, groups.get(control) ?? [entry]));
    }
  }
  return accountState(data);
}
