import 'reflect-metadata/lite';
import type { Container } from 'inversify';
import { build, createAppContainer, service, value } from '../application/port-table';
import type { EntryPage } from '../application/ports/entry-page.port';
import type { RuntimeConfig } from '../application/runtime-config';
import type { Result } from '../domain/result';
import { browserConnection, waitingForConnection, whenOnline } from './connection';
import { ConsoleLogger } from './console-logger.adapter';
import { DomActivitySource } from './dom-activity-source.adapter';
import { FetchConfigSource } from './fetch-config-source.adapter';
import { FETCH, type FetchFunction } from './fetch.token';
import { livePorts } from './live-ports';
import { SessionTokenStorage } from './session-token-storage.adapter';
import { OnDemandAnalytics } from './on-demand-analytics.adapter';
import { WindowLaunchParameters } from './window-launch-parameters.adapter';

export { WindowLaunchParameters };
import { WindowRedirector } from './window-redirector.adapter';

// DESIGN §3.4 "A GET waits for the connection": a GET that fails while offline is sent again when
// the connection is back, so an offline spell at load does not spend the config's retries (issue 20 item 7).
const browserFetch: FetchFunction = waitingForConnection((input, init) => globalThis.fetch(input, init), browserConnection);

/** The web channel's later-steps loader waits for the connection as a GET does (docs/design.md §3.4). */
export const whenBrowserOnline = (): Promise<void> => whenOnline(browserConnection);

/** CONTRACT §2: before anything else is built. */
export function loadConfig(): Promise<Result<RuntimeConfig, readonly string[]>> {
  return new FetchConfigSource(browserFetch).load();
}

/** The browser channel's composition root (DESIGN §1); `entryPage` when the entry page carries the login form (issue 20). */
export function createContainer(config: RuntimeConfig, launch: WindowLaunchParameters = new WindowLaunchParameters(), entryPage?: EntryPage): Container {
  return createAppContainer({
    ...livePorts(config),
    tokenStorage: build(SessionTokenStorage),
    launchParameters: value(launch),
    redirector: build(WindowRedirector),
    activitySource: build(DomActivitySource),
    logger: build(ConsoleLogger),
    entryPage: entryPage === undefined ? undefined : value(entryPage),
    // DESIGN §3.8: the tag's adapter is fetched with the first event, only when the bank uses it.
    ...(config.useTealiumUtag
      ? { analytics: value(new OnDemandAnalytics(() => import('./tealium-analytics.adapter').then((module) => new module.TealiumAnalytics(config)))) }
      : {}),
    adapterServices: [service(FETCH, value(browserFetch))],
  });
}
