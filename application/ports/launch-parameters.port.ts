/** What the entry URL carried (spec §2): the redirect token and the error page parameter. */
export interface LaunchParameters {
  /** The `redirectJwt` query parameter of the entry URL, if any. */
  redirectJwt(): string | undefined;
  /** The `error` query parameter (base64url JSON) of an `authorize_failure` address, if any. */
  error(): string | undefined;
  /** The last segment of the entry path (e.g. `incorrect_jwt`, `authorize_failure`), or '' at the root. */
  route(): string;
  /** DESIGN §3.3: removes the token from the address bar without adding a history entry. */
  forgetRedirectJwt(): void;
}
export const LAUNCH_PARAMETERS = Symbol('LaunchParameters');
