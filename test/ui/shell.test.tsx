import './setup-dom';
import { cleanup, render, screen, within } from '@testing-library/react';
import { expect } from 'chai';
import sinon from 'sinon';
import { act, Profiler } from 'react';
import { journey } from '../application/journey-driver';
import { App } from '../../ui/web/app';
import { AppErrorBoundary } from '../../ui/web/app-error-boundary';
import { ServicesProvider } from '../../ui/web/services-context';
import { amendedConsent, janeAccounts, newConsent, trustBusinesses } from '../fixtures/journey.fixture';
import { FakeCustomerAuthApi } from '../support/fakes';
import { setLoading } from '../support/flow-state';
import { renderApp, settle, startApp, stepOnScreen } from './render-app';
import { AppRoutes } from '../../ui/web/router';
import { copy } from '../../domain/copy';

type App = Awaited<ReturnType<typeof startApp>>;

/** What the shell shows of the current step: the h1, whether it holds focus, the tracker text and bar, the window title. */
function shellState() {
  const h1 = screen.getByRole('heading', { level: 1 });
  const bar = document.querySelector('progress');
  return {
    title: h1.textContent,
    focused: document.activeElement === h1,
    tracker: document.querySelector('.progress-text')?.textContent?.replace('Progress: ', '') ?? 'none',
    bar: bar === null ? 'none' : `${bar.getAttribute('value')}/${bar.getAttribute('max')}`,
    windowTitle: document.title,
  };
}

const customerScopes = ['common:customer.basic:read', 'common:customer.detail:read'];

/** Issue 33 item 8: no profile is pre-selected; the customer chooses one, then Continue. */
const choosePersonal = (app: App): Promise<void> => {
  app.profile.select('PERSONAL');
  return app.profile.continue();
};

/** The flag combinations of spec §2's tracker, each walked through its steps with the stores (as the step pages would). */
const journeys: {
  readonly name: string;
  readonly api: () => FakeCustomerAuthApi;
  readonly walk: (app: App) => Promise<void>[] | (() => unknown)[];
  readonly expected: readonly string[];
}[] = [
  {
    name: 'individual (single profile)',
    api: () => new FakeCustomerAuthApi({ consentDetail: newConsent(), accounts: janeAccounts() }),
    walk: (app) => [() => app.logIn(), () => app.selection.continue()],
    expected: ['Select your accounts|Step 1 of 2', 'Review and submit|Step 2 of 2'],
  },
  {
    name: 'trust profiles',
    api: () => new FakeCustomerAuthApi({ consentDetail: newConsent(), accounts: janeAccounts(), businesses: trustBusinesses }),
    walk: (app) => [() => app.logIn(), () => choosePersonal(app), () => app.selection.continue()],
    expected: ['Select a profile|Step 1 of 3', 'Select your accounts|Step 2 of 3', 'Review and submit|Step 3 of 3'],
  },
  {
    name: 'PAR with trust profiles',
    api: () => new FakeCustomerAuthApi({ consentDetail: amendedConsent(), accounts: janeAccounts(), businesses: trustBusinesses }),
    walk: (app) => [() => app.logIn(), () => app.selection.continue()],
    expected: ['Select your accounts|Step 1 of 2', 'Review and submit|Step 2 of 2'],
  },
  {
    name: 'skip step, single profile',
    api: () => new FakeCustomerAuthApi({ consentDetail: newConsent(customerScopes) }),
    walk: (app) => [() => app.logIn()],
    expected: ['Review and submit|Step 1 of 1'],
  },
  {
    name: 'skip step, trust profiles',
    api: () => new FakeCustomerAuthApi({ consentDetail: newConsent(customerScopes), businesses: trustBusinesses }),
    walk: (app) => [() => app.logIn(), () => choosePersonal(app)],
    expected: ['Select a profile|Step 1 of 2', 'Review and submit|Step 2 of 2'],
  },
];

describe('ui: shell (spec §2 "Shared shell", DESIGN §3.6, §3.7)', () => {
  afterEach(cleanup);

  it('shows the loading screen before the flow starts, then the login step without a tracker', async () => {
    const address = window.location.href;
    const historyLength = window.history.length;
    const app = await renderApp();
    expect(within(screen.getByRole('main')).getByRole('status').textContent).to.equal('Loading');
    expect(document.title).to.equal('Loading | Open Banking');
    await settle(() => app.start());
    expect(shellState()).to.deep.equal({
      title: 'Consent to share data',
      focused: true,
      tracker: 'none',
      bar: 'none',
      windowTitle: 'Consent to share data | Open Banking',
    });
    expect(screen.getByText('You are about to share your data with Budget Buddy')).to.be.instanceOf(Element);
    expect([window.location.href, window.history.length], 'the address and history never change').to.deep.equal([address, historyLength]);
  });

  it('rendered after the flow started (as ui/main.tsx boots), shows the login step at once, never the loading screen', async () => {
    const j = journey();
    await j.start();
    // Every commit is inspected as it happens (a Profiler's onRender runs inside the commit).
    const commits: string[] = [];
    const onCommit = () => commits.push(document.querySelector('.loading-page') === null ? 'step' : 'loading');
    await act(async () => {
      render(
        <Profiler id="app" onRender={onCommit}>
          <ServicesProvider container={j.container}>
            <App />
          </ServicesProvider>
        </Profiler>,
      );
    });
    const loadingShown = commits.includes('loading');
    expect(loadingShown, 'the loading screen was rendered').to.equal(false);
    expect(shellState()).to.deep.equal({
      title: 'Consent to share data',
      focused: true,
      tracker: 'none',
      bar: 'none',
      windowTitle: 'Consent to share data | Open Banking',
    });
  });

  it("a render error inside the routes shows the failure view with the default text (not the router's screen), and is logged", async () => {
    // The app's routes, under the app's own boundary (app.tsx), with no services: the shell's root
    // route throws as it renders, and no router screen intercepts it.
    const errors = sinon.stub(console, 'error');
    try {
      await act(async () => {
        render(
          <AppErrorBoundary>
            <AppRoutes path="/" />
          </AppErrorBoundary>,
        );
      });
      expect(screen.getByRole('heading', { level: 1 }).textContent).to.equal(copy.failure.title);
      expect(screen.getByText(copy.failure.defaultMessage)).to.be.instanceOf(Element);
      expect(
        errors.args.some(([message]) => message === 'The consent app failed to render.'),
        'logged for the bank',
      ).to.equal(true);
    } finally {
      errors.restore();
    }
  });

  it('has a named logo, the five footer links in order (after the login, issue 22) and a copyright line', async () => {
    const app = await startApp({ api: new FakeCustomerAuthApi({ consentDetail: newConsent(), accounts: janeAccounts() }) });
    expect(within(screen.getByRole('banner')).getByRole('img', { name: 'Demo Bank' })).to.be.instanceOf(Element);
    expect(within(screen.getByRole('contentinfo')).queryAllByRole('link'), 'CX standards, Friction: no other documents on the login').to.deep.equal([]);
    expect(within(screen.getByRole('contentinfo')).getByText(/© \d{4} .* All rights reserved\./), 'the copyright line stays').to.be.instanceOf(Element);
    await settle(() => app.logIn());
    await stepOnScreen();
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getAllByRole('link').map((a) => [a.textContent?.replace(' (opens in a new tab)', ''), a.getAttribute('href')])).to.deep.equal([
      ['Site terms', 'https://www.bank.example/terms'],
      ['Hyperlink policy', 'https://www.bank.example/hyperlink'],
      ['Cookie policy', 'https://www.bank.example/cookies'],
      ['Legal', 'https://www.bank.example/legal'],
      ['Important notices', 'https://www.bank.example/notices'],
    ]);
    expect(footer.getByText(/© \d{4} .* All rights reserved\./)).to.be.instanceOf(Element);
  });

  for (const { name, api, walk, expected } of journeys) {
    it(`tracker numbers, h1 focus and window title per step: ${name}`, async () => {
      const address = window.location.href;
      const app = await startApp({ api: api() });
      const seen: string[] = [];
      for (const step of walk(app)) {
        await settle(step as () => unknown);
        await stepOnScreen();
        const state = shellState();
        expect(state.focused, `h1 focused on ${state.title}`).to.equal(true);
        expect(state.windowTitle).to.equal(`${state.title} | Open Banking`);
        const [current, total] = /Step (\d) of (\d)/.exec(state.tracker)?.slice(1) ?? [];
        expect(state.bar, 'the bar is (index + 1) / total').to.equal(`${current}/${total}`);
        seen.push(`${state.title}|${state.tracker}`);
      }
      expect(seen).to.deep.equal(expected);
      expect(window.location.href, 'steps change without changing the address').to.equal(address);
    });
  }

  it('shows the intro line on select-profile too (issue 33 item 8; spec §2 hid it there)', async () => {
    const app = await startApp({ api: new FakeCustomerAuthApi({ consentDetail: newConsent(), accounts: janeAccounts(), businesses: trustBusinesses }) });
    await settle(() => app.logIn());
    // The step's code loads on demand: read the step once it is on screen, not the login before it.
    await stepOnScreen();
    expect(screen.getByRole('heading', { level: 1 }).textContent).to.equal('Select a profile');
    expect(screen.getByText('You are about to share your data with Budget Buddy')).to.be.instanceOf(Element);
  });

  it('while loading, a mask covers the page, the main content is busy and inert, and "Loading" is announced', async () => {
    const app = await startApp();
    const main = screen.getByRole('main');
    await settle(() => setLoading(app.flow, true));
    expect(main.getAttribute('aria-busy')).to.equal('true');
    expect(main.hasAttribute('inert')).to.equal(true);
    expect(document.querySelector('.loading-mask svg circle')?.getAttribute('stroke-width')).to.equal('10');
    expect(document.querySelector('.loading-mask svg')?.getAttribute('width')).to.equal('110');
    expect([...document.querySelectorAll('[role="status"]')].map((status) => status.textContent)).to.include('Loading');
    await settle(() => setLoading(app.flow, false));
    expect(main.hasAttribute('inert')).to.equal(false);
    expect(document.querySelector('.loading-mask')).to.equal(null);
  });
});
