import { inject, injectable, optional } from 'inversify';
import type { LaunchParameters } from '../application/ports/launch-parameters.port';
import { HISTORY, LOCATION, type HistoryLike, type LocationLike } from './location.token';
import { ERROR_PARAM, REDIRECT_JWT_PARAM } from './browser-address-names';

export { ERROR_PARAM, REDIRECT_JWT_PARAM };

const nameOf = (pair: string): string | undefined => [...new URLSearchParams(pair).keys()][0];

const nonEmpty = (value: string | null): string | undefined => (value === null || value === '' ? undefined : value);

/**
 * Spec §2, CONTRACT §7: read once, when the page opens. DESIGN §3.3: the boot forgets the token
 * first of all, so it leaves the address even when the app cannot start; it is stored for a
 * reload only once verified (issue 12).
 */
@injectable()
export class WindowLaunchParameters implements LaunchParameters {
  private readonly location: Pick<LocationLike, 'pathname' | 'search' | 'hash'> | undefined;
  private readonly history: HistoryLike | undefined;
  private readonly entry: { readonly pathname: string; readonly query: URLSearchParams };

  constructor(@inject(LOCATION) @optional() location?: Pick<LocationLike, 'pathname' | 'search' | 'hash'>, @inject(HISTORY) @optional() history?: HistoryLike) {
    this.location = location ?? globalThis.location;
    this.history = history ?? globalThis.history;
    this.entry = { pathname: this.location?.pathname ?? '', query: new URLSearchParams(this.location?.search ?? '') };
  }

  /** Spec §2: the entry address's `redirectJwt` query parameter, if present and not empty. */
  redirectJwt(): string | undefined {
    return nonEmpty(this.entry.query.get(REDIRECT_JWT_PARAM));
  }

  /** CONTRACT §7: the `error` query parameter of an `authorize_failure` address, if present and not empty. */
  error(): string | undefined {
    return nonEmpty(this.entry.query.get(ERROR_PARAM));
  }

  /** Spec §2: the last non-empty segment of the entry path (`/x/incorrect_jwt/` → `incorrect_jwt`), '' at the root. */
  route(): string {
    const segments = this.entry.pathname.split('/').filter((segment) => segment !== '');
    const last = segments.at(-1) ?? '';
    try {
      return decodeURIComponent(last);
    } catch {
      return last;
    }
  }

  /** DESIGN §3.3: no new history entry; the other parameters stay exactly as written. */
  forgetRedirectJwt(): void {
    const location = this.location;
    if (location === undefined || this.history === undefined) return;
    const pairs = location.search
      .replace(/^\?/, '')
      .split('&')
      .filter((pair) => pair !== '');
    const kept = pairs.filter((pair) => nameOf(pair) !== REDIRECT_JWT_PARAM);
    if (kept.length === pairs.length) return;
    const search = kept.length === 0 ? '' : `?${kept.join('&')}`;
    try {
      this.history.replaceState(this.history.state, '', `${location.pathname}${search}${location.hash}`);
    } catch {
      // A browser that refuses (too many calls, sandboxed frame) leaves the address as it was.
    }
  }
}
