import type { Result } from '../../domain/result';

/** Why a redirect token was not accepted (DESIGN §3.1). */
export type TokenVerificationError =
  | { readonly kind: 'malformed' }
  | { readonly kind: 'badSignature' }
  | { readonly kind: 'unknownKey' }
  | { readonly kind: 'expired' }
  | { readonly kind: 'keysUnavailable'; readonly detail: string };

/** DESIGN §3.1: the redirect token is verified (ES256 against the bank's JWKS, and `exp`) before it is trusted. */
export interface TokenVerifier {
  /** The verified payload, not yet checked for the claims the flow needs (the domain does that). */
  verify(jwt: string): Promise<Result<unknown, TokenVerificationError>>;
}
export const TOKEN_VERIFIER = Symbol('TokenVerifier');
