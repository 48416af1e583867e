import type { ReturnUrl } from '../../domain/return-url';

/**
 * DESIGN §3.2 "One exit": every departure to the third party (success, cancel, timeout, error
 * returns, the failure page's button) goes through this one method. It replaces the current
 * page (no history entry to come back to) with a URL that the domain built and checked.
 */
export interface Redirector {
  leave(url: ReturnUrl): void;
}
export const REDIRECTOR = Symbol('Redirector');
