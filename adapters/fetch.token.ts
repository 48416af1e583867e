/**
 * The platform `fetch`, injected so that tests can pass their own. The composition root binds
 * `globalThis.fetch.bind(globalThis)` (an unbound `window.fetch` called on another object throws
 * "Illegal invocation" in browsers).
 */
export type FetchFunction = (input: string, init?: RequestInit) => Promise<Response>;
export const FETCH = Symbol('Fetch');

/**
 * DESIGN §3.4: the tuning of HTTP calls. Every field is optional (defaults in `DEFAULT_HTTP_CALL_OPTIONS`);
 * the binding itself is optional too, so that production needs none and tests can make calls fast.
 */
export interface HttpCallOptions {
  /** Time a GET may take, all retries included (default 15 s). */
  readonly getTimeoutMs?: number;
  /** Time a POST or PUT may take (default 30 s). */
  readonly writeTimeoutMs?: number;
  /** Base of the jittered exponential backoff between GET retries (default 250 ms). */
  readonly retryBaseDelayMs?: number;
  /** Longest wait a `Retry-After` answer may impose (default 5 s). */
  readonly maxRetryAfterMs?: number;
  /** Retries of a GET after the first attempt (default 2). */
  readonly maxRetries?: number;
}
export const HTTP_CALL_OPTIONS = Symbol('HttpCallOptions');

/** DESIGN §3.4: the defaults of HttpCallOptions. */
export const DEFAULT_HTTP_CALL_OPTIONS: Required<HttpCallOptions> = {
  getTimeoutMs: 15_000,
  writeTimeoutMs: 30_000,
  retryBaseDelayMs: 250,
  maxRetryAfterMs: 5_000,
  maxRetries: 2,
};
