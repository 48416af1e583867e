import { inject, injectable, optional } from 'inversify';
import type { Redirector } from '../application/ports/redirector.port';
import type { ReturnUrl } from '../domain/return-url';
import { LOCATION, type LocationLike } from './location.token';

/** Where a refused departure is reported (default `console`); a test can record it. */
export interface RedirectLog {
  error(message: string): void;
}
export const REDIRECT_LOG = Symbol('RedirectLog');

const isHttpUrl = (value: string): boolean => {
  try {
    const protocol = new URL(value).protocol;
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
};

/**
 * DESIGN §3.2 "One exit": leaves for the third party with `location.replace` (no history entry to
 * come back to). DESIGN §3.1: a URL that is not absolute http(s) is never followed, even though
 * the domain already checked it: the refusal is logged and the page stays.
 */
@injectable()
export class WindowRedirector implements Redirector {
  private readonly location: Pick<LocationLike, 'replace'> | undefined;
  private readonly log: RedirectLog;

  constructor(
    @inject(LOCATION) @optional() location?: Pick<LocationLike, 'replace'>,
    @inject(REDIRECT_LOG) @optional() log?: RedirectLog,
  ) {
    this.location = location ?? globalThis.location;
    this.log = log ?? console;
  }

  /** DESIGN §3.2: replaces the page with `url`, if it is an absolute http(s) URL. */
  leave(url: ReturnUrl): void {
    if (!isHttpUrl(url)) {
      this.log.error(`Refused to leave for a URL that is not http(s): ${String(url).slice(0, 200)}`);
      return;
    }
    if (this.location === undefined) {
      this.log.error('Cannot leave: there is no location to replace');
      return;
    }
    this.location.replace(url);
  }
}
