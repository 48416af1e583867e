import { observer } from 'mobx-react-lite';
import { useRef, type MouseEvent } from 'react';
import { Outlet } from 'react-router-dom';
import { SessionStore } from '../../../application/stores/session.store';
import { copy } from '../../../domain/copy';
import { ModalHost } from '../modals/modal-host';
import { useService } from '../services-context';
import { useBrandTheme } from './brand-theme';
import { LoadingMask } from './loading-mask';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** DESIGN §3.15: a polite notice while the browser is offline (its region is always there, so it is announced). */
const OfflineNotice = observer(function OfflineNotice() {
  const offline = useService(SessionStore).offline;
  return (
    <div role="status" aria-live="polite" className={offline ? 'offline-notice' : 'visually-hidden'}>
      {offline ? copy.shell.offline : ''}
    </div>
  );
});

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
