import 'reflect-metadata/lite';
import { Container } from 'inversify';
import { bindApplication } from '../../application/bind-application';
import { bindLaterSteps } from '../../application/later-steps.module';
import { ACTIVITY_SOURCE } from '../../application/ports/activity-source.port';
import { ANALYTICS } from '../../application/ports/analytics.port';
import { CLOCK } from '../../application/ports/clock.port';
import { RUNTIME_CONFIG } from '../../application/ports/runtime-config.port';
import { LOGGER } from '../../application/ports/logger.port';
import type { RuntimeConfig } from '../../application/runtime-config';
import { CUSTOMER_AUTH_API, type CustomerAuthApi } from '../../application/ports/customer-auth-api.port';
import { LAUNCH_PARAMETERS } from '../../application/ports/launch-parameters.port';
import { REDIRECTOR } from '../../application/ports/redirector.port';
import { SCHEDULER } from '../../application/ports/scheduler.port';
import { TOKEN_STORAGE } from '../../application/ports/token-storage.port';
import { TOKEN_VERIFIER, type TokenVerifier } from '../../application/ports/token-verifier.port';
import { newConsent, NOW_MS, runtimeConfig, TOKEN, tokenPayload } from '../fixtures/journey.fixture';
import {
  FakeCustomerAuthApi,
  FakeLaunchParameters,
  FakeTokenVerifier,
  ManualActivitySource,
  ManualClock,
  ManualScheduler,
  MemoryTokenStorage,
  RecordingAnalytics,
  RecordingLogger,
  RecordingRedirector,
} from './fakes';

/** The fakes behind every port of a test container (the bank: scripted by default, or any fake of the port). */
export interface TestPorts<Api extends CustomerAuthApi = FakeCustomerAuthApi> {
  api: Api;
  clock: ManualClock;
  scheduler: ManualScheduler;
  redirector: RecordingRedirector;
  storage: MemoryTokenStorage;
  launch: FakeLaunchParameters;
  verifier: TokenVerifier;
  config: RuntimeConfig;
  logger: RecordingLogger;
  analytics: RecordingAnalytics;
  activity: ManualActivitySource;
}

/** The happy defaults: a verified token in the address, the demo config, a new consent, Jane's profile. */
export function defaultPorts<Api extends CustomerAuthApi = FakeCustomerAuthApi>(overrides: Partial<TestPorts<Api>> = {}): TestPorts<Api> {
  const clock = overrides.clock ?? new ManualClock(NOW_MS);
  return {
    api: new FakeCustomerAuthApi({ consentDetail: newConsent() }) as CustomerAuthApi as Api,
    scheduler: new ManualScheduler(clock),
    redirector: new RecordingRedirector(),
    storage: new MemoryTokenStorage(),
    launch: new FakeLaunchParameters(TOKEN),
    verifier: new FakeTokenVerifier({ [TOKEN]: tokenPayload() }),
    config: runtimeConfig(),
    logger: new RecordingLogger(),
    analytics: new RecordingAnalytics(),
    activity: new ManualActivitySource(),
    ...overrides,
    clock,
  };
}

/**
 * A container with the application layer and the given fakes behind its ports. A port left
 * out (`omit`) stays unbound, so resolving anything that needs it fails at once.
 */
export function createTestContainer(ports: TestPorts<CustomerAuthApi>, omit: readonly symbol[] = []): Container {
  const container = new Container({ defaultScope: 'Singleton', jitless: true });
  bindApplication(container);
  bindLaterSteps(container);
  const bindings: [symbol, unknown][] = [
    [CUSTOMER_AUTH_API, ports.api],
    [CLOCK, ports.clock],
    [SCHEDULER, ports.scheduler],
    [REDIRECTOR, ports.redirector],
    [TOKEN_STORAGE, ports.storage],
    [LAUNCH_PARAMETERS, ports.launch],
    [TOKEN_VERIFIER, ports.verifier],
    [RUNTIME_CONFIG, ports.config],
    [LOGGER, ports.logger],
    [ANALYTICS, ports.analytics],
    [ACTIVITY_SOURCE, ports.activity],
  ];
  for (const [token, value] of bindings) if (!omit.includes(token)) container.bind(token).toConstantValue(value);
  return container;
}
