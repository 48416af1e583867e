import type { Brand } from '../../domain/brand';
import type { ConfigLinks, LoginSettings } from '../runtime-config';

/**
 * Issue 20 (docs/prerendered-login.md): what the pre-rendered entry page shows of the bank before
 * the token is verified. The browser's first render must match the build's, so the page carries
 * it (`#entry-config`). Unbound (the terminal, tests): the runtime config's.
 */
export interface EntryPage {
  readonly brands: readonly Brand[];
  readonly links: ConfigLinks;
  /** Issue 22: the runtime config's when absent. */
  readonly login?: LoginSettings;
}

export const ENTRY_PAGE = Symbol('EntryPage');
