import { inject, injectable, optional } from 'inversify';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { err, ok, type Result } from '../domain/result';
import { CLOCK, type Clock } from '../application/ports/clock.port';
import { RUNTIME_CONFIG } from '../application/ports/runtime-config.port';
import type { TokenVerificationError, TokenVerifier } from '../application/ports/token-verifier.port';
import type { RuntimeConfig } from '../application/runtime-config';
import { LOCATION, type LocationLike } from './location.token';

type KeyLookup = ReturnType<typeof createRemoteJWKSet>;

/** Marks a failure to get the bank's keys (as opposed to a token whose key is not among them). */
class KeysUnavailable extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'KeysUnavailable';
  }
}

const describe = (error: unknown): string => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

const codeOf = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
    ? (error as { code: string }).code
    : undefined;

/**
 * DESIGN §3.1: why jose refused a token, by jose's error codes (no error classes imported, so
 * the bundle keeps only what verification needs).
 */
function verificationError(error: unknown): TokenVerificationError {
  if (error instanceof KeysUnavailable) return { kind: 'keysUnavailable', detail: error.detail };
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
 * DESIGN §3.1 "The token is verified before it is trusted": the redirect token is checked with
 * `jose` on WebCrypto: ES256 only (so `none`, HS256 and every other algorithm are a bad
 * signature), the key chosen by `kid` from the bank's JWKS (`config.jwksUri`, resolved against
 * the page), `exp` against the injected clock with no tolerance. The JWKS is fetched once and
 * cached by jose (and fetched again only for an unknown `kid`, at most every 30 s). A JWKS that
 * cannot be fetched or read is `keysUnavailable`, never `unknownKey`.
 */
@injectable()
export class JoseTokenVerifier implements TokenVerifier {
  private readonly config: RuntimeConfig;
  private readonly clock: Clock;
  private readonly location: Pick<LocationLike, 'href'> | undefined;
  private keys: KeyLookup | undefined;

  constructor(
    @inject(RUNTIME_CONFIG) config: RuntimeConfig,
    @inject(CLOCK) clock: Clock,
    @inject(LOCATION) @optional() location?: Pick<LocationLike, 'href'>,
  ) {
    this.config = config;
    this.clock = clock;
    this.location = location ?? globalThis.location;
  }

  /** DESIGN §3.1: the verified payload, or why the token is not to be trusted. */
  async verify(jwt: string): Promise<Result<unknown, TokenVerificationError>> {
    const keys = this.keyLookup();
    if (!keys.ok) return err({ kind: 'keysUnavailable', detail: keys.error });
    const lookup = keys.value;
    try {
      const { payload } = await jwtVerify(
        jwt,
        async (header, token) => {
          try {
            return await lookup(header, token);
          } catch (error) {
            const code = codeOf(error);
            if (code === 'ERR_JWKS_NO_MATCHING_KEY' || code === 'ERR_JWKS_MULTIPLE_MATCHING_KEYS' || code === 'ERR_JOSE_NOT_SUPPORTED') throw error;
            throw new KeysUnavailable(describe(error));
          }
        },
        { algorithms: ['ES256'], currentDate: new Date(this.clock.now()), clockTolerance: 0 },
      );
      return ok(payload);
    } catch (error) {
      return err(verificationError(error));
    }
  }

  private keyLookup(): Result<KeyLookup, string> {
    if (this.keys !== undefined) return ok(this.keys);
    let url: URL;
    try {
      url = new URL(this.config.jwksUri, this.location?.href);
    } catch {
      return err(`jwksUri ${this.config.jwksUri} is not a URL`);
    }
    this.keys = createRemoteJWKSet(url);
    return ok(this.keys);
  }
}
