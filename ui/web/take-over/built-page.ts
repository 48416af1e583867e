// Issue 34 item 3: what the build writes into the entry page and the app reads from it, named once.
// The build (esbuild.config.mjs) bundles this module for Node and imports it; the app imports it.
import { copy } from '../../../domain/copy';
import type { EntryScriptWords } from './entry-script';

/** Issue 20: the id of the entry page's `<script type="application/json">`: the brands and links it was built with. */
export { ENTRY_CONFIG_ID } from '../../../adapters/browser-address-names';

/** CONTRACT §2: the configuration the app reads at start, which the entry page preloads. */
export { CONFIG_PATH } from '../../../adapters/browser-address-names';

/** Issue 15: the loading screen the entry page keeps beside #root for a launch that does not land on the form. */
export const ENTRY_LOADING_ID = 'entry-loading';

/** The shell's meta tag naming the later steps' stylesheet (ui/web/shell/later-steps-stylesheet.ts loads it). */
export const LATER_STEPS_STYLESHEET_META = 'later-steps-stylesheet';

/** Spec §2 "Loading screen": the window title of the shell while it shows the loading screen. */
export const LOADING_TITLE = copy.shell.loadingTitle;

/** The words the entry script writes (ui/web/take-over/entry-script.ts), from the copy catalogue. */
export const ENTRY_SCRIPT_WORDS: EntryScriptWords = {
  loadingTitle: copy.shell.loadingTitle,
  earlyAck: copy.login.earlyAck,
  pageNotLoaded: copy.login.pageNotLoaded,
};

/** ui/web/prerender/entry-page.tsx's render of the login form for the entry page (issue 15). */
export interface RenderedEntry {
  /** The app's markup in `#root`: the login form as it shows while the token is verified. */
  readonly markup: string;
  /** The window title of that screen. */
  readonly title: string;
  /** Issue 20: the brands' rules the page's stylesheet adds (each brand's colours and logo, by `data-brand`). */
  readonly brandStyles: string;
  /** Issue 20: the brands and links the page shows, as the page carries them for its script and the app (`#entry-config`). */
  readonly entryConfig: string;
}

/** What the build writes into the entry page (esbuild.config.mjs `indexHtml`): the render and the compiled entry script. */
export interface PrerenderedEntry extends RenderedEntry {
  /** The inline script that decides, before the first paint, whether the launch lands on the form, and the brand it shows. */
  readonly script: string;
}
