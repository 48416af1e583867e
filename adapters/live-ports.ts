import { build, value, type PortTable } from '../application/port-table';
import type { RuntimeConfig } from '../application/runtime-config';
import { FetchCustomerAuthApi } from './fetch-customer-auth-api.adapter';
import { FlowEventSender } from './flow-event-sender.adapter';
import { JoseTokenVerifier } from './jose-token-verifier.adapter';
import { NoopAnalytics } from './noop-analytics.adapter';
import { SystemClock } from './system-clock.adapter';
import { TimeoutScheduler } from './timeout-scheduler.adapter';

/**
 * Issue 24 item 7: the ports the live channels (web and terminal) share: the loaded config, the
 * bank over HTTP (the flow event too, issue 35 item 1), the token verifier, the system's time and timers, and no analytics. Each
 * channel's composition root adds its own and overrides only what differs.
 */
export const livePorts = (config: RuntimeConfig) =>
  ({
    runtimeConfig: value(config),
    customerAuthApi: build(FetchCustomerAuthApi),
    tokenVerifier: build(JoseTokenVerifier),
    clock: build(SystemClock),
    scheduler: build(TimeoutScheduler),
    analytics: build(NoopAnalytics),
    flowReporter: build(FlowEventSender),
  }) satisfies Partial<PortTable>;
