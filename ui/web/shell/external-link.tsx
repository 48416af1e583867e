import type { ReactNode } from 'react';
import { copy } from '../../../domain/copy';

/**
 * A link that leaves the consent flow: it opens in a new tab (the flow stays where it was), says
 * so to screen readers, and gives the other site neither `window.opener` nor a Referer.
 */
export function ExternalLink({ href, children, className }: { readonly href: string; readonly children: ReactNode; readonly className?: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="visually-hidden"> {copy.shell.opensInNewTab}</span>
    </a>
  );
}
