import { expect } from 'chai';
import { LoginStore } from '../../application/stores/login.store';
import { SessionStore } from '../../application/stores/session.store';
import { createTestContainer, defaultPorts } from '../support/test-container';

describe('application: the test container', () => {
  it('gives one instance of each store (singletons)', () => {
    const container = createTestContainer(defaultPorts());
    expect(container.get(SessionStore)).to.equal(container.get(SessionStore));
  });

  it('fails fast, naming the port, when a port is not bound', () => {
    const container = createTestContainer(defaultPorts(), ['customerAuthApi']);
    expect(() => container.get(LoginStore)).to.throw(/CustomerAuthApi/);
  });
});
