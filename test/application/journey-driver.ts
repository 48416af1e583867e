// Drives the application layer headless, as the views would.
import { FlowController } from '../../application/flow-controller';
import { AccountSelectionStore } from '../../application/stores/account-selection.store';
import { ConfirmationStore } from '../../application/stores/confirmation.store';
import { LoginStore } from '../../application/stores/login.store';
import { ModalStore } from '../../application/stores/modal.store';
import { ProfileStore } from '../../application/stores/profile.store';
import { SessionStore } from '../../application/stores/session.store';
import type { CustomerAuthApi } from '../../application/ports/customer-auth-api.port';
import type { FakeCustomerAuthApi } from '../support/fakes';
import { createTestContainer, defaultPorts, type TestPorts } from '../support/test-container';

export function journey<Api extends CustomerAuthApi = FakeCustomerAuthApi>(overrides: Partial<TestPorts<Api>> = {}) {
  const ports = defaultPorts<Api>(overrides);
  const container = createTestContainer(ports);
  const get = <T>(cls: new (...args: never[]) => T): T => container.get<T>(cls as never);
  const session = get(SessionStore);
  const login = get(LoginStore);
  const modal = get(ModalStore);
  const flow = get(FlowController);
  return {
    ports,
    session,
    login,
    modal,
    flow,
    container,
    profile: get(ProfileStore),
    selection: get(AccountSelectionStore),
    confirmation: get(ConfirmationStore),
    start: () => flow.start(),
    async logIn(username = 'jane.citizen', code = '123456') {
      login.setUsername(username);
      login.setSecureCode(code);
      await login.submit();
    },
  };
}
