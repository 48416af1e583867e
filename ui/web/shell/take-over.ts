import { EARLY_ACTION_ATTRIBUTE, ENTRY_ATTRIBUTE, ENTRY_CONFIG_ID } from '../../../adapters/composition-root';
import type { EntryPage } from '../../../application/ports/entry-page.port';
import { parseEntryPageConfig, type RuntimeConfig } from '../../../application/runtime-config';
import type { LoginStore } from '../../../application/stores/login.store';
import { EARLY_ACTIONS, type EarlyAction } from '../../../domain/flow-events';
import { keepTypedText } from '../login/keep-typed-before-take-over';

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
 * Issue 20: the brands and links the entry page was built with (`#entry-config`), checked as
 * config.json is; `undefined` when the page carries none. A deployment whose config.json names
 * other brands than its build is told in the console: the page would change identity once the
 * token is verified (rebuild with that config.json).
 */
export function entryPageOf(config: RuntimeConfig): EntryPage | undefined {
  const element = document.getElementById(ENTRY_CONFIG_ID);
  if (element === null) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(element.textContent ?? '');
  } catch {
    raw = undefined;
  }
  const parsed = parseEntryPageConfig(raw);
  if (!parsed.ok) {
    console.warn(`The entry page's #${ENTRY_CONFIG_ID} is malformed; the app uses config.json's brands and links:\n- ${parsed.error.join('\n- ')}`);
    return undefined;
  }
  if (JSON.stringify(parsed.value.brands) !== JSON.stringify(config.brandDetails)) {
    console.warn(
      'config/config.json names other brands than the build of this page: build the app with the deployed config.json, or the page changes its brand once the token is verified (docs/deployment.md).',
    );
  }
  return parsed.value;
}

/**
 * Issue 21: the bank's public site the entry page was built with (`#entry-config`), for the
 * failure view shown when the app cannot run; `undefined` when the page carries none.
 */
export function entryPublicSite(): string | undefined {
  try {
    const raw: unknown = JSON.parse(document.getElementById(ENTRY_CONFIG_ID)?.textContent ?? '');
    const url = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>)['publicSiteUrl'] : undefined;
    return typeof url === 'string' && /^https?:\/\//.test(url) ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The press the entry page's script kept for the app (issue 20), if any: read once, and forgotten. */
function takeEarlyAction(): EarlyAction | undefined {
  const html = document.documentElement;
  const value = html.getAttribute(EARLY_ACTION_ATTRIBUTE);
  html.removeAttribute(EARLY_ACTION_ATTRIBUTE);
  return EARLY_ACTIONS.find((action) => action === value);
}

function carryOut(login: LoginStore, action: EarlyAction): void {
  switch (action) {
    case 'submit':
      void login.submit();
      return;
    case 'cancel':
      login.cancel();
      return;
    default:
      login.openHelp(action);
  }
}

/**
 * Issue 20 "never lose a keystroke" (docs/prerendered-login.md): React has adopted the
 * pre-rendered page as it is (the views were held at the state it was rendered in), before the
 * browser paints again and before any event reaches the app. Now, in that same task:
 * - what the fields hold is the form's text (typed, pasted or filled in while the app started);
 * - the views show the journey as it is now (`showModel`: the token may be verified by now);
 * - a press the page's script kept is carried out as if made now (remembered until the login
 *   step shows, or refused with the fields' messages on an incomplete form), and the status line
 *   the script wrote says so only while it still holds;
 * - the page's marks go, and with them the script's hold on presses: the app has the page.
 */
export function adoptPrerenderedForm(form: HTMLFormElement, login: LoginStore, showModel: () => void): void {
  keepTypedText(form, login);
  showModel();
  const early = takeEarlyAction();
  if (early !== undefined) carryOut(login, early);
  const ack = form.querySelector('.login-ack');
  if (ack !== null && !login.acknowledged) ack.textContent = '';
  endEntry();
}

/**
 * Issue 20, DESIGN §3.15 and §3.17: the pre-rendered form rendered anew instead of adopted (the
 * app starts offline: its notice is not in the page). What the fields hold is the form's text,
 * and a press the page's script kept is carried out as on adoption (remembered until the login
 * step shows; a login waits for the connection). Found by the browser random journeys (issue 20
 * item 4): the press was dropped, and the customer had to press again.
 */
export function takeOverWithoutAdopting(form: HTMLFormElement, login: LoginStore): void {
  keepTypedText(form, login);
  const early = takeEarlyAction();
  if (early !== undefined) carryOut(login, early);
}

/** Where the customer is in the pre-rendered form: the focused field and its selection (issue 20). */
export interface KeptFocus {
  readonly name: string;
  readonly start: number | null;
  readonly end: number | null;
  readonly direction: 'forward' | 'backward' | 'none' | null;
}

/** The field of `form` that has the focus, and where its caret is; `undefined` when none has it. */
export function keptFocus(form: HTMLFormElement): KeptFocus | undefined {
  const active = document.activeElement;
  if (!(active instanceof HTMLInputElement) || active.form !== form || active.name === '') return undefined;
  return { name: active.name, start: active.selectionStart, end: active.selectionEnd, direction: active.selectionDirection };
}

/**
 * Issue 20 "never lose a keystroke": after the form was rendered anew (not adopted), the focus
 * and the caret go back to the field the customer was in, in the same task as the render, so the
 * next key lands there. Before, the focus went with the old form, and the keys typed after it
 * went nowhere (a random journey kept "dob" of "dob.required.c23").
 */
export function restoreFocus(root: HTMLElement, kept: KeptFocus | undefined): void {
  if (kept === undefined) return;
  const field = root.querySelector(`form.login-form input[name="${CSS.escape(kept.name)}"]`);
  if (!(field instanceof HTMLInputElement)) return;
  field.focus({ preventScroll: true });
  if (kept.start !== null && kept.end !== null) field.setSelectionRange(kept.start, kept.end, kept.direction ?? undefined);
}

/**
 * The entry page's marks removed: its script stops holding presses, the spare loading screen
 * goes, and #root shows whatever the launch was. `data-brand` stays: it shows the token's brand
 * until the verified brand takes its place. Issue 33 item 1: a start-up failure ends it too,
 * once the failure view is in #root.
 */
export function endEntry(): void {
  document.getElementById(ENTRY_LOADING_ID)?.remove();
  document.documentElement.removeAttribute(ENTRY_ATTRIBUTE);
}

/**
 * A launch that did not land on the pre-rendered form: the entry page's loading screen takes
 * its place in #root, in one task (no paint between), and the app renders over it from there as
 * it did before the form was pre-rendered.
 */
export function showLoadingScreenInstead(root: HTMLElement): void {
  const loading = document.getElementById(ENTRY_LOADING_ID);
  if (document.documentElement.getAttribute(ENTRY_ATTRIBUTE) === 'elsewhere' && loading !== null) root.replaceChildren(...loading.childNodes);
  endEntry();
}
