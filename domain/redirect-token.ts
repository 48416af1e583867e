import { err, ok, type Result } from './result';
import { isRecord } from './is-record';

/** Spec §3 "Token", CONTRACT §1: the claims the app relies on; `iat`, `iss`, `aud` are the verifier's business. */
export interface RedirectTokenClaims {
  readonly tppName: string;
  readonly orgName: string;
  /** Where cancel and error returns go; check it with {@link isFollowableRedirectUri} before following. */
  readonly redirectUri: string;
  /** Echoed on every return; any string, including the empty string. */
  readonly state: string;
  readonly brand: string;
  readonly standard: string;
  readonly consentType: string;
  readonly consentSubType: string;
  /** `AwaitingAuthorisation` or `Authorised` (refresh flow); other values are kept as they are. */
  readonly consentStatus: string;
  /** Seconds since the epoch (as `exp`): the start of the sharing period. */
  readonly consentCreationDate?: number;
  readonly exp: number;
  /** RFC 7519 §4.1.7: the token's id; issue 35 item 1: the flow's id in the flow event (absent: no event). */
  readonly jti?: string;
}

/** The decoded token with the flags the spec derives from it (spec §3 "Token"). */
export interface RedirectToken extends RedirectTokenClaims {
  readonly standingOrder: boolean;
  readonly scheduledPayment: boolean;
  readonly fundsConfirmation: boolean;
  readonly isPaymentInternational: boolean;
  readonly refreshFlow: boolean;
}

/** DESIGN §3.1: why the verifier did not accept a redirect token (signature, key or expiry), or could not check it. */
export type TokenVerificationError =
  | { readonly kind: 'malformed' }
  | { readonly kind: 'badSignature' }
  | { readonly kind: 'unknownKey' }
  | { readonly kind: 'expired' }
  /** The bank's keys could not be fetched (network, 5xx): the token is neither good nor bad yet. */
  | { readonly kind: 'keysUnavailable'; readonly detail: string };

export type TokenClaimsError =
  | { readonly kind: 'notAnObject' }
  | { readonly kind: 'missingClaim'; readonly claim: keyof RedirectTokenClaims }
  | { readonly kind: 'invalidClaim'; readonly claim: keyof RedirectTokenClaims; readonly expected: 'string' | 'number' };

type StringClaim = 'tppName' | 'redirectUri' | 'state' | 'brand' | 'standard' | 'consentType' | 'consentStatus';

const REQUIRED_STRING_CLAIMS: readonly StringClaim[] = ['tppName', 'redirectUri', 'state', 'brand', 'standard', 'consentType', 'consentStatus'];

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function readRequiredStrings(payload: Readonly<Record<string, unknown>>): Result<Record<StringClaim, string>, TokenClaimsError> {
  const entries: [StringClaim, string][] = [];
  for (const claim of REQUIRED_STRING_CLAIMS) {
    const value = payload[claim];
    if (value === undefined) return err({ kind: 'missingClaim', claim });
    if (typeof value !== 'string') return err({ kind: 'invalidClaim', claim, expected: 'string' });
    entries.push([claim, value]);
  }
  return ok(Object.fromEntries(entries) as Record<StringClaim, string>);
}

/**
 * Spec §3 "Token", CONTRACT §1: a verified JWT payload as a {@link RedirectToken}. A `null` optional
 * claim takes its default; a mistyped one is an error, as a mistyped required one is.
 */
export function parseRedirectToken(payload: unknown): Result<RedirectToken, TokenClaimsError> {
  if (!isRecord(payload)) return err({ kind: 'notAnObject' });

  const strings = readRequiredStrings(payload);
  if (!strings.ok) return strings;
  const { tppName, redirectUri, state, brand, standard, consentType, consentStatus } = strings.value;

  const exp = payload['exp'];
  if (exp === undefined) return err({ kind: 'missingClaim', claim: 'exp' });
  if (!isFiniteNumber(exp)) return err({ kind: 'invalidClaim', claim: 'exp', expected: 'number' });

  const orgName = payload['orgName'] ?? '';
  if (typeof orgName !== 'string') return err({ kind: 'invalidClaim', claim: 'orgName', expected: 'string' });
  const consentSubType = payload['consentSubType'] ?? '';
  if (typeof consentSubType !== 'string') {
    return err({ kind: 'invalidClaim', claim: 'consentSubType', expected: 'string' });
  }
  const consentCreationDate = payload['consentCreationDate'] ?? undefined;
  if (consentCreationDate !== undefined && !isFiniteNumber(consentCreationDate)) {
    return err({ kind: 'invalidClaim', claim: 'consentCreationDate', expected: 'number' });
  }

  const jti = payload['jti'] ?? undefined;
  if (jti !== undefined && typeof jti !== 'string') return err({ kind: 'invalidClaim', claim: 'jti', expected: 'string' });

  const claims: RedirectTokenClaims = {
    tppName,
    orgName,
    redirectUri,
    state,
    brand: brand.toLowerCase(),
    standard,
    consentType,
    consentSubType,
    consentStatus,
    exp,
    ...(consentCreationDate === undefined ? {} : { consentCreationDate }),
    ...(jti === undefined ? {} : { jti }),
  };
  return ok({
    ...claims,
    standingOrder: consentSubType.includes('StandingOrder'),
    scheduledPayment: consentSubType.includes('ScheduledPayment'),
    fundsConfirmation: consentSubType.includes('FundsConfirmation'),
    isPaymentInternational: consentSubType.includes('International'),
    refreshFlow: consentStatus === 'Authorised',
  });
}

/** Spec §2 "Routes", CONTRACT §1: the consent flow's route name, `${brand}_${standard}_${consentType}` in lower case. */
export function flowRouteName(token: Pick<RedirectTokenClaims, 'brand' | 'standard' | 'consentType'>): string {
  return `${token.brand}_${token.standard}_${token.consentType}`.toLowerCase();
}

/** Spec §2 "Routes": the consent flow's route of a configured brand, `{product}_accc_aisp`. */
export const brandFlowRoute = (brand: string): string => flowRouteName({ brand, standard: 'accc', consentType: 'aisp' });

/** DESIGN §3.1, spec §4 "Token expiry timer": a token is usable strictly before its `exp`. */
export function isTokenExpired(token: Pick<RedirectTokenClaims, 'exp'>, nowMs: number): boolean {
  return nowMs >= token.exp * 1000;
}

const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1'];

/**
 * CONTRACT §1, §6, DESIGN §3.1, §3.12: `https:`, or loopback `http:` outside production; never
 * anything else, even signed, nor a username or password (`https://tpp.example:pw@evil.example/`
 * reads as one host and goes to another).
 */
export function isFollowableRedirectUri(uri: string, production: boolean): boolean {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  if (url.hostname === '' || url.username !== '' || url.password !== '') return false;
  if (url.protocol === 'https:') return true;
  if (url.protocol === 'http:') return !production && LOOPBACK_HOSTS.includes(url.hostname);
  return false;
}
