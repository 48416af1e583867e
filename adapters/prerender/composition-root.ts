// Node has no bytes budget: the polyfill inversify itself imports, installed before any decorated class loads.
import 'reflect-metadata/lite';
import type { Container } from 'inversify';
import { build, createAppContainer, value } from '../../application/port-table';
import type { ActivitySource } from '../../application/ports/activity-source.port';
import type { Clock } from '../../application/ports/clock.port';
import type { CustomerAuthApi } from '../../application/ports/customer-auth-api.port';
import type { LaunchParameters } from '../../application/ports/launch-parameters.port';
import type { Logger } from '../../application/ports/logger.port';
import type { Redirector } from '../../application/ports/redirector.port';
import type { Scheduler } from '../../application/ports/scheduler.port';
import type { TokenStorage } from '../../application/ports/token-storage.port';
import type { TokenVerifier } from '../../application/ports/token-verifier.port';
import { parseRuntimeConfig } from '../../application/runtime-config';
import { NoopAnalytics } from '../noop-analytics.adapter';
import type { FlowReporter } from '../../application/ports/flow-reporter.port';

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
  onPageHide: () => () => undefined,
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
  finished: () => undefined,
  rememberFinished: () => undefined,
  flowReported: () => true,
  rememberFlowReported: () => undefined,
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
/** The build ends no flow: it has nothing to report. */
const NO_REPORTS: FlowReporter = {
  send: () => {
    throw new Error('The pre-rendered login form reports no flow.');
  },
};
const BUILD_TIME: Clock = { now: () => Date.UTC(2026, 0, 1) };

/**
 * The build's composition root (issue 15, docs/prerendered-login.md): inert ports, so that the
 * flow, started by the caller as a launch starts, renders the form as the browser's first render
 * will. The verifier never answers, so no call to the bank is made. Issue 34 item 4: a
 * composition root wires; it starts nothing.
 */
export function createPrerenderContainer(rawConfig: unknown): Container {
  const config = parseRuntimeConfig(rawConfig);
  if (!config.ok) throw new Error(`config/config.json is malformed:\n- ${config.error.join('\n- ')}`);
  const container = createAppContainer({
    runtimeConfig: value(config.value),
    entryPage: value({
      brands: config.value.brandDetails,
      links: config.value.links,
      login: { otpExpirySeconds: config.value.otpExpirySeconds, cx: config.value.cx },
    }),
    customerAuthApi: value(NO_BANK as CustomerAuthApi),
    tokenVerifier: value(NEVER_ANSWERS),
    tokenStorage: value(NOTHING_STORED),
    launchParameters: value(BUILD_LAUNCH),
    redirector: value(NOWHERE),
    clock: value(BUILD_TIME),
    scheduler: value(NO_TIMERS),
    activitySource: value(NO_ACTIVITY),
    analytics: build(NoopAnalytics),
    flowReporter: value(NO_REPORTS),
    logger: value(SILENT),
  });
  return container;
}
