import { EARLY_ACTION_ATTRIBUTE, ENTRY_ATTRIBUTE, ENTRY_CONFIG_ID, ENTRY_RELOADS_KEY } from '../../../adapters/browser-address-names';
import type { EntryPage } from '../../../application/ports/entry-page.port';
import { parseEntryPageConfig, type RuntimeConfig } from '../../../application/runtime-config';
import type { LoginStore } from '../../../application/stores/login.store';
import { EARLY_ACTIONS, type EarlyAction } from '../../../domain/flow-events';
import { ENTRY_LOADING_ID } from './built-page';
import { keepTypedText } from './keep-typed-text';

/**
 * Issue 20 "a file lost at load" (entry-script.ts): the app's files all arrived, so a later loss
 * may reload the page twice again.
 */
export function forgetEntryReloads(): void {
  try {
    globalThis.sessionStorage?.removeItem(ENTRY_RELOADS_KEY);
  } catch {
    // Storage refused (a privacy mode): the entry page's script kept no count either.
  }
}

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
 * Issue 20 "never lose a keystroke" (docs/prerendered-login.md): the one hand-over of the entry
 * page to the app, in one task (no paint, no event in between):
 * - what the fields hold is the form's text (typed, pasted or filled in while the app started);
 * - `showModel`: the views show the journey as it is now (the token may be verified by now);
 * - the press the page's script kept (`data-early-action`, read once and forgotten) is carried out
 *   as if made now, when the model awaits the login step: remembered until the step shows
 *   (`journey.login.early`), or refused with the fields' messages on an incomplete form. A press
 *   on a form the journey has left (a failure page) is dropped.
 */
function handOver(form: HTMLFormElement, login: LoginStore, showModel: () => void, awaitingLogin: boolean): void {
  keepTypedText(form, login);
  showModel();
  const early = takeEarlyAction();
  if (early !== undefined && awaitingLogin) carryOut(login, early);
}

/**
 * Issue 20: React has adopted the pre-rendered page as it is (the views were held at the state it
 * was rendered in), before the browser paints again and before any event reaches the app. Now,
 * in that same task, the page is handed over (`handOver`); the status line the script wrote says
 * "Just a moment…" only while a press is still held; the page's marks go, and with them the
 * script's hold on presses: the app has the page.
 */
export function adoptPrerenderedForm(form: HTMLFormElement, login: LoginStore, showModel: () => void): void {
  handOver(form, login, showModel, true);
  const ack = form.querySelector('.login-ack');
  if (ack !== null && !login.acknowledged) ack.textContent = '';
  endEntry();
}

/**
 * Issue 20, DESIGN §3.15 and §3.17: the pre-rendered form is rendered anew instead of adopted
 * (the app starts offline: its notice is not in the page), once the start is over. It is handed
 * over as on adoption (a login waits for the connection), so that no press is lost; `form` is
 * `undefined` for a launch that did not land on it.
 */
export function takeOverWithoutAdopting(form: HTMLFormElement | undefined, login: LoginStore, awaitingLogin: boolean): void {
  if (form !== undefined) handOver(form, login, () => undefined, awaitingLogin);
}

/** Where the customer is in the pre-rendered form: the focused field and its selection (issue 20). */
export interface KeptFocus {
  readonly name: string;
  readonly start: number | null;
  readonly end: number | null;
  readonly direction: 'forward' | 'backward' | 'none' | null;
}

/** The field of `form` that has the focus, and where its caret is; `undefined` when none has it (or there is no form). */
export function keptFocus(form: HTMLFormElement | undefined): KeptFocus | undefined {
  const active = document.activeElement;
  if (form === undefined || !(active instanceof HTMLInputElement) || active.form !== form || active.name === '') return undefined;
  return { name: active.name, start: active.selectionStart, end: active.selectionEnd, direction: active.selectionDirection };
}

/**
 * Issue 20 "never lose a keystroke" (issue 20 item 8): after the form was rendered anew (not
 * adopted), the focus and the caret go back to the field the customer was in, in the same task as
 * the render, so the next key lands there and not with the old form's nodes.
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
 * A launch that did not land on the pre-rendered form (`data-entry="elsewhere"`): the entry
 * page's loading screen takes its place in #root, in one task (no paint between), and the app
 * renders over it from there. Any other launch keeps the page as it is.
 */
export function showLoadingScreenIfElsewhere(root: HTMLElement): void {
  if (document.documentElement.getAttribute(ENTRY_ATTRIBUTE) === 'elsewhere') showLoadingScreenInstead(root);
}

/**
 * The app renders anew: the entry page's loading screen takes the place of what #root holds on
 * a launch elsewhere, and the page's marks go (`endEntry`).
 */
export function showLoadingScreenInstead(root: HTMLElement): void {
  const loading = document.getElementById(ENTRY_LOADING_ID);
  if (document.documentElement.getAttribute(ENTRY_ATTRIBUTE) === 'elsewhere' && loading !== null) root.replaceChildren(...loading.childNodes);
  endEntry();
}
