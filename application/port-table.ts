import { Container, type Newable, type ServiceIdentifier } from 'inversify';
import { bindApplication } from './bind-application';
import { ACTIVITY_SOURCE, type ActivitySource } from './ports/activity-source.port';
import { ANALYTICS, type Analytics } from './ports/analytics.port';
import { CLOCK, type Clock } from './ports/clock.port';
import { CUSTOMER_AUTH_API, type CustomerAuthApi } from './ports/customer-auth-api.port';
import { ENTRY_PAGE, type EntryPage } from './ports/entry-page.port';
import { FLOW_REPORTER, type FlowReporter } from './ports/flow-reporter.port';
import { LAUNCH_PARAMETERS, type LaunchParameters } from './ports/launch-parameters.port';
import { LOGGER, type Logger } from './ports/logger.port';
import { REDIRECTOR, type Redirector } from './ports/redirector.port';
import { RUNTIME_CONFIG } from './ports/runtime-config.port';
import { SCHEDULER, type Scheduler } from './ports/scheduler.port';
import { TOKEN_STORAGE, type TokenStorage } from './ports/token-storage.port';
import { TOKEN_VERIFIER, type TokenVerifier } from './ports/token-verifier.port';
import type { RuntimeConfig } from './runtime-config';

/** Another service of the container, for a port made from it. */
export type Resolve = <S>(id: ServiceIdentifier<S>) => S;

/** What sits behind one port: a value, a class the container builds (with its own injections), or one made from other services. */
export type PortBinding<T> = { readonly value: T } | { readonly build: Newable<T> } | { readonly make: (resolve: Resolve) => T };

/** A value behind a port. */
export const value = <T>(port: T): PortBinding<T> => ({ value: port });
/** A class the container builds behind a port. */
export const build = <T>(adapter: Newable<T>): PortBinding<T> => ({ build: adapter });
/** A port made from other services of the container (the terminal's journal around the HTTP adapter). */
export const made = <T>(make: (resolve: Resolve) => T): PortBinding<T> => ({ make });

/** A service of the channel's own adapters (the platform's `fetch`, the terminal's call journal), by its identifier. */
export interface AdapterService<T> {
  readonly id: ServiceIdentifier<T>;
  readonly binding: PortBinding<T>;
}

/** One adapter service, its binding checked against its identifier's type. */
export const service = <T>(id: ServiceIdentifier<T>, binding: PortBinding<T>): AdapterService<T> => ({ id, binding });

/**
 * Issue 24 item 7 "one wiring table": every port of the application layer, typed, in one table
 * that each channel's composition root fills (web, terminal, the build's pre-render, the tests),
 * sharing what is the same and overriding only what differs. `entryPage` is the web's alone.
 */
export interface PortTable {
  readonly runtimeConfig: PortBinding<RuntimeConfig>;
  readonly customerAuthApi: PortBinding<CustomerAuthApi>;
  readonly tokenVerifier: PortBinding<TokenVerifier>;
  readonly tokenStorage: PortBinding<TokenStorage>;
  readonly launchParameters: PortBinding<LaunchParameters>;
  readonly redirector: PortBinding<Redirector>;
  readonly clock: PortBinding<Clock>;
  readonly scheduler: PortBinding<Scheduler>;
  readonly activitySource: PortBinding<ActivitySource>;
  readonly analytics: PortBinding<Analytics>;
  readonly flowReporter: PortBinding<FlowReporter>;
  readonly logger: PortBinding<Logger>;
  readonly entryPage?: PortBinding<EntryPage> | undefined;
  /** Issue 34 item 4: what the channel's adapters need besides the ports, bound here too, never beside the table. */
  readonly adapterServices?: readonly AdapterService<unknown>[] | undefined;
}

type PortName = Exclude<keyof PortTable, 'adapterServices'>;

const TOKENS: { readonly [K in PortName]-?: symbol } = {
  runtimeConfig: RUNTIME_CONFIG,
  customerAuthApi: CUSTOMER_AUTH_API,
  tokenVerifier: TOKEN_VERIFIER,
  tokenStorage: TOKEN_STORAGE,
  launchParameters: LAUNCH_PARAMETERS,
  redirector: REDIRECTOR,
  clock: CLOCK,
  scheduler: SCHEDULER,
  activitySource: ACTIVITY_SOURCE,
  analytics: ANALYTICS,
  flowReporter: FLOW_REPORTER,
  logger: LOGGER,
  entryPage: ENTRY_PAGE,
};

/**
 * DESIGN §1: a channel's container: the application layer, and the table's bindings behind its
 * ports. A port the table leaves out (`omit`, for a test) stays unbound, so resolving anything
 * that needs it fails at once.
 */
export function createAppContainer(table: PortTable, omit: readonly (keyof PortTable)[] = []): Container {
  const container = new Container({ defaultScope: 'Singleton', jitless: true });
  bindApplication(container);
  const { adapterServices = [], ...ports } = table;
  for (const [port, binding] of Object.entries(ports) as [PortName, PortBinding<unknown> | undefined][]) {
    if (binding === undefined || omit.includes(port)) continue;
    bindService(container, TOKENS[port], binding);
  }
  for (const { id, binding } of adapterServices) bindService(container, id, binding);
  return container;
}

function bindService<T>(container: Container, id: ServiceIdentifier<T>, binding: PortBinding<T>): void {
  if ('value' in binding) container.bind(id).toConstantValue(binding.value);
  else if ('build' in binding) container.bind(id).to(binding.build);
  else container.bind(id).toDynamicValue((context) => binding.make((wanted) => context.get(wanted)));
}
