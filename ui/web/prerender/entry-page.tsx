import { enableStaticRendering } from 'mobx-react-lite';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createPrerenderContainer, ENTRY_ATTRIBUTE, ENTRY_SCRIPT } from '../../../adapters/prerender/composition-root';
import { SessionStore } from '../../../application/stores/session.store';
import { App } from '../app';
import { ServicesProvider } from '../services-context';

/** What the build writes into the entry page (esbuild.config.mjs `indexHtml`). */
export interface PrerenderedEntry {
  /** The app's markup in `#root`: the login form as it shows while the token is verified. */
  readonly markup: string;
  /** The window title of that screen. */
  readonly title: string;
  /** The inline script that decides, before the first paint, whether the launch lands on the form. */
  readonly script: string;
  /** The attribute that script sets on `<html>`. */
  readonly attribute: string;
}

/**
 * Issue 15 "a login form at HTML speed" (docs/prerendered-login.md): the web app's own tree,
 * rendered at build time by react-dom/server in the state the browser's first render has while
 * the token is verified (SessionStore.awaitingLogin), so that the browser hydrates it as it is.
 * `rawConfig` is the build's config/config.json.
 */
export function renderEntryPage(rawConfig: unknown): PrerenderedEntry {
  const container = createPrerenderContainer(rawConfig);
  const session = container.get(SessionStore);
  if (!session.awaitingLogin) throw new Error('The build could not put the app in the state of a launch awaiting its login form.');
  // Static rendering is a global switch of mobx-react-lite: on for this render only, so that a
  // process that builds and then renders observers (the tests) keeps them reactive.
  enableStaticRendering(true);
  try {
    const markup = renderToString(
      <StrictMode>
        <ServicesProvider container={container}>
          <App />
        </ServicesProvider>
      </StrictMode>,
    );
    return { markup, title: session.windowTitle, script: ENTRY_SCRIPT, attribute: ENTRY_ATTRIBUTE };
  } finally {
    enableStaticRendering(false);
  }
}
