// Renders the whole app (<App/> in its ServicesProvider) over a test container, driven like the journey tests.
import { render, waitFor } from '@testing-library/react';
import { act } from 'react';
import { journey } from '../application/journey-driver';
import type { TestPorts } from '../support/test-container';
import { App } from '../../ui/web/app';
import { ServicesProvider } from '../../ui/web/services-context';

// Mocha has no global beforeAll, so Testing Library does not flag the act environment itself.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Renders <App/> over a fresh journey's container (not started: the loading screen shows). */
export async function renderApp(overrides: Partial<TestPorts> = {}) {
  const j = journey(overrides);
  let view: ReturnType<typeof render> | undefined;
  await act(async () => {
    view = render(
      <ServicesProvider container={j.container}>
        <App />
      </ServicesProvider>,
    );
  });
  if (view === undefined) throw new Error('render failed');
  return { ...j, view };
}

/** Renders <App/> and starts the flow (StartConsentFlow), settled: the login step (or a failure page) shows. */
export async function startApp(overrides: Partial<TestPorts> = {}) {
  const app = await renderApp(overrides);
  await act(async () => {
    await app.start();
  });
  return app;
}

/**
 * Runs a store command or a UI event inside act and lets its promises settle, a later step's code
 * among them: a step whose code arrives on demand (React.lazy) shows the spinner mask until it
 * has, and that arrival must come inside act too, or React renders it outside (and warns, which
 * fails the test). On a busy machine the import outlasts the command (issue 32: seen with the
 * type-check beside the tests), so the wait goes on in short acts until the mask is gone.
 */
export async function settle(run: () => unknown): Promise<void> {
  await act(async () => {
    await run();
  });
  const deadline = Date.now() + 10_000;
  while (document.querySelector('.step-loading') !== null && Date.now() < deadline) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 1)));
  }
}

/**
 * Waits until the current step is on screen whole: a later step's code arrives on demand, and
 * until it has, the spinner mask stands in for the whole step (spec §2; no title without its body).
 */
export async function stepOnScreen(): Promise<void> {
  await waitFor(() => {
    if (document.querySelector('.step-loading') !== null || document.querySelector('main h1') === null) throw new Error('the step is still loading');
  });
}
