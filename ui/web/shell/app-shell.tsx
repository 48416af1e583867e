import { observer } from 'mobx-react-lite';
import { useRef, type MouseEvent } from 'react';
import { Outlet } from 'react-router-dom';
import { SessionStore } from '../../../application/stores/session.store';
import { copy } from '../../../domain/copy';
import { ModalHost } from '../modals/modal-host';
import { useService } from '../services-context';
import { useBrandTheme } from './brand-theme';
import { LoadingMask } from './loading-mask';
import { OfflineNotice } from './offline-notice';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * Spec §2 "Shared shell": header, the route's page, footer, the spinner mask and the modal host.
 * While a modal is open the page behind it is inert (the platform's modal `<dialog>`, DESIGN §3.7);
 * while loading, the main content is busy and inert (the mask takes the pointer).
 */
export const AppShell = observer(function AppShell() {
  const session = useService(SessionStore);
  const loading = session.loading;
  useBrandTheme(session);
  const main = useRef<HTMLElement>(null);
  // The skip link moves focus itself: following its #fragment would change the browser address (DESIGN §3.6).
  const skip = (event: MouseEvent) => {
    event.preventDefault();
    main.current?.focus();
  };
  return (
    <div className="app">
      <div className="page">
        <a className="skip-link" href="#main-content" onClick={skip}>
          {copy.shell.skipToContent}
        </a>
        <SiteHeader />
        <main ref={main} id="main-content" tabIndex={-1} className="site-main" aria-busy={loading} inert={loading}>
          <Outlet />
        </main>
        <SiteFooter />
      </div>
      <LoadingMask />
      <OfflineNotice />
      <ModalHost />
    </div>
  );
});
