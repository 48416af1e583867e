import { brandPalette, HEX_COLOUR, type BrandPalette } from './brand-colour';
import { isRecord } from './is-record';
import { err, ok, type Result } from './result';

/**
 * DESIGN §3.14 "Brands come from config", CONTRACT §2 `brands`: what the customer sees of the
 * brand the token names: its name (the logo's text and accessible name), its legal name (the
 * copyright line), its logo and its colours.
 */
export interface Brand {
  /** Lower case; the token's `brand` picks the entry (spec §2 route `{brand}_accc_aisp`). */
  readonly id: string;
  readonly displayName: string;
  /** The copyright holder; `undefined` for a neutral brand (the copyright line names no one). */
  readonly legalName: string | undefined;
  /** A path on the app's own site (the CSP allows images from 'self' only); `undefined`: the drawn mark. */
  readonly logoUrl: string | undefined;
  readonly palette: BrandPalette;
}

/** The neutral name of a brand configured as a plain string, and of the screens before the token is verified. */
export const NEUTRAL_BRAND_NAME = 'Open Banking';

/** CONTRACT §2: a plain-string brand gets neutral defaults (no bank name, the drawn mark, the app's colour). */
const neutralBrand = (id: string): Brand => ({
  id: id.toLowerCase(),
  displayName: NEUTRAL_BRAND_NAME,
  legalName: undefined,
  logoUrl: undefined,
  palette: brandPalette(undefined),
});

const BRAND_FIELDS = ['id', 'displayName', 'legalName', 'logoUrl', 'primaryColour'] as const;
const MAX_NAME_LENGTH = 80;

/** A same-site absolute path (`/brand/demo.svg`), not a protocol-relative `//host` address. */
const isSitePath = (value: string): boolean => /^\/(?!\/)[^\s\\]*$/.test(value);

/**
 * CONTRACT §2: one entry of `brands`, a brand name or a brand object. Every problem of an object
 * is named with its position (`brands[1].primaryColour must be a colour like #0b4f8a`), so a bank
 * engineer can fix the deployment from the startup error alone. Never throws.
 */
export function parseBrandEntry(raw: unknown, index: number): Result<Brand, readonly string[]> {
  const at = `brands[${index}]`;
  if (typeof raw === 'string') {
    return raw.trim() === '' ? err([`${at} must be a brand name or a brand object, not an empty string`]) : ok(neutralBrand(raw.trim()));
  }
  if (!isRecord(raw)) return err([`${at} must be a brand name or a brand object`]);
  const problems: string[] = [];
  const unknown = Object.keys(raw).filter((key) => !(BRAND_FIELDS as readonly string[]).includes(key));
  if (unknown.length > 0) problems.push(`${at} has unknown field${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')} (allowed: ${BRAND_FIELDS.join(', ')})`);
  const text = (field: 'id' | 'displayName' | 'legalName'): string => {
    const value = raw[field];
    if (typeof value !== 'string' || value.trim() === '') {
      problems.push(`${at}.${field} must be a non-empty string`);
      return '';
    }
    if (value.trim().length > MAX_NAME_LENGTH) problems.push(`${at}.${field} must have at most ${MAX_NAME_LENGTH} characters`);
    return value.trim();
  };
  const id = text('id');
  if (id !== '' && !/^[a-z0-9-]+$/i.test(id)) problems.push(`${at}.id must be letters, digits or "-" (it names the route ${id.toLowerCase()}_accc_aisp)`);
  const displayName = text('displayName');
  const legalName = text('legalName');
  const logoUrl = raw['logoUrl'];
  if (logoUrl !== undefined && (typeof logoUrl !== 'string' || !isSitePath(logoUrl))) {
    problems.push(`${at}.logoUrl must be a path on this site starting with "/" (the Content-Security-Policy allows images from the app's own origin only)`);
  }
  const colour = raw['primaryColour'];
  if (colour !== undefined && (typeof colour !== 'string' || !HEX_COLOUR.test(colour))) {
    problems.push(`${at}.primaryColour must be a colour like #0b4f8a`);
  }
  if (problems.length > 0) return err(problems);
  return ok({
    id: id.toLowerCase(),
    displayName,
    legalName,
    logoUrl: typeof logoUrl === 'string' ? logoUrl : undefined,
    palette: brandPalette(typeof colour === 'string' ? colour : undefined),
  });
}

/** CONTRACT §2 `brands`: a non-empty list of entries, each id once. */
export function parseBrands(raw: unknown): Result<readonly Brand[], readonly string[]> {
  if (!Array.isArray(raw) || raw.length === 0) return err(['brands must be a non-empty list of brand names or brand objects']);
  const problems: string[] = [];
  const brands: Brand[] = [];
  raw.forEach((entry: unknown, index) => {
    const parsed = parseBrandEntry(entry, index);
    if (!parsed.ok) problems.push(...parsed.error);
    else if (brands.some((brand) => brand.id === parsed.value.id)) problems.push(`brands[${index}] repeats the brand ${parsed.value.id}`);
    else brands.push(parsed.value);
  });
  return problems.length > 0 ? err(problems) : ok(brands);
}

/** DESIGN §3.14: the brand the verified token names; neutral before the token is verified (DESIGN §3.1). */
export function brandOf(brands: readonly Brand[], tokenBrand: string | undefined): Brand {
  if (tokenBrand === undefined) return neutralBrand('');
  return brands.find((brand) => brand.id === tokenBrand.toLowerCase()) ?? neutralBrand(tokenBrand);
}
