// Runs the real built app in headless Chromium against the sandbox bank (DESIGN §2 browser tier).
import { mkdtemp, rm } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type CDPSession,
  type Disposable,
  type Page,
  type ViewportSize,
} from 'playwright-core';
import { buildApp, nginxDirOf } from '../../esbuild.config.mjs';
import { createSandboxBank, type SandboxBank, type SandboxBankOptions } from '../../sandbox/server';
import type { AuthorisationAsk } from '../../sandbox/recipient-simulator';

/**
 * Issue 32 item 3: the tests drive Debian's `chromium-headless-shell`, the same Chromium build
 * (Blink, V8, the network stack) without the desktop browser's shell, as Playwright does by
 * default: opening the app costs about a third of the CPU the full browser's headless mode spends
 * (docs/testing.md "What a browser test costs"). The bench keeps the full browser
 * (`FULL_CHROMIUM`), the one its earlier figures were measured in. `CHROMIUM_BIN` overrides both.
 */
const TEST_CHROMIUM = { path: '/usr/bin/chromium-headless-shell', debianPackage: 'chromium-headless-shell' } as const;
export const FULL_CHROMIUM = { path: '/usr/bin/chromium', debianPackage: 'chromium' } as const;

/** The flags this machine needs (no network but loopback, no GPU, root); bench/devtools-body-cost.ts launches with them too. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  ...(process.env['CHROMIUM_EXTRA_ARGS'] ?? '').split(' ').filter(Boolean),
];

let built: Promise<string> | undefined;

/** Builds the production app once per test run, into a temporary folder. */
function builtDist(): Promise<string> {
  built ??= (async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'consent-dist-'));
    await buildApp({ outDir: dir });
    return dir;
  })();
  return built;
}

/**
 * Issue 32 item 3, the browser paid once: one Chromium for the whole mocha run, launched by the
 * first suite that needs it and closed by a root hook when the run ends. Each test still has
 * contexts of its own (closed after it), so nothing of one test's pages reaches another.
 */
let shared: Promise<Browser> | undefined;

/** The pages lent to one test after another (KeptPage), not lent now: they close with the run's Chromium. */
const keptPages: KeptPage[] = [];

/**
 * The mocha run's Chromium, for a test outside a browserSuite that needs nothing of its own (no
 * switches): a launch and a close cost about 1.5 s of CPU (32.15). Open a context in it and close
 * the context, never the browser.
 */
export function sharedChromium(): Promise<Browser> {
  shared ??= launchChromium();
  return shared;
}

// A root-level hook, registered once, when a test file first imports this module (the bench's
// scripts import it outside mocha, where there are no hooks and no shared Chromium).
if (typeof globalThis.after === 'function') {
  after(async () => {
    const browser = shared;
    shared = undefined;
    keptPages.length = 0;
    await (await browser?.catch(() => undefined))?.close();
    // The run's build goes with it (355 of them had piled up in /tmp).
    const dir = await built?.catch(() => undefined);
    built = undefined;
    if (dir !== undefined) for (const folder of [dir, nginxDirOf(dir)]) await rm(folder, { recursive: true, force: true });
  });
}

/** Debian's Chromium, headless; `extraArgs` add switches (e.g. Blink settings) for one test's browser. */
export async function launchChromium(
  extraArgs: readonly string[] = [],
  build: { readonly path: string; readonly debianPackage: string } = TEST_CHROMIUM,
): Promise<Browser> {
  const executablePath = process.env['CHROMIUM_BIN'] ?? build.path;
  if (!existsSync(executablePath)) {
    throw new Error(`${executablePath} is missing: install Debian's ${build.debianPackage} (.ci/run installs it: apt-get install ${build.debianPackage}).`);
  }
  return chromium.launch({ executablePath, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/**
 * The renderer processes of a Chromium (CDP `SystemInfo.getProcessInfo`): each one's pid and CPU
 * seconds so far. `from` is the browser (a session is opened for the question) or a browser-level
 * CDP session already open.
 */
export async function renderersOf(from: Browser | CDPSession): Promise<{ readonly id: number; readonly cpuTime: number }[]> {
  const cdp = 'newBrowserCDPSession' in from ? await from.newBrowserCDPSession() : from;
  try {
    const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
    return processInfo.filter((process) => process.type === 'renderer');
  } finally {
    if (cdp !== from) await cdp.detach();
  }
}

/** A sandbox bank on a free port with its own data folder and the production build. */
export class SandboxHarness {
  private dataDir = '';
  bank!: SandboxBank;
  origin = '';

  async start(options: SandboxBankOptions = {}): Promise<this> {
    this.dataDir = await mkdtemp(path.join(os.tmpdir(), 'consent-sandbox-'));
    this.bank = await createSandboxBank({ port: 0, dataDir: this.dataDir, ...options, distDir: options.distDir ?? (await builtDist()) });
    this.origin = await this.bank.listen();
    return this;
  }

  async stop(): Promise<void> {
    await this.bank?.close();
    if (this.dataDir) await rm(this.dataDir, { recursive: true, force: true });
  }

  /** The consent app's entry URL for a new authorisation, as the recipient simulator would send the browser. */
  async entryUrl(ask: Partial<AuthorisationAsk> & { readonly onceOff?: boolean } = {}): Promise<string> {
    const { onceOff, ...rest } = ask;
    const started = await this.bank.startAuthorisation({
      scopes: ['bank:accounts.basic:read', 'bank:accounts.detail:read', 'bank:transactions:read', 'common:customer.basic:read'],
      // A once-off sharing has no months (issue 22's once-off wording).
      ...(onceOff === true ? {} : { months: 12 }),
      ...rest,
    });
    if (!started.ok) throw new Error(started.error);
    return new URL(started.value.appPath, this.origin).toString();
  }
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.2 AA by axe-core: the violations on the page as it is now (id and the first target of each). */
export async function axeViolations(page: Page): Promise<string[]> {
  // Once per document (issue 32): its 0.5 MB parsed again for every state cost the renderer more than the checks.
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axeSource);
  const results = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }> } }
    ).axe;
    return axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } });
  });
  return results.violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
}

/**
 * WCAG 1.4.10 Reflow: what scrolls sideways: the page itself, or any element that would need a
 * sideways scroll bar to show its content (a modal's body, for one). Empty when nothing does.
 */
export const sidewaysScrollers = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) found.push(`the page (${root.scrollWidth} px in ${root.clientWidth} px)`);
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      const overflowX = getComputedStyle(element).overflowX;
      if ((overflowX === 'auto' || overflowX === 'scroll') && element.scrollWidth > element.clientWidth + 1) {
        found.push(`<${element.tagName.toLowerCase()} class="${element.className}"> (${element.scrollWidth} px in ${element.clientWidth} px)`);
      }
    }
    return found;
  });

/** page.evaluate sends a function's source; tsx wraps its named inner functions with `__name`, which the page then needs. */
const allowNamedFunctions = (page: Page): Promise<unknown> => page.evaluate('globalThis.__name ??= (f) => f');

/**
 * Issue 25 item 3, WCAG 1.4.12 Text spacing: the bookmarklet's overrides (line height 1.5,
 * paragraph spacing 2, letter spacing 0.12, word spacing 0.16, all in em).
 */
const TEXT_SPACING_CSS =
  '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }';

/**
 * WCAG 1.4.12, measured with element boxes: with the text spacing overrides on, what breaks: text
 * clipped by a box that hides its overflow (visually hidden text aside), and controls that can no
 * longer be reached (not the element at their own centre once scrolled to, or sideways scrolling).
 * Only what the customer can use now is looked at: the top modal if one is open, else the page.
 */
export async function textSpacingProblems(page: Page): Promise<string[]> {
  await allowNamedFunctions(page);
  // A constructed stylesheet (CSSOM), as a customer's bookmarklet or extension adds it: the page's
  // CSP allows no <style> of the test's own.
  await page.evaluate((css) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    (globalThis as unknown as { textSpacing?: CSSStyleSheet }).textSpacing = sheet;
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }, TEXT_SPACING_CSS);
  try {
    const problems = await page.evaluate(() => {
      const found: string[] = [];
      const name = (element: Element): string =>
        `<${element.tagName.toLowerCase()}${element.id === '' ? '' : `#${element.id}`}${typeof element.className === 'string' && element.className !== '' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''}> "${(element.textContent ?? '').trim().slice(0, 40)}"`;
      const dialogs = [...document.querySelectorAll('dialog[open]')];
      const scope: Element = dialogs.at(-1) ?? document.body;
      const hiddenOnPurpose = (element: Element): boolean => element.closest('.visually-hidden, [aria-hidden="true"]') !== null;
      for (const element of scope.querySelectorAll<HTMLElement>('*')) {
        if (!element.checkVisibility() || hiddenOnPurpose(element)) continue;
        const css = getComputedStyle(element);
        const clips = css.overflowX !== 'visible' || css.overflowY !== 'visible';
        const ownText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
        if (!clips || !ownText) continue;
        // A box that scrolls shows all its text (its scroll bar): only a box that hides its overflow clips.
        const hidesX = css.overflowX === 'hidden' || css.overflowX === 'clip';
        const hidesY = css.overflowY === 'hidden' || css.overflowY === 'clip';
        if ((hidesX && element.scrollWidth > element.clientWidth + 1) || (hidesY && element.scrollHeight > element.clientHeight + 1)) {
          found.push(`text clipped: ${name(element)} (${element.scrollWidth}×${element.scrollHeight} in ${element.clientWidth}×${element.clientHeight})`);
        }
      }
      const controls = scope.querySelectorAll<HTMLElement>('button, a[href], input:not([type="hidden"]), select, textarea, summary');
      for (const control of controls) {
        if (!control.checkVisibility() || hiddenOnPurpose(control) || control.closest('[inert]') !== null) continue;
        // The skip link shows only when focused.
        if (control.classList.contains('skip-link')) continue;
        control.scrollIntoView({ block: 'center', inline: 'center' });
        const box = control.getBoundingClientRect();
        if (box.width < 1 || box.height < 1) continue;
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        const labels = control instanceof HTMLInputElement ? [...(control.labels ?? [])] : [];
        const reached = hit !== null && (hit === control || control.contains(hit) || labels.some((label) => label.contains(hit)) || hit.contains(control));
        if (!reached) found.push(`control covered: ${name(control)} (its centre shows ${hit === null ? 'nothing' : name(hit)})`);
      }
      const root = document.documentElement;
      if (root.scrollWidth > root.clientWidth + 1) found.push(`the page scrolls sideways (${root.scrollWidth} px in ${root.clientWidth} px)`);
      window.scrollTo(0, 0);
      return found;
    });
    return problems;
  } finally {
    await page.evaluate(() => {
      const sheet = (globalThis as unknown as { textSpacing?: CSSStyleSheet }).textSpacing;
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
    });
  }
}

/**
 * Issue 25 item 2, forced colours (Windows high contrast), emulated: what can no longer be seen.
 * Backgrounds and shadows are dropped there, so every button and text field of what the customer
 * can use (the top modal, or the page) needs a border of its own (a custom-drawn checkbox too), or
 * an underline or a mark of its own in its text colour;
 * and the focus, moved by Tab to the first three controls, needs an outline (a shadow ring
 * vanishes). The focus goes back where it was.
 */
export async function forcedColoursProblems(page: Page): Promise<string[]> {
  await page.emulateMedia({ forcedColors: 'active' });
  try {
    await allowNamedFunctions(page);
    const found = await page.evaluate(() => {
      const problems: string[] = [];
      const name = (element: Element): string =>
        `<${element.tagName.toLowerCase()}${typeof element.className === 'string' && element.className !== '' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''}> "${(element.textContent ?? '').trim().slice(0, 40)}"`;
      const scope: Element = [...document.querySelectorAll('dialog[open]')].at(-1) ?? document.body;
      const bordered = (element: Element): boolean => {
        const css = getComputedStyle(element);
        return (
          css.borderTopStyle !== 'none' && parseFloat(css.borderTopWidth) >= 1 && css.borderBottomStyle !== 'none' && parseFloat(css.borderBottomWidth) >= 1
        );
      };
      // Without a border, a control shows itself by an underline (a link-styled button) or by a
      // mark of its own in its text colour (an icon, a disclosure's chevron), which forced colours keep.
      const markedOwnWay = (control: Element): boolean => {
        const css = getComputedStyle(control);
        if (css.textDecorationLine.includes('underline')) return true;
        const icon = control.querySelector('svg');
        if (icon !== null && icon.checkVisibility()) return true;
        return ['::before', '::after'].some((pseudo) => {
          const mark = getComputedStyle(control, pseudo);
          return mark.content !== 'none' && (mark.borderRightStyle !== 'none' || mark.borderBottomStyle !== 'none');
        });
      };
      const controls = scope.querySelectorAll<HTMLElement>('button, a.btn, input:not([type="hidden"]), select, textarea');
      for (const control of controls) {
        if (!control.checkVisibility() || control.closest('.visually-hidden, [inert]') !== null) continue;
        const custom = getComputedStyle(control).appearance === 'none';
        const native = control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio') && !custom;
        // A close button drawn as a cross is its own mark; a native checkbox is drawn by the system.
        if (native || control.classList.contains('modal-close')) continue;
        if (!bordered(control) && !markedOwnWay(control)) problems.push(`nothing marks this control in forced colours: ${name(control)}`);
      }
      return problems;
    });
    await page.evaluate(() => {
      (globalThis as unknown as { focusedBefore?: Element | null }).focusedBefore = document.activeElement;
    });
    for (let step = 0; step < 3; step++) {
      await page.keyboard.press('Tab');
      const focus = await page.evaluate(() => {
        const active = document.activeElement;
        if (active === null || active === document.body) return undefined;
        const css = getComputedStyle(active);
        const outlined = css.outlineStyle !== 'none' && parseFloat(css.outlineWidth) >= 2;
        return { outlined, what: `<${active.tagName.toLowerCase()}> "${(active.textContent ?? '').trim().slice(0, 40)}"` };
      });
      if (focus !== undefined && !focus.outlined) found.push(`no focus outline in forced colours: ${focus.what}`);
    }
    await page.evaluate(() => {
      const before = (globalThis as unknown as { focusedBefore?: Element | null }).focusedBefore;
      if (before instanceof HTMLElement) before.focus({ preventScroll: true });
      else (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, 0);
    });
    return [...new Set(found)];
  } finally {
    await page.emulateMedia({ forcedColors: 'none' });
  }
}

/** Each context's CSP violation reports, once the page script of watchPage is installed. */
const violationReports = new WeakMap<BrowserContext, string[]>();

/** The `securitypolicyviolation` events of every page of `context`, across navigations. */
async function cspViolationEvents(context: BrowserContext): Promise<string[]> {
  const existing = violationReports.get(context);
  if (existing !== undefined) return existing;
  const reports: string[] = [];
  violationReports.set(context, reports);
  await context.exposeBinding('reportCspViolation', (_source, text: unknown) => {
    reports.push(String(text));
  });
  await context.addInitScript(() => {
    globalThis.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (globalThis as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
        report(`${location.href}: ${event.violatedDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`);
      },
      true,
    );
  });
  return reports;
}

/**
 * Collects CSP violations (the browser's console reports and every `securitypolicyviolation`
 * event) and page errors of a context's pages. The app's warning that it could not adopt the
 * pre-rendered form as it was (ui/web/main.tsx) counts as a page error: the form was rendered
 * again, and what was typed after that moment, and the focus, went with the old one (issue 20).
 */
export async function watchPage(context: BrowserContext): Promise<{ page: Page; cspViolations: string[]; errors: string[] }> {
  const cspViolations = await cspViolationEvents(context);
  const page = await context.newPage();
  const errors: string[] = [];
  watchConsole(page, errors, cspViolations);
  return { page, cspViolations, errors };
}

/** watchPage's listeners: CSP reports in the console, the form's failed adoption and page errors. */
function watchConsole(page: Page, errors: string[], cspViolations: string[]): void {
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    if (message.type() === 'warning' && /could not be adopted/.test(message.text())) errors.push(message.text().slice(0, 300));
  });
  page.on('pageerror', (error) => errors.push(error.message));
}

/** The page and context events a test listens to (not 'close', on which Playwright waits). */
const TEST_EVENTS = [
  'console',
  'pageerror',
  'weberror',
  'dialog',
  'request',
  'response',
  'requestfinished',
  'requestfailed',
  'framenavigated',
  'load',
  'domcontentloaded',
  'popup',
  'page',
  'download',
];

/** A document of `origin` that runs nothing (the bank's keys): where a kept page waits between tests, and where a test's tab starts. */
const stillDocument = (origin: string): string => `${origin}/.well-known/jwks.json`;

/** Adds to `origins` each http(s) origin that `page`'s main frame goes to: their storage is cleared after the test. */
function watchOrigins(page: Page, origins: Set<string>): void {
  page.on('framenavigated', (frame) => {
    const { origin } = new URL(frame.url());
    if (frame === page.mainFrame() && origin.startsWith('http')) origins.add(origin);
  });
}

/**
 * A page lent to one test after another (BrowserSuite.reusedPage): Chromium gives every new page a
 * renderer process of its own, about 0.85 s of CPU and 0.5 s of wall time on this machine before the
 * app is even asked for (docs/testing.md "What a browser test costs"), while a page moved on to
 * another address of the same site keeps its process (the sandbox's ports are one site: 127.0.0.1).
 */
class KeptPage {
  /** The origins the test took the page to: storage is cleared for one; a page that saw more is closed. */
  private readonly origins = new Set<string>();
  /** Set when the test gave the page what cannot be taken back: a clock, or a DevTools session of its own. */
  private tainted = false;
  /** The pool's own DevTools sessions (for the HTTP cache), which leave nothing behind. */
  private readonly ownCdp: BrowserContext['newCDPSession'];
  /** The test's scripts for every document (addInitScript), removed when it ends. */
  private readonly initScripts: Disposable[] = [];
  /** The tabs this page opened for the test (openTab), closed when it ends. */
  private readonly tabs: Page[] = [];
  /** The origins those tabs went to: their storage is cleared when the test ends. */
  private readonly tabOrigins = new Set<string>();

  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
    readonly errors: string[],
    readonly cspViolations: string[],
    readonly options: BrowserContextOptions,
  ) {
    this.ownCdp = context.newCDPSession.bind(context);
  }

  static async open(browser: Browser, viewport: ViewportSize, options: BrowserContextOptions): Promise<KeptPage> {
    const context = await browser.newContext({ ...options, viewport });
    const { page, errors, cspViolations } = await watchPage(context);
    const kept = new KeptPage(context, page, errors, cspViolations, options);
    watchOrigins(page, kept.origins);
    for (const owner of [page.clock, context.clock]) {
      const install = owner.install.bind(owner);
      owner.install = (clockOptions) => kept.taint(() => install(clockOptions));
    }
    for (const owner of [page, context] as { addInitScript: (...args: unknown[]) => Promise<Disposable> }[]) {
      const addInitScript = owner.addInitScript.bind(owner);
      owner.addInitScript = async (...args) => {
        const script = await addInitScript(...args);
        kept.initScripts.push(script);
        return script;
      };
    }
    // A DevTools session may leave anything behind (a CPU throttle, an emulation): the page is not lent again.
    context.newCDPSession = (target) => kept.taint(() => kept.ownCdp(target));
    // Its history holds the earlier tests' pages: a test that goes Back needs a page of its own.
    page.goBack = page.goForward = () => Promise.reject(new Error('a reused page has no history of its own: use watchedPage for Back and Forward'));
    return kept;
  }

  /** Lends the page to a test, at `viewport`, with nothing of the last test's problems. */
  async lend(viewport: ViewportSize): Promise<Page> {
    this.forgetLastTest();
    await this.page.setViewportSize(viewport);
    return this.page;
  }

  /** The last test's problems and origins, already judged and cleared. */
  private forgetLastTest(): void {
    this.errors.length = 0;
    this.cspViolations.length = 0;
    this.origins.clear();
  }

  /**
   * A tab of the test's own, opened by this page with window.open: Chromium keeps a popup of a page
   * in that page's renderer process, where a new page starts two (32.16: a tab opened to the app's
   * login cost 0.60 s of CPU against 1.23 s for a new page). It opens on the still document of
   * `origin` (the suite's), so that, like a new page (whose first entry is a blank one), it
   * has an entry before the app's: a popup's own blank document has none, and a navigation to
   * about:blank would move it to a process of its own. It shares this page's context, which
   * takeBack restores.
   */
  async openTab(viewport: ViewportSize, origin: string): Promise<{ page: Page; errors: string[] }> {
    this.forgetLastTest();
    const firstEntry = stillDocument(origin);
    // A page that has been nowhere yet has no site, and its popup might get a process of its own.
    if (!this.page.url().startsWith('http')) await this.page.goto(firstEntry);
    const [tab] = await Promise.all([
      this.context.waitForEvent('page'),
      this.page.evaluate((url) => {
        window.open(url);
      }, firstEntry),
    ]);
    this.tabs.push(tab);
    watchOrigins(tab, this.tabOrigins);
    await tab.waitForLoadState();
    await tab.setViewportSize(viewport);
    const errors: string[] = [];
    watchConsole(tab, errors, this.cspViolations);
    return { page: tab, errors };
  }

  /**
   * Takes the page back after a test: its listeners, routes and media emulation undone, moved to
   * a still document of the same site (the app's timers would go on acting for the last test), and
   * that origin's storage, the cookies and the HTTP cache cleared. False when that cannot be done;
   * then it is closed.
   */
  async takeBack(): Promise<boolean> {
    const { page, context } = this;
    try {
      for (const tab of this.tabs.splice(0)) await tab.close();
      const origins = [...this.origins];
      if (this.tainted || page.isClosed() || origins.length > 1) throw new Error('not reusable');
      // A test's listeners only: Playwright waits on its own 'close' listeners.
      for (const event of TEST_EVENTS) {
        page.removeAllListeners(event);
        context.removeAllListeners(event);
      }
      watchConsole(page, this.errors, this.cspViolations);
      watchOrigins(page, this.origins);
      for (const script of this.initScripts.splice(0)) await script.dispose();
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.unrouteAll({ behavior: 'ignoreErrors' });
      await context.setOffline(false);
      await page.emulateMedia({
        media: null,
        colorScheme: this.options.colorScheme ?? null,
        reducedMotion: this.options.reducedMotion ?? null,
        forcedColors: this.options.forcedColors ?? null,
      });
      const origin = origins[0];
      if (origin !== undefined) {
        await page.goto(stillDocument(origin));
        await page.evaluate(() => {
          sessionStorage.clear();
          localStorage.clear();
        });
      }
      await context.clearCookies();
      // Nor its files: the next test's page loads the app as a new customer's tab would.
      const cdp = await this.ownCdp(page);
      // The tabs' session storage went with them; what each of their origins keeps goes now.
      for (const origin of this.tabOrigins) await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
      this.tabOrigins.clear();
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
      return true;
    } catch {
      await context.close().catch(() => undefined);
      return false;
    }
  }

  private async taint<T>(act: () => Promise<T>): Promise<T> {
    this.tainted = true;
    return act();
  }
}

/** A context opened elsewhere (e.g. by the driver's openApp), with what watchPage collects of it. */
interface WatchedContext {
  readonly context: BrowserContext;
  readonly errors: string[];
  readonly cspViolations: string[];
}

/** A desktop window, where a test names no other. */
const DEFAULT_VIEWPORT: ViewportSize = { width: 1280, height: 900 };

/** How long a suite keeps a context: to the end of the test, or of the suite (a journey started in `before`). */
type Lifetime = 'test' | 'suite';

/** What a browser suite shares: its sandbox, its Chromium, and pages watched for errors. */
export interface BrowserSuite {
  readonly harness: SandboxHarness;
  readonly browser: Browser;
  /**
   * A new tab of the test's own (closed after the test; `contextOptions` add to the viewport, e.g.
   * `reducedMotion`): its own history, with one entry before the app's as a new page's has (a still
   * document of the suite's origin where a new page has a blank one). It is a popup of a kept page
   * (KeptPage.openTab), so it shares that page's context, which is restored after the test; a test
   * that changes the context for good (a page clock) takes isolatedPage. Its page errors and CSP
   * violations fail the test.
   */
  watchedPage(viewport?: ViewportSize, contextOptions?: BrowserContextOptions): Promise<Page>;
  /** Like watchedPage, in a new context of its own (closed after the test): for a page clock, which cannot be taken back. */
  isolatedPage(viewport?: ViewportSize, contextOptions?: BrowserContextOptions): Promise<Page>;
  /**
   * The kept page itself, lent from test to test of the run (KeptPage: a new page costs a renderer
   * process). Its history holds earlier tests' pages (Back and Forward refuse), and a clock
   * or a DevTools session given to it closes it after the test; its listeners, routes, init scripts,
   * media emulation, storage, cookies and HTTP cache are undone after each test.
   */
  reusedPage(viewport?: ViewportSize, contextOptions?: BrowserContextOptions): Promise<Page>;
  /** A context that is not watched (its pages are not all the app's, or break it on purpose), closed after the test. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** Takes over a context opened elsewhere (openApp's): closed after the test or the suite; its page errors and CSP violations fail it. */
  watched<T extends WatchedContext>(opened: T, lifetime?: Lifetime): T;
  /** Another Chromium with extra switches (e.g. Blink settings), closed after the test. */
  chromium(extraArgs: readonly string[]): Promise<Browser>;
  /** Another sandbox bank with other options (e.g. a bank's cx switches) for one test, stopped after it. */
  sandbox(options: SandboxBankOptions): Promise<SandboxHarness>;
}

/** What a suite closes at the end of a test or of the suite, and the problems that fail it there. */
class Closing {
  readonly closables: { close(): Promise<void> }[] = [];
  readonly problems: string[][] = [];

  async close(what: string): Promise<void> {
    const found = this.problems.splice(0).flat();
    // Last opened, first closed: pages before the sandbox they use.
    for (const closable of this.closables.splice(0).reverse()) await closable.close();
    if (found.length > 0) throw new Error(`${what}: page errors and CSP violations:\n- ${found.join('\n- ')}`);
  }
}

/**
 * The hooks every browser suite repeats: a sandbox bank with `options`, and the run's one Chromium;
 * after each test, its contexts are closed and any page error or CSP violation fails it.
 */
export function browserSuite(options: SandboxBankOptions = {}): BrowserSuite {
  let harness: SandboxHarness | undefined;
  let browser: Browser | undefined;
  const closing: Record<Lifetime, Closing> = { test: new Closing(), suite: new Closing() };
  before(async () => {
    harness = await new SandboxHarness().start(options);
    browser = await sharedChromium();
    // A Chromium that crashed in an earlier suite is launched again rather than failing every later one.
    if (!browser.isConnected()) {
      shared = undefined;
      browser = await sharedChromium();
    }
  });
  afterEach(async () => {
    await closing.test.close('the test');
  });
  after(async () => {
    try {
      await closing.suite.close('the suite');
    } finally {
      await harness?.stop();
    }
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the browser suite has not started (use it inside describe)');
    return value;
  };
  /** A kept page with `contextOptions` for the test (a new one if none is free), taken back after it. */
  const borrow = async (viewport: ViewportSize, contextOptions: BrowserContextOptions): Promise<KeptPage> => {
    const key = JSON.stringify(contextOptions);
    const index = keptPages.findLastIndex((kept) => JSON.stringify(kept.options) === key && kept.context.browser() === started(browser));
    const lent = index >= 0 ? keptPages.splice(index, 1)[0]! : await KeptPage.open(started(browser), viewport, contextOptions);
    closing.test.problems.push(lent.errors, lent.cspViolations);
    closing.test.closables.push({
      close: async () => {
        if (await lent.takeBack()) keptPages.push(lent);
      },
    });
    return lent;
  };
  const watched = <T extends WatchedContext>(opened: T, lifetime: Lifetime = 'test'): T => {
    closing[lifetime].closables.push(opened.context);
    closing[lifetime].problems.push(opened.errors, opened.cspViolations);
    return opened;
  };
  return {
    get harness() {
      return started(harness);
    },
    get browser() {
      return started(browser);
    },
    async watchedPage(viewport = DEFAULT_VIEWPORT, contextOptions = {}) {
      const { page, errors } = await (await borrow(viewport, contextOptions)).openTab(viewport, started(harness).origin);
      closing.test.problems.push(errors);
      return page;
    },
    async isolatedPage(viewport = DEFAULT_VIEWPORT, contextOptions = {}) {
      const context = await started(browser).newContext({ ...contextOptions, viewport });
      closing.test.closables.push(context);
      const { page, errors, cspViolations } = await watchPage(context);
      closing.test.problems.push(errors, cspViolations);
      return page;
    },
    async reusedPage(viewport = DEFAULT_VIEWPORT, contextOptions = {}) {
      return (await borrow(viewport, contextOptions)).lend(viewport);
    },
    async newContext(contextOptions = {}) {
      const context = await started(browser).newContext(contextOptions);
      closing.test.closables.push(context);
      return context;
    },
    watched,
    async chromium(extraArgs) {
      const other = await launchChromium(extraArgs);
      closing.test.closables.push(other);
      return other;
    },
    async sandbox(sandboxOptions) {
      const other = await new SandboxHarness().start(sandboxOptions);
      closing.test.closables.push({ close: () => other.stop() });
      return other;
    },
  };
}
