import { copy } from './copy';
import { daysInMonth } from './date-of-birth';
import { isRecord } from './is-record';

/**
 * Spec §3 "Error page data", CONTRACT §7: the authorize_failure parameter, decoded, kept as sent
 * for the logs. DESIGN §3.13: `respMessage` is never shown; `respCode` and `respTime` only when
 * proven ({@link failureReference}).
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
const UNDECODABLE_ERROR_PAGE: ErrorPageData = { respMessage: copy.failure.undecodable, respCode: '500', undecodable: true };

/**
 * DESIGN §3.13 (departs from spec §2's "shows the server message"): the page's words are the
 * bank's own. Never `respMessage`: anyone can write it, and it would read as the bank's.
 */
export function failureMessage(details: ErrorPageData | undefined, errorMessages: Readonly<Record<string, string>>): string {
  const configured = details?.respCode === undefined ? undefined : errorMessages[details.respCode];
  if (configured !== undefined && Object.hasOwn(errorMessages, details?.respCode ?? '')) return configured;
  return details?.undecodable === true ? copy.failure.undecodable : copy.failure.defaultMessage;
}

/** DESIGN §3.13: the longest reference code shown when the config does not know it. */
const MAX_REFERENCE_CODE_LENGTH = 12;

/** DESIGN §3.13: the most digits a reference code the config does not know may hold (a longer number reads as a phone number). */
const MAX_REFERENCE_CODE_DIGITS = 6;

/** Letters and digits, with single `-` or `_` only between them: `403`, `AISVAL0009`, `E-1023`, `auth_01`. */
const REFERENCE_CODE = /^[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)*$/;

/**
 * DESIGN §3.13: a `respCode` the page may quote: one the bank configured, or one too short and
 * plain to carry words (`ACCOUNT FROZEN - CALL 1800 000 000 NOW` and phone numbers are left out).
 */
export function isQuotableCode(code: string, errorMessages: Readonly<Record<string, string>>): boolean {
  if (Object.hasOwn(errorMessages, code)) return true;
  const digits = code.replace(/\D/g, '').length;
  return code.length <= MAX_REFERENCE_CODE_LENGTH && REFERENCE_CODE.test(code) && digits <= MAX_REFERENCE_CODE_DIGITS;
}

/** RFC 3339 date-time; also a space for the `T`, and seconds, fraction and zone optional. */
const DATE_TIME = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[Tt ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?([Zz]|[+-]([01]\d|2[0-3]):?[0-5]\d)?$/;

/**
 * DESIGN §3.13: a `respTime` the page may show: a date-time as the CDS write one (`DateTimeString`,
 * RFC 3339, leniently) on a day that exists. Not a number of seconds: `1800000000` reads as a phone number.
 */
export function isDateTime(text: string): boolean {
  const match = DATE_TIME.exec(text);
  return match !== null && Number(match[3]) <= daysInMonth(Number(match[1]), Number(match[2]));
}

/** DESIGN §3.13: the reference the customer can quote to the bank: only what is proven a code or a time. */
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

/** Spec §2 "Failure page", DESIGN §3.13: what a failure screen says, for every channel. */
export function failurePageText(
  failure: { readonly route: string; readonly details?: ErrorPageData | undefined } | undefined,
  errorMessages: Readonly<Record<string, string>>,
): FailurePageText {
  if (failure === undefined) return { message: copy.failure.defaultMessage };
  if (failure.route === 'service_unavailable') return { message: copy.failure.serviceUnavailable };
  if (failure.route === 'already_completed') return { message: copy.failure.completed };
  return { message: failureMessage(failure.details, errorMessages), reference: failureReference(failure.details, errorMessages) };
}

/** A failure screen's heading and window title. */
export interface FailureTitles {
  readonly title: string;
  readonly windowTitle: string;
}

/**
 * Spec §2 "Failure page": "We are unable to continue"; issue 33 item 5: a request this tab already
 * finished says so instead ("This request has already been completed", DESIGN §3.11's words).
 */
export function failureTitles(route: string | undefined): FailureTitles {
  return route === 'already_completed'
    ? { title: copy.failure.completedTitle, windowTitle: copy.failure.completedWindowTitle }
    : { title: copy.failure.title, windowTitle: copy.failure.windowTitle };
}

/** The longest server message shown verbatim; a longer one is replaced by the generic message. */
const MAX_RESP_MESSAGE_LENGTH = 500;

/** The longest fisp, respCode or respTime shown; a longer one is dropped. */
const MAX_ERROR_FIELD_LENGTH = 100;

/**
 * Characters a genuine server message never needs: markup (`<`, `>`), control characters and
 * bidirectional overrides (which can make a text read differently from what it holds).
 */
const UNSAFE_CHARACTERS = /[<>\p{Cc}\u202a-\u202e\u2066-\u2069]/u;

const BASE64 = /^[A-Za-z0-9+/]*$/;

const FIELDS = ['fisp', 'respCode', 'respMessage', 'respTime'] as const;

/** A space is read as `+`: standard base64 put in a query unescaped arrives with its `+` decoded as a space. */
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
 * Spec §8 "Error page default text", CONTRACT §7: decodes authorize_failure's `error` parameter;
 * anything undecodable gives spec §8's text with code 500. Never throws. A blank respMessage is
 * absent, so the page keeps its default text; an unsafe one (long, markup, control characters,
 * bidi overrides) becomes the generic message and unsafe other fields are dropped, so that a
 * forged parameter puts no words on the bank's page.
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

/** Spec §2, issue 23 item E: the failure page's one button, and where it goes in words. */
export interface FailureExit {
  readonly label: string;
  readonly where: string;
}

/** Spec §2 "Failure page": Go Back to the recipient, else Leave Page to the bank's public site. */
export function failureExit(toRecipient: boolean, recipient: string, bankName: string | undefined): FailureExit {
  if (!toRecipient) return { label: copy.failure.leavePage, where: copy.failure.takesToSite(bankName) };
  return { label: copy.failure.goBack, where: copy.failure.returnsTo(recipient === '' ? copy.failure.unnamedRecipient : recipient) };
}
