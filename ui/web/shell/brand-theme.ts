import { reaction } from 'mobx';
import { useEffect } from 'react';
import type { SessionStore } from '../../../application/stores/session.store';
import type { Brand } from '../../../domain/brand';

/** DESIGN §3.14: base.css's custom properties a brand's colours set (domain/brand-colour.ts: AA on every light background). */
function brandProperties(brand: Brand): Readonly<Record<string, string>> {
  const { primary, dark, soft } = brand.palette;
  return {
    '--color-brand': primary,
    '--color-brand-dark': dark,
    '--color-brand-soft': soft,
    '--color-focus': primary,
    '--color-info': primary,
    '--color-info-soft': soft,
  };
}

/**
 * Issue 20 "the first paint is already the bank's": the entry page's rules for each brand, by the
 * `data-brand` its script sets on `<html>` from the token: that brand's colours, and its logo
 * variant shown (shell.css hides the others). Ids are letters, digits and "-" (domain/brand.ts).
 */
export function entryBrandStyles(brands: readonly Brand[]): string {
  return brands
    .map((brand) => {
      const properties = Object.entries(brandProperties(brand))
        .map(([name, value]) => `${name}:${value}`)
        .join(';');
      return `html[data-brand="${brand.id}"]{${properties}}html[data-brand="${brand.id}"] .logo[data-brand-variant="${brand.id}"]{display:flex}`;
    })
    .join('');
}

/**
 * DESIGN §3.14: the brand's colours (domain/brand-colour.ts: AA on every light background, darkened
 * when the configured colour was not) as base.css's custom properties on the root element. Set
 * through the CSSOM, which the CSP's `style-src` allows (an inline style attribute it would not).
 * While the pre-rendered form waits, the entry page's stylesheet colours the token's brand (issue 20).
 */
export function useBrandTheme(session: SessionStore, rootElement?: HTMLElement): void {
  useEffect(
    () =>
      reaction(
        () => session.themedBrand,
        (brand) => {
          if (brand === undefined) return;
          const root = rootElement ?? document.documentElement;
          for (const [name, value] of Object.entries(brandProperties(brand))) root.style.setProperty(name, value);
          if (brand.palette.adjusted)
            console.warn(`Brand ${brand.id}: its primaryColour is below WCAG AA contrast; ${brand.palette.primary} is used instead (DESIGN §3.14).`);
        },
        { fireImmediately: true },
      ),
    [session, rootElement],
  );
}
