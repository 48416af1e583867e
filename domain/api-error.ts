import { isRecord } from './is-record';

/**
 * A failed customer-auth call, as the domain sees it (CONTRACT §4, spec §3 "Error response").
 * `code` and `causes` come from `error.errorInfo[0].errorStack[0]`; both are absent when the
 * body was empty, not JSON, or had no error stack.
 */
export interface ApiError {
  /** HTTP status; 0 when no answer came (network failure, timeout). */
  readonly status: number;
  readonly code?: string;
  readonly causes: readonly string[];
}

/**
 * The `code` of an ApiError for an answer that arrived but did not have the contract's shape
 * (CONTRACT §3); its `causes` say what was wrong. Like every unknown code it leads to
 * "service unavailable" (spec §8), and it proves nothing about a decision (DESIGN §3.11).
 */
export const MALFORMED_ANSWER = 'malformed_answer';

/** The `code` of an ApiError for a call that got no answer in time (DESIGN §3.4); status 0. */
export const TIMED_OUT = 'timed_out';

/** The `code` of an ApiError for a call that got no answer at all (network failure); status 0. */
export const NO_ANSWER = 'no_answer';

/**
 * CONTRACT §4: read the first error stack entry of an error envelope. Anything that is not an
 * envelope (empty, HTML, wrong shapes) still gives an ApiError carrying the status.
 */
export function apiErrorFromEnvelope(status: number, body: unknown): ApiError {
  if (!isRecord(body) || !isRecord(body['error'])) return { status, causes: [] };
  const errorInfo = body['error']['errorInfo'];
  const first = Array.isArray(errorInfo) ? errorInfo[0] : undefined;
  const stack = isRecord(first) ? first['errorStack'] : undefined;
  const entry = Array.isArray(stack) ? stack[0] : undefined;
  if (!isRecord(entry)) return { status, causes: [] };
  const code = typeof entry['code'] === 'string' ? entry['code'] : undefined;
  const rawCauses = entry['causes'];
  const causes = Array.isArray(rawCauses) ? rawCauses.filter((c): c is string => typeof c === 'string') : [];
  return code === undefined ? { status, causes } : { status, code, causes };
}
