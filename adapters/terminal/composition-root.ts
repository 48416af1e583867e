// Node has no bytes budget: the polyfill inversify itself imports, installed before any decorated class loads.
import 'reflect-metadata/lite';
import { Container } from 'inversify';
import { bindApplication } from '../../application/bind-application';
import { CallJournal } from '../../application/call-journal';
import { bindLaterSteps } from '../../application/later-steps.module';
import { ACTIVITY_SOURCE } from '../../application/ports/activity-source.port';
import { ANALYTICS } from '../../application/ports/analytics.port';
import { CLOCK, type Clock } from '../../application/ports/clock.port';
import { CUSTOMER_AUTH_API } from '../../application/ports/customer-auth-api.port';
import { LAUNCH_PARAMETERS } from '../../application/ports/launch-parameters.port';
import { LOGGER, type Logger } from '../../application/ports/logger.port';
import { REDIRECTOR } from '../../application/ports/redirector.port';
import { RUNTIME_CONFIG } from '../../application/ports/runtime-config.port';
import { SCHEDULER, type Scheduler } from '../../application/ports/scheduler.port';
import { TOKEN_STORAGE } from '../../application/ports/token-storage.port';
import { TOKEN_VERIFIER } from '../../application/ports/token-verifier.port';
import type { RuntimeConfig } from '../../application/runtime-config';
import type { Result } from '../../domain/result';
import type { ReturnUrl } from '../../domain/return-url';
import { FetchConfigSource } from '../fetch-config-source.adapter';
import { FetchCustomerAuthApi } from '../fetch-customer-auth-api.adapter';
import { FETCH, type FetchFunction } from '../fetch.token';
import { JoseTokenVerifier } from '../jose-token-verifier.adapter';
import { NoopAnalytics } from '../noop-analytics.adapter';
import { SystemClock } from '../system-clock.adapter';
import { TimeoutScheduler } from '../timeout-scheduler.adapter';
import type { CommandLineLaunchParameters } from './command-line-launch-parameters.adapter';
import { KeyPressActivitySource, type KeyStream } from './key-press-activity-source.adapter';
import { MemoryTokenStorage } from './memory-token-storage.adapter';
import { PrintingRedirector } from './printing-redirector.adapter';

export { resolveJourneyEntry, type JourneyEntryAsk } from './journey-entry';
export { readJourneyAnswers } from './journey-answers-file';

const nodeFetch: FetchFunction = (input, init) => globalThis.fetch(input, init);

/**
 * CONTRACT §2: loads and checks the bank's config.json from `configUrl`. A browser resolves the
 * config's relative `apiBaseUrl` and `jwksUri` against the page; here they are resolved
 * against the config's own address (the same origin serves the app and its config).
 */
export async function loadTerminalConfig(configUrl: URL, fetchFn: FetchFunction = nodeFetch): Promise<Result<RuntimeConfig, readonly string[]>> {
  const loaded = await new FetchConfigSource(fetchFn, { url: configUrl.href }).load();
  if (!loaded.ok) return loaded;
  const config = loaded.value;
  return {
    ok: true,
    value: {
      ...config,
      apiBaseUrl: new URL(config.apiBaseUrl === '' ? '/' : config.apiBaseUrl, configUrl).href,
      jwksUri: new URL(config.jwksUri, configUrl).href,
    },
  };
}

/** What the terminal channel plugs into its ports beside the config. */
export interface TerminalChannel {
  readonly launch: CommandLineLaunchParameters;
  /** DESIGN §3.2: where the one exit goes (print the return address, end the run). */
  readonly onLeave: (url: ReturnUrl) => void;
  /** The key presses (spec §4 inactivity timer); none in a scripted run. */
  readonly keys?: KeyStream | undefined;
  /** What the bank's engineers should read (the flow's warnings). */
  readonly logger: Logger;
  readonly fetch?: FetchFunction;
  /** The time and the timers (a test's manual clock; the system's by default). */
  readonly time?: { readonly clock: Clock; readonly scheduler: Scheduler };
}

/**
 * The terminal channel's composition root (DESIGN §1): the same application layer, HTTP
 * adapter, verifier, clock and scheduler as the browser's, with the terminal's launch
 * parameters, token storage, redirector and activity source. Every step is bound up front.
 */
export function createTerminalContainer(config: RuntimeConfig, channel: TerminalChannel): Container {
  const container = new Container({ defaultScope: 'Singleton', jitless: true });
  bindApplication(container);
  bindLaterSteps(container);
  container.bind(RUNTIME_CONFIG).toConstantValue(config);
  container.bind(FETCH).toConstantValue(channel.fetch ?? nodeFetch);
  // docs/terminal.md "Verdicts": the verdict reads the failed calls off the journal.
  container.bind(FetchCustomerAuthApi).toSelf();
  container.bind(CallJournal).toDynamicValue((context) => new CallJournal(context.get(FetchCustomerAuthApi)));
  container.bind(CUSTOMER_AUTH_API).toService(CallJournal);
  container.bind(TOKEN_VERIFIER).to(JoseTokenVerifier);
  container.bind(TOKEN_STORAGE).toConstantValue(new MemoryTokenStorage());
  container.bind(LAUNCH_PARAMETERS).toConstantValue(channel.launch);
  container.bind(REDIRECTOR).toConstantValue(new PrintingRedirector(channel.onLeave));
  if (channel.time === undefined) {
    container.bind(CLOCK).to(SystemClock);
    container.bind(SCHEDULER).to(TimeoutScheduler);
  } else {
    container.bind(CLOCK).toConstantValue(channel.time.clock);
    container.bind(SCHEDULER).toConstantValue(channel.time.scheduler);
  }
  container.bind(ACTIVITY_SOURCE).toConstantValue(new KeyPressActivitySource(channel.keys));
  container.bind(ANALYTICS).to(NoopAnalytics);
  container.bind(LOGGER).toConstantValue(channel.logger);
  return container;
}
