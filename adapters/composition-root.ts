import 'reflect-metadata/lite';
import { Container } from 'inversify';
import { bindApplication } from '../application/bind-application';
import { ACTIVITY_SOURCE } from '../application/ports/activity-source.port';
import { ANALYTICS } from '../application/ports/analytics.port';
import { CLOCK } from '../application/ports/clock.port';
import { CUSTOMER_AUTH_API } from '../application/ports/customer-auth-api.port';
import { ENTRY_PAGE, type EntryPage } from '../application/ports/entry-page.port';
import { LAUNCH_PARAMETERS } from '../application/ports/launch-parameters.port';
import { LOGGER } from '../application/ports/logger.port';
import { REDIRECTOR } from '../application/ports/redirector.port';
import { RUNTIME_CONFIG } from '../application/ports/runtime-config.port';
import { SCHEDULER } from '../application/ports/scheduler.port';
import { TOKEN_STORAGE } from '../application/ports/token-storage.port';
import { TOKEN_VERIFIER } from '../application/ports/token-verifier.port';
import type { RuntimeConfig } from '../application/runtime-config';
import type { Result } from '../domain/result';
import { browserConnection, waitingForConnection, whenOnline } from './connection';
import { ConsoleLogger } from './console-logger.adapter';
import { DomActivitySource } from './dom-activity-source.adapter';
import { FetchConfigSource } from './fetch-config-source.adapter';
import { FetchCustomerAuthApi } from './fetch-customer-auth-api.adapter';
import { FETCH, type FetchFunction } from './fetch.token';
import { JoseTokenVerifier } from './jose-token-verifier.adapter';
import { NoopAnalytics } from './noop-analytics.adapter';
import { SessionTokenStorage } from './session-token-storage.adapter';
import { SystemClock } from './system-clock.adapter';
import { OnDemandAnalytics } from './on-demand-analytics.adapter';
import { TimeoutScheduler } from './timeout-scheduler.adapter';
import { WindowLaunchParameters } from './window-launch-parameters.adapter';

export { WindowLaunchParameters };
export { EARLY_ACTION_ATTRIBUTE, ENTRY_ATTRIBUTE, ENTRY_CONFIG_ID } from './browser-address-names';
import { ENTRY_RELOADS_KEY } from './browser-address-names';
import { WindowRedirector } from './window-redirector.adapter';

// docs/design.md §3.4 "A GET waits for the connection" (issue 20: a two-second offline spell at
// load used up the config's retries and the app never started).
const browserFetch: FetchFunction = waitingForConnection((input, init) => globalThis.fetch(input, init), browserConnection);

/**
 * Issue 20, entry-page-script.ts "a file lost at load": the app's files all arrived, so a later
 * loss may reload the page twice again.
 */
export function forgetEntryReloads(): void {
  try {
    globalThis.sessionStorage?.removeItem(ENTRY_RELOADS_KEY);
  } catch {
    // Storage refused (a privacy mode): the entry page's script kept no count either.
  }
}

/** The web channel's later-steps loader waits for the connection as a GET does (docs/design.md §3.4). */
export const whenBrowserOnline = (): Promise<void> => whenOnline(browserConnection);

/** CONTRACT §2: loads and validates `config/config.json` before anything else is built. */
export function loadConfig(): Promise<Result<RuntimeConfig, readonly string[]>> {
  return new FetchConfigSource(browserFetch).load();
}

/**
 * The browser channel's composition root (DESIGN §1): the application layer with the browser
 * adapters behind its ports, for a config already loaded (bound once, as RUNTIME_CONFIG), the
 * entry address read when the page opened and, when the entry page carries the login form, the
 * brands and links it was built with (issue 20). Another channel writes its own.
 */
export function createContainer(config: RuntimeConfig, launch: WindowLaunchParameters = new WindowLaunchParameters(), entryPage?: EntryPage): Container {
  const container = new Container({ defaultScope: 'Singleton', jitless: true });
  bindApplication(container);
  container.bind(RUNTIME_CONFIG).toConstantValue(config);
  if (entryPage !== undefined) container.bind(ENTRY_PAGE).toConstantValue(entryPage);
  container.bind(FETCH).toConstantValue(browserFetch);
  container.bind(CUSTOMER_AUTH_API).to(FetchCustomerAuthApi);
  container.bind(TOKEN_VERIFIER).to(JoseTokenVerifier);
  container.bind(TOKEN_STORAGE).to(SessionTokenStorage);
  container.bind(LAUNCH_PARAMETERS).toConstantValue(launch);
  container.bind(REDIRECTOR).to(WindowRedirector);
  container.bind(CLOCK).to(SystemClock);
  container.bind(SCHEDULER).to(TimeoutScheduler);
  container.bind(ACTIVITY_SOURCE).to(DomActivitySource);
  // DESIGN §3.8: the tag's adapter is fetched with the first event, only when the bank uses it.
  if (config.useTealiumUtag) {
    container
      .bind(ANALYTICS)
      .toConstantValue(new OnDemandAnalytics(() => import('./tealium-analytics.adapter').then((module) => new module.TealiumAnalytics(config))));
  } else {
    container.bind(ANALYTICS).to(NoopAnalytics);
  }
  container.bind(LOGGER).to(ConsoleLogger);
  return container;
}
