import { reaction } from 'mobx';
import { useEffect } from 'react';
import type { SessionStore } from '../../../application/stores/session.store';

/**
 * DESIGN §3.14: the brand's colours (domain/brand-colour.ts: AA on every light background, darkened
 * when the configured colour was not) as base.css's custom properties on the root element. Set
 * through the CSSOM, which the CSP's `style-src 'self'` allows (an inline style attribute it would not).
 */
export function useBrandTheme(session: SessionStore, rootElement?: HTMLElement): void {
  useEffect(
    () =>
      reaction(
        () => session.brand,
        (brand) => {
          const root = rootElement ?? document.documentElement;
          const { primary, dark, soft } = brand.palette;
          root.style.setProperty('--color-brand', primary);
          root.style.setProperty('--color-brand-dark', dark);
          root.style.setProperty('--color-brand-soft', soft);
          root.style.setProperty('--color-focus', primary);
          root.style.setProperty('--color-info', primary);
          root.style.setProperty('--color-info-soft', soft);
          if (brand.palette.adjusted) console.warn(`Brand ${brand.id}: its primaryColour is below WCAG AA contrast; ${primary} is used instead (DESIGN §3.14).`);
        },
        { fireImmediately: true },
      ),
    [session, rootElement],
  );
}
