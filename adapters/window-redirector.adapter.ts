import { inject, injectable, optional } from 'inversify';
import type { Redirector } from '../application/ports/redirector.port';
import type { ReturnUrl } from '../domain/return-url';
import { LOCATION, WINDOW_EVENTS, type LocationLike, type WindowEventsLike } from './location.token';
import { isHttpUrl } from '../domain/http-url';

/** Where a refused departure is reported (default `console`); a test can record it. */
export interface RedirectLog {
  error(message: string): void;
}
const REDIRECT_LOG = Symbol('RedirectLog');

/**
 * DESIGN §3.2 "One exit", with no history entry to come back to. DESIGN §3.1: a URL that is not
 * absolute http(s) is never followed, though the domain checked it already.
 *
 * DESIGN §3.18: a Back pressed while the recipient's page loads aborts the navigation, and the app
 * no longer listens, so the recipient would never get the answer (issue 20 item 4). So a Back
 * after leaving leaves again.
 */
@injectable()
export class WindowRedirector implements Redirector {
  private readonly location: Pick<LocationLike, 'replace'> | undefined;
  private readonly log: RedirectLog;
  private readonly events: WindowEventsLike | undefined;
  private left: string | undefined;

  constructor(
    @inject(LOCATION) @optional() location?: Pick<LocationLike, 'replace'>,
    @inject(REDIRECT_LOG) @optional() log?: RedirectLog,
    @inject(WINDOW_EVENTS) @optional() events?: WindowEventsLike,
  ) {
    this.location = location ?? globalThis.location;
    this.log = log ?? console;
    this.events = events ?? (typeof globalThis.addEventListener === 'function' ? globalThis : undefined);
  }

  /** DESIGN §3.2. */
  leave(url: ReturnUrl): void {
    if (!isHttpUrl(url)) {
      this.log.error(`Refused to leave for a URL that is not http(s): ${String(url).slice(0, 200)}`);
      return;
    }
    if (this.location === undefined) {
      this.log.error('Cannot leave: there is no location to replace');
      return;
    }
    const location = this.location;
    if (this.left === undefined) this.events?.addEventListener('popstate', () => location.replace(this.left ?? url));
    this.left = url;
    location.replace(url);
  }
}
