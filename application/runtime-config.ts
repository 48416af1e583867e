import { parseBrands, type Brand } from '../domain/brand';
import { CX_STANDARD_DEFAULTS, parseCxSwitches, parseOtpExpirySeconds, type CxSwitches } from '../domain/cx-settings';
import { validateInactivityConfig } from '../domain/inactivity-timer';
import { isRecord } from '../domain/is-record';
import { err, ok, type Result } from '../domain/result';
import { isHttpUrl } from '../domain/http-url';

/** CONTRACT §2: the footer and help links the bank configures. */
export interface ConfigLinks {
  readonly siteTerms: string;
  readonly hyperlink: string;
  readonly cookie: string;
  readonly legal: string;
  readonly importantNotices: string;
  readonly cdrPolicy: string;
  readonly eligibility: string;
  readonly secureKeyHelp: string;
  readonly contactUs: string;
}

/** CONTRACT §2 / spec §3 "Config": the runtime configuration, `config/config.json`. */
export interface RuntimeConfig {
  readonly env: string;
  readonly production: boolean;
  readonly apiBaseUrl: string;
  readonly jwksUri: string;
  /** The configured brands' ids, lower case: each has the flow route `{brand}_accc_aisp` (spec §2). */
  readonly brands: readonly string[];
  /** DESIGN §3.14: each brand's name, legal name, logo and colours (neutral for a plain-string entry). */
  readonly brandDetails: readonly Brand[];
  /** Seconds of inactivity before the consent lapses. */
  readonly inactiveTimeLimit: number;
  /** Seconds before the lapse at which the timeout warning opens. */
  readonly inactiveReciprocalWarnTime: number;
  readonly useTealiumUtag: boolean;
  readonly tealiumUtagUrl: string;
  readonly publicSiteUrl: string;
  readonly links: ConfigLinks;
  /** CONTRACT §2, DESIGN §3.13: the failure page's text per authorize_failure `respCode` (optional). */
  readonly errorMessages: Readonly<Record<string, string>>;
  /** CONTRACT §2: where CSP violation reports go (optional; the served headers name it). */
  readonly cspReportUri: string | undefined;
  /** CONTRACT §2, issue 22 (CX standards, OTP expiry): the secure code's lifetime the bank enforces, in seconds. */
  readonly otpExpirySeconds: number;
  /** CONTRACT §2, issue 22: the bank's decisions against the CX standards' defaults (all off unless set). */
  readonly cx: CxSwitches;
}

/** Issue 22: what the login step shows that the configuration decides (the entry page carries it too). */
export interface LoginSettings {
  readonly otpExpirySeconds: number;
  readonly cx: CxSwitches;
}

/** CONTRACT §2 `otpExpirySeconds` and `cx`, every problem added to `problems`. */
function parseLoginSettings(raw: Readonly<Record<string, unknown>>, problems: string[]): LoginSettings {
  const expiry = parseOtpExpirySeconds(raw['otpExpirySeconds']);
  if (!expiry.ok) problems.push(expiry.error);
  const cx = parseCxSwitches(raw['cx']);
  if (!cx.ok) problems.push(...cx.error);
  return { otpExpirySeconds: expiry.ok ? expiry.value : 1, cx: cx.ok ? cx.value : CX_STANDARD_DEFAULTS };
}

const LINK_NAMES = ['siteTerms', 'hyperlink', 'cookie', 'legal', 'importantNotices', 'cdrPolicy', 'eligibility', 'secureKeyHelp', 'contactUs'] as const;

/** CONTRACT §2 `links`: each an absolute http(s) URL; every problem is added to `problems`. */
function parseLinks(raw: unknown, problems: string[]): ConfigLinks {
  const links = {} as Record<(typeof LINK_NAMES)[number], string>;
  for (const name of LINK_NAMES) {
    const value = isRecord(raw) ? raw[name] : undefined;
    if (typeof value !== 'string' || !isHttpUrl(value)) problems.push(`links.${name} must be an absolute http(s) URL`);
    links[name] = typeof value === 'string' ? value : '';
  }
  return links;
}

/**
 * Issue 20: the part of the build's config.json the pre-rendered entry page shows (`brands` and
 * `links`, CONTRACT §2), as the page carries it; checked like the config itself.
 */
export function parseEntryPageConfig(
  raw: unknown,
): Result<{ readonly brands: readonly Brand[]; readonly links: ConfigLinks; readonly login: LoginSettings }, readonly string[]> {
  if (!isRecord(raw)) return err(["the entry page's configuration must be a JSON object"]);
  const problems: string[] = [];
  const brands = parseBrands(raw['brands']);
  if (!brands.ok) problems.push(...brands.error);
  const links = parseLinks(raw['links'], problems);
  const login = parseLoginSettings(raw, problems);
  return brands.ok && problems.length === 0 ? ok({ brands: brands.value, links, login }) : err(problems);
}

/** CONTRACT §2: every problem is named, so that a bank engineer can fix a deployment from the startup error alone. */
export function parseRuntimeConfig(raw: unknown): Result<RuntimeConfig, readonly string[]> {
  if (!isRecord(raw)) return err(['config.json must be a JSON object']);
  const problems: string[] = [];
  const string = (name: string, allowEmpty = true): string => {
    const value = raw[name];
    if (typeof value !== 'string' || (!allowEmpty && value.trim() === '')) {
      problems.push(`${name} must be a ${allowEmpty ? '' : 'non-empty '}string`);
      return '';
    }
    return value;
  };
  const boolean = (name: string): boolean => {
    const value = raw[name];
    if (typeof value !== 'boolean') problems.push(`${name} must be true or false`);
    return value === true;
  };

  // CONTRACT §2: brand names or brand objects, every problem named with its position.
  const parsedBrands = parseBrands(raw['brands']);
  if (!parsedBrands.ok) problems.push(...parsedBrands.error);
  const brandDetails = parsedBrands.ok ? parsedBrands.value : [];
  const inactivity = validateInactivityConfig({
    inactiveTimeLimit: raw['inactiveTimeLimit'],
    inactiveReciprocalWarnTime: raw['inactiveReciprocalWarnTime'],
  });
  if (!inactivity.ok) {
    problems.push(
      inactivity.error.kind === 'notPositiveInteger'
        ? `${inactivity.error.field} must be a whole number of seconds above 0`
        : 'inactiveReciprocalWarnTime must be less than inactiveTimeLimit',
    );
  }
  const { inactiveTimeLimit, inactiveReciprocalWarnTime } = inactivity.ok ? inactivity.value : { inactiveTimeLimit: 1, inactiveReciprocalWarnTime: 0 };
  const useTealiumUtag = boolean('useTealiumUtag');
  const tealiumUtagUrl = string('tealiumUtagUrl');
  if (useTealiumUtag && !isHttpUrl(tealiumUtagUrl)) problems.push('tealiumUtagUrl must be an absolute URL when useTealiumUtag is true');
  const publicSiteUrl = string('publicSiteUrl', false);
  if (publicSiteUrl && !isHttpUrl(publicSiteUrl)) problems.push('publicSiteUrl must be an absolute http(s) URL');

  const links = parseLinks(raw['links'], problems);

  const errorMessagesRaw = raw['errorMessages'] ?? {};
  const errorMessages: Record<string, string> = {};
  if (!isRecord(errorMessagesRaw)) problems.push('errorMessages must be an object of respCode to text');
  else {
    for (const [code, text] of Object.entries(errorMessagesRaw)) {
      if (typeof text === 'string' && text.trim() !== '') errorMessages[code] = text;
      else problems.push(`errorMessages.${code} must be a non-empty string`);
    }
  }
  const cspReportUriRaw = raw['cspReportUri'];
  if (cspReportUriRaw !== undefined && (typeof cspReportUriRaw !== 'string' || cspReportUriRaw.trim() === '')) {
    problems.push('cspReportUri must be a non-empty string when given');
  }

  const login = parseLoginSettings(raw, problems);

  const config: RuntimeConfig = {
    env: string('env', false),
    production: boolean('production'),
    apiBaseUrl: string('apiBaseUrl'),
    jwksUri: string('jwksUri', false),
    brands: brandDetails.map((brand) => brand.id),
    brandDetails,
    inactiveTimeLimit,
    inactiveReciprocalWarnTime,
    useTealiumUtag,
    tealiumUtagUrl,
    publicSiteUrl,
    links,
    errorMessages,
    cspReportUri: typeof cspReportUriRaw === 'string' && cspReportUriRaw.trim() !== '' ? cspReportUriRaw : undefined,
    otpExpirySeconds: login.otpExpirySeconds,
    cx: login.cx,
  };
  return problems.length > 0 ? err(problems) : ok(config);
}
