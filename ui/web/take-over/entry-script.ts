// The entry page's one inline script (docs/prerendered-login.md), run in `<head>` before the first
// paint and before any of the app's files. The build compiles it with esbuild for the app's
// browsers, minified, and inlines it (esbuild.config.mjs `entryScript`); the CSP allows it by the
// hash of that text. It imports names only, so that nothing else is bundled into the page.
import {
  BRAND_ATTRIBUTE,
  decisionKeyName,
  EARLY_ACTION_ATTRIBUTE,
  ENTRY_ATTRIBUTE,
  ENTRY_CONFIG_ID,
  ENTRY_KEPT_KEY,
  ENTRY_RELOADS_KEY,
  REDIRECT_JWT_KEY,
  REDIRECT_JWT_PARAM,
} from '../../../adapters/browser-address-names';
import { ADDRESS_FAILURE_ROUTES } from '../../../domain/flow-start';

/** The words the script writes (domain/copy.ts), given by the build so that the catalogue stays out of the page. */
export interface EntryScriptWords {
  /** The window title of a launch elsewhere (`copy.shell.loadingTitle`). */
  readonly loadingTitle: string;
  /** A press kept for the app (`copy.login.earlyAck`). */
  readonly earlyAck: string;
  /** The page reloaded twice and a file is still lost (`copy.login.pageNotLoaded`). */
  readonly pageNotLoaded: string;
}

/** Whether the launch lands on the pre-rendered form, and the brand it shows there. */
export type EntryLaunch = { readonly entry: 'login'; readonly brand: string } | { readonly entry: 'elsewhere' };

/** What the script sees of the launch before the first paint. */
export interface SeenLaunch {
  readonly pathname: string;
  readonly search: string;
  /** The tab's session storage; `null` when it cannot be read. */
  readonly storage: Pick<Storage, 'getItem'> | null;
  /** The text of the page's `#entry-config` (the brands it carries); read only for a launch with a token. */
  readonly carriedConfig: () => string | null | undefined;
  readonly nowMs: number;
}

const ELSEWHERE: EntryLaunch = { entry: 'elsewhere' };

/** Issue 32: the page reloads after a lost file only once the customer has not typed or pressed for this long. */
const RELOAD_AFTER_QUIET_MS = 1000;

/** Issue 20 "a file lost at load": how long a page that never said it was offline waits before it reloads. */
const RELOAD_WHEN_ONLINE_UNKNOWN_MS = 1000;

/** Issue 20: a page is loaded again after a lost file at most this often; then the form says so. */
const MOST_RELOADS = 2;

type Claims = { readonly exp?: unknown; readonly brand?: unknown } | null;

/**
 * Issue 15: the launch lands on the pre-rendered form exactly when domain/flow-start.ts
 * `onLaunched` leaves the model awaiting its login step: no error route (spec §2), a token in the
 * address or the tab (DESIGN §3.3) that is a JWT with a numeric, unexpired `exp`, and no decision
 * to replay (DESIGN §3.11). It cannot check the signature (that needs the bank's keys): a forged
 * but well-formed token shows the form until the app has verified it. Issue 20: the token's
 * `brand` claim is shown when the page carries that brand; one it does not carry would fail
 * verification (spec §2 incorrect_jwt), so that launch lands elsewhere.
 */
export function launchEntry(seen: SeenLaunch): EntryLaunch {
  try {
    const segment =
      seen.pathname
        .split('/')
        .filter((part) => part !== '')
        .pop() ?? '';
    let route = segment;
    try {
      route = decodeURIComponent(segment);
    } catch {
      // A path that cannot be decoded is no error route.
    }
    const fromAddress = new URLSearchParams(seen.search).get(REDIRECT_JWT_PARAM);
    const token = fromAddress !== null && fromAddress !== '' ? fromAddress : seen.storage?.getItem(REDIRECT_JWT_KEY);
    const failureRoutes: readonly string[] = ADDRESS_FAILURE_ROUTES;
    if (failureRoutes.includes(route) || token === null || token === undefined || token === '') return ELSEWHERE;
    const replays = seen.storage?.getItem(decisionKeyName('approve'));
    if (replays !== null && replays !== undefined && replays !== '') return ELSEWHERE;
    const parts = token.split('.');
    const claims = JSON.parse(atob((parts[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as Claims;
    const carried = (JSON.parse(seen.carriedConfig() ?? '') as { readonly brands: readonly (string | { readonly id: unknown })[] }).brands.map((brand) =>
      String(typeof brand === 'string' ? brand : brand.id).toLowerCase(),
    );
    const brand = claims !== null && typeof claims.brand === 'string' ? claims.brand.toLowerCase() : '';
    const live = claims !== null && typeof claims.exp === 'number' && claims.exp * 1000 > seen.nowMs;
    return parts.length === 3 && live && carried.includes(brand) ? { entry: 'login', brand } : ELSEWHERE;
  } catch {
    return ELSEWHERE;
  }
}

/** What the page keeps in the tab's storage across a reload after a lost file (issue 20, issue 32). */
interface KeptPage {
  readonly fields: Readonly<Record<string, string>>;
  readonly focus: string;
  readonly action: string | null;
}

/** A field of the page's form, as the script reads and writes it. */
type Field = { value: string; readonly name: string; focus?: () => void; setSelectionRange?: (start: number, end: number) => void } | null;

/**
 * Runs the entry page's script (docs/prerendered-login.md):
 * - issue 15: a launch that will not land on the form (`launchEntry`) gets `data-entry="elsewhere"`
 *   and the loading title, so the form never flashes; issue 20: `data-brand` shows the token's brand;
 * - issue 20 "an early Continue is not lost": until the app removes `data-entry`, a press is kept in
 *   `data-early-action`, acknowledged and never sent; the app carries it out;
 * - issue 20 "a file lost at load": the page is loaded again once online (at most twice), what was
 *   typed kept in session storage; then the form says so. Issue 32: not while the customer types,
 *   and the text, focus and caret are back as soon as the form is parsed (readyState
 *   "interactive", before the app's module scripts, which DOMContentLoaded waits for).
 */
export function runEntryScript(words: EntryScriptWords): void {
  const html = document.documentElement;
  let storage: Storage | null = null;
  try {
    storage = window.sessionStorage;
  } catch {
    // Storage refused (a privacy mode): the token of the address alone.
  }
  const launch = launchEntry({
    pathname: location.pathname,
    search: location.search,
    storage,
    carriedConfig: () => document.getElementById(ENTRY_CONFIG_ID)?.textContent,
    nowMs: Date.now(),
  });
  if (launch.entry === 'login') html.setAttribute(BRAND_ATTRIBUTE, launch.brand);
  html.setAttribute(ENTRY_ATTRIBUTE, launch.entry);
  if (launch.entry !== 'login') {
    document.title = words.loadingTitle;
    return;
  }

  const taking = (): boolean => html.getAttribute(ENTRY_ATTRIBUTE) === 'login';
  const say = (text: string, always: boolean): void => {
    const ack = document.querySelector('.login-ack');
    if (ack !== null && (always || ack.textContent === '')) ack.textContent = text;
  };
  const keep = (action: string): void => {
    html.setAttribute(EARLY_ACTION_ATTRIBUTE, action);
    say(words.earlyAck, false);
  };
  const early = (event: Event, action: string): void => {
    if (!taking()) return;
    event.preventDefault();
    keep(action);
  };
  document.addEventListener('submit', (event) => early(event, 'submit'), true);
  document.addEventListener(
    'click',
    (event) => {
      const target = event.target as Partial<Pick<Element, 'closest'>> | null;
      const pressed = target?.closest?.(`[${EARLY_ACTION_ATTRIBUTE}]`);
      if (pressed) early(event, pressed.getAttribute(EARLY_ACTION_ATTRIBUTE) ?? '');
    },
    true,
  );

  let lastTouched = 0;
  const touched = (): void => {
    lastTouched = Date.now();
  };
  for (const type of ['keydown', 'input', 'pointerdown']) document.addEventListener(type, touched, true);
  const whenQuiet = (run: () => void): void => {
    const idle = Date.now() - lastTouched;
    if (idle >= RELOAD_AFTER_QUIET_MS) run();
    else setTimeout(() => whenQuiet(run), RELOAD_AFTER_QUIET_MS - idle);
  };
  const fieldOf = (form: HTMLFormElement | null, name: string): Field => (form === null ? null : (form.elements.namedItem(name) as Field));

  document.addEventListener('readystatechange', () => {
    if (document.readyState !== 'interactive' || storage === null) return;
    const stored = storage.getItem(ENTRY_KEPT_KEY);
    if (stored === null || stored === '') return;
    storage.removeItem(ENTRY_KEPT_KEY);
    try {
      const kept = JSON.parse(stored) as KeptPage;
      const form = document.querySelector('form');
      for (const name in kept.fields) {
        const field = fieldOf(form, name);
        if (field !== null && field.value === '') field.value = kept.fields[name] ?? '';
      }
      const focused = kept.focus === '' ? null : fieldOf(form, kept.focus);
      if (focused?.focus !== undefined) {
        focused.focus();
        try {
          focused.setSelectionRange?.(focused.value.length, focused.value.length);
        } catch {
          // A field with no caret.
        }
      }
      if (typeof kept.action === 'string' && kept.action !== '' && taking()) keep(kept.action);
    } catch {
      // What was kept cannot be read: the form as it is.
    }
  });

  document.addEventListener(
    'error',
    (event) => {
      const target = event.target as { readonly tagName?: string } | null;
      if (target?.tagName !== 'SCRIPT' || !taking()) return;
      const store = storage;
      const tries = Number(store?.getItem(ENTRY_RELOADS_KEY)) || 0;
      if (store === null || tries >= MOST_RELOADS) {
        say(words.pageNotLoaded, true);
        return;
      }
      let again = (): void => {
        again = () => undefined;
        const form = document.querySelector('form');
        const active = document.activeElement as { readonly form?: unknown; readonly name?: string } | null;
        const fields: Record<string, string> = {};
        if (form !== null) {
          for (const element of Array.from(form.elements) as { readonly name?: string; readonly value?: string }[]) {
            if (element.name && element.value) fields[element.name] = element.value;
          }
        }
        const kept: KeptPage = {
          fields,
          action: html.getAttribute(EARLY_ACTION_ATTRIBUTE),
          focus: active !== null && form !== null && active.form === form && active.name ? active.name : '',
        };
        store.setItem(ENTRY_KEPT_KEY, JSON.stringify(kept));
        store.setItem(ENTRY_RELOADS_KEY, String(tries + 1));
        location.reload();
      };
      if (navigator.onLine === false) window.addEventListener('online', () => whenQuiet(again));
      else setTimeout(() => whenQuiet(again), RELOAD_WHEN_ONLINE_UNKNOWN_MS);
    },
    true,
  );
}
