/**
 * DESIGN §3.14 "Brands come from config", WCAG 2.2 AA (1.4.3 Contrast, 1.4.11 Non-text contrast):
 * a brand's primary colour is used as text on the page's light backgrounds and as the background
 * of white button text, so it must reach 4.5:1 against each of them. A configured colour that
 * would not is darkened (same hue) until it does: the customer always gets readable text.
 */

/** A colour as `#rrggbb`, the only form config accepts (CONTRACT §2 `primaryColour`). */
export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** WCAG 2.2 AA: the contrast ratio normal-size text needs. */
export const AA_TEXT_CONTRAST = 4.5;

/**
 * The backgrounds the brand colour is text on (ui/web/styles/base.css): white (the page, and the
 * white text of a primary button on the brand colour), the surface (footer) and the brand's own
 * soft tint (selected tiles, hover of secondary buttons).
 */
export const LIGHT_BACKGROUNDS = ['#ffffff', '#f4f6f8'] as const;

/** The app's own primary colour: the neutral default (8.4:1 on white). */
export const DEFAULT_BRAND_COLOUR = '#0b4f8a';

type Rgb = readonly [number, number, number];

const toRgb = (hex: string): Rgb => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as unknown as Rgb;
const toHex = (rgb: Rgb): string => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** WCAG 2.2 "relative luminance" of an sRGB colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.2 "contrast ratio": (L1 + 0.05) / (L2 + 0.05), lighter over darker, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `weight` of `colour` mixed into `base` (0: base, 1: colour), per sRGB channel. */
function mix(colour: string, base: string, weight: number): string {
  const c = toRgb(colour);
  const b = toRgb(base);
  return toHex([0, 1, 2].map((i) => b[i]! + (c[i]! - b[i]!) * weight) as unknown as Rgb);
}

/** The brand's colours as the stylesheet uses them (CSS custom properties of base.css). */
export interface BrandPalette {
  /** Text and links, primary buttons (under white text), borders, the progress bar. */
  readonly primary: string;
  /** Hover of links and primary buttons: darker still. */
  readonly dark: string;
  /** A light tint: selected tiles, hover of secondary buttons; primary text on it stays AA. */
  readonly soft: string;
  /** Whether the configured colour failed AA and was darkened (the bank should fix its config). */
  readonly adjusted: boolean;
}

const passesOnLightBackgrounds = (colour: string): boolean => LIGHT_BACKGROUNDS.every((background) => contrastRatio(colour, background) >= AA_TEXT_CONTRAST);

/**
 * The palette of a configured `#rrggbb` colour (anything else: the default colour). A colour that
 * is not AA on every light background is mixed with black in 5 % steps until it is (black is 21:1
 * on white, so this always ends); the soft tint is the lightest of 10 %, 6 %, 3 % that keeps the
 * primary colour AA on it, else plain white.
 */
export function brandPalette(configured: string | undefined): BrandPalette {
  const requested = configured !== undefined && HEX_COLOUR.test(configured) ? configured.toLowerCase() : DEFAULT_BRAND_COLOUR;
  let primary = requested;
  for (let darken = 0.05; !passesOnLightBackgrounds(primary); darken += 0.05) primary = mix('#000000', requested, Math.min(darken, 1));
  const soft = [0.1, 0.06, 0.03].map((weight) => mix(primary, '#ffffff', weight)).find((tint) => contrastRatio(primary, tint) >= AA_TEXT_CONTRAST) ?? '#ffffff';
  return { primary, dark: mix('#000000', primary, 0.25), soft, adjusted: primary !== requested };
}
