import './setup-dom';
import { cleanup, render } from '@testing-library/react';
import { expect } from 'chai';
import { Container } from 'inversify';
import { act, useState } from 'react';
import { ServicesProvider, useService } from '../../ui/web/services-context';

// Mocha has no global beforeAll, so Testing Library does not flag the act environment itself.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const GREETING = Symbol('Greeting');

/** A container that counts how often the view asks it for a service. */
function countingContainer(greeting = 'hello'): { container: Container; gets: () => number } {
  const container = new Container({ defaultScope: 'Singleton', jitless: true });
  container.bind(GREETING).toConstantValue(greeting);
  let count = 0;
  const get = container.get.bind(container);
  container.get = (...args: Parameters<Container['get']>) => {
    count += 1;
    return get(...args);
  };
  return { container, gets: () => count };
}

describe('ui: useService (DESIGN §2, one context)', () => {
  afterEach(cleanup);

  it('resolves a service once per mounted component, however often it renders', async () => {
    const { container, gets } = countingContainer();
    let bump: () => void = () => undefined;
    function Greeter() {
      const greeting = useService<string>(GREETING);
      const [n, setN] = useState(0);
      bump = () => setN((v) => v + 1);
      return <p>{`${greeting} ${n}`}</p>;
    }
    const view = render(
      <ServicesProvider container={container}>
        <Greeter />
      </ServicesProvider>,
    );
    for (let i = 0; i < 3; i++) await act(async () => bump());
    expect(view.container.textContent).to.equal('hello 3');
    expect(gets()).to.equal(1);
  });

  it('resolves again from a new container', async () => {
    const first = countingContainer();
    const second = countingContainer("g'day");
    function Greeter() {
      return <p>{useService<string>(GREETING)}</p>;
    }
    const view = render(
      <ServicesProvider container={first.container}>
        <Greeter />
      </ServicesProvider>,
    );
    expect(view.container.textContent).to.equal('hello');
    view.rerender(
      <ServicesProvider container={second.container}>
        <Greeter />
      </ServicesProvider>,
    );
    await act(async () => undefined);
    expect(view.container.textContent).to.equal("g'day");
    expect([first.gets(), second.gets()]).to.deep.equal([1, 1]);
  });

  it('throws without a ServicesProvider above it (a bug, not a state)', () => {
    function Orphan() {
      return <p>{useService<string>(GREETING)}</p>;
    }
    const quiet = console.error;
    console.error = () => undefined;
    try {
      expect(() => render(<Orphan />)).to.throw('useService needs a ServicesProvider above it.');
    } finally {
      console.error = quiet;
    }
  });
});
