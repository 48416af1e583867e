import type { Brand } from '../../domain/brand';
import type { ConfigLinks, LoginSettings } from '../runtime-config';

/**
 * Issue 20 (docs/prerendered-login.md): what the pre-rendered entry page shows of the bank before
 * the token is verified: every brand of the build's config.json (the page's own script shows the
 * one the token names) and the configured links. The build renders the page from these, and the
 * browser's first render must show exactly the same, so the page carries them
 * (`#entry-config`) and the browser binds what it carries. Unbound (the terminal, the tests'
 * containers): the runtime config's.
 */
export interface EntryPage {
  readonly brands: readonly Brand[];
  readonly links: ConfigLinks;
  /** Issue 22: the secure code's lifetime and the CX switches the login step shows (the runtime config's when absent). */
  readonly login?: LoginSettings;
}

export const ENTRY_PAGE = Symbol('EntryPage');
