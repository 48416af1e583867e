import fetchBuilder from 'fetch-retry';
import { DEFAULT_HTTP_CALL_OPTIONS, type FetchFunction, type HttpCallOptions } from './fetch.token';
import { backoffMs, retryAfterMs } from './retry-delay';

/** The HTTP methods the app uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT';

/** What came back from one HTTP call: an answer (any status), or none. Never an exception. */
export type HttpOutcome =
  | { readonly kind: 'answer'; readonly status: number; readonly body: string }
  | { readonly kind: 'timedOut' }
  | { readonly kind: 'noAnswer'; readonly detail: string };

/** DESIGN §3.4: the statuses after which a GET is tried again (gateway trouble and rate limiting). */
const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/** A network failure: `fetch` rejects with a TypeError (by name, so that other realms count too). */
export const isNetworkError = (error: unknown): boolean => error instanceof Error && error.name === 'TypeError';

const describe = (error: unknown): string => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/** One HTTP request; the URL absolute or page-relative. */
export interface FetchCallRequest {
  readonly method: HttpMethod;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  /**
   * The request's cache mode: `no-store` (the default) for API calls; `default` lets a static
   * file's answer come from the page's `<link rel="preload">` (its own Cache-Control still rules).
   */
  readonly cache?: RequestCache;
}

/**
 * DESIGN §3.4 "No automatic retry of a POST", "Every call has a timeout": only a GET is retried,
 * and no retry is made that could not finish before the deadline. The timeout covers the body too.
 */
export async function fetchCall(fetchFn: FetchFunction, request: FetchCallRequest, options?: HttpCallOptions): Promise<HttpOutcome> {
  const settings = { ...DEFAULT_HTTP_CALL_OPTIONS, ...options };
  const timeoutMs = request.method === 'GET' ? settings.getTimeoutMs : settings.writeTimeoutMs;
  const deadline = Date.now() + timeoutMs;
  const signal = AbortSignal.timeout(timeoutMs);
  // Called without a receiver, so that an unbound `window.fetch` works too.
  const platformFetch = (input: string, init?: RequestInit): Promise<Response> => fetchFn(input, init);
  let nextDelayMs = 0;
  const send =
    request.method === 'GET'
      ? fetchBuilder(platformFetch, {
          retryOn: (attempt: number, error: Error | null, response: Response | null): boolean => {
            if (attempt >= settings.maxRetries || signal.aborted) return false;
            if (response !== null && !RETRYABLE_STATUSES.has(response.status)) return false;
            if (response === null && !isNetworkError(error)) return false;
            const retryAfter = response === null ? undefined : retryAfterMs(response.headers.get('Retry-After'), Date.now());
            nextDelayMs =
              retryAfter === undefined ? backoffMs(attempt, settings.retryBaseDelayMs, Math.random()) : Math.min(retryAfter, settings.maxRetryAfterMs);
            if (Date.now() + nextDelayMs >= deadline) return false;
            // The discarded answer's body is released, so that its connection can be reused.
            response?.body?.cancel().catch(() => undefined);
            return true;
          },
          retryDelay: () => nextDelayMs,
        })
      : platformFetch;
  try {
    const init: RequestInit = {
      method: request.method,
      headers: { ...request.headers },
      signal,
      cache: request.cache ?? 'no-store',
      credentials: 'same-origin',
      ...(request.body === undefined ? {} : { body: request.body }),
    };
    const response = await send(request.url, init);
    const body = await response.text();
    return { kind: 'answer', status: response.status, body };
  } catch (error) {
    if (signal.aborted) return { kind: 'timedOut' };
    return { kind: 'noAnswer', detail: describe(error) };
  }
}

/** The body parsed as JSON: `undefined` when empty, `{ invalid }` when it is not JSON. */
export function parseJsonBody(body: string): { readonly json: unknown } | { readonly invalid: string } | undefined {
  if (body.trim() === '') return undefined;
  try {
    return { json: JSON.parse(body) as unknown };
  } catch (error) {
    return { invalid: error instanceof Error ? error.message : 'not JSON' };
  }
}
