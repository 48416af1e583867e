// Node has no bytes budget: the polyfill inversify itself imports, installed before any decorated class loads.
import 'reflect-metadata/lite';
import { Container } from 'inversify';
import { bindApplication } from '../../application/bind-application';
import { FlowController } from '../../application/flow-controller';
import { ACTIVITY_SOURCE, type ActivitySource } from '../../application/ports/activity-source.port';
import { ANALYTICS } from '../../application/ports/analytics.port';
import { ENTRY_PAGE } from '../../application/ports/entry-page.port';
import { CLOCK, type Clock } from '../../application/ports/clock.port';
import { CUSTOMER_AUTH_API } from '../../application/ports/customer-auth-api.port';
import { LAUNCH_PARAMETERS, type LaunchParameters } from '../../application/ports/launch-parameters.port';
import { LOGGER, type Logger } from '../../application/ports/logger.port';
import { REDIRECTOR, type Redirector } from '../../application/ports/redirector.port';
import { RUNTIME_CONFIG } from '../../application/ports/runtime-config.port';
import { SCHEDULER, type Scheduler } from '../../application/ports/scheduler.port';
import { TOKEN_STORAGE, type TokenStorage } from '../../application/ports/token-storage.port';
import { TOKEN_VERIFIER, type TokenVerifier } from '../../application/ports/token-verifier.port';
import { parseRuntimeConfig } from '../../application/runtime-config';
import { ENTRY_ATTRIBUTE, ENTRY_SCRIPT } from '../entry-page-script';
import { NoopAnalytics } from '../noop-analytics.adapter';

export { ENTRY_ATTRIBUTE, ENTRY_SCRIPT };

/** The build's launch: a token in the address, on no error route (what a customer's launch looks like before it is verified). */
const BUILD_LAUNCH: LaunchParameters = {
  redirectJwt: () => 'not.yet.verified',
  error: () => undefined,
  route: () => '',
  forgetRedirectJwt: () => undefined,
};

/** The build never hears back: the page is rendered as it is while the token is being verified. */
const NEVER_ANSWERS: TokenVerifier = { verify: () => new Promise(() => undefined) };
const NO_ACTIVITY: ActivitySource = {
  onActivity: () => () => undefined,
  onVisible: () => () => undefined,
  isOnline: () => true,
  onConnectivity: () => () => undefined,
  onBack: () => () => undefined,
};
const NO_TIMERS: Scheduler = { after: () => () => undefined };
const NOWHERE: Redirector = {
  leave: () => {
    throw new Error('The pre-rendered login form cannot leave the page.');
  },
};
const NOTHING_STORED: TokenStorage = {
  read: () => undefined,
  write: () => undefined,
  clear: () => undefined,
  decisionKey: () => {
    throw new Error('The pre-rendered login form decides nothing.');
  },
  decided: () => undefined,
};
/** Every call of the bank's API throws (none is made: the verifier never answers). Not a thenable. */
const NO_BANK = new Proxy(
  {},
  {
    get: (_target, name) =>
      name === 'then' || typeof name === 'symbol'
        ? undefined
        : () => {
            throw new Error(`The pre-rendered login form cannot call the bank (${name}).`);
          },
  },
);
const SILENT: Logger = { warn: () => undefined };
const BUILD_TIME: Clock = { now: () => Date.UTC(2026, 0, 1) };

/**
 * The build's composition root (issue 15, docs/prerendered-login.md): the application layer with
 * inert ports, started as a customer's launch starts, so that the web views render the login
 * form exactly as the browser's first render will show it while the token is verified. Nothing
 * here can send a request: the verifier never answers, so no call to the bank is ever made.
 * `rawConfig` is the build's config/config.json: the page shows its brands (the token's, by the
 * page's script) and links (issue 20).
 */
export function createPrerenderContainer(rawConfig: unknown): Container {
  const config = parseRuntimeConfig(rawConfig);
  if (!config.ok) throw new Error(`config/config.json is malformed:\n- ${config.error.join('\n- ')}`);
  const container = new Container({ defaultScope: 'Singleton', jitless: true });
  bindApplication(container);
  container.bind(RUNTIME_CONFIG).toConstantValue(config.value);
  container.bind(ENTRY_PAGE).toConstantValue({
    brands: config.value.brandDetails,
    links: config.value.links,
    login: { otpExpirySeconds: config.value.otpExpirySeconds, cx: config.value.cx },
  });
  container.bind(CUSTOMER_AUTH_API).toConstantValue(NO_BANK);
  container.bind(TOKEN_VERIFIER).toConstantValue(NEVER_ANSWERS);
  container.bind(TOKEN_STORAGE).toConstantValue(NOTHING_STORED);
  container.bind(LAUNCH_PARAMETERS).toConstantValue(BUILD_LAUNCH);
  container.bind(REDIRECTOR).toConstantValue(NOWHERE);
  container.bind(CLOCK).toConstantValue(BUILD_TIME);
  container.bind(SCHEDULER).toConstantValue(NO_TIMERS);
  container.bind(ACTIVITY_SOURCE).toConstantValue(NO_ACTIVITY);
  container.bind(ANALYTICS).to(NoopAnalytics);
  container.bind(LOGGER).toConstantValue(SILENT);
  void container.get(FlowController).start();
  return container;
}
