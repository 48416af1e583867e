import { Logo } from './logo';

/** Spec §2 "Shared shell": the header with the logo. */
export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Logo />
      </div>
    </header>
  );
}
