import { enableStaticRendering } from 'mobx-react-lite';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createPrerenderContainer } from '../../../adapters/prerender/composition-root';
import { FlowController } from '../../../application/flow-controller';
import { ENTRY_PAGE, type EntryPage } from '../../../application/ports/entry-page.port';
import { SessionStore } from '../../../application/stores/session.store';
import { isRecord } from '../../../domain/is-record';
import { App } from '../app';
import { ServicesProvider } from '../services-context';
import { entryBrandStyles } from '../shell/brand-theme';
import type { RenderedEntry } from '../take-over/built-page';

/**
 * Issue 20: the part of the build's config.json the page carries: its brands and links, as
 * written there (the browser checks them as it checks config.json), and its public site (issue
 * 21: where the failure view of an app that cannot run leads).
 */
function entryConfigJson(rawConfig: unknown): string {
  const raw = isRecord(rawConfig) ? rawConfig : {};
  // `<` is escaped so that nothing in the config can close the script element it is written in.
  // Issue 22: and the login's settings (the secure code's lifetime, the CX switches).
  return JSON.stringify({
    brands: raw['brands'],
    links: raw['links'],
    publicSiteUrl: raw['publicSiteUrl'],
    otpExpirySeconds: raw['otpExpirySeconds'],
    cx: raw['cx'],
  }).replace(/</g, '\\u003c');
}

/**
 * Issue 15 "a login form at HTML speed" (docs/prerendered-login.md): the web app's own tree,
 * rendered at build time by react-dom/server in the state the browser's first render has while
 * the token is verified (SessionStore.awaitingLogin), so that the browser hydrates it as it is.
 * `rawConfig` is the build's config/config.json: the page shows its brands and links (issue 20).
 */
export function renderEntryPage(rawConfig: unknown): RenderedEntry {
  const container = createPrerenderContainer(rawConfig);
  // Started as a customer's launch starts; the verifier never answers, so it stays verifying.
  void container.get(FlowController).start();
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
    return {
      markup,
      title: session.windowTitle,
      brandStyles: entryBrandStyles(container.get<EntryPage>(ENTRY_PAGE).brands),
      entryConfig: entryConfigJson(rawConfig),
    };
  } finally {
    enableStaticRendering(false);
  }
}
