import { useId } from 'react';
import { copy } from '../../domain/copy';

/** The bank's logo, inline (no asset file, so tests and the CSP need nothing else); named by its <title>. */
export function Logo() {
  const titleId = useId();
  return (
    <svg className="logo" viewBox="0 0 180 40" width="180" height="40" role="img" aria-labelledby={titleId} focusable="false">
      <title id={titleId}>{copy.shell.logoTitle}</title>
      <rect x="0" y="4" width="32" height="32" rx="6" className="logo-mark" />
      <path d="M8 28V14l8-5 8 5v14M12 28v-8h8v8" fill="none" stroke="#ffffff" strokeWidth="2.5" strokeLinejoin="round" />
      <text x="42" y="27" className="logo-text">{copy.shell.logoTitle}</text>
    </svg>
  );
}
