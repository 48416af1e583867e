import { observer } from 'mobx-react-lite';
import { SessionStore } from '../../../application/stores/session.store';
import type { ConfigLinks } from '../../../application/runtime-config';
import { copy } from '../../../domain/copy';
import { useService } from '../services-context';
import { ExternalLink } from './external-link';

/** Spec §2: the footer's five links, in order, with their config keys. */
const FOOTER_LINKS: readonly { readonly key: keyof ConfigLinks; readonly label: string }[] = [
  { key: 'siteTerms', label: copy.shell.siteTerms },
  { key: 'hyperlink', label: copy.shell.hyperlink },
  { key: 'cookie', label: copy.shell.cookie },
  { key: 'legal', label: copy.shell.legal },
  { key: 'importantNotices', label: copy.shell.importantNotices },
];

/**
 * Spec §2 "Shared shell": footer links for site terms, hyperlink, cookie, legal and important
 * notices, and a copyright line. Issue 22: not on the login (SessionStore.footerLinksShown).
 */
export const SiteFooter = observer(function SiteFooter() {
  const session = useService(SessionStore);
  const links = session.links;
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        {session.footerLinksShown ? (
          <nav aria-label={copy.shell.footerLabel}>
            <ul className="footer-links">
              {FOOTER_LINKS.map(({ key, label }) => (
                <li key={key}>
                  <ExternalLink href={links?.[key]}>{label}</ExternalLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : undefined}
        <p className="copyright">{session.copyright}</p>
      </div>
    </footer>
  );
});
