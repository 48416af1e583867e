import { isRecord } from '../../domain/is-record';
import { err, ok, type Result } from '../../domain/result';

/** What the customer does at the review (spec §2 "Confirmation"): Confirm, or Cancel then "Yes, leave". */
type JourneyDecision = 'confirm' | 'cancel';

/** What the third party should get back (CONTRACT §6): an authorisation code, or an error by its `error` value. */
export type ExpectedReturn = { readonly kind: 'code' } | { readonly kind: 'error'; readonly error: string };

/**
 * The answers of a scripted journey (docs/terminal.md): the login (spec §5), the profile by its
 * name (spec §4 "Profile"), the accounts to tick by name or number, or every available one, the
 * description, and the decision; what the recipient should then get back.
 */
export interface JourneyAnswers {
  readonly username: string;
  readonly secureCode: string;
  /** DD/MM/YYYY, for when the bank asks for the date of birth (spec §8 otp_failure_008). */
  readonly dateOfBirth?: string;
  readonly profile?: string;
  /** Undefined: the bank's pre-selection is kept. */
  readonly accounts?: 'all' | readonly string[];
  readonly description?: string;
  readonly decision: JourneyDecision;
  readonly expect: ExpectedReturn;
}

const FIELDS = ['username', 'secureCode', 'dateOfBirth', 'profile', 'accounts', 'description', 'decision', 'expect'];

const optionalString = (value: Record<string, unknown>, name: string, problems: string[]): string | undefined => {
  const field = value[name];
  if (field === undefined) return undefined;
  if (typeof field !== 'string') problems.push(`"${name}" must be a string`);
  return typeof field === 'string' ? field : undefined;
};

/** Reads a journey's answers (parsed JSON); every problem is named, with the field it is in. */
export function parseJourneyAnswers(value: unknown): Result<JourneyAnswers, readonly string[]> {
  if (!isRecord(value)) return err(['the answers must be a JSON object']);
  const problems: string[] = [];
  for (const name of Object.keys(value)) if (!FIELDS.includes(name)) problems.push(`"${name}" is not an answer (known: ${FIELDS.join(', ')})`);
  const username = optionalString(value, 'username', problems);
  const secureCode = optionalString(value, 'secureCode', problems);
  if (username === undefined || username === '') problems.push('"username" is required');
  if (secureCode === undefined || secureCode === '') problems.push('"secureCode" is required');
  const dateOfBirth = optionalString(value, 'dateOfBirth', problems);
  if (dateOfBirth !== undefined && !/^\d{1,2}\/\d{1,2}\/\d{4}$/.test(dateOfBirth)) problems.push('"dateOfBirth" must be DD/MM/YYYY');
  const profile = optionalString(value, 'profile', problems);
  const description = optionalString(value, 'description', problems);
  const accounts = value['accounts'];
  const accountsOk = accounts === undefined || accounts === 'all' || (Array.isArray(accounts) && accounts.every((entry) => typeof entry === 'string'));
  if (!accountsOk) problems.push('"accounts" must be "all" or a list of account names or numbers');
  const decision = value['decision'] ?? 'confirm';
  if (decision !== 'confirm' && decision !== 'cancel') problems.push('"decision" must be "confirm" or "cancel"');
  const expect = parseExpected(value['expect'], decision === 'cancel', problems);
  if (problems.length > 0 || username === undefined || secureCode === undefined || expect === undefined) return err(problems);
  return ok({
    username,
    secureCode,
    ...(dateOfBirth === undefined ? {} : { dateOfBirth }),
    ...(profile === undefined ? {} : { profile }),
    ...(accounts === undefined ? {} : { accounts: accounts as 'all' | readonly string[] }),
    ...(description === undefined ? {} : { description }),
    decision: decision as JourneyDecision,
    expect,
  });
}

/** `"code"`, or `{ "error": "…" }`; by default a code for Confirm and CONTRACT §6's access_denied for Cancel. */
function parseExpected(value: unknown, cancelled: boolean, problems: string[]): ExpectedReturn | undefined {
  if (value === undefined) return cancelled ? { kind: 'error', error: 'access_denied' } : { kind: 'code' };
  if (value === 'code') return { kind: 'code' };
  if (isRecord(value) && typeof value['error'] === 'string' && value['error'] !== '') return { kind: 'error', error: value['error'] };
  problems.push('"expect" must be "code" or { "error": "<error code>" }');
  return undefined;
}
