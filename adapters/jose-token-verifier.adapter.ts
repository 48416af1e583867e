import { inject, injectable, optional } from 'inversify';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { err, ok, type Result } from '../domain/result';
import { CLOCK, type Clock } from '../application/ports/clock.port';
import { RUNTIME_CONFIG } from '../application/ports/runtime-config.port';
import type { TokenVerificationError, TokenVerifier } from '../application/ports/token-verifier.port';
import type { RuntimeConfig } from '../application/runtime-config';
import { fetchCall, parseJsonBody } from './fetch-call';
import { FETCH, HTTP_CALL_OPTIONS, type FetchFunction, type HttpCallOptions } from './fetch.token';
import { LOCATION, type LocationLike } from './location.token';

type KeyLookup = ReturnType<typeof createLocalJWKSet>;

const codeOf = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string' ? (error as { code: string }).code : undefined;

/**
 * DESIGN §3.1: why jose refused a token, by jose's error codes (no error classes imported, so
 * the bundle keeps only what verification needs).
 */
function verificationError(error: unknown): TokenVerificationError {
  switch (codeOf(error)) {
    case 'ERR_JWKS_NO_MATCHING_KEY':
    case 'ERR_JWKS_MULTIPLE_MATCHING_KEYS':
      return { kind: 'unknownKey' };
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
    case 'ERR_JOSE_ALG_NOT_ALLOWED':
      return { kind: 'badSignature' };
    case 'ERR_JWT_EXPIRED':
      return { kind: 'expired' };
    default:
      return { kind: 'malformed' };
  }
}

/**
 * DESIGN §3.1 "The token is verified before it is trusted": ES256 only (`none` and HS256 are a bad
 * signature), `exp` with no tolerance. The JWKS is fetched as every GET is (DESIGN §3.4) and kept
 * once read; one that cannot be read is `keysUnavailable`, never `unknownKey` (issue 11: a key
 * outage is not a forged token; a later verification fetches it again).
 */
@injectable()
export class JoseTokenVerifier implements TokenVerifier {
  private readonly config: RuntimeConfig;
  private readonly clock: Clock;
  private readonly fetchFn: FetchFunction;
  private readonly location: Pick<LocationLike, 'href'> | undefined;
  private readonly httpOptions: HttpCallOptions | undefined;
  private keys: KeyLookup | undefined;

  constructor(
    @inject(RUNTIME_CONFIG) config: RuntimeConfig,
    @inject(CLOCK) clock: Clock,
    @inject(FETCH) fetchFn: FetchFunction,
    @inject(LOCATION) @optional() location?: Pick<LocationLike, 'href'>,
    @inject(HTTP_CALL_OPTIONS) @optional() httpOptions?: HttpCallOptions,
  ) {
    this.config = config;
    this.clock = clock;
    this.fetchFn = fetchFn;
    this.location = location ?? globalThis.location;
    this.httpOptions = httpOptions;
  }

  /** DESIGN §3.1: the verified payload, or why the token is not to be trusted. */
  async verify(jwt: string): Promise<Result<unknown, TokenVerificationError>> {
    const keys = await this.keyLookup();
    if (!keys.ok) return err({ kind: 'keysUnavailable', detail: keys.error });
    try {
      const { payload } = await jwtVerify(jwt, keys.value, {
        algorithms: ['ES256'],
        currentDate: new Date(this.clock.now()),
        clockTolerance: 0,
      });
      return ok(payload);
    } catch (error) {
      return err(verificationError(error));
    }
  }

  private async keyLookup(): Promise<Result<KeyLookup, string>> {
    if (this.keys !== undefined) return ok(this.keys);
    let url: string;
    try {
      url = new URL(this.config.jwksUri, this.location?.href).href;
    } catch {
      return err(`jwksUri ${this.config.jwksUri} is not a URL`);
    }
    // Issue 15 item 2: as the entry page's `<link rel="preload" as="fetch" crossorigin>`
    // (esbuild.config.mjs `keysPreloadHref`), so that the preloaded answer is the one read.
    const outcome = await fetchCall(this.fetchFn, { method: 'GET', url, headers: { Accept: 'application/json' }, cache: 'default' }, this.httpOptions);
    if (outcome.kind === 'timedOut') return err(`${url}: no answer in time`);
    if (outcome.kind === 'noAnswer') return err(`${url}: ${outcome.detail}`);
    if (outcome.status < 200 || outcome.status > 299) return err(`${url}: HTTP ${outcome.status}`);
    const parsed = parseJsonBody(outcome.body);
    if (parsed === undefined || 'invalid' in parsed) return err(`${url}: the answer is not JSON`);
    try {
      this.keys = createLocalJWKSet(parsed.json as Parameters<typeof createLocalJWKSet>[0]);
    } catch (error) {
      return err(`${url}: not a key set (${error instanceof Error ? error.message : String(error)})`);
    }
    return ok(this.keys);
  }
}
