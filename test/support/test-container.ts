import 'reflect-metadata/lite';
import type { Container } from 'inversify';
import { bindLaterSteps } from '../../application/later-steps.module';
import { createAppContainer, value, type PortTable } from '../../application/port-table';
import type { RuntimeConfig } from '../../application/runtime-config';
import type { CustomerAuthApi } from '../../application/ports/customer-auth-api.port';
import type { TokenVerifier } from '../../application/ports/token-verifier.port';
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
  RecordingFlowReporter,
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
  reporter: RecordingFlowReporter;
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
    reporter: new RecordingFlowReporter(),
    activity: new ManualActivitySource(),
    ...overrides,
    clock,
  };
}

/**
 * A container with the application layer and the given fakes behind its ports. A port left
 * out (`omit`) stays unbound, so resolving anything that needs it fails at once.
 */
export function createTestContainer(ports: TestPorts<CustomerAuthApi>, omit: readonly (keyof PortTable)[] = []): Container {
  const container = createAppContainer(
    {
      customerAuthApi: value(ports.api),
      clock: value(ports.clock),
      scheduler: value(ports.scheduler),
      redirector: value(ports.redirector),
      tokenStorage: value(ports.storage),
      launchParameters: value(ports.launch),
      tokenVerifier: value(ports.verifier),
      runtimeConfig: value(ports.config),
      logger: value(ports.logger),
      analytics: value(ports.analytics),
      flowReporter: value(ports.reporter),
      activitySource: value(ports.activity),
    },
    omit,
  );
  bindLaterSteps(container);
  return container;
}
