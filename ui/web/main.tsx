import './styles/index.css';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { loadConfig, createContainer, WindowLaunchParameters } from '../../adapters/composition-root';
import { FlowController } from '../../application/flow-controller';
import { LoginStore } from '../../application/stores/login.store';
import { SessionStore } from '../../application/stores/session.store';
import { copy } from '../../domain/copy';
import { App } from './app';
import { StaticFailureView } from './pages/failure-page';
import { ServicesProvider } from './services-context';
import { AdoptionProvider } from './take-over/adoption';
import {
  adoptPrerenderedForm,
  endEntry,
  entryPageOf,
  forgetEntryReloads,
  keptFocus,
  prerenderedLoginForm,
  restoreFocus,
  showLoadingScreenIfElsewhere,
  showLoadingScreenInstead,
  takeOverWithoutAdopting,
} from './take-over/take-over';

/**
 * A startup failure is logged for the bank's engineers and shows the failure view with its
 * title: never a blank screen, never "Loading" in the tab (issue 11). Issue 33 item 1: on every
 * kind of launch. The view replaces what #root holds (the pre-rendered form, hidden or not) in
 * this task, and only then does the entry page end (its loading screen goes, #root shows): the
 * form is never painted for a launch that did not land on it, and no launch keeps the entry
 * page's loading screen over the failure view.
 */
function showStartupFailure(root: Root, problem: unknown): void {
  console.error('The consent app could not start.', problem);
  document.title = copy.failure.windowTitle;
  flushSync(() => root.render(<StaticFailureView />));
  endEntry();
}

/** `run` at most once (StrictMode runs a layout effect twice in development; a later step mounts another signal). */
function once(run: () => void): () => void {
  let done = false;
  return () => {
    if (!done) run();
    done = true;
  };
}

/**
 * Boot (spec §7 "GET config/config.json (startup)", DESIGN §1): read the entry address and take
 * the token out of the address bar first (DESIGN §3.3: even when the app cannot start; the flow
 * keeps it in memory), load and validate the config, build the browser container and start the
 * consent flow once.
 *
 * Issue 20 "never lose a keystroke" (docs/prerendered-login.md): when the launch lands on the
 * login form the entry page carries, React adopts that form as it is (`hydrateRoot`), so its
 * nodes, their text, the caret and the focus stay. Adopting needs React's first render to be
 * exactly the page; it is, because the views are held at the state the page was rendered in
 * (FlowController.holdView) while React adopts it, however long that takes and whatever the
 * journey does meanwhile (the token verified, the consent read). Then, in the commit itself,
 * the fields' text goes to the model and the views catch up (adoptPrerenderedForm).
 * Any other launch (elsewhere, or offline at the start: its notice is not in the page) is
 * rendered once the start is over, straight to the step or the failure page: one decision.
 */
async function boot(element: HTMLElement): Promise<void> {
  forgetEntryReloads();
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
      showStartupFailure(root(), `config/config.json could not be loaded or is malformed:\n- ${config.error.join('\n- ')}`);
      return;
    }
    const container = createContainer(config.value, launch, prerendered === undefined ? undefined : entryPageOf(config.value));
    const flow = container.get(FlowController);
    const started = flow.start();
    const app = (
      <StrictMode>
        <ServicesProvider container={container}>
          <App />
        </ServicesProvider>
      </StrictMode>
    );
    const session = container.get(SessionStore);
    const login = container.get(LoginStore);
    if (prerendered !== undefined && session.awaitingLogin && !session.offline) {
      const showModel = flow.holdView();
      const adopted = once(() => adoptPrerenderedForm(prerendered, login, showModel));
      made = hydrateRoot(element, <AdoptionProvider adopted={adopted}>{app}</AdoptionProvider>, {
        onRecoverableError: (error, info) =>
          console.warn('The pre-rendered login form could not be adopted as it is; it was rendered again.', error, info.componentStack),
      });
      await started;
      return;
    }
    // Rendered once the start is over; a launch elsewhere shows the loading screen until then.
    // Meanwhile the page's script keeps holding presses on a form; then, in one task (no event
    // between), what was typed and a press it kept go to the app and React replaces the page
    // (issue 20: a Continue pressed while the start ran must not submit the form natively, the
    // code in the address). The focus and the caret go back to the new form's field in that
    // task too, so the next key lands there.
    showLoadingScreenIfElsewhere(element);
    await started;
    const focus = keptFocus(prerendered);
    takeOverWithoutAdopting(prerendered, login, session.awaitingLogin);
    showLoadingScreenInstead(element);
    flushSync(() => root().render(app));
    restoreFocus(element, focus);
  } catch (error) {
    showStartupFailure(root(), error);
  }
}

const element = document.getElementById('root');
if (element !== null) void boot(element);
