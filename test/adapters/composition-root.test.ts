import '../ui/setup-dom';
import { expect } from 'chai';
import { FlowController } from '../../application/flow-controller';
import { AccountSelectionStore } from '../../application/stores/account-selection.store';
import { ConfirmationStore } from '../../application/stores/confirmation.store';
import { LoginStore } from '../../application/stores/login.store';
import { ModalStore } from '../../application/stores/modal.store';
import { ProfileStore } from '../../application/stores/profile.store';
import { SessionStore } from '../../application/stores/session.store';
import { LaterSteps } from '../../application/use-cases/later-steps.use-case';
import { CUSTOMER_AUTH_API } from '../../application/ports/customer-auth-api.port';
import { ANALYTICS } from '../../application/ports/analytics.port';
import { createContainer } from '../../adapters/composition-root';
import { FetchCustomerAuthApi } from '../../adapters/fetch-customer-auth-api.adapter';
import { NoopAnalytics } from '../../adapters/noop-analytics.adapter';
import { OnDemandAnalytics } from '../../adapters/on-demand-analytics.adapter';
import { runtimeConfig } from '../fixtures/journey.fixture';

/** docs/architecture.md: what is bound from the start, and the later steps' stores, bound when their module loads. */
const APPLICATION_SERVICES = [FlowController, SessionStore, ModalStore, LoginStore];
const LATER_STEP_STORES = [ProfileStore, AccountSelectionStore, ConfirmationStore];

describe('adapters: the browser composition root', () => {
  it('resolves every store and use case with the browser adapters behind the ports', () => {
    const container = createContainer(runtimeConfig());
    for (const service of APPLICATION_SERVICES) expect(container.get(service as never), service.name).to.be.an('object');
    expect(container.get(CUSTOMER_AUTH_API)).to.be.instanceOf(FetchCustomerAuthApi);
    expect(container.get(ANALYTICS)).to.be.instanceOf(NoopAnalytics);
  });

  it("binds the later steps' stores only once their module is loaded, and only once", async () => {
    const container = createContainer(runtimeConfig());
    for (const store of LATER_STEP_STORES) expect(container.isBound(store), store.name).to.equal(false);
    await Promise.all([container.get(LaterSteps).load(), container.get(LaterSteps).load()]);
    for (const store of LATER_STEP_STORES) expect(container.get(store as never), store.name).to.be.an('object');
  });

  it('binds the tag adapter only when the config asks for it, its code fetched with the first event', () => {
    const container = createContainer(runtimeConfig({ useTealiumUtag: true, tealiumUtagUrl: 'https://tags.example/utag.js' }));
    expect(container.get(ANALYTICS)).to.be.instanceOf(OnDemandAnalytics);
  });
});
