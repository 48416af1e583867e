// The HTTP response headers of DESIGN §4, in one place: the sandbox bank sends them and the
// production nginx configuration is checked against the same values.

/** DESIGN §4: the Content-Security-Policy of every HTML response (no inline script, no framing). */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

/** DESIGN §4: the features the consent app never uses, all denied. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
  'interest-cohort=()',
].join(', ');

/** DESIGN §4: security headers sent on every HTML response (and harmless on every other one). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': PERMISSIONS_POLICY,
};

/** DESIGN §4: HTML, configuration and API answers are never cached. */
export const NO_STORE_CACHE_CONTROL = 'no-store';

/** DESIGN §4: content-hashed files under /assets/ never change, so they are cached for a year. */
export const IMMUTABLE_ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The path prefix of the build's content-hashed files. */
export const HASHED_ASSETS_PREFIX = '/assets/';

/**
 * DESIGN §4: the Cache-Control value of an answer: immutable for a hashed asset that was found
 * (200, or 304 for a revalidation), no-store for everything else (HTML, configuration, API answers, errors).
 */
export const cacheControlFor = (path: string, status: number): string =>
  (status === 200 || status === 304) && path.startsWith(HASHED_ASSETS_PREFIX) ? IMMUTABLE_ASSET_CACHE_CONTROL : NO_STORE_CACHE_CONTROL;
