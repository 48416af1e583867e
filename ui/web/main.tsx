import './styles/index.css';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { loadConfig, createContainer, WindowLaunchParameters } from '../../adapters/composition-root';
import { FlowController } from '../../application/flow-controller';
import { copy } from '../../domain/copy';
import { App } from './app';
import { StaticFailureView } from './pages/failure-page';
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
 * keeps it in memory), load and validate the config, build the browser container, start the
 * consent flow once, then render the app at the screen the start chose. Until then the shell's
 * static loading screen shows (esbuild.config.mjs), so React renders once, straight to the login
 * step or the failure page.
 */
async function boot(element: HTMLElement): Promise<void> {
  const launch = new WindowLaunchParameters();
  launch.forgetRedirectJwt();
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
    await container.get(FlowController).start();
    root().render(
      <StrictMode>
        <ServicesProvider container={container}>
          <App />
        </ServicesProvider>
      </StrictMode>,
    );
  } catch (error) {
    showStartupFailure(root(), error);
  }
}

const element = document.getElementById('root');
if (element !== null) void boot(element);
