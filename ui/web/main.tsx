import './styles/index.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { loadConfig, createContainer, WindowLaunchParameters } from '../../adapters/composition-root';
import { FlowController } from '../../application/flow-controller';
import { LoginStore } from '../../application/stores/login.store';
import { SessionStore } from '../../application/stores/session.store';
import { copy } from '../../domain/copy';
import { App } from './app';
import { keepTypedText } from './login/keep-typed-before-take-over';
import { StaticFailureView } from './pages/failure-page';
import { prerenderedLoginForm, showLoadingScreenInstead } from './shell/take-over';
import { ServicesProvider } from './services-context';

/**
 * A startup failure is logged for the bank's engineers and shows the failure view with its
 * title: never a blank screen, never "Loading" in the tab (issue 11).
 */
function showStartupFailure(root: Root, problem: unknown): void {
  console.error('The consent app could not start.', problem);
  document.title = copy.failure.windowTitle;
  root.render(<StaticFailureView />);
}

/**
 * Boot (spec §7 "GET config/config.json (startup)", DESIGN §1): read the entry address and take
 * the token out of the address bar first (DESIGN §3.3: even when the app cannot start; the flow
 * keeps it in memory), load and validate the config, build the browser container and start the
 * consent flow once. Issue 15: while the token is verified and the consent read, the login form
 * the entry page carries (pre-rendered at build time) is hydrated as it is, keeping what the
 * customer has typed (docs/prerendered-login.md). Any other launch shows the loading screen
 * until the start is over, then React renders once, straight to the step or the failure page.
 */
async function boot(element: HTMLElement): Promise<void> {
  const launch = new WindowLaunchParameters();
  launch.forgetRedirectJwt();
  const prerendered = prerenderedLoginForm(element);
  // The React root is made when there is something to render: until then React has no listeners
  // on the page, and its event code is not compiled while the flow is still starting.
  let made: Root | undefined;
  const root = (): Root => (made ??= createRoot(element));
  try {
    const config = await loadConfig();
    if (!config.ok) {
      showStartupFailure(root(), `config/config.json is missing or malformed:\n- ${config.error.join('\n- ')}`);
      return;
    }
    const container = createContainer(config.value, launch);
    const started = container.get(FlowController).start();
    const app = (
      <StrictMode>
        <ServicesProvider container={container}>
          <App />
        </ServicesProvider>
      </StrictMode>
    );
    if (prerendered !== undefined && container.get(SessionStore).awaitingLogin) {
      keepTypedText(prerendered, container.get(LoginStore));
      showLoadingScreenInstead(element);
      made = hydrateRoot(element, app, { onRecoverableError: (error) => console.warn('The pre-rendered login form could not be hydrated as it is; it was rendered again.', error) });
      await started;
      return;
    }
    showLoadingScreenInstead(element);
    await started;
    root().render(app);
  } catch (error) {
    showStartupFailure(root(), error);
  }
}

const element = document.getElementById('root');
if (element !== null) void boot(element);
