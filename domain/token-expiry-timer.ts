import { assertNever } from './result';

/** Spec §4 "Token expiry timer", §9, DESIGN §3.5: a pure function of `exp` (seconds) and now (ms), on deadlines. */

/** Spec §9: token expiry setting, 10 seconds. */
export const TOKEN_EXPIRY_WARNING_SECONDS = 10;
/** Spec §4, §9: redirect this long after the modal when the timer cannot be set. */
export const FALLBACK_REDIRECT_MS = 10000;
/** Spec §4, §9: countdown tick, 1000 ms. */
export const COUNTDOWN_TICK_MS = 1000;

export type TokenExpiryLevel = 'none' | 'warning' | 'final';

/** What to do with the token expiry timer at start (spec §4). */
export type TokenExpiryPlan = { readonly kind: 'start'; readonly expMs: number } | { readonly kind: 'alreadyExpired' } | { readonly kind: 'cannotSet' };

function assertFinite(name: string, value: number): void {
  if (!Number.isFinite(value)) throw new RangeError(`${name} must be a finite number, got ${value}`);
}

/** Spec §4 token expiry levels. */
export function tokenExpiryLevel(expSeconds: number, nowMs: number): TokenExpiryLevel {
  assertFinite('expSeconds', expSeconds);
  assertFinite('nowMs', nowMs);
  const remainingMs = expSeconds * 1000 - nowMs;
  if (remainingMs <= 0) return 'final';
  if (remainingMs <= TOKEN_EXPIRY_WARNING_SECONDS * 1000) return 'warning';
  return 'none';
}

/** DESIGN §3.5: when the level next changes; `undefined` once 'final'. */
export function tokenExpiryNextDeadlineMs(expSeconds: number, nowMs: number): number | undefined {
  const level = tokenExpiryLevel(expSeconds, nowMs);
  switch (level) {
    case 'none':
      return expSeconds * 1000 - TOKEN_EXPIRY_WARNING_SECONDS * 1000;
    case 'warning':
      return expSeconds * 1000;
    case 'final':
      return undefined;
    default:
      return assertNever(level);
  }
}

/** Spec §4: the token expiry timer is not started if the token is already past its `exp`. */
export function shouldStartTokenExpiryTimer(expSeconds: number, nowMs: number): boolean {
  return tokenExpiryLevel(expSeconds, nowMs) !== 'final';
}

/**
 * Spec §4: the start decision for a raw `exp`; 'cannotSet' also when no clock can hold its
 * deadline (beyond Number.MAX_SAFE_INTEGER ms).
 */
export function planTokenExpiryTimer(exp: unknown, nowMs: number): TokenExpiryPlan {
  if (typeof exp !== 'number' || !Number.isFinite(exp) || exp <= 0 || exp * 1000 > Number.MAX_SAFE_INTEGER) return { kind: 'cannotSet' };
  return shouldStartTokenExpiryTimer(exp, nowMs) ? { kind: 'start', expMs: exp * 1000 } : { kind: 'alreadyExpired' };
}
