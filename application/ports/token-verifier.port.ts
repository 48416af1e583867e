import type { TokenVerificationError } from '../../domain/redirect-token';
import type { Result } from '../../domain/result';

export type { TokenVerificationError };

/** DESIGN §3.1: the redirect token is verified (ES256 against the bank's JWKS, and `exp`) before it is trusted. */
export interface TokenVerifier {
  /** The verified payload, not yet checked for the claims the flow needs (the domain does that). */
  verify(jwt: string): Promise<Result<unknown, TokenVerificationError>>;
}
export const TOKEN_VERIFIER = Symbol('TokenVerifier');
