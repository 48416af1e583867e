// The sandbox bank's ES256 signing key: generated on first start, kept in the data folder, and
// published (public half only) as the JWKS the consent app verifies tokens with (DESIGN §3.1).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';

/** The signing key pair and its public JWKS. */
export interface SigningKeys {
  readonly kid: string;
  readonly privateKey: CryptoKey;
  readonly publicKey: CryptoKey;
  /** CONTRACT §1: what `/.well-known/jwks.json` answers. */
  readonly jwks: { readonly keys: readonly JWK[] };
}

/** The file, inside the data folder, that keeps the private key. */
const SIGNING_KEY_FILE = 'signing-key.jwk.json';

const isEcPrivateJwk = (value: unknown): value is JWK =>
  typeof value === 'object' && value !== null && (value as JWK).kty === 'EC' && (value as JWK).crv === 'P-256' && typeof (value as JWK).d === 'string';

async function keysFrom(privateJwk: JWK): Promise<SigningKeys> {
  const { kty, crv, x, y } = privateJwk;
  if (kty === undefined || crv === undefined || x === undefined || y === undefined) throw new Error('The signing key is not an EC key.');
  const publicJwk: JWK = { kty, crv, x, y };
  const kid = await calculateJwkThumbprint(publicJwk);
  const privateKey = (await importJWK(privateJwk, 'ES256')) as CryptoKey;
  const publicKey = (await importJWK(publicJwk, 'ES256')) as CryptoKey;
  const published: JWK = { ...publicJwk, kid, alg: 'ES256', use: 'sig' };
  return { kid, privateKey, publicKey, jwks: { keys: [published] } };
}

/**
 * DESIGN §5: loads the sandbox's ES256 key from `<dataDir>/signing-key.jwk.json`, or generates
 * and saves one (readable by the owner only) on first start.
 */
export async function loadOrCreateSigningKeys(dataDir: string): Promise<SigningKeys> {
  const file = path.join(dataDir, SIGNING_KEY_FILE);
  if (existsSync(file)) {
    const stored: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (!isEcPrivateJwk(stored)) throw new Error(`${file} does not hold an ES256 private key; delete it to make a new one.`);
    return keysFrom(stored);
  }
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const privateJwk = await exportJWK(privateKey);
  writeFileSync(file, JSON.stringify(privateJwk), { mode: 0o600 });
  return keysFrom(privateJwk);
}
