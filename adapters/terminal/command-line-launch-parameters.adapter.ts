import type { LaunchParameters } from '../../application/ports/launch-parameters.port';
import { ERROR_PARAM, REDIRECT_JWT_PARAM } from '../window-launch-parameters.adapter';

const nonEmpty = (value: string | null): string | undefined => (value === null || value === '' ? undefined : value);

/** Spec §2, CONTRACT §7: a journey's launch from `--url` or `--jwt` (at the root route); DESIGN §3.3: no address bar to clean. */
export class CommandLineLaunchParameters implements LaunchParameters {
  private constructor(
    private readonly pathname: string,
    private readonly query: URLSearchParams,
  ) {}

  /** A full entry URL, as a third party would send a browser. */
  static fromEntryUrl(entry: URL): CommandLineLaunchParameters {
    return new CommandLineLaunchParameters(entry.pathname, new URLSearchParams(entry.search));
  }

  /** A redirect token on its own (the config's address says where the bank is). */
  static fromRedirectJwt(jwt: string): CommandLineLaunchParameters {
    return new CommandLineLaunchParameters('/', new URLSearchParams([[REDIRECT_JWT_PARAM, jwt]]));
  }

  redirectJwt(): string | undefined {
    return nonEmpty(this.query.get(REDIRECT_JWT_PARAM));
  }

  error(): string | undefined {
    return nonEmpty(this.query.get(ERROR_PARAM));
  }

  /** Spec §2: the last non-empty segment of the entry path, '' at the root. */
  route(): string {
    const last =
      this.pathname
        .split('/')
        .filter((segment) => segment !== '')
        .at(-1) ?? '';
    try {
      return decodeURIComponent(last);
    } catch {
      return last;
    }
  }

  forgetRedirectJwt(): void {
    // Nothing shows the token: the terminal never prints it.
  }
}
