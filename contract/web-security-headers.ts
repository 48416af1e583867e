// The HTTP response headers of DESIGN §4, in one place: the sandbox bank sends them and the
// build writes the production nginx configuration from the same values.
import { createHash } from 'node:crypto';

/** A CSP Level 2 hash source for an inline script or stylesheet (`'sha256-…'`). */
const hashSource = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The entry page's inline blocks, as CSP hash sources: its script (issue 15) and its stylesheet
 * (issue 20: the first screen's CSS, inline so the form paints without another round trip).
 */
export interface InlineSources {
  readonly scripts: readonly string[];
  readonly styles: readonly string[];
}

/** A page with no inline block: `'self'` alone. */
export const NO_INLINE: InlineSources = { scripts: [], styles: [] };

/**
 * The hash sources of a built page's inline blocks: each `<script>` with no attribute (a
 * `<script type="application/json">` is data, never run, so not allowed) and each `<style>`.
 * The page is the build's own (esbuild.config.mjs `indexHtml`), which writes them so.
 */
export function inlineSourcesOf(html: string): InlineSources {
  const blocks = (tag: string): string[] => [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((match) => hashSource(match[1] ?? ''));
  return { scripts: blocks('script'), styles: blocks('style') };
}

/**
 * DESIGN §4: the Content-Security-Policy of every HTML response (no framing; no inline script or
 * style but the entry page's own, each allowed by its hash alone: issues 15 and 20).
 */
function basePolicy(inline: InlineSources): string {
  return [
    "default-src 'none'",
    ["script-src 'self'", ...inline.scripts].join(' '),
    ["style-src 'self'", ...inline.styles].join(' '),
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** DESIGN §4: the features the consent app never uses, all denied. */
const PERMISSIONS_POLICY = [
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

/** The Reporting API endpoint name the CSP's `report-to` names (defined by `Reporting-Endpoints`). */
const CSP_REPORT_GROUP = 'csp-endpoint';

/**
 * A report address that can stand in a CSP directive and in a quoted Reporting-Endpoints value:
 * an absolute http(s) URL, a path, or a `__PLACEHOLDER__`, with no space, quote, `;`, `,`, `\`,
 * `$` or control character.
 */
const isWritableReportUri = (uri: string): boolean => /^(https?:\/\/[^\s;,"'\\$]+|\/[^\s;,"'\\$]*|__[A-Z_]+__)$/.test(uri) && !/\p{Cc}/u.test(uri);

function checkedReportUri(uri: string): string {
  if (!isWritableReportUri(uri)) throw new Error(`The CSP report address cannot be written in a header: ${JSON.stringify(uri)}`);
  return uri;
}

/** Where CSP violation reports go (CONTRACT §2 `config.cspReportUri`), and how. */
export interface CspReporting {
  /** The report address: an https URL, or a path of the app's origin. */
  readonly uri: string;
  /**
   * Also `report-to` and `Reporting-Endpoints` (the Reporting API, application/reports+json).
   * Only for pages served over HTTPS: Chromium delivers Reporting API reports only from secure
   * pages, and a policy with `report-to` makes it ignore `report-uri`, so over plain HTTP it
   * would send no report at all (measured with Debian's Chromium 156).
   */
  readonly reportingApi: boolean;
}

/**
 * DESIGN §4, issue 12: the Content-Security-Policy, with `report-uri` (the legacy
 * application/csp-report) and, for HTTPS pages, `report-to` when the deployment has a report address.
 */
function contentSecurityPolicy(inline: InlineSources, reporting?: CspReporting): string {
  if (reporting === undefined) return basePolicy(inline);
  const reportTo = reporting.reportingApi ? `; report-to ${CSP_REPORT_GROUP}` : '';
  return `${basePolicy(inline)}; report-uri ${checkedReportUri(reporting.uri)}${reportTo}`;
}

/**
 * DESIGN §4, issue 12: the security headers of every answer (HTML, assets, API, errors), for the
 * entry page's inline blocks. With a
 * report address the CSP reports violations to it, and `Reporting-Endpoints` names it for
 * `report-to`. `Cross-Origin-Resource-Policy: same-origin`: no other site may embed or read any answer.
 */
export function securityHeaders(inline: InlineSources, reporting?: CspReporting): Readonly<Record<string, string>> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(inline, reporting),
    ...(reporting?.reportingApi === true ? { 'Reporting-Endpoints': `${CSP_REPORT_GROUP}="${checkedReportUri(reporting.uri)}"` } : {}),
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
  };
}

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
