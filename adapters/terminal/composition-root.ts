// Node has no bytes budget: the polyfill inversify itself imports, installed before any decorated class loads.
import 'reflect-metadata/lite';
import type { Container } from 'inversify';
import { build, createAppContainer, made, service, value } from '../../application/port-table';
import { CallJournal } from './call-journal';
import { bindLaterSteps } from '../../application/later-steps.module';
import type { Clock } from '../../application/ports/clock.port';
import type { Logger } from '../../application/ports/logger.port';
import type { Scheduler } from '../../application/ports/scheduler.port';
import type { RuntimeConfig } from '../../application/runtime-config';
import type { Result } from '../../domain/result';
import type { ReturnUrl } from '../../domain/return-url';
import { FetchConfigSource } from '../fetch-config-source.adapter';
import { FetchCustomerAuthApi } from '../fetch-customer-auth-api.adapter';
import { FETCH, type FetchFunction } from '../fetch.token';
import { FlowEventSender } from '../flow-event-sender.adapter';
import { livePorts } from '../live-ports';
import type { CommandLineLaunchParameters } from './command-line-launch-parameters.adapter';
import { KeyPressActivitySource, type KeyStream } from './key-press-activity-source.adapter';
import { MemoryTokenStorage } from './memory-token-storage.adapter';
import { PrintingRedirector } from './printing-redirector.adapter';

export { resolveJourneyEntry, type JourneyEntryAsk } from './journey-entry';
export { readJourneyAnswers } from './journey-answers-file';
// The CI mode's own rules (docs/terminal.md "Verdicts"): not rules of the consent, so not in domain/.
export { CallJournal } from './call-journal';
export { FlowEventSender } from '../flow-event-sender.adapter';
export type { JourneyAnswers } from './journey-answers';
export { journeyCopy, verdictLine } from './journey-copy';
export { readReturn, type JourneyReturn } from './journey-outcome';
export { EXIT_CODES, journeyVerdict, type RunStop, type ScriptStop } from './journey-verdict';

const nodeFetch: FetchFunction = (input, init) => globalThis.fetch(input, init);

/** CONTRACT §2: relative `apiBaseUrl` and `jwksUri` are resolved against the config's address (the app's origin serves both). */
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

/** The terminal channel's composition root (DESIGN §1): the browser's ports but launch, storage, redirector and activity; every step bound up front. */
export function createTerminalContainer(config: RuntimeConfig, channel: TerminalChannel): Container {
  const container = createAppContainer({
    ...livePorts(config),
    // docs/terminal.md "Verdicts": the verdict reads the failed calls off the journal around the HTTP adapter.
    customerAuthApi: made((resolve) => resolve(CallJournal)),
    tokenStorage: value(new MemoryTokenStorage()),
    launchParameters: value(channel.launch),
    redirector: value(new PrintingRedirector(channel.onLeave)),
    activitySource: value(new KeyPressActivitySource(channel.keys)),
    // Issue 35 item 1: the run waits for its flow event before the process ends (FlowEventSender.settled).
    flowReporter: made((resolve) => resolve(FlowEventSender)),
    logger: value(channel.logger),
    ...(channel.time === undefined ? {} : { clock: value(channel.time.clock), scheduler: value(channel.time.scheduler) }),
    adapterServices: [
      service(FETCH, value(channel.fetch ?? nodeFetch)),
      service(FetchCustomerAuthApi, build(FetchCustomerAuthApi)),
      service(FlowEventSender, build(FlowEventSender)),
      service(
        CallJournal,
        made((resolve) => new CallJournal(resolve(FetchCustomerAuthApi))),
      ),
    ],
  });
  bindLaterSteps(container);
  return container;
}
