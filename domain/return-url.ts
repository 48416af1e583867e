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
  return ok(url);
}

/**
 * `application/x-www-form-urlencoded` serialisation, with spaces as `%20` (as CONTRACT §6 shows
 * `Authentication%20failure`). URLSearchParams writes a space as `+` and a literal `+` as `%2B`,
 * so every `+` in its output is a space and the swap is exact; both form decoders and
 * `decodeURIComponent` read the result back to the same values. URLSearchParams also never
 * throws (a lone surrogate becomes U+FFFD), unlike `encodeURIComponent`.
 */
function encodeParams(params: readonly Param[]): string {
  return new URLSearchParams(params.map(([name, value]) => [name, value])).toString().replaceAll('+', '%20');
}

const present = (value: string | undefined): value is string => value !== undefined && value !== '';

/**
 * Appends `params` to the query of `url`, keeping the existing query as it was written except
 * for pairs whose names we set (so the third party never reads a stale `state` or `error`).
 */
function withQuery(url: URL, params: readonly Param[]): ReturnUrl {
  const ours = new Set(params.map(([name]) => name));
  const kept = url.search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '' && !hasOneOfNames(pair, ours));
  const result = new URL(url.href);
  // A leading '?' would be dropped by the setter (and by URLSearchParams): both get a separator first.
  result.search = `?${[...kept, encodeParams(params)].join('&')}`;
  return result.href as ReturnUrl;
}

const hasOneOfNames = (pair: string, names: ReadonlySet<string>): boolean => {
  const [name] = new URLSearchParams(`&${pair}`).keys();
  return name !== undefined && names.has(name);
};

/**
 * CONTRACT §6, DESIGN §3.2, spec §4 "Button behaviours": the return for cancel, reject, timeout
 * and return-only modals: `target?error=access_denied&respCode=401&respMessage=Authentication%20failure&state=…`.
 * The existing query of the target is kept, values are URL-encoded, `state` is echoed exactly
 * and left out when undefined (an empty state is echoed as `state=`). A target that is not an
 * absolute http(s) URL gives an error, never a URL.
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
 * CONTRACT §6, spec §4 "Success": the return after a confirmed consent, to the answer's
 * `redirect_uri` or, when it has none, `fallbackRedirectUri` (the token's `redirectUri`).
 * - `auth_code` present: `redirect_uri#code=…&state=…&id_token=…` (the fragment replaces any
 *   fragment of the target; `state` and `id_token` only when the answer has them);
 * - otherwise `response` present: `redirect_uri?response=…`, existing query kept;
 * - neither: `noAuthorisationResult`. A target that is not http(s) gives `notHttpUrl`.
 * Empty strings count as absent.
 */
export function successReturnUrl(
  answer: ConfirmationAnswer,
  fallbackRedirectUri: string,
): Result<ReturnUrl, ReturnUrlError> {
  const target = present(answer.redirect_uri) ? answer.redirect_uri : fallbackRedirectUri;
  const url = parseHttpUrl(target);
  if (!url.ok) return url;

  if (present(answer.auth_code)) {
    const params: Param[] = [['code', answer.auth_code]];
    if (answer.state !== undefined) params.push(['state', answer.state]);
    if (present(answer.id_token)) params.push(['id_token', answer.id_token]);
    const result = new URL(url.value.href);
    result.hash = encodeParams(params);
    return ok(result.href as ReturnUrl);
  }
  if (present(answer.response)) return ok(withQuery(url.value, [['response', answer.response]]));
  return err({ kind: 'noAuthorisationResult' });
}

/**
 * DESIGN §3.1, §3.2, spec §2 "Failure page": an address followed as it is (the failure page's
 * Go Back to the token's redirect address, Leave Page to the bank's public site), once checked
 * to be an absolute http(s) URL.
 */
export function plainReturnUrl(target: string): Result<ReturnUrl, ReturnUrlError> {
  const url = parseHttpUrl(target);
  return url.ok ? ok(url.value.href as ReturnUrl) : url;
}

/**
 * DESIGN §3.12 "The bank's return address must match the verified token": a `redirect_uri`
 * from a bank answer is followed only when its scheme, host, port and path equal those of the
 * token's `redirectUri` (its query may differ); otherwise the token's address is used, and the
 * reason is given for the logs. One check for every path to the exit.
 */
export function returnTarget(answered: string | undefined, tokenRedirectUri: string): { readonly target: string; readonly refused?: string } {
  if (!present(answered)) return { target: tokenRedirectUri };
  const candidate = parseHttpUrl(answered);
  const expected = parseHttpUrl(tokenRedirectUri);
  if (!candidate.ok || !expected.ok) return { target: tokenRedirectUri, refused: `the bank's redirect_uri ${answered.slice(0, 200)} is not an http(s) URL` };
  const same = (url: URL): string => `${url.protocol}//${url.host}${url.pathname}`;
  if (same(candidate.value) !== same(expected.value)) {
    return { target: tokenRedirectUri, refused: `the bank's redirect_uri ${same(candidate.value)} is not the token's ${same(expected.value)}` };
  }
  return { target: answered };
}
