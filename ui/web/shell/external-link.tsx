import type { ReactNode } from 'react';
import { copy } from '../../../domain/copy';

/**
 * A link that leaves the consent flow: it opens in a new tab (the flow stays where it was), says
 * so to screen readers, and gives the other site neither `window.opener` nor a Referer. Without
 * its address (the pre-rendered login form, before the configuration applies: issue 15) it is
 * the same words in the same place, not yet a link.
 */
export function ExternalLink({ href, children, className }: { readonly href: string | undefined; readonly children: ReactNode; readonly className?: string }) {
  if (href === undefined) return <a className={className}>{children}</a>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="visually-hidden"> {copy.shell.opensInNewTab}</span>
    </a>
  );
}
