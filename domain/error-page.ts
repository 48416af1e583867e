import { copy } from './copy';
import { daysInMonth } from './date-of-birth';
import { isRecord } from './is-record';

/**
 * Spec §3 "Error page data", CONTRACT §7: the authorize_failure parameter, decoded. DESIGN §3.13:
 * `respMessage` is kept for the logs only; the page never shows text from the address.
 * `respCode` and `respTime` are kept as sent (the logs need them); the page shows them only when
 * they are proven to be a code and a time ({@link failureReference}).
 */
export interface ErrorPageData {
  readonly fisp?: string;
  readonly respCode?: string;
  readonly respMessage?: string;
  readonly respTime?: string;
  /** Spec §8: the parameter could not be decoded (the page says so, with code 500). */
  readonly undecodable?: true;
}

/** Spec §8, CONTRACT §7: the page data when the parameter cannot be decoded. */
export const UNDECODABLE_ERROR_PAGE: ErrorPageData = { respMessage: copy.failure.undecodable, respCode: '500', undecodable: true };

/**
 * DESIGN §3.13 (which departs from spec §2's "shows the server message"): the failure page's
 * words are the bank's own: its configured text for the `respCode` (config `errorMessages`),
 * else spec §8's text for an undecodable parameter, else the generic text. Text from the address
 * (`respMessage`) is never shown: anyone can write it, and it would read as the bank's.
 */
export function failureMessage(details: ErrorPageData | undefined, errorMessages: Readonly<Record<string, string>>): string {
  const configured = details?.respCode === undefined ? undefined : errorMessages[details.respCode];
  if (configured !== undefined && Object.hasOwn(errorMessages, details?.respCode ?? '')) return configured;
  return details?.undecodable === true ? copy.failure.undecodable : copy.failure.defaultMessage;
}

/** DESIGN §3.13: the longest reference code shown when the config does not know it. */
export const MAX_REFERENCE_CODE_LENGTH = 12;

/** DESIGN §3.13: the most digits a reference code the config does not know may hold (a longer number reads as a phone number). */
export const MAX_REFERENCE_CODE_DIGITS = 6;

/** Letters and digits, with single `-` or `_` only between them: `403`, `AISVAL0009`, `E-1023`, `auth_01`. */
const REFERENCE_CODE = /^[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)*$/;

/**
 * DESIGN §3.13, issue 21: a `respCode` the failure page may show as a reference. It is either a
 * code the bank configured (config `errorMessages` has it: the bank wrote it) or a code that
 * cannot carry words: at most {@link MAX_REFERENCE_CODE_LENGTH} characters, letters and digits
 * with single `-` or `_` only between them, and at most {@link MAX_REFERENCE_CODE_DIGITS} digits
 * in all (so `1800000000` and `1800-000-000`, phone numbers, are not shown). Anything else
 * (`ACCOUNT FROZEN - CALL 1800 000 000 NOW`) is left out.
 */
export function isQuotableCode(code: string, errorMessages: Readonly<Record<string, string>>): boolean {
  if (Object.hasOwn(errorMessages, code)) return true;
  const digits = code.replace(/\D/g, '').length;
  return code.length <= MAX_REFERENCE_CODE_LENGTH && REFERENCE_CODE.test(code) && digits <= MAX_REFERENCE_CODE_DIGITS;
}

/**
 * RFC 3339 / ISO 8601 extended date-time: month 01-12, day 01-31, hour 00-23, minute and second
 * 00-59; `T`, `t` or a space between date and time; seconds, a fraction of 1 to 9 digits and a
 * zone (`Z`, `±hh:mm`, `±hhmm`) optional.
 */
const DATE_TIME = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[Tt ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?([Zz]|[+-]([01]\d|2[0-3]):?[0-5]\d)?$/;

/**
 * DESIGN §3.13, issue 21: a `respTime` the failure page may show: a date-time as the Consumer Data
 * Standards write one (their `DateTimeString`, RFC 3339: `2026-11-23T10:00:00Z`,
 * `2026-11-23T10:00:00.123+11:00`), also with a space for the `T`, without seconds or without a
 * zone (`2026-11-23 10:00`), whose day exists (no 31 April, no 29 February 2026). Not a date
 * alone, not a number of seconds (`1800000000` reads as a phone number), not words.
 */
export function isDateTime(text: string): boolean {
  const match = DATE_TIME.exec(text);
  return match !== null && Number(match[3]) <= daysInMonth(Number(match[1]), Number(match[2]));
}

/**
 * DESIGN §3.13, issue 21: the reference the customer can quote to the bank: the `respCode` when
 * it is proven to be a code ({@link isQuotableCode}: configured in `errorMessages`, or short and
 * alphanumeric) and the `respTime` when it is proven to be a time ({@link isDateTime}), each as
 * sent. What is not proven is left out; with neither, no reference (the page's text stays).
 */
export function failureReference(details: ErrorPageData | undefined, errorMessages: Readonly<Record<string, string>> = {}): string | undefined {
  const code = details?.respCode !== undefined && isQuotableCode(details.respCode, errorMessages) ? details.respCode : undefined;
  const time = details?.respTime !== undefined && isDateTime(details.respTime) ? details.respTime : undefined;
  return code === undefined && time === undefined ? undefined : copy.failure.reference(code, time);
}

/** The words of a failure page: its message, and the reference to quote when there is one. */
export interface FailurePageText {
  readonly message: string;
  readonly reference?: string | undefined;
}

/**
 * Spec §2 "Failure page", DESIGN §3.13: what a failure screen says, for every channel. Not a
 * failure screen (`undefined`): the generic text. The bank's keys could not be fetched
 * (`service_unavailable`): says so. Otherwise the bank's text for the code ({@link failureMessage})
 * and the proven reference ({@link failureReference}); never text from the address.
 */
export function failurePageText(
  failure: { readonly route: string; readonly details?: ErrorPageData | undefined } | undefined,
  errorMessages: Readonly<Record<string, string>>,
): FailurePageText {
  if (failure === undefined) return { message: copy.failure.defaultMessage };
  if (failure.route === 'service_unavailable') return { message: copy.failure.serviceUnavailable };
  return { message: failureMessage(failure.details, errorMessages), reference: failureReference(failure.details, errorMessages) };
}

/** The longest server message shown verbatim; a longer one is replaced by the generic message. */
export const MAX_RESP_MESSAGE_LENGTH = 500;

/** The longest fisp, respCode or respTime shown; a longer one is dropped. */
export const MAX_ERROR_FIELD_LENGTH = 100;

/**
 * Characters a genuine server message never needs: markup (`<`, `>`), control characters and
 * bidirectional overrides (which can make a text read differently from what it holds).
 */
const UNSAFE_CHARACTERS = /[<>\p{Cc}\u202a-\u202e\u2066-\u2069]/u;

const BASE64 = /^[A-Za-z0-9+/]*$/;

const FIELDS = ['fisp', 'respCode', 'respMessage', 'respTime'] as const;

/**
 * base64url (or standard base64, padded or not) to UTF-8 text; `undefined` when the text is not
 * base64 or the bytes are not UTF-8. A space is read as `+`: standard base64 put in a query
 * unescaped reaches us with its `+` decoded as a space.
 */
function decodeBase64UrlText(encoded: string): string | undefined {
  const base64 = encoded
    .trim()
    .replaceAll(' ', '+')
    .replaceAll('-', '+')
    .replaceAll('_', '/')
    .replace(/={0,2}$/, '');
  if (!BASE64.test(base64) || base64.length % 4 === 1) return undefined;
  try {
    const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isSafeText = (text: string, maxLength: number): boolean => text.length <= maxLength && !UNSAFE_CHARACTERS.test(text);

/**
 * Spec §8 "Error page default text", CONTRACT §7: decode the `error` parameter of
 * authorize_failure, base64url of `{"fisp":"…","respCode":"…","respMessage":"…","respTime":"…"}`.
 * Missing (or `null`) fields are `undefined`; so is an empty or blank respMessage, so that the
 * page falls back to its default text. Anything undecodable (no parameter, bad base64, bytes that
 * are not UTF-8, bad JSON, not an object, a field that is not a string) gives
 * `We are unable to process your request.` with code `500`.
 *
 * Guard: the page shows the message as text, but a forged parameter should still not put
 * arbitrary words (a fake phone number, markup) on the bank's page. A respMessage longer than
 * {@link MAX_RESP_MESSAGE_LENGTH} characters, or holding `<`, `>`, control characters or
 * bidirectional overrides, is replaced by the generic message; the other fields are kept.
 * fisp, respCode and respTime breaking the same character rule or longer than
 * {@link MAX_ERROR_FIELD_LENGTH} are dropped. Never throws.
 */
export function decodeErrorPageParam(param: string | undefined): ErrorPageData {
  if (param === undefined) return UNDECODABLE_ERROR_PAGE;
  const text = decodeBase64UrlText(param);
  const json = text === undefined ? undefined : parseJson(text);
  if (!isRecord(json)) return UNDECODABLE_ERROR_PAGE;

  const values: Partial<Record<(typeof FIELDS)[number], string>> = {};
  for (const field of FIELDS) {
    const value = json[field] ?? undefined;
    if (value === undefined) continue;
    if (typeof value !== 'string') return UNDECODABLE_ERROR_PAGE;
    values[field] = value;
  }

  const { fisp, respCode, respMessage, respTime } = values;
  const message =
    respMessage === undefined || respMessage.trim() === ''
      ? undefined
      : isSafeText(respMessage, MAX_RESP_MESSAGE_LENGTH)
        ? respMessage
        : copy.failure.undecodable;
  const field = (value: string | undefined): string | undefined => (value !== undefined && isSafeText(value, MAX_ERROR_FIELD_LENGTH) ? value : undefined);

  return withoutUndefined({ fisp: field(fisp), respCode: field(respCode), respMessage: message, respTime: field(respTime) });
}

function withoutUndefined(data: { readonly [K in Exclude<keyof ErrorPageData, 'undecodable'>]-?: string | undefined }): ErrorPageData {
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined));
}

/** Issue 23 item E: the failure page's one button: its label (spec §2) and where it goes, in words. */
export interface FailureExit {
  readonly label: string;
  readonly where: string;
}

/**
 * Spec §2 "Failure page": Go Back to the verified token's redirect address (the recipient), else
 * Leave Page to the bank's public site. Issue 23 item E: the button says where it goes, by the
 * recipient's name ("Returns you to Budget Buddy.") or the bank's ("Takes you to the Demo Bank
 * website."; "the bank's website" while the brand is not known).
 */
export function failureExit(toRecipient: boolean, recipient: string, bankName: string | undefined): FailureExit {
  if (!toRecipient) return { label: copy.failure.leavePage, where: copy.failure.takesToSite(bankName) };
  return { label: copy.failure.goBack, where: copy.failure.returnsTo(recipient === '' ? copy.failure.unnamedRecipient : recipient) };
}
