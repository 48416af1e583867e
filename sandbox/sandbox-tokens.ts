// The tokens the sandbox signs: the redirectJwt (CONTRACT §1), the id_token and the JARM
// response of a confirmation; and the bearer check of every customer-auth call.
import { createHash, randomBytes } from 'node:crypto';
import { base64url, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { err, ok, type Result } from './result';
import type { SigningKeys } from './signing-keys';

/** The client id the recipient simulator is known by (the `aud` of the id_token). */
const RECIPIENT_CLIENT_ID = 'sandbox-recipient';
/** CONTRACT §1: the brand of a token unless the simulator asks for another (route `demo_accc_aisp`). */
export const SANDBOX_BRAND = 'Demo';

/** The claims of a redirectJwt that vary per request (CONTRACT §1). */
export interface RedirectClaims {
  readonly tppName: string;
  readonly orgName: string;
  readonly redirectUri: string;
  readonly state: string;
  readonly consentStatus: 'AwaitingAuthorisation' | 'Authorised';
  readonly consentCreationDate: number;
  /** CONTRACT §1 `brand`: one of the sandbox's brands (SCENARIOS: the simulator can start a consent for either). */
  readonly brand?: string;
}

/** A random, URL-safe identifier with the given number of random bytes. */
export const randomId = (bytes = 16): string => base64url.encode(randomBytes(bytes));

/** OIDC c_hash / s_hash: base64url of the left half of the SHA-256 of the value. */
export const halfHash = (value: string): string => base64url.encode(createHash('sha256').update(value).digest().subarray(0, 16));

/** Signs and verifies the sandbox's tokens with its ES256 key; `issuer` is the sandbox's origin. */
export class SandboxTokens {
  constructor(
    private readonly keys: SigningKeys,
    private readonly issuer: () => string,
    private readonly nowMs: () => number,
  ) {}

  /** The audience of redirect tokens: the customer-auth API that accepts them as bearer. */
  get redirectAudience(): string {
    return `${this.issuer()}/customer-auth`;
  }

  private nowSeconds(): number {
    return Math.floor(this.nowMs() / 1000);
  }

  private sign(payload: JWTPayload, typ: string): Promise<string> {
    return new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid: this.keys.kid, typ }).sign(this.keys.privateKey);
  }

  /** CONTRACT §1: signs a redirectJwt carrying every claim; returns the token and its `jti`. */
  async signRedirectToken(claims: RedirectClaims, lifetimeSeconds: number): Promise<{ token: string; jti: string; expiresAtMs: number }> {
    const iat = this.nowSeconds();
    const jti = randomId();
    const exp = iat + lifetimeSeconds;
    const token = await this.sign(
      {
        brand: SANDBOX_BRAND,
        ...claims,
        standard: 'accc',
        consentType: 'aisp',
        consentSubType: '',
        iss: this.issuer(),
        aud: this.redirectAudience,
        iat,
        exp,
        jti,
      },
      'JWT',
    );
    return { token, jti, expiresAtMs: exp * 1000 };
  }

  /**
   * CONTRACT §3: the bearer check of every call: a redirectJwt this sandbox signed (ES256, its
   * key), for this audience, not expired. Answers the token's `jti` and `exp` or a reason.
   * `graceSeconds` also accepts a token that expired that long ago, marked `expired` (the
   * confirmation replays a committed answer to it, and nothing else).
   */
  async verifyBearer(authorization: string | undefined, graceSeconds = 0): Promise<Result<{ jti: string; expMs: number; expired: boolean }, string>> {
    // RFC 9110 §11.1: the scheme is case-insensitive (Bearer, bearer, BEARER).
    const match = /^bearer +([A-Za-z0-9_.-]{1,8192})$/i.exec(authorization ?? '');
    if (match?.[1] === undefined) return err('A bearer token is required: Authorization: Bearer <redirectJwt>.');
    try {
      const { payload } = await jwtVerify(match[1], this.keys.publicKey, {
        algorithms: ['ES256'],
        issuer: this.issuer(),
        audience: this.redirectAudience,
        currentDate: new Date(this.nowMs()),
        requiredClaims: ['exp', 'jti'],
        ...(graceSeconds > 0 ? { clockTolerance: graceSeconds } : {}),
      });
      if (typeof payload.jti !== 'string' || typeof payload.exp !== 'number') return err('The token has no jti or exp.');
      const expMs = payload.exp * 1000;
      return ok({ jti: payload.jti, expMs, expired: expMs <= this.nowMs() });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      return err(code === 'ERR_JWT_EXPIRED' ? 'The token has expired.' : 'The token is not a valid token signed by this bank.');
    }
  }

  /** The id_token of a confirmation: who authorised and which arrangement (CDR: cdr_arrangement_id). */
  signIdToken(claims: { sub: string; code: string; state: string; arrangementId: string; sharingExpiresAt: number }): Promise<string> {
    const iat = this.nowSeconds();
    return this.sign(
      {
        iss: this.issuer(),
        aud: RECIPIENT_CLIENT_ID,
        sub: claims.sub,
        iat,
        exp: iat + 600,
        auth_time: iat,
        acr: 'urn:cds.au:cdr:2',
        cdr_arrangement_id: claims.arrangementId,
        sharing_expires_at: claims.sharingExpiresAt,
        c_hash: halfHash(claims.code),
        s_hash: halfHash(claims.state),
      },
      'JWT',
    );
  }

  /** The JARM response of a confirmation (code and state in a signed JWT). */
  signJarmResponse(claims: { code: string; state: string }): Promise<string> {
    const iat = this.nowSeconds();
    return this.sign({ iss: this.issuer(), aud: RECIPIENT_CLIENT_ID, iat, exp: iat + 600, code: claims.code, state: claims.state }, 'JWT');
  }

  /** Verifies a token this sandbox signed for the recipient simulator and answers its claims, or a reason. */
  async verifyForRecipient(token: string): Promise<Result<JWTPayload, string>> {
    try {
      const { payload } = await jwtVerify(token, this.keys.publicKey, {
        algorithms: ['ES256'],
        issuer: this.issuer(),
        audience: RECIPIENT_CLIENT_ID,
        currentDate: new Date(this.nowMs()),
      });
      return ok(payload);
    } catch (error) {
      return err(error instanceof Error ? error.message : 'The token could not be verified.');
    }
  }
}
