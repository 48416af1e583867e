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

/**
 * SCENARIOS "two brands", CONTRACT §2 brand objects: the sandbox runs two brands with their own
 * name, legal name, logo (served at /brand/, adapters/sandbox-bank/brand-assets/) and colour.
 */
export const SANDBOX_BRANDS = [
  { id: 'demo', displayName: 'Demo Bank', legalName: 'Demo Bank Australia Limited', logoUrl: '/brand/demo.svg', primaryColour: '#0b4f8a' },
  { id: 'coastal', displayName: 'Coastal Bank', legalName: 'Coastal Bank Australia Limited', logoUrl: '/brand/coastal.svg', primaryColour: '#00695c' },
] as const;

/** The brand ids the simulator can start a consent for. */
export const SANDBOX_BRAND_IDS: readonly string[] = SANDBOX_BRANDS.map((brand) => brand.id);

/** CONTRACT §2: the sandbox's config.json (same-origin API and JWKS, two brands, its own CSP report collector). */
export function sandboxConfig(inactivity: InactivitySettings = DEFAULT_INACTIVITY): Record<string, unknown> {
  return {
    env: 'sandbox',
    production: false,
    apiBaseUrl: '',
    jwksUri: '/.well-known/jwks.json',
    brands: SANDBOX_BRANDS,
    inactiveTimeLimit: inactivity.inactiveTimeLimit,
    inactiveReciprocalWarnTime: inactivity.inactiveReciprocalWarnTime,
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
