// Issue 25, "the pre-rendered login form is announced once, before and after the take-over"
// (docs/prerendered-login.md): the entry page as the build writes it, opened in jsdom as a browser
// opens it at a launch (its entry script run), and the app's script arriving and adopting it as
// ui/web/main.tsx does on this launch.
import { StrictMode } from 'react';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { indexHtml, inlineStylesheet, prerenderEntry } from '../../../esbuild.config.mjs';
import { ENTRY_CONFIG_ID } from '../../../ui/web/take-over/built-page';
import { FlowController } from '../../../application/flow-controller';
import { ENTRY_PAGE } from '../../../application/ports/entry-page.port';
import { parseEntryPageConfig } from '../../../application/runtime-config';
import { LoginStore } from '../../../application/stores/login.store';
import { SessionStore } from '../../../application/stores/session.store';
import { App } from '../../../ui/web/app';
import { ServicesProvider } from '../../../ui/web/services-context';
import { AdoptionProvider } from '../../../ui/web/take-over/adoption';
import { adoptPrerenderedForm, prerenderedLoginForm } from '../../../ui/web/take-over/take-over';
import type { Container } from 'inversify';
import { createTestContainer, defaultPorts, type TestPorts } from '../../support/test-container';

/** A token the entry script takes for a launch (three parts, the brand "Demo", not expired); the app's own verifier is the tests'. */
const LAUNCH_TOKEN = ['e30', Buffer.from(JSON.stringify({ brand: 'Demo', exp: 4_102_444_800 })).toString('base64url'), 'c2ln'].join('.');

/** The HTML attributes the entry script sets on <html> (it runs before the body is parsed). */
const PAGE_ATTRIBUTES = ['data-entry', 'data-brand', 'data-early-action'];

/**
 * Opens the entry page the build writes (the login form rendered by the app's own components,
 * esbuild.config.mjs `prerenderEntry` and `indexHtml`) in jsdom's document, at a launch whose
 * address holds a token, and runs its inline script as the browser does before the body is
 * parsed. jsdom loads no stylesheet, so the page's own inline one (the brands' rules) is all it has.
 */
export async function openEntryPage(): Promise<void> {
  const prerendered = await prerenderEntry();
  const html = indexHtml({ script: 'main.js', inlineStyles: inlineStylesheet('', prerendered.brandStyles), prerendered });
  const page = new DOMParser().parseFromString(html, 'text/html');
  window.history.replaceState(null, '', `/?redirectJwt=${LAUNCH_TOKEN}`);
  document.title = page.title;
  document.head.replaceChildren(...[...page.head.childNodes].map((node) => document.importNode(node, true)));
  // The inline script, in the page's own scope (jsdom runs no script put into the document).
  new Function(prerendered.script)();
  document.body.replaceChildren(...[...page.body.childNodes].map((node) => document.importNode(node, true)));
}

/** The page put back as the other tests find it (the entry script's listeners stay, idle once `data-entry` is gone). */
export function closeEntryPage(): void {
  for (const name of PAGE_ATTRIBUTES) document.documentElement.removeAttribute(name);
  document.head.replaceChildren();
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
}

/** The app that took the page over: its ports and container, to read, and its root, to unmount. */
export interface TakenOver {
  readonly ports: TestPorts;
  readonly container: Container;
  readonly root: Root;
  /** What React could not adopt as it was (it renders it again): nothing, when the page is the first render. */
  readonly notAdopted: readonly unknown[];
}

/**
 * The app's script arriving, as ui/web/main.tsx boots on a launch that lands on the pre-rendered
 * form: the container with the brands and links the page carries (`#entry-config`), the flow
 * started, the views held at the state the page was rendered in while React adopts the page
 * (`hydrateRoot`), then, in the commit that adopts the step, what was typed goes to the model and
 * the views catch up (`adoptPrerenderedForm`). Resolves once the flow's start is over.
 */
export async function takeOver(overrides: Partial<TestPorts>): Promise<TakenOver> {
  const element = document.getElementById('root');
  const form = element === null ? undefined : prerenderedLoginForm(element);
  const carried = parseEntryPageConfig(JSON.parse(document.getElementById(ENTRY_CONFIG_ID)?.textContent ?? 'null'));
  if (element === null || form === undefined || !carried.ok) throw new Error('the entry page carries no login form for this launch');
  const ports = defaultPorts(overrides);
  const container = createTestContainer(ports);
  container.bind(ENTRY_PAGE).toConstantValue(carried.value);
  const flow = container.get(FlowController);
  const notAdopted: unknown[] = [];
  let root: Root | undefined;
  await act(async () => {
    const started = flow.start();
    if (!container.get(SessionStore).awaitingLogin) throw new Error('the launch did not await the login form');
    const showModel = flow.holdView();
    let adopted = false;
    const adopt = () => {
      if (!adopted) adoptPrerenderedForm(form, container.get(LoginStore), showModel);
      adopted = true;
    };
    root = hydrateRoot(
      element,
      <AdoptionProvider adopted={adopt}>
        <StrictMode>
          <ServicesProvider container={container}>
            <App />
          </ServicesProvider>
        </StrictMode>
      </AdoptionProvider>,
      { onRecoverableError: (error) => notAdopted.push(error) },
    );
    await started;
  });
  if (root === undefined) throw new Error('React did not take the page over');
  return { ports, container, root, notAdopted };
}
