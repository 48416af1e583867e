import { err, ok, type Result } from './result';

/**
 * CONTRACT §3: the answer of `POST /customer-auth/confirmation`. Either an authorisation code
 * (`auth_code`, `state`, `id_token`) or a JARM `response`, with an optional `redirect_uri`.
 */
export interface ConfirmationAnswer {
  readonly auth_code?: string;
  readonly redirect_uri?: string;
  readonly state?: string;
  readonly id_token?: string;
  readonly response?: string;
}

/** Why no return address could be built. */
export type ReturnUrlError =
  /** The target is not an absolute http(s) URL (javascript:, data:, relative, garbage). */
  | { readonly kind: 'notHttpUrl'; readonly target: string }
  /** DESIGN §3.12: the target carries a username or password (`target` is quoted without them). */
  | { readonly kind: 'userinfo'; readonly target: string }
  /** A confirmation answer with neither `auth_code` nor `response`: nothing to hand back. */
  | { readonly kind: 'noAuthorisationResult' };

/**
 * DESIGN §3.2 "One exit": an address the domain built and checked (absolute http(s)), the only
 * thing the Redirector port accepts. Made only by the functions of this module.
 */
export type ReturnUrl = string & { readonly __brand: 'ReturnUrl' };

type Param = readonly [name: string, value: string];

/** CONTRACT §6: respMessage of every access-denied return. */
export const ACCESS_DENIED_MESSAGE = 'Authentication failure';

/**
 * DESIGN §3.12: the parameters of an authorisation response (RFC 6749 §4.1.2, OpenID Connect,
 * JARM, RFC 9207 `iss`) and the app's own. Only the app writes them: never kept from a return
 * address's query, and a bank's `redirect_uri` holding one is not followed.
 */
export const RESPONSE_PARAMETERS: readonly string[] = [
  'code',
  'state',
  'id_token',
  'response',
  'error',
  'error_description',
  'error_uri',
  'iss',
  'respCode',
  'respMessage',
];

const RESPONSE_PARAMETER_NAMES: ReadonlySet<string> = new Set(RESPONSE_PARAMETERS);

/** The URL without its username and password, to quote in a log line. */
function withoutUserinfo(url: URL): string {
  const quoted = new URL(url.href);
  quoted.username = '';
  quoted.password = '';
  return quoted.href;
}

/**
 * An absolute http(s) URL with a host and no userinfo (DESIGN §3.12: `http://user:pw@host/`
 * is never followed: it reads as one host and goes to another).
 */
function parseHttpUrl(target: string): Result<URL, ReturnUrlError> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return err({ kind: 'notHttpUrl', target });
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.hostname === '') {
    return err({ kind: 'notHttpUrl', target });
  }
  if (url.username !== '' || url.password !== '') return err({ kind: 'userinfo', target: withoutUserinfo(url) });
  return ok(url);
}

/**
 * Spaces as `%20`, as CONTRACT §6 shows `Authentication%20failure`. The swap is exact because
 * URLSearchParams writes a literal `+` as `%2B`; unlike `encodeURIComponent` it never throws on
 * a lone surrogate.
 */
function encodeParams(params: readonly Param[]): string {
  return new URLSearchParams(params.map(([name, value]) => [name, value])).toString().replaceAll('+', '%20');
}

const present = (value: string | undefined): value is string => value !== undefined && value !== '';

const hasOneOfNames = (pair: string, names: ReadonlySet<string>): boolean => {
  const [name] = new URLSearchParams(`&${pair}`).keys();
  return name !== undefined && names.has(name);
};

/** The pairs of the query of `url` as they were written, without the {@link RESPONSE_PARAMETERS}. */
const keptPairs = (url: URL): string[] =>
  url.search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '' && !hasOneOfNames(pair, RESPONSE_PARAMETER_NAMES));

/**
 * CONTRACT §6: the query is kept as written, but for the {@link RESPONSE_PARAMETERS}, so that the
 * third party never reads a stale or planted `code`, `state` or `error`.
 */
function withoutResponseParameters(url: URL): URL {
  const result = new URL(url.href);
  const pairs = url.search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '');
  const kept = keptPairs(url);
  if (kept.length !== pairs.length) result.search = kept.length === 0 ? '' : `?${kept.join('&')}`;
  return result;
}

function withQuery(url: URL, params: readonly Param[]): ReturnUrl {
  const result = new URL(url.href);
  // A leading '?' would be dropped by the setter (and by URLSearchParams): both get a separator first.
  result.search = `?${[...keptPairs(url), encodeParams(params)].join('&')}`;
  return result.href as ReturnUrl;
}

/**
 * CONTRACT §6, DESIGN §3.2, spec §4 "Button behaviours": the access_denied return for cancel,
 * reject, timeout and return-only modals; `state` is echoed exactly (an empty one as `state=`).
 */
export function accessDeniedReturnUrl(target: string, state: string | undefined): Result<ReturnUrl, ReturnUrlError> {
  const url = parseHttpUrl(target);
  if (!url.ok) return url;
  const params: Param[] = [
    ['error', 'access_denied'],
    ['respCode', '401'],
    ['respMessage', ACCESS_DENIED_MESSAGE],
  ];
  if (state !== undefined) params.push(['state', state]);
  return ok(withQuery(url.value, params));
}

/**
 * CONTRACT §6, spec §4 "Success": the return after a confirmed consent: the code in the fragment,
 * else a JARM `response` in the query. Empty strings count as absent.
 */
export function successReturnUrl(answer: ConfirmationAnswer, fallbackRedirectUri: string): Result<ReturnUrl, ReturnUrlError> {
  const target = present(answer.redirect_uri) ? answer.redirect_uri : fallbackRedirectUri;
  const url = parseHttpUrl(target);
  if (!url.ok) return url;

  if (present(answer.auth_code)) {
    const params: Param[] = [['code', answer.auth_code]];
    if (answer.state !== undefined) params.push(['state', answer.state]);
    if (present(answer.id_token)) params.push(['id_token', answer.id_token]);
    const result = withoutResponseParameters(url.value);
    result.hash = encodeParams(params);
    return ok(result.href as ReturnUrl);
  }
  if (present(answer.response)) return ok(withQuery(url.value, [['response', answer.response]]));
  return err({ kind: 'noAuthorisationResult' });
}

/**
 * DESIGN §3.1, §3.2, spec §2 "Failure page": an address followed with nothing added (Go Back,
 * Leave Page, the return after an unclear decision): a plain return carries no code and no error.
 */
export function plainReturnUrl(target: string): Result<ReturnUrl, ReturnUrlError> {
  const url = parseHttpUrl(target);
  return url.ok ? ok(withoutResponseParameters(url.value).href as ReturnUrl) : url;
}

function pairCounts(url: URL): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [name, value] of url.searchParams) {
    const key = JSON.stringify([name, value]);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

function keepsEveryPair(answered: URL, token: URL): boolean {
  const have = pairCounts(answered);
  return [...pairCounts(token)].every(([pair, count]) => (have.get(pair) ?? 0) >= count);
}

/**
 * DESIGN §3.12 "The bank's return address must match the verified token", CONTRACT §6:
 * a `redirect_uri` from a bank answer is followed only when
 * - it is an absolute http(s) URL without a username or password,
 * - its scheme, host, port and path equal those of the token's `redirectUri`,
 * - its query keeps every parameter of the token's query (same name, same value) and holds none
 *   of the {@link RESPONSE_PARAMETERS} (`code`, `state`, `id_token`, `response`, `error`, …: only
 *   the app writes those); the bank may add other parameters,
 * - its fragment is the token's (normally none).
 * Otherwise the token's address, with the reason for the logs (never quoting a password or the query).
 */
export function returnTarget(answered: string | undefined, tokenRedirectUri: string): { readonly target: string; readonly refused?: string } {
  if (!present(answered)) return { target: tokenRedirectUri };
  const refuse = (reason: string) => ({ target: tokenRedirectUri, refused: `the bank's redirect_uri ${reason}` });
  const candidate = parseHttpUrl(answered);
  if (!candidate.ok) {
    return candidate.error.kind === 'userinfo'
      ? refuse(`${candidate.error.target} carries a username or password`)
      : refuse(`${answered.slice(0, 200)} is not an http(s) URL`);
  }
  const expected = parseHttpUrl(tokenRedirectUri);
  if (!expected.ok) return { target: tokenRedirectUri, refused: "the token's redirectUri cannot be followed" };
  const same = (url: URL): string => `${url.protocol}//${url.host}${url.pathname}`;
  const got = candidate.value;
  const want = expected.value;
  if (same(got) !== same(want)) return refuse(`${same(got)} is not the token's ${same(want)}`);
  const planted = [...new Set(got.searchParams.keys())].filter((name) => RESPONSE_PARAMETER_NAMES.has(name));
  if (planted.length > 0) return refuse(`${same(got)} carries ${planted.join(', ')} in its query (only the app writes them)`);
  if (!keepsEveryPair(got, want)) return refuse(`${same(got)} does not keep the query of the token's`);
  if (got.hash !== want.hash) return refuse(`${same(got)} has another fragment than the token's`);
  return { target: answered };
}
