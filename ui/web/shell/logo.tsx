import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { SessionStore } from '../../../application/stores/session.store';
import type { Brand } from '../../../domain/brand';
import { useService } from '../services-context';

/** The drawn mark: a neutral brand's logo, and any brand's whose logo file does not load. */
function DrawnMark() {
  return (
    <svg className="logo-mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="6" />
      <path d="M8 24V10l8-5 8 5v14M12 24v-8h8v8" fill="none" stroke="#ffffff" strokeWidth="2.5" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * DESIGN §3.14: one brand's logo (config `logoUrl`, else the drawn mark) and its name as HTML text
 * (it follows the reader's font settings), named as one image by the brand's name. A variant
 * (issue 20) is hidden unless the page's stylesheet shows it for the token's brand; its logo loads
 * lazily (issue 33 item 17): a hidden one is never fetched, and the shown one is not built before
 * the form's first paint (bench/first-paint-trace.ts).
 */
function BrandMark({ brand, variant }: { readonly brand: Brand; readonly variant: boolean }) {
  const [failedUrl, setFailedUrl] = useState<string | undefined>(undefined);
  const logoUrl = brand.logoUrl !== undefined && brand.logoUrl !== failedUrl ? brand.logoUrl : undefined;
  return (
    <div
      className="logo"
      role="img"
      aria-label={brand.displayName}
      data-brand={brand.id === '' ? undefined : brand.id}
      data-brand-variant={variant ? brand.id : undefined}
    >
      {logoUrl === undefined ? (
        <DrawnMark />
      ) : (
        <img className="logo-image" src={logoUrl} alt="" height="32" loading={variant ? 'lazy' : undefined} onError={() => setFailedUrl(logoUrl)} />
      )}
      <span className="logo-text" aria-hidden="true">
        {brand.displayName}
      </span>
    </div>
  );
}

/**
 * The header's brand (SessionStore.headerBrands): the verified token's, or, while the
 * pre-rendered form waits, every brand of the entry page, of which the page shows the token's.
 * Keyed by brand, so the node on screen stays when the verified brand takes over (issue 20).
 */
export const Logo = observer(function Logo() {
  const { brands, variants } = useService(SessionStore).headerBrands;
  return (
    <>
      {brands.map((brand) => (
        <BrandMark key={brand.id} brand={brand} variant={variants} />
      ))}
    </>
  );
});
