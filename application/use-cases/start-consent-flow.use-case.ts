import { inject, injectable } from 'inversify';
import { decodeErrorPageParam } from '../../domain/error-page';
import { brandFlowRoute, flowRouteName, isFollowableRedirectUri, parseRedirectToken, type RedirectToken } from '../../domain/redirect-token';
import { CONFIG_SOURCE, type ConfigSource } from '../ports/config-source.port';
import { CUSTOMER_AUTH_API, type CustomerAuthApi } from '../ports/customer-auth-api.port';
import { LAUNCH_PARAMETERS, type LaunchParameters } from '../ports/launch-parameters.port';
import { TOKEN_STORAGE, type TokenStorage } from '../ports/token-storage.port';
import { TOKEN_VERIFIER, type TokenVerifier } from '../ports/token-verifier.port';
import type { RuntimeConfig } from '../runtime-config';
import { SessionStore } from '../stores/session.store';
import { InactivityTimer } from './inactivity-timer.use-case';
import { Navigation } from './navigation.use-case';
import { TokenExpiryTimer } from './token-expiry-timer.use-case';

/**
 * The loading screen's work (spec §2, DESIGN §3.1, §3.3): load the config; show an error route
 * when the address names one; take the token from the address (moving it into session storage)
 * or, after a reload, from session storage; verify it before trusting any claim; resolve the
 * flow route; start the token-expiry timer; load the consent (the consent guard); then start
 * at the login step.
 */
@injectable()
export class StartConsentFlow {
  constructor(
    @inject(SessionStore) private readonly session: SessionStore,
    @inject(CONFIG_SOURCE) private readonly configSource: ConfigSource,
    @inject(LAUNCH_PARAMETERS) private readonly launch: LaunchParameters,
    @inject(TOKEN_STORAGE) private readonly storage: TokenStorage,
    @inject(TOKEN_VERIFIER) private readonly verifier: TokenVerifier,
    @inject(CUSTOMER_AUTH_API) private readonly api: CustomerAuthApi,
    @inject(Navigation) private readonly navigation: Navigation,
    @inject(TokenExpiryTimer) private readonly tokenExpiry: TokenExpiryTimer,
    @inject(InactivityTimer) private readonly inactivity: InactivityTimer,
  ) {}

  async start(): Promise<void> {
    const fromAddress = this.launch.redirectJwt();
    if (fromAddress !== undefined) {
      // DESIGN §3.3: the token leaves the address bar before anything else can read it.
      this.storage.write(fromAddress);
      this.launch.forgetRedirectJwt();
    }

    const config = await this.configSource.load();
    if (!config.ok) {
      this.session.showFailure('startup_failure');
      return;
    }
    this.session.setConfig(config.value);

    const route = this.launch.route();
    if (route === 'authorize_failure') return this.session.showFailure('authorize_failure', decodeErrorPageParam(this.launch.error()));
    if (route === 'incorrect_jwt' || route === 'consent_fetch_failure') return this.session.showFailure(route);

    const token = await this.verifiedToken(config.value);
    if (token === undefined) {
      this.storage.clear();
      return this.session.showFailure('incorrect_jwt');
    }
    this.session.setToken(token);
    this.tokenExpiry.start();

    const consent = await this.api.consentDetails();
    if (!consent.ok) return this.session.showFailure('consent_fetch_failure');
    this.session.setConsent(consent.value);

    this.inactivity.start();
    this.navigation.goTo('login');
  }

  /**
   * DESIGN §3.1: the token's signature and expiry are verified, its claims checked, its flow
   * route configured (spec §2: otherwise incorrect_jwt), and its redirectUri followable.
   */
  private async verifiedToken(config: RuntimeConfig): Promise<RedirectToken | undefined> {
    const jwt = this.storage.read();
    if (jwt === undefined) return undefined;
    const payload = await this.verifier.verify(jwt);
    if (!payload.ok) return undefined;
    const token = parseRedirectToken(payload.value);
    if (!token.ok) return undefined;
    if (!config.brands.map(brandFlowRoute).includes(flowRouteName(token.value))) return undefined;
    if (!isFollowableRedirectUri(token.value.redirectUri, config.production)) return undefined;
    return token.value;
  }
}
