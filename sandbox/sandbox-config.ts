// The runtime configuration the sandbox serves at /config/config.json (CONTRACT §2).
import { CSP_REPORT_PATH } from './csp-reports.routes';

/** Inactivity settings a browser test may shorten (seconds). */
export interface InactivitySettings {
  readonly inactiveTimeLimit: number;
  readonly inactiveReciprocalWarnTime: number;
}

/** CONTRACT §2 defaults: 5 minutes of inactivity, warning for the last minute. */
export const DEFAULT_INACTIVITY: InactivitySettings = { inactiveTimeLimit: 300, inactiveReciprocalWarnTime: 60 };

const SITE = 'https://www.bank.example';

/** CONTRACT §2 `otpExpirySeconds`: the secure code's lifetime the sandbox states (2 minutes). */
const SANDBOX_OTP_EXPIRY_SECONDS = 120;

/**
 * SCENARIOS "two brands", CONTRACT §2 brand objects: the sandbox runs two brands with their own
 * name, legal name, logo (served at /brand/, sandbox/brand-assets/) and colour.
 */
export const SANDBOX_BRANDS = [
  { id: 'demo', displayName: 'Demo Bank', legalName: 'Demo Bank Australia Limited', logoUrl: '/brand/demo.svg', primaryColour: '#0b4f8a' },
  { id: 'coastal', displayName: 'Coastal Bank', legalName: 'Coastal Bank Australia Limited', logoUrl: '/brand/coastal.svg', primaryColour: '#00695c' },
] as const;

/** The brand ids the simulator can start a consent for. */
export const SANDBOX_BRAND_IDS: readonly string[] = SANDBOX_BRANDS.map((brand) => brand.id);

/**
 * CONTRACT §2 `cx` (issue 22): the CX standards' switches the sandbox turns on (none by
 * default: the standards win), for a look at, or a test of, what a bank's legal team may decide.
 */
export type SandboxCxSwitches = Readonly<Record<string, boolean>>;

/** CONTRACT §2: the sandbox's config.json (same-origin API and JWKS, two brands, its own CSP report collector). */
export function sandboxConfig(inactivity: InactivitySettings = DEFAULT_INACTIVITY, cx: SandboxCxSwitches = {}): Record<string, unknown> {
  return {
    ...(Object.keys(cx).length === 0 ? {} : { cx }),
    env: 'sandbox',
    production: false,
    apiBaseUrl: '',
    jwksUri: '/.well-known/jwks.json',
    brands: SANDBOX_BRANDS,
    inactiveTimeLimit: inactivity.inactiveTimeLimit,
    inactiveReciprocalWarnTime: inactivity.inactiveReciprocalWarnTime,
    // CONTRACT §2, issue 22: how long the sandbox's secure code is said to last (its code never expires: it is always 123456).
    otpExpirySeconds: SANDBOX_OTP_EXPIRY_SECONDS,
    useTealiumUtag: false,
    tealiumUtagUrl: '',
    publicSiteUrl: SITE,
    cspReportUri: CSP_REPORT_PATH,
    links: {
      siteTerms: `${SITE}/terms`,
      hyperlink: `${SITE}/hyperlink-policy`,
      cookie: `${SITE}/cookies`,
      legal: `${SITE}/legal`,
      importantNotices: `${SITE}/important-notices`,
      cdrPolicy: `${SITE}/cdr-policy`,
      eligibility: `${SITE}/open-banking/eligibility`,
      secureKeyHelp: `${SITE}/secure-key`,
      contactUs: `${SITE}/contact-us`,
    },
  };
}
