import { copy } from '../../../domain/copy';

/**
 * The bank's logo, inline (no asset file, so tests and the CSP need nothing else): a drawn mark
 * and the bank's name as HTML text (it follows the reader's font settings, and lays out cheaply),
 * named as one image.
 */
export function Logo() {
  return (
    <div className="logo" role="img" aria-label={copy.shell.logoTitle}>
      <svg className="logo-mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="6" />
        <path d="M8 24V10l8-5 8 5v14M12 24v-8h8v8" fill="none" stroke="#ffffff" strokeWidth="2.5" strokeLinejoin="round" />
      </svg>
      <span className="logo-text" aria-hidden="true">{copy.shell.logoTitle}</span>
    </div>
  );
}
