import { isRecord } from './is-record';
import { err, ok, type Result } from './result';

/**
 * Docs cx-standards.md, CONTRACT §2 `cx`: where the CX standards and the spec disagree, the
 * standard wins by default; each switch brings back the spec's behaviour for a bank that decides so.
 */
export interface CxSwitches {
  /**
   * Spec §2 "Forgot your username?" on the login (and the "One attempt left" modal's pointer to
   * it). CX standards, Authentication, Password link: "Data holders MUST NOT include forgotten
   * details links in redirect screens."
   */
  readonly showForgottenDetailsLink: boolean;
  /**
   * Spec §2 "Not registered?" on the login. Authentication, Friction: unwarranted friction
   * includes "Offering additional or alternative services".
   */
  readonly showNotRegisteredLink: boolean;
  /**
   * Spec §2 "How to generate a secure key? (external)". Authentication, Friction: unwarranted
   * friction includes "Referencing or including other documents".
   */
  readonly showSecureKeyHelpLink: boolean;
  /** Spec §2 "A link to the consumer data right policy" on the login: another document (as above). */
  readonly showCdrPolicyLink: boolean;
  /** Spec §2 "Shared shell" footer links on the login (site terms, hyperlink, cookie, legal, notices): other documents (as above). */
  readonly showFooterLinksOnLogin: boolean;
}

/** The switches' names, in the order docs/cx-standards.md lists them. */
const CX_SWITCH_NAMES = [
  'showForgottenDetailsLink',
  'showNotRegisteredLink',
  'showSecureKeyHelpLink',
  'showCdrPolicyLink',
  'showFooterLinksOnLogin',
] as const satisfies readonly (keyof CxSwitches)[];

/** The standard by default: every switch off. */
export const CX_STANDARD_DEFAULTS: CxSwitches = {
  showForgottenDetailsLink: false,
  showNotRegisteredLink: false,
  showSecureKeyHelpLink: false,
  showCdrPolicyLink: false,
  showFooterLinksOnLogin: false,
};

/** CONTRACT §2 `cx`: every problem is named, so that a misspelt switch never silently keeps the default. */
export function parseCxSwitches(raw: unknown): Result<CxSwitches, readonly string[]> {
  if (raw === undefined) return ok(CX_STANDARD_DEFAULTS);
  if (!isRecord(raw)) return err(['cx must be an object of switches (true or false)']);
  const problems: string[] = [];
  const switches: Record<keyof CxSwitches, boolean> = { ...CX_STANDARD_DEFAULTS };
  for (const [name, value] of Object.entries(raw)) {
    if (!(CX_SWITCH_NAMES as readonly string[]).includes(name)) {
      problems.push(`cx.${name} is not a switch (known: ${CX_SWITCH_NAMES.join(', ')})`);
    } else if (typeof value !== 'boolean') {
      problems.push(`cx.${name} must be true or false`);
    } else {
      switches[name as keyof CxSwitches] = value;
    }
  }
  return problems.length === 0 ? ok(switches) : err(problems);
}

/** The links and help the login step offers (spec §2 "Login screen"), as the switches decide. */
export interface LoginLinks {
  readonly forgotUsername: boolean;
  readonly notRegistered: boolean;
  /**
   * "Lost, damaged or stolen secure key?" (a modal with the bank's numbers) stays: it is not a
   * forgotten-details link nor another document, and a customer whose key was stolen must be
   * able to reach the bank at once (docs/cx-standards.md, AUTHN-03).
   */
  readonly lostSecureKey: true;
  readonly howToGenerate: boolean;
  readonly cdrPolicy: boolean;
  readonly footerLinks: boolean;
}

/** Spec §2 "Login screen" links, as the switches decide. */
export function loginLinks(switches: CxSwitches): LoginLinks {
  return {
    forgotUsername: switches.showForgottenDetailsLink,
    notRegistered: switches.showNotRegisteredLink,
    lostSecureKey: true,
    howToGenerate: switches.showSecureKeyHelpLink,
    cdrPolicy: switches.showCdrPolicyLink,
    footerLinks: switches.showFooterLinksOnLogin,
  };
}

/** The longest secure-code lifetime config.json may state: one hour (a longer one is a typo, not a policy). */
const OTP_EXPIRY_MAX_SECONDS = 3600;

/** CONTRACT §2 `otpExpirySeconds`, required: CX standards "OTP expiry" makes the app say it. */
export function parseOtpExpirySeconds(raw: unknown): Result<number, string> {
  if (typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 1 && raw <= OTP_EXPIRY_MAX_SECONDS) return ok(raw);
  return err(`otpExpirySeconds must be a whole number of seconds from 1 to ${OTP_EXPIRY_MAX_SECONDS} (how long the bank accepts a secure code)`);
}

/** A lifetime in the words a customer uses: "2 minutes", else "90 seconds". */
export function durationWords(seconds: number): string {
  if (seconds >= 60 && seconds % 60 === 0) {
    const minutes = seconds / 60;
    return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  }
  return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
}
