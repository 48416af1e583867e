import { ENTRY_ATTRIBUTE } from '../../../adapters/composition-root';

/** = esbuild.config.mjs `ENTRY_LOADING_ID`: the loading screen the entry page keeps beside #root. */
export const ENTRY_LOADING_ID = 'entry-loading';

/**
 * Issue 15 (docs/prerendered-login.md): the pre-rendered login form is what the customer sees:
 * the entry page carries it in #root and its script did not set it aside for this launch.
 */
export function prerenderedLoginForm(root: HTMLElement): HTMLFormElement | undefined {
  if (document.documentElement.getAttribute(ENTRY_ATTRIBUTE) === 'elsewhere') return undefined;
  const form = root.querySelector('form.login-form');
  return form instanceof HTMLFormElement ? form : undefined;
}

/**
 * A launch that did not land on the pre-rendered form: the entry page's loading screen takes
 * its place in #root, in one task (no paint between), and the app renders over it from there as
 * it did before the form was pre-rendered.
 */
export function showLoadingScreenInstead(root: HTMLElement): void {
  const loading = document.getElementById(ENTRY_LOADING_ID);
  if (document.documentElement.getAttribute(ENTRY_ATTRIBUTE) === 'elsewhere' && loading !== null) root.replaceChildren(...loading.childNodes);
  loading?.remove();
  document.documentElement.removeAttribute(ENTRY_ATTRIBUTE);
}
