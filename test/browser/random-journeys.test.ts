// Issue 20 item 4: random consent journeys in a real browser (Chromium) against the sandbox bank.
// fast-check chooses, per journey: the persona and scopes (sometimes an amendment), a CPU throttle,
// a delay for each request (the lazily loaded step chunks and stylesheet included), short offline
// spells, and a sequence of customer actions with their timing: double clicks, clicks under the
// spinner mask, the browser's Back during a request (DESIGN §3.18 as issue 33 item 4 revised it:
// the page's Back where the page has one, else the leave question with "No, stay" as its main
// button, which the customer answers "Yes, leave" or "No, stay"), typing while the pre-rendered
// login form is taken over, Continue before the app is ready, Cancel then "Yes, leave" or "No, stay",
// ticking accounts, Back from the review, a wrong code now and then. After the chosen actions the
// customer goes forward until the journey ends at the recipient's callback.
//
// Invariants, per journey (a failure lists every problem with the seed and a replay line):
// - nothing typed is lost: whenever the login form is on screen, each field holds what was last
//   entered into it (the app may empty the secure code after a failed login, and then says so);
// - a login press logs in once: exactly one login per press of a complete form (an early press is
//   acknowledged at once and carried out when the app is ready), none for an incomplete one; never
//   two logins, confirmations or selection saves in flight at once; one Idempotency-Key per decision;
// - exactly one exit: one main-frame navigation from the app to the recipient's callback;
// - the browser's Back on a settled step does what the page's Back does where the page has one
//   (never the leave question), and elsewhere asks the leave question with "No, stay" as its main button;
// - never a blank screen or a bare heading: `main` or a dialog shows visible text beyond headings,
//   or the spinner shows (and does not stay); no page error, no CSP violation;
// - the recipient gets what the bank decided (the bank's record is read back over its own API:
//   GET /customer-auth/data answers 409 with the decision once there is one): a code only if the
//   bank approved, access_denied only if the bank holds no approval, no code after the customer
//   chose to leave unless the bank had approved, a plain return only after the app told the
//   customer the bank may hold an answer it cannot hand on (DESIGN §3.11, §3.16: `TOLD`).
//
// Which journeys run (docs/testing.md "The gate and the soak"): by default the corpus of every case
// that once found a defect (test/browser/corpus/random-journeys.json) and a few of its fixed seed;
// BROWSER_JOURNEYS_RUNS=n [BROWSER_JOURNEYS_SEED=<seed>] runs n random ones (the soak);
// BROWSER_JOURNEYS_SEED=<seed> BROWSER_JOURNEYS_CASE=<n> or BROWSER_JOURNEYS_REPLAY='<case JSON>'
// replays one. BROWSER_JOURNEYS_TRACE=1 prints each journey's actions and screens;
// BROWSER_JOURNEYS_CONCURRENCY sets how many run at once (default 4), each in its own browser
// context; BROWSER_JOURNEYS_OFFLINE_AT_LOAD=1 lets offline spells begin while the page's scripts
// arrive (see `offlineAtLoad`). Each journey logs in as its own copy of its persona (`jane.citizen.c7`), so that
// the bank's per-username attempt counters of one journey never reach another.
import { decodeJwt } from 'jose';
import type { BrowserContext, Locator, Page, Request } from 'playwright-core';
import { copy } from '../../domain/copy';
import { PERSONAS, type Persona } from '../../sandbox/personas';
import type { RecordedFlowEvent } from '../../sandbox/sandbox-records';
import { browserSuite, watchPage, type BrowserSuite } from './browser-harness';
import { arrangementOverHttp, pageSettled, returnResult, stateOf, type ReturnResult } from './consent-app-driver';
import { cpuThrottleKind, slowCpu, type SlowCpu } from './cpu-throttle';
import {
  DEFAULT_SCOPES,
  journeyArb,
  type Action,
  type BrowserBack,
  type JourneyCase,
  type OfflineSpell,
  type Timing,
  type Typing,
} from './random-journey-cases';
import { eachConcurrently, planCases, reportCase } from './regression-corpus';

const CONCURRENCY = Number(process.env['BROWSER_JOURNEYS_CONCURRENCY'] ?? 4);
const TRACE = process.env['BROWSER_JOURNEYS_TRACE'] === '1';
/**
 * Whether an offline spell may begin while the page's own scripts are still arriving: a module file
 * lost then is recovered by the entry page's reload (docs/prerendered-login.md "A file lost at
 * load"; case 19 of seed 12345 found the defect). Off unless the case or
 * BROWSER_JOURNEYS_OFFLINE_AT_LOAD=1 says so; then a spell that would begin then waits until the app's script runs.
 */
const offlineAtLoad = (c: JourneyCase): boolean => c.offlineAtLoad === true || process.env['BROWSER_JOURNEYS_OFFLINE_AT_LOAD'] === '1';

const CODE = '123456';
/** Issue 23 items B, C: the words of a step that refuses to go on with nothing to share. */
const NOTHING_TO_SHARE = /^Select at least one account (to continue|before you confirm)\./;
const WRONG_CODE = '654321';
const DOB = { day: '25', month: '12', year: '1966' } as const;
/**
 * How long the screen may stay unusable (the spinner, a login step not ready) before the journey
 * counts as stuck: a few requests of up to 2 s each, the bank's retries and an offline spell fit
 * well within it, also at a load average of 25 on the shared 2-core machine, where a flaky.bank
 * login that takes 5 s alone took over 30 s (seed 1510943866 case 4; docs/testing.md).
 */
const STUCK_MS = 60_000;
/**
 * A journey that takes longer has hung. The slowest took 276 s on the shared 2-core machine at a
 * load average of about 30 (docs/testing.md); a screen that stays unusable is caught sooner (STUCK_MS).
 */
const JOURNEY_LIMIT_MS = 300_000;
/** Forward steps after the chosen actions, before a journey that has not ended counts as stuck. */
const FINISH_STEPS = 25;

const plan = planCases('BROWSER_JOURNEYS', journeyArb, new URL('corpus/random-journeys.json', import.meta.url));
const chosen = plan.cases;
/** A journey run alone is traced as it goes. */
const LIVE = TRACE && chosen.length === 1;

/** Each journey's own copy of its persona, so that no journey's failed logins count against another's. */
const usernameOf = (c: JourneyCase, index: number): string => `${c.persona}.c${index}`;
const journeyPersonas: Persona[] = chosen.map(({ c, index }) => {
  const base = PERSONAS.find((persona) => persona.username === c.persona);
  if (base === undefined) throw new Error(`no sandbox persona ${c.persona}`);
  return { ...base, username: usernameOf(c, index) };
});

// ---------------------------------------------------------------------------------------------
// What the page shows, read in the page.

type Field = 'username' | 'secureCode' | 'day' | 'month' | 'year';

interface Screen {
  readonly path: string;
  /** recipient: the recipient's pages; elsewhere: not the app's origin; navigating: no document to read. */
  readonly kind: 'recipient' | 'elsewhere' | 'navigating' | 'app';
  /** The spinner mask, the step-loading mask or the loading page is visible. */
  readonly masked: boolean;
  /** The top open dialog: its index among `dialog[open]`, title, visible text beyond its heading, busy. */
  readonly dialog: { readonly index: number; readonly title: string; readonly chars: number; readonly busy: boolean; readonly told: boolean } | undefined;
  readonly failure: boolean;
  readonly step: string | undefined;
  readonly title: string;
  /** Visible characters in `main` beyond headings and the step's title and intro (of the first such text: 0 when none). */
  readonly mainChars: number;
  readonly buttons: boolean;
  readonly loginReady: boolean;
  /** The login form's fields, when the form is visible. */
  readonly login:
    | {
        readonly values: Readonly<Record<Field, string | undefined>>;
        readonly dobShown: boolean;
        /** The step says the app emptied the secure code (a failed or answered login). */
        readonly codeCleared: boolean;
        /** The step says the connection dropped before the bank answered a login (DESIGN §3.15: a login is not sent again by itself). */
        readonly answerLost: boolean;
        readonly ack: string;
        readonly validation: boolean;
      }
    | undefined;
}

/** Runs in the page (no named inner functions: tsx would wrap them with its `__name`, see the init script). */
const readScreen = ({
  cleared,
  answerLost,
  told,
}: {
  readonly cleared: readonly string[];
  readonly answerLost: string;
  readonly told: readonly string[];
}): Screen => {
  const path = location.pathname;
  const none = {
    path,
    masked: false,
    dialog: undefined,
    failure: false,
    step: undefined,
    title: '',
    mainChars: 0,
    buttons: false,
    loginReady: false,
    login: undefined,
  };
  if (location.protocol === 'about:' || document.body === null) return { ...none, kind: 'navigating' };
  if (location.origin !== (globalThis as unknown as { journeyOrigin?: string }).journeyOrigin) return { ...none, kind: 'elsewhere' };
  if (path.startsWith('/recipient')) return { ...none, kind: 'recipient' };
  // Opacity is not looked at: a modal fades in from transparent (and that is not a blank screen).
  const isVisible = (element: Element | null | undefined): boolean => {
    if (!(element instanceof HTMLElement)) return false;
    if (!element.checkVisibility({ checkVisibilityCSS: true })) return false;
    const rect = element.getBoundingClientRect();
    return rect.width > 2 && rect.height > 2;
  };
  // Whether any text under `root` is visible, outside `skip`: the first such text ends the walk.
  const charsIn = (root: Element | null, skip: string): number => {
    if (root === null) return 0;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (text === '' || parent === null || parent.closest(`${skip}, .visually-hidden, [aria-hidden="true"]`) !== null || !isVisible(parent)) continue;
      return text.length;
    }
    return 0;
  };
  const masked = [...document.querySelectorAll('.loading-mask, .step-loading, .loading-page')].some((element) => isVisible(element));
  const open = [...document.querySelectorAll('dialog[open]')];
  let dialog: Screen['dialog'];
  open.forEach((element, index) => {
    const rect = element.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + Math.min(rect.height / 2, 20));
    if (hit !== null && element.contains(hit)) {
      const titleId = element.getAttribute('aria-labelledby');
      dialog = {
        index,
        title: (titleId === null ? '' : document.getElementById(titleId)?.textContent) ?? '',
        chars: charsIn(element, 'h1, h2, h3, h4, h5, h6'),
        busy: element.getAttribute('aria-busy') === 'true' || element.querySelector('.modal-buttons .btn-primary:disabled') !== null,
        told: told.some((text) => element.textContent?.includes(text) === true),
      };
    }
  });
  if (dialog === undefined && open.length > 0) {
    const element = open.at(-1) as Element;
    const titleId = element.getAttribute('aria-labelledby');
    dialog = {
      index: open.length - 1,
      title: (titleId === null ? '' : document.getElementById(titleId)?.textContent) ?? '',
      chars: charsIn(element, 'h1, h2, h3, h4, h5, h6'),
      busy: true,
      told: told.some((text) => element.textContent?.includes(text) === true),
    };
  }
  const main = document.querySelector('main');
  const stepElement = main?.querySelector('[data-step]');
  const form = main?.querySelector<HTMLFormElement>('form.login-form') ?? null;
  const formShown = form !== null && isVisible(form.querySelector('input[name=username]'));
  const valueOf = (selector: string): string | undefined => form?.querySelector<HTMLInputElement>(selector)?.value;
  const formText = form?.textContent ?? '';
  const ackElement = form?.querySelector('.login-ack');
  return {
    path,
    kind: 'app',
    masked,
    dialog,
    failure: isVisible(main?.querySelector('.failure-page')),
    step: stepElement?.getAttribute('data-step') ?? undefined,
    title: main?.querySelector('h1')?.textContent ?? '',
    mainChars: charsIn(main ?? null, 'h1, h2, h3, h4, h5, h6, .step-header, .progress-tracker'),
    buttons:
      main?.querySelector('.button-row button') !== null &&
      main?.querySelector('.button-row button') !== undefined &&
      isVisible(main?.querySelector('.button-row button')),
    loginReady: form?.hasAttribute('data-ready') === true,
    login: formShown
      ? {
          values: {
            username: valueOf('input[name=username]'),
            secureCode: valueOf('input[name=secureCode]'),
            day: valueOf('.dob-day input'),
            month: valueOf('.dob-month input'),
            year: valueOf('.dob-year input'),
          },
          dobShown: isVisible(form.querySelector('.dob-day input')),
          codeCleared: cleared.some((text) => formText.includes(text)),
          answerLost: formText.includes(answerLost),
          ack: ackElement !== null && ackElement !== undefined && isVisible(ackElement) ? (ackElement.textContent ?? '') : '',
          validation: form.querySelector('.field-error') !== null,
        }
      : undefined,
  };
};

/** What the login step says when the app emptied the secure code (docs/login-feedback.md). */
const CODE_CLEARED = ['so we cleared the secure code', 'so we cleared it'];
/**
 * DESIGN §3.11, §3.16 (domain/copy.ts `outcomeSentence`, the leave question): the words that tell
 * the customer the bank may hold an answer the app cannot hand on, before a plain return.
 */
const TOLD = ['already given in another window', 'could not confirm whether', 'but we could not pass the result', 'may already have been recorded'];

/** In the page: the app's script has run (ui/web/main.tsx `boot` forgets the redirectJwt first). */
const APP_RUNS = (): boolean => !new URLSearchParams(location.search).has('redirectJwt');

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** `promise`, or a rejection after `ms` (a page in the middle of a navigation may never answer). */
function withinMs<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

// ---------------------------------------------------------------------------------------------
// One journey.

/** The screen stayed unusable: the journey ends there (the problem is recorded). */
class Stuck extends Error {
  constructor() {
    super('stuck');
  }
}

type Decision = 'approved' | 'rejected' | 'none';

interface JourneyResult {
  readonly problems: string[];
  readonly trace: string[];
  readonly ms: number;
  readonly outcome: string;
}

/** The recipient's callback address (an error return, or a code's before it is forwarded to /result). */
const onCallback = (url: string): boolean => /\/recipient\/callback/.test(url);

class Journey {
  readonly problems: string[] = [];
  readonly trace: string[] = [];
  /** What the test last entered into each login field (absent: unknown, after a reload). */
  entered: Partial<Record<Field, string>> = {};
  readonly logins: Request[] = [];
  readonly answeredLogins = new Set<Request>();
  /** Main-frame navigation requests from the app to the recipient's callback (not those the browser aborted). */
  readonly exits: Request[] = [];
  /**
   * Exits the browser aborted before the recipient's page came (a Back pressed as the page was
   * leaving): the redirector leaves again, to the same address (design §3.18), which is then the
   * one exit.
   */
  readonly abortedExits: string[] = [];
  /** An exit that failed for want of a connection (the browser then shows its network error page). */
  failedExit: string | undefined;
  /** The recipient's page came (the main frame committed its callback address): the exit was taken, whatever the customer did next. */
  returned = false;
  /** The customer's own reload of the browser's error page is under way: its request is not the app's. */
  customerReloading = false;
  /** Main-frame navigations to another origin (the bank's public site). */
  readonly offsite: string[] = [];
  readonly dialogsSeen = new Set<string>();
  /** A modal told the customer that the bank may hold an answer the recipient will not get (TOLD). */
  told = false;
  readonly decisionKeys = new Map<boolean, Set<string>>([
    [true, new Set()],
    [false, new Set()],
  ]);
  readonly inFlight = new Map<string, Set<Request>>();
  /** How many times the customer pressed the browser's Back. */
  backs = 0;
  /** The customer answered "Yes, leave" to a leave question. */
  choseLeave = false;
  /** How many offline spells began (issue 35 item 1: a flow event sent in one is lost). */
  offlineSpells = 0;

  private spells: Promise<void> = Promise.resolve();
  private readonly reported = new Set<string>();
  private maskedSinceMs: number | undefined;
  private readonly startedMs = Date.now();

  constructor(
    readonly c: JourneyCase,
    readonly username: string,
    readonly origin: string,
    readonly page: Page,
    readonly context: BrowserContext,
    private readonly slow: SlowCpu,
  ) {}

  get ended(): boolean {
    return this.exits.length > 0 || this.offsite.length > 0;
  }

  log(line: string): void {
    const entry = `${((Date.now() - this.startedMs) / 1000).toFixed(1)}s ${line}`;
    this.trace.push(entry);
    // A replayed journey is traced as it goes.
    if (LIVE) console.log(`    ${entry}`);
  }

  /** A catch handler that logs what failed and what the screen showed then. */
  failed(what: string): (error: Error) => Promise<void> {
    return async (error) => {
      // Playwright's call log ends with what the action last waited for (a covering element, a navigation).
      const lines = error.message.split('\n').map((line) => line.trim());
      const waitedFor = lines.length > 1 ? `; last: ${lines.filter((line) => line !== '').at(-1) ?? ''}` : '';
      this.log(`${what} failed: ${lines[0]}${waitedFor} (${describeScreen(await this.look())})`);
    };
  }

  /** A problem, once per kind of message. */
  problem(message: string): void {
    const key = message.slice(0, 80);
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.problems.push(message);
    this.log(`PROBLEM ${message}`);
  }

  /** Watches the requests and navigations of the page. */
  listen(): void {
    const single = ['POST /customer-auth/authenticate', 'POST /customer-auth/confirmation', 'PUT /customer-auth/consent'];
    const keyOf = (request: Request): string => `${request.method()} ${new URL(request.url()).pathname}`;
    const done = (request: Request): void => {
      this.inFlight.get(keyOf(request))?.delete(request);
      if (keyOf(request) === single[0]) this.answeredLogins.add(request);
    };
    this.page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.isNavigationRequest() && request.frame() === this.page.mainFrame()) {
        // A departure is a navigation the app's page starts; Chromium's own reload of a network
        // error page (a departure made while offline, when the connection is back) is not another.
        const from = new URL(request.frame().url(), this.origin);
        const fromApp = from.origin === this.origin && !from.pathname.startsWith('/recipient');
        // The frame's address may still be the app's while the browser's error page is reloaded
        // (seen once, after a Back that failed offline): that reload is the customer's, not an exit.
        if (!fromApp || this.customerReloading) return;
        if (url.origin !== this.origin) this.offsite.push(request.url());
        else if (url.pathname === '/recipient/callback') this.exits.push(request);
        return;
      }
      const key = keyOf(request);
      if (!single.includes(key)) return;
      if (key === single[0]) this.logins.push(request);
      if (key === single[1]) {
        const approve = request.postData()?.includes('"authorisationStatus":true') === true;
        this.decisionKeys.get(approve)?.add(request.headers()['idempotency-key'] ?? '(none)');
      }
      const flying = this.inFlight.get(key) ?? new Set<Request>();
      this.inFlight.set(key, flying);
      if (flying.size > 0) this.problem(`two ${key} in flight at once (DESIGN §3.4: one call per action)`);
      flying.add(request);
    });
    this.page.on('requestfinished', done);
    this.page.on('requestfailed', done);
    this.page.on('requestfailed', (request) => {
      const at = this.exits.indexOf(request);
      if (at < 0) return;
      if (!/ERR_ABORTED/.test(request.failure()?.errorText ?? '')) {
        this.failedExit = request.url();
        return;
      }
      this.exits.splice(at, 1);
      this.abortedExits.push(request.url());
    });
    this.page.on('framenavigated', (frame) => {
      if (frame === this.page.mainFrame() && onCallback(frame.url())) this.returned = true;
    });
    // Issue 20: React adopts the pre-rendered page as it is; a mismatch is reported on the console.
    this.page.on('console', (message) => {
      if ((message.type() === 'warning' || message.type() === 'error') && /adopted|hydrat|Minified React error #4(18|19|2[0-5])/i.test(message.text())) {
        this.problem(`the page was not adopted as it was: ${message.text().slice(0, 200)}`);
      }
    });
    if (TRACE) {
      // A traced journey also shows its requests, their answers, its documents and the page's console.
      this.page.on('framenavigated', (frame) => {
        if (frame === this.page.mainFrame()) this.log(`  document ${frame.url().slice(0, 60)}`);
      });
      const short = (request: Request): string => `${request.method()} ${new URL(request.url()).pathname}`;
      // The context's (a beacon sent as a page goes away is not the page's).
      this.context.on('request', (request) => this.log(`  -> ${short(request)}`));
      this.context.on('response', (response) => this.log(`  <- ${response.status()} ${short(response.request())}`));
      this.context.on('requestfailed', (request) => this.log(`  x  ${short(request)}: ${request.failure()?.errorText ?? ''}`));
      this.page.on('console', (message) => this.log(`  console.${message.type()}: ${message.text().slice(0, 300)}`));
    }
  }

  /** Holds back each request by the next delay (the recipient's own pages are not delayed). */
  async delayRequests(): Promise<void> {
    let next = 0;
    // Issue 35 item 1: the flow event goes as it is (a beacon from a closing tab cannot be held and continued).
    await this.context.route(
      (url) => url.pathname !== '/customer-auth/flow-event',
      async (route) => {
        const url = new URL(route.request().url());
        const ms = url.pathname.startsWith('/recipient') ? 0 : (this.c.delays[next++ % this.c.delays.length] ?? 0);
        if (ms > 0) await sleep(ms);
        // A request the page no longer wants (closed, aborted) cannot be continued; any other refusal is traced.
        await route.continue().catch((error: Error) => {
          if (!this.page.isClosed()) this.log(`the routing could not continue ${route.request().method()} ${url.pathname}: ${error.message.split('\n')[0]}`);
        });
      },
    );
  }

  /** An offline spell, run beside the journey (one at a time). */
  offline(spell: OfflineSpell): void {
    this.spells = this.spells.then(async () => {
      await sleep(spell.afterMs);
      if (!offlineAtLoad(this.c) && !(await this.appRuns())) {
        this.log("offline spell held until the app's script runs (offlineAtLoad)");
        await this.page.waitForFunction(APP_RUNS, undefined, { timeout: STUCK_MS, polling: 100 }).catch(() => undefined);
      }
      if (this.ended) return;
      this.log(`offline for ${spell.ms} ms`);
      this.offlineSpells += 1;
      await this.context.setOffline(true).catch(() => undefined);
      await sleep(spell.ms);
      await this.context.setOffline(false).catch(() => undefined);
    });
  }

  /** The app's own script has run (its first act is to take the token out of the address: ui/web/main.tsx `boot`). */
  async appRuns(): Promise<boolean> {
    return this.page.evaluate(APP_RUNS).catch(() => true);
  }

  async online(): Promise<void> {
    await this.spells;
    await this.context.setOffline(false).catch(() => undefined);
  }

  /** Reads the screen and checks what must hold whenever it is sampled. */
  async look(): Promise<Screen> {
    let screen: Screen;
    try {
      screen = await withinMs(
        this.page.evaluate(readScreen, { cleared: CODE_CLEARED, answerLost: copy.login.answerLost, told: TOLD }),
        10_000,
        'reading the screen',
      );
    } catch {
      return {
        path: '',
        kind: 'navigating',
        masked: false,
        dialog: undefined,
        failure: false,
        step: undefined,
        title: '',
        mainChars: 0,
        buttons: false,
        loginReady: false,
        login: undefined,
      };
    }
    if (screen.kind !== 'app') {
      this.maskedSinceMs = undefined;
      return screen;
    }
    if (screen.dialog !== undefined) this.dialogsSeen.add(screen.dialog.title);
    if (screen.dialog?.told === true) this.told = true;
    // Never a blank screen or a bare heading.
    const dialogText = screen.dialog !== undefined && screen.dialog.chars > 0;
    if (!screen.masked && !dialogText && screen.mainChars === 0) {
      this.problem(
        `a blank screen or a bare heading at ${screen.path}: title ${JSON.stringify(screen.title)}, step ${screen.step ?? '-'}, dialog ${JSON.stringify(screen.dialog?.title ?? '-')}`,
      );
    }
    // The spinner does not stay.
    if (screen.masked && screen.dialog === undefined) {
      this.maskedSinceMs ??= Date.now();
      if (Date.now() - this.maskedSinceMs > STUCK_MS)
        this.problem(`the spinner stayed over ${STUCK_MS / 1000} s at ${screen.path} (step ${screen.step ?? '-'})`);
    } else {
      this.maskedSinceMs = undefined;
    }
    // Nothing typed is lost.
    if (screen.login !== undefined) {
      for (const [field, expected] of Object.entries(this.entered) as [Field, string][]) {
        const actual = screen.login.values[field];
        if (actual === undefined || actual === expected) continue;
        if (field === 'secureCode' && actual === '' && screen.login.codeCleared) {
          this.entered.secureCode = '';
          continue;
        }
        this.problem(
          `the login field ${field} holds ${JSON.stringify(actual)}, but ${JSON.stringify(expected)} was entered (step ${screen.step ?? '-'}, ready ${screen.loginReady})`,
        );
      }
    }
    return screen;
  }

  /**
   * Waits until the screen can be used (or the journey has ended), sampling it all the while. A
   * screen that stays unusable ends the journey (Stuck): the customer could do nothing more.
   */
  async settle(timeoutMs = STUCK_MS): Promise<Screen> {
    const start = Date.now();
    for (;;) {
      const screen = await this.look();
      if (this.ended || usable(screen)) return screen;
      if (Date.now() - start > timeoutMs) {
        this.problem(`stuck: the screen was not usable for ${timeoutMs / 1000} s: ${describeScreen(screen)}`);
        throw new Stuck();
      }
      await sleep(200);
    }
  }

  async throttle(rate: number): Promise<void> {
    await this.slow.set(this.page, rate);
  }

  elapsedMs(): number {
    return Date.now() - this.startedMs;
  }
}

/** The screen can take the customer's next action. */
function usable(screen: Screen): boolean {
  if (screen.kind === 'recipient' || screen.kind === 'elsewhere') return true;
  if (screen.kind !== 'app') return false;
  if (screen.dialog !== undefined) return !screen.dialog.busy;
  if (screen.masked) return false;
  if (screen.failure) return true;
  if (screen.step === 'login') return screen.loginReady && screen.login !== undefined;
  return screen.step !== undefined && screen.buttons;
}

function describeScreen(screen: Screen): string {
  if (screen.kind !== 'app') return `${screen.kind} ${screen.path}`;
  const parts = [`${screen.path}`, `step ${screen.step ?? '-'}`];
  if (screen.dialog !== undefined) parts.push(`dialog "${screen.dialog.title}"${screen.dialog.busy ? ' (busy)' : ''}`);
  if (screen.masked) parts.push('spinner');
  if (screen.failure) parts.push('failure page');
  if (screen.step === 'login') parts.push(screen.loginReady ? 'login ready' : 'login not ready');
  return parts.join(', ');
}

// ---------------------------------------------------------------------------------------------
// The customer's actions.

/** Clicks `target` as the timing says: settled (an ordinary click), double, or early (at once, whatever covers it). */
async function press(target: Locator, timing: Timing): Promise<string> {
  if (timing === 'double') await target.dblclick({ timeout: 3_000 });
  else if (timing !== 'early') await target.click({ timeout: 3_000 });
  if (timing !== 'early') return 'target';
  // At once, wherever the pointer lands: the spinner mask, a notice over the button (the offline
  // notice may come between a look and the click), or the button. Where it landed is read from
  // the press itself (its pointerdown), not from a look before it.
  await target.evaluate(
    (element) => {
      element.scrollIntoView({ block: 'nearest' });
      const journey = globalThis as unknown as { journeyPress?: string };
      journey.journeyPress = 'nothing';
      document.addEventListener(
        'pointerdown',
        (event) => {
          const hit = event.target;
          if (!(hit instanceof Element)) return;
          if (hit === element || element.contains(hit)) {
            journey.journeyPress = 'target';
            return;
          }
          const className = typeof hit.className === 'string' && hit.className !== '' ? `.${hit.className.split(' ').join('.')}` : '';
          journey.journeyPress = `<${hit.tagName.toLowerCase()}${className}>`;
        },
        { capture: true, once: true },
      );
    },
    undefined,
    { timeout: 3_000 },
  );
  await target.click({ force: true, timeout: 3_000 });
  return target
    .page()
    .evaluate(() => (globalThis as unknown as { journeyPress?: string }).journeyPress ?? 'nothing')
    .catch(() => 'nothing');
}

const topDialog = (j: Journey, screen: Screen): Locator => j.page.locator('dialog[open]').nth(screen.dialog?.index ?? 0);

/** The leave question, Cancel's and the phone's Back's (the same words; Back's has "No, stay" as its main button). */
const LEAVE_QUESTION_TITLE = copy.modals.leaveOnBack.title as string;
const LEAVE = copy.modals.leaveOnBack.primary as string;
const STAY = copy.modals.leaveOnBack.secondary ?? 'No, stay';

async function enterField(j: Journey, field: Field, selector: string, value: string, typing: Typing, keyDelayMs: number): Promise<boolean> {
  const input = j.page.locator(selector).first();
  try {
    if (typing === 'fill') {
      await input.fill(value, { timeout: 3_000 });
    } else {
      await input.click({ timeout: 3_000 });
      await j.page.keyboard.press('ControlOrMeta+A');
      if (typing === 'paste') await j.page.keyboard.insertText(value);
      else await j.page.keyboard.type(value, { delay: keyDelayMs });
    }
  } catch (error) {
    // An action that timed out on a loaded machine may still have landed, whole or in part (corpus
    // case of seed 360523551, issue 32): what the field holds now is what the customer entered.
    const holds = await input.inputValue({ timeout: 1_000 }).catch(() => undefined);
    if (holds === undefined) delete j.entered[field];
    else j.entered[field] = holds;
    await j.failed(`entering ${field}`)(error as Error);
    return false;
  }
  j.entered[field] = value;
  return true;
}

/**
 * Enters the login (the journey's username, the code, the date of birth when asked) and presses
 * Continue. Early: as soon as the fields show, before the app is ready. Then checks that the press
 * was acknowledged and logged in once (none for an incomplete form).
 */
async function logIn(j: Journey, action: Extract<Action, { kind: 'login' }>, back?: BrowserBack): Promise<void> {
  let screen = action.timing === 'early' ? await j.look() : await j.settle();
  if (screen.kind !== 'app' || screen.login === undefined || screen.dialog !== undefined || (screen.masked && screen.loginReady)) {
    j.log(`login: not on the login form (${describeScreen(screen)})`);
    return;
  }
  const code = action.code === 'right' ? CODE : WRONG_CODE;
  if (screen.login.values.username !== j.username || j.entered.username === undefined) {
    if (!(await enterField(j, 'username', 'form.login-form input[name=username]', j.username, action.typing, action.keyDelayMs))) return;
  }
  if (!(await enterField(j, 'secureCode', 'form.login-form input[name=secureCode]', code, action.typing, action.keyDelayMs))) return;
  screen = await j.look();
  if (screen.login?.dobShown === true) {
    for (const part of ['day', 'month', 'year'] as const) {
      if (!(await enterField(j, part, `form.login-form .dob-${part} input`, DOB[part], 'fill', 0))) return;
    }
  }
  screen = await j.look();
  if (screen.login === undefined) return;
  // Back during the login's request, not while typing: a leave question over the form makes it inert, and what is typed then goes nowhere.
  const login = screen;
  await withBack(j, back, () => pressContinue(j, login, action.press, action.timing));
}

/** Continue on the login form, and what must follow: an acknowledgement at once, then exactly one login. */
async function pressContinue(j: Journey, before: Screen, how: 'click' | 'enter', timing: Timing): Promise<void> {
  const values = before.login?.values;
  const complete =
    values !== undefined &&
    (values.username ?? '') !== '' &&
    /^\d{6}$/.test(values.secureCode ?? '') &&
    (before.login?.dobShown !== true || ((values.day ?? '') !== '' && (values.month ?? '') !== '' && (values.year ?? '').length === 4));
  const sentBefore = j.logins.length;
  const backsBefore = j.backs;
  const ready = before.loginReady;
  const documentBefore = await j.page.evaluate(() => performance.timeOrigin).catch(() => 0);
  j.log(
    `press Continue on the login form (${how}, ${timing}, ${ready ? 'ready' : 'NOT ready'}, ${complete ? 'complete' : 'incomplete'}${before.masked ? ', under the spinner' : ''})`,
  );
  let landed = 'target';
  try {
    if (how === 'enter' && timing !== 'double') {
      await j.page.locator('form.login-form input[name=secureCode]').press('Enter', { timeout: 3_000 });
    } else {
      landed = await press(j.page.locator('form.login-form button[type=submit]'), timing);
    }
  } catch (error) {
    await j.failed('pressing Continue')(error as Error);
    return;
  }
  if (landed !== 'target') {
    // The press never reached Continue (a notice or the mask was over it): nothing to expect of it.
    j.log(`the press landed on ${landed}, not on Continue`);
    return;
  }
  if (!ready) {
    const acknowledged =
      j.logins.length > sentBefore ||
      (await j.page
        .evaluate((ack) => {
          const status = document.querySelector('.login-ack');
          return (status?.textContent === ack && status.checkVisibility()) || document.querySelector('.loading-mask') !== null;
        }, copy.login.earlyAck)
        .catch(() => true));
    if (!acknowledged) j.problem('an early Continue was not acknowledged at once ("Just a moment…" or the spinner)');
  }
  if (!complete) return;
  // Exactly one login for this press, once the app is ready (and online). A minute: in a whole
  // `npm test` beside two busy loops a page took 20 s to show its form, and 30 s passed once
  // without the login of a press that then went (corpus case of seed 360523551, issue 32).
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && !j.ended) {
    const sent = j.logins.slice(sentBefore);
    if (sent.length > 0 && sent.every((request) => j.answeredLogins.has(request))) break;
    // The leave question that a Back beside the press asked may have come first: nothing was sent.
    if (j.backs !== backsBefore && sent.length === 0 && (await j.look()).dialog !== undefined) break;
    await sleep(100);
  }
  // A second login for the same press would be sent before the page settles.
  await pageSettled(j.page).catch(() => undefined);
  if (TRACE)
    j.log(
      `  the page saw: ${await j.page.evaluate(() => (window as unknown as { journeySubmits?: string[] }).journeySubmits?.slice(-4).join('; ')).catch(() => '-')}`,
    );
  const documentAfter = await j.page.evaluate(() => performance.timeOrigin).catch(() => -1);
  if (documentAfter !== documentBefore) return; // A new document in between (the exit): the press went with its page.
  const sent = j.logins.length - sentBefore;
  // A Back during the press asks the leave question (DESIGN §3.18), which may come before the press: never two logins, though.
  if (j.backs !== backsBefore) {
    if (sent > 1) j.problem(`a press of Continue with Back beside it sent ${sent} logins`);
    return;
  }
  // DESIGN §3.15: a login whose answer the connection lost is not sent again; the step says so and the customer presses again.
  const answerLost = (await j.look()).login?.answerLost === true;
  if (sent > 1 || (sent === 0 && !answerLost)) {
    j.problem(`a press of Continue on a complete login form sent ${sent} logins (${ready ? 'ready' : 'before the app was ready'}, ${timing})`);
    j.log(`the form then: ${await j.page.evaluate(describeLoginForm).catch((error: Error) => error.message.split('\n')[0])}`);
  }
}

/**
 * For a press that sent no login (corpus case 7, seed 360523551 case 13, unexplained): each Enter
 * and submit the page saw, when, and whether the spinner or a dialog was over the form then.
 */
function recordSubmits(): void {
  const seen: string[] = [];
  (window as unknown as { journeySubmits: string[] }).journeySubmits = seen;
  const note = (event: Event): void => {
    if (event instanceof KeyboardEvent && event.key !== 'Enter') return;
    const mask = document.querySelector('.loading-mask, .step-loading, .loading-page') !== null;
    const dialog = document.querySelector('dialog[open]') !== null;
    const target = event.target instanceof Element ? (event.target.getAttribute('name') ?? event.target.tagName) : '?';
    seen.push(
      `${event.type} ${target} at ${Math.round(performance.now())} ms${mask ? ', mask' : ''}${dialog ? ', dialog' : ''}${event.defaultPrevented ? ', prevented' : ''}`,
    );
  };
  window.addEventListener('keydown', note, true);
  window.addEventListener('submit', note, true);
  window.addEventListener('submit', (event) => seen.push(`  submit handled: ${event.defaultPrevented ? 'prevented' : 'not prevented'}`));
}

/** What the login form says and holds, for a failure's trace. */
function describeLoginForm(): string {
  const form = document.querySelector('form.login-form');
  if (form === null) return 'no login form';
  const said = [...form.querySelectorAll('[role=status], [role=alert], .field-error, .login-ack')]
    .map((element) => element.textContent?.trim())
    .filter(Boolean);
  const invalid = [...form.querySelectorAll('[aria-invalid=true]')].map((element) => element.getAttribute('name'));
  const focused = document.activeElement?.getAttribute('name') ?? document.activeElement?.tagName ?? '-';
  const submits = (window as unknown as { journeySubmits?: string[] }).journeySubmits ?? [];
  return `submits [${submits.slice(-6).join('; ')}], now ${Math.round(performance.now())} ms, ready ${form.hasAttribute('data-ready')}, online ${navigator.onLine}, focus ${focused}, invalid [${invalid.join(', ')}], said ${JSON.stringify(said)}, entry ${document.documentElement.getAttribute('data-entry')}, kept ${document.documentElement.getAttribute('data-early-action')}`;
}

/**
 * The browser's Back, `back.afterMs` after the action began. DESIGN §3.18: the app keeps
 * one history entry of its own from its first step on (adapters/dom-activity-source.adapter.ts),
 * so Back stays on the page and the app answers it (each state's `browserBack` row, domain/flow-model.ts): on a
 * step with a Back button it is that Back; on one without, it asks the leave question with "No,
 * stay" as its main button (issue 33 item 4; remembered while a request is under way, and asked
 * when it is over); a closable modal closes; the failure page, the success and the ending notice
 * leave as their button does. Before that entry exists Back would leave the app: the customer is
 * not offered Back then. `judge`: Back on its own (no other action under way), so that what it
 * did is judged from the screen it was pressed on. Returns whether Back was pressed.
 */
async function browserBack(j: Journey, back: BrowserBack, judge = false): Promise<boolean> {
  await sleep(back.afterMs);
  if (j.ended) return false;
  const guarded = await j.page.evaluate(() => (history.state as { consentAppBackGuard?: boolean } | null)?.consentAppBackGuard === true).catch(() => false);
  if (!guarded) {
    j.log('browser Back skipped (the app has no history entry of its own yet)');
    return false;
  }
  const before = judge ? await j.look() : undefined;
  const onStep = before !== undefined && before.kind === 'app' && !before.masked && before.dialog === undefined && !before.failure && before.step !== undefined;
  const pageBack = onStep && (await j.page.locator('main .step-buttons .step-back').count()) > 0;
  j.log(
    `browser Back (then ${back.leave ? 'Yes, leave' : 'No, stay'} if asked)${onStep ? ` on ${before.step}, ${pageBack ? 'with' : 'without'} a Back button` : ''}`,
  );
  j.backs += 1;
  await j.page.goBack({ waitUntil: 'commit', timeout: 10_000 }).catch(j.failed('Back'));
  if (!j.ended && new URL(j.page.url()).pathname.startsWith('/recipient') && !new URL(j.page.url()).pathname.startsWith('/recipient/callback')) {
    j.problem(`the browser's Back left the app for ${new URL(j.page.url()).pathname} (DESIGN §3.18: Back on a step stays on the page)`);
  }
  if (onStep) await judgeBack(j, before.step ?? '', pageBack);
  return true;
}

/** Issue 33 item 4: what Back on a settled step did: the page's Back where it has one, else the leave question, staying by default. */
async function judgeBack(j: Journey, step: string, pageBack: boolean): Promise<void> {
  const after = await j.settle();
  if (j.ended || after.kind !== 'app') return;
  const asked = after.dialog?.title === LEAVE_QUESTION_TITLE;
  if (!pageBack) {
    if (!asked) j.problem(`the browser's Back on ${step}, which has no Back button, did not ask the leave question (${describeScreen(after)})`);
    const main = await topDialog(j, after)
      .locator('.modal-buttons .btn-primary')
      .textContent({ timeout: 3_000 })
      .catch(() => undefined);
    if (asked && main?.trim() !== STAY)
      j.problem(`the leave question that Back asked has "${main ?? '?'}" as its main button, not "${STAY}" (issue 33 item 4)`);
    return;
  }
  if (asked) j.problem(`the browser's Back on ${step}, which has a Back button, asked the leave question (issue 33 item 4: it goes back, as the page's Back)`);
  else if (step === 'selectAccounts' && after.dialog?.title !== copy.modals.changeSelectedProfile.title)
    j.problem(`the browser's Back on the account step did not warn before the profiles, as its Back button does (${describeScreen(after)})`);
  else if (step === 'confirmation' && after.step === 'confirmation' && after.dialog === undefined)
    j.problem(`the browser's Back on the review stayed on the review (issue 33 item 4: it goes back a step, as the page's Back)`);
}

/**
 * The customer's answer to the leave question that Back (or Cancel) asked, once the screen can be
 * used: "Yes, leave" or "No, stay", by its name (Back's question shows "No, stay" first, issue 33
 * item 4). The question may not come (the request ended the journey, Back closed a modal or went
 * back a step); a remembered one that comes later is answered by the actions that follow.
 */
async function answerLeaveQuestion(j: Journey, leave: boolean): Promise<void> {
  const screen = await j.settle();
  if (j.ended || screen.dialog?.title !== LEAVE_QUESTION_TITLE) return;
  j.log(`the leave question: ${leave ? 'Yes, leave' : 'No, stay'}`);
  if (leave) j.choseLeave = true;
  await topDialog(j, screen)
    .getByRole('button', { name: leave ? LEAVE : STAY, exact: true })
    .click({ timeout: 3_000 })
    .catch(j.failed('press'));
}

/**
 * The exit was made, but the page is not on the recipient's when the journey reads the return:
 * - it left as the connection dropped: the browser's network error page took the app's place,
 *   and headless Chromium does not reload it when the connection is back (seen in both builds), so
 *   the customer does (corpus case of seed 500037357, under load). A Back pressed on that error page
 *   went to the app's address: offline it failed (another error page, reloaded too);
 * - or the customer's Back came just after the recipient's page did (it was pressed as the exit
 *   committed; soak seed 1369597307 case 2, 30 November: the page then waited 20 s for a return it
 *   had already shown; a probe of a Back 60 to 100 ms after "Yes, leave" did the same, docs/testing.md).
 * Back at the app's address, the app says "This request has already been completed", or comes
 * back from the back-forward cache as it left (its one exit is made; it does not make another).
 * The customer then goes Forward to the recipient's address and reloads it if it failed again.
 */
async function returnToTheRecipient(j: Journey): Promise<void> {
  // The customer's own reloads and Forward are not the app's exits.
  j.customerReloading = true;
  try {
    for (let attempt = 0; attempt < 4 && !onCallback(j.page.url()); attempt++) {
      if (j.page.url().startsWith('chrome-error:')) {
        j.log(`the exit failed offline (${j.failedExit ?? ''}): the customer reloads the browser's error page`);
        await j.page.reload({ timeout: 20_000 }).catch(j.failed('reload'));
        continue;
      }
      // The app, loaded again ("This request has already been completed", back-and-endings.test.ts)
      // or restored from the back-forward cache as it left: no second exit either way.
      j.log(`back on the app (${describeScreen(await j.look())}): the customer goes Forward, to the recipient's address the exit was lost on`);
      await j.page.goForward({ timeout: 20_000 }).catch(j.failed('Forward'));
    }
  } finally {
    j.customerReloading = false;
  }
}

/** Back during the action (`act`), then the answer to the leave question. */
async function withBack(j: Journey, back: BrowserBack | undefined, act: () => Promise<void>): Promise<void> {
  if (back === undefined) return act();
  const [, pressed] = await Promise.all([act(), browserBack(j, back)]);
  if (pressed) await answerLeaveQuestion(j, back.leave);
}

/** The step's forward action on whatever is on screen: a modal's main button, the failure page's, Continue, Confirm. */
async function proceed(j: Journey, timing: Timing, back?: BrowserBack): Promise<void> {
  const screen = timing === 'early' ? await j.look() : await j.settle();
  if (j.ended) return;
  if (screen.kind !== 'app') return;
  let target: Locator | undefined;
  if (screen.dialog !== undefined) {
    target = topDialog(j, screen).locator('.modal-buttons .btn-primary');
    j.log(`proceed: "${screen.dialog.title}" main button (${timing})`);
  } else if (screen.failure) {
    target = j.page.locator('main .failure-page button').first();
    const message = await j.page
      .locator('main .failure-message')
      .first()
      .textContent({ timeout: 1_000 })
      .catch(() => '');
    j.log(`proceed: the failure page's button (${timing}); it says ${JSON.stringify(message)}`);
  } else if (screen.step === 'login' && screen.login !== undefined) {
    await logIn(j, { kind: 'login', code: 'right', typing: 'fill', keyDelayMs: 0, press: 'click', timing, offline: undefined }, back);
    return;
  } else if (screen.step !== undefined) {
    target = j.page.locator('main .step-buttons .btn-primary');
    // Issue 33 item 8: no profile is pre-selected; the customer going forward chooses the first.
    if (screen.step === 'selectProfile' && (await j.page.locator('main .profile-list input[type=radio]:checked').count()) === 0) {
      j.log('proceed: no profile chosen, choose the first');
      await j.page.locator('main .profile-list input[type=radio]').first().check({ timeout: 3_000 }).catch(j.failed('press'));
    }
    // Issue 23 items B, C: with only account data asked for, a step with no account ticked refuses
    // to go on and says so; the customer going forward ticks one (on the review: Back first).
    if ((screen.step === 'selectAccounts' || screen.step === 'confirmation') && (await j.page.getByText(NOTHING_TO_SHARE).count()) > 0) {
      if (screen.step === 'confirmation') {
        target = j.page.locator('main .step-buttons').getByRole('button', { name: copy.buttons.back, exact: true });
        j.log(`proceed: nothing to share on the review, Back (${timing})`);
      } else {
        const box = j.page.locator('main .account-fieldset input[type=checkbox]:not([disabled])').first();
        if ((await box.count()) > 0) {
          j.log('proceed: nothing to share, tick the first account');
          await box.check({ timeout: 3_000 }).catch(j.failed('press'));
          j.log(`proceed: ${screen.step} primary (${timing})`);
        } else {
          // No account can be ticked (none eligible): the way on is to leave.
          j.log('proceed: nothing to share and no account to tick: Cancel, then Yes, leave');
          await cancel(j, true, timing);
          return;
        }
      }
    } else {
      j.log(`proceed: ${screen.step} primary (${timing})`);
    }
  }
  if (target === undefined) {
    j.log(`proceed: nothing to press (${describeScreen(screen)})`);
    await sleep(200);
    return;
  }
  const pressed = target;
  const dialog = screen.dialog;
  await withBack(j, back, () =>
    press(pressed, timing).then(
      (landed) => {
        if (landed !== 'target') j.log(`the press landed on ${landed}`);
      },
      async (error: Error) => {
        await j.failed('press')(error);
        if (dialog !== undefined && /navigation to finish/.test(error.message)) await pressInPage(j, dialog.index);
      },
    ),
  );
}

/**
 * Playwright's actions wait for a navigation of the page to finish; one that never does (an exit
 * held in the request routing) blocks every press, though a customer's finger still works. The
 * top dialog's main button is then pressed from within the page, as the customer would.
 */
async function pressInPage(j: Journey, dialogIndex: number): Promise<void> {
  j.log("pressed the dialog's main button from within the page (Playwright waits for a navigation that does not finish)");
  await withinMs(
    j.page.evaluate((index) => {
      const button = document.querySelectorAll('dialog[open]')[index]?.querySelector('.modal-buttons .btn-primary');
      if (button instanceof HTMLElement) button.click();
    }, dialogIndex),
    10_000,
    'pressing in the page',
  ).catch(j.failed('press in the page'));
}

async function cancel(j: Journey, leave: boolean, timing: Timing): Promise<void> {
  const screen = timing === 'early' ? await j.look() : await j.settle();
  if (j.ended || screen.kind !== 'app' || screen.dialog !== undefined || screen.failure) return;
  const target = screen.step === 'login' ? j.page.locator('form.login-form button[data-early-action=cancel]') : j.page.locator('main .step-buttons .btn-link');
  j.log(`Cancel (${timing}) then ${leave ? 'Yes, leave' : 'No, stay'}`);
  await press(target, timing).then((landed) => {
    if (landed !== 'target') j.log(`the press landed on ${landed}`);
  }, j.failed('press'));
  await answerLeaveQuestion(j, leave);
}

async function perform(j: Journey, action: Action): Promise<void> {
  switch (action.kind) {
    case 'proceed':
      if (action.offline !== undefined) j.offline(action.offline);
      return proceed(j, action.timing, action.back);
    case 'login': {
      if (action.offline !== undefined) j.offline(action.offline);
      return logIn(j, action);
    }
    case 'toggle': {
      const screen = action.timing === 'early' ? await j.look() : await j.settle();
      if (screen.step !== 'selectAccounts' || screen.dialog !== undefined) return;
      const boxes = j.page.locator('main .account-fieldset input[type=checkbox]:not([disabled])');
      const count = await boxes.count();
      if (count === 0) return;
      j.log(`tick or untick checkbox ${action.index % count} of ${count} (${action.timing})`);
      await press(boxes.nth(action.index % count), action.timing).catch(j.failed('press'));
      return;
    }
    case 'selectAll': {
      const screen = await j.settle();
      if (screen.step !== 'selectAccounts' || screen.dialog !== undefined) return;
      const box = j.page.locator('main input[data-select-all]');
      if ((await box.count()) === 0) return;
      j.log('select all');
      return box.click({ timeout: 3_000 }).catch(j.failed('press'));
    }
    case 'profile': {
      const screen = await j.settle();
      if (screen.step !== 'selectProfile' || screen.dialog !== undefined) return;
      const radios = j.page.locator('main input[type=radio]');
      const count = await radios.count();
      if (count === 0) return;
      j.log(`choose profile ${action.index % count}`);
      return radios
        .nth(action.index % count)
        .check({ timeout: 3_000 })
        .catch(j.failed('press'));
    }
    case 'cancel':
      if (action.offline !== undefined) j.offline(action.offline);
      return cancel(j, action.leave, action.timing);
    case 'back': {
      const screen = await j.settle();
      if (screen.dialog !== undefined || (screen.step !== 'selectAccounts' && screen.step !== 'confirmation')) return;
      const backButton = j.page.locator('main .step-buttons .step-back');
      if ((await backButton.count()) === 0) return;
      j.log(`Back on ${screen.step}${screen.step === 'selectAccounts' ? ` then ${action.ok ? 'OK' : 'Cancel'}` : ''}`);
      await backButton.click({ timeout: 3_000 }).catch(j.failed('press'));
      const next = await j.settle();
      if (next.dialog?.title === copy.modals.changeSelectedProfile.title) {
        await topDialog(j, next)
          .locator(action.ok ? '.modal-buttons .btn-primary' : '.modal-buttons .btn-secondary')
          .click({ timeout: 3_000 })
          .catch(j.failed('press'));
      }
      return;
    }
    case 'browserBack':
      if (await browserBack(j, action.back, true)) await answerLeaveQuestion(j, action.back.leave);
      return;
    case 'offline':
      j.offline(action.spell);
      return;
    case 'wait':
      j.log(`wait ${action.ms} ms`);
      return sleep(action.ms);
    case 'describe': {
      const screen = await j.settle();
      if (screen.step !== 'confirmation' || screen.dialog !== undefined) return;
      j.log(`description "${action.text}"`);
      return j.page.locator('main textarea, main input[type=text]').first().fill(action.text, { timeout: 3_000 }).catch(j.failed('fill'));
    }
    case 'help': {
      const screen = await j.settle();
      if (screen.step !== 'login' || screen.dialog !== undefined || screen.login === undefined) return;
      j.log('Forgot your username?, then Close');
      await j.page
        .locator('form.login-form button[data-early-action=forgotUsername]')
        .click({ timeout: 3_000 })
        .catch(() => undefined);
      const next = await j.settle();
      if (next.dialog !== undefined)
        await topDialog(j, next)
          .locator('.modal-buttons .btn-primary')
          .click({ timeout: 3_000 })
          .catch(() => undefined);
      return;
    }
    default:
      return action satisfies never;
  }
}

// ---------------------------------------------------------------------------------------------
// The bank's side.

/** The bank's record of the authorisation, read over its API (CONTRACT §3: a decided one answers 409 with its decision). */
async function bankDecision(origin: string, token: string): Promise<Decision | string> {
  const response = await fetch(`${origin}/customer-auth/data`, { headers: { authorization: `Bearer ${token}` } });
  if (response.status === 200) return 'none';
  const body = (await response.json()) as { error?: { errorInfo?: { errorStack?: { code?: string; causes?: string[] }[] }[] } };
  const entry = body.error?.errorInfo?.[0]?.errorStack?.[0];
  if (response.status === 409 && entry?.code === 'consent_already_decided') {
    const decision = (JSON.parse(entry.causes?.[0] ?? '{}') as { decision?: string }).decision;
    if (decision === 'approved' || decision === 'rejected') return decision;
  }
  return `unreadable (${response.status} ${entry?.code ?? ''})`;
}

/** An arrangement of `username`'s, made over the bank's API as the app would (login, two eligible accounts, approve): its id. */
const makeArrangement = (suite: BrowserSuite, username: string): Promise<string> =>
  arrangementOverHttp(suite.harness, username, (accounts) => accounts.filter((account) => account.supplementaryData.rbwmPIB.eligibleAccount).slice(0, 2), {
    scopes: DEFAULT_SCOPES,
    months: 12,
  });

/** Issue 35 item 1: the flow event the bank recorded for the flow, once it has arrived (a beacon may come after the page has gone). */
async function flowEventOf(suite: BrowserSuite, flowId: string, waitMs: number): Promise<RecordedFlowEvent['event'] | undefined> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const found = suite.harness.bank.flowEventOf(flowId)?.event;
    if (found !== undefined || Date.now() > deadline) return found;
    await sleep(50);
  }
}

/**
 * Issue 35 item 1: the bank was told how the flow ended, and that agrees with the return: a code
 * is an approval, access_denied never is. A flow whose tab closed after its login was answered is
 * reported too. A journey with offline spells may have lost its event (a beacon sent as the
 * connection dropped, docs/metrics.md): what arrived must still agree.
 */
async function checkFlowEvent(j: Journey, suite: BrowserSuite, token: string, kind: ReturnType<typeof returnKind> | 'closed'): Promise<void> {
  const mayBeLost = j.offlineSpells > 0 ? 'after offline spells' : undefined;
  const expected = mayBeLost === undefined && (kind !== 'closed' || j.answeredLogins.size > 0);
  const event = await flowEventOf(suite, String(decodeJwt(token).jti), expected ? 10_000 : 2_000);
  j.log(`flow event: ${event === undefined ? 'none' : JSON.stringify(event)}${mayBeLost === undefined ? '' : ` (${mayBeLost}: it may be lost)`}`);
  if (event === undefined) {
    if (expected) j.problem(`no flow event reached the bank (${kind})`);
    return;
  }
  if (kind === 'code' && event.ending !== 'approved') j.problem(`the recipient got a code, but the flow event says ${event.ending}`);
  if (kind === 'access_denied' && event.ending === 'approved') j.problem('the recipient got access_denied, but the flow event says approved');
}

/** What the recipient's callback page shows, as a kind of return. */
function returnKind(result: ReturnResult): 'code' | 'access_denied' | 'plain' | 'other' {
  if (result.heading.startsWith('Authorised')) return 'code';
  if (result.heading === 'The customer did not authorise') return result.values['error'] === 'access_denied' ? 'access_denied' : 'other';
  if (result.heading === 'Nothing came back') return 'plain';
  return 'other';
}

// ---------------------------------------------------------------------------------------------

async function runJourney(suite: BrowserSuite, c: JourneyCase, index: number): Promise<JourneyResult> {
  const began = Date.now();
  const username = usernameOf(c, index);
  const arrangementId = c.amend ? await makeArrangement(suite, username) : undefined;
  const entryUrl = await suite.harness.entryUrl({
    scopes: c.scopes,
    ...(c.months === undefined ? {} : { months: c.months }),
    ...(arrangementId === undefined ? {} : { arrangementId }),
  });
  const token = new URL(entryUrl).searchParams.get('redirectJwt') ?? '';
  const state = stateOf(entryUrl);
  const origin = suite.harness.origin;

  const slow = await slowCpu(suite.browser, c.cpu);
  const context = await slow.browser.newContext({ viewport: c.phone ? { width: 390, height: 844 } : { width: 1280, height: 900 } });
  // page.evaluate sends a function's source; tsx wraps named inner functions with its `__name` helper.
  await context.addInitScript(`globalThis.__name ??= (f) => f; globalThis.journeyOrigin = ${JSON.stringify(origin)};`);
  await context.addInitScript(recordSubmits);
  const { page, errors, cspViolations } = await watchPage(context);
  const j = new Journey(c, username, origin, page, context, slow);
  j.listen();
  await j.delayRequests();
  j.log(
    `${username}${arrangementId === undefined ? '' : ` amending ${arrangementId}`}, scopes ${c.scopes.join(' ')}, ${c.months === undefined ? 'once-off' : `${c.months} months`}, cpu ${c.cpu}x, ${c.phone ? 'phone' : 'desktop'}`,
  );
  let outcome = 'not ended';
  const drive = async (): Promise<void> => {
    // The customer comes from the recipient's page (so that the browser's Back has somewhere to go).
    await page.goto(`${origin}/recipient/`);
    await j.throttle(c.cpu);
    await page.goto(entryUrl, { waitUntil: 'commit' });
    await page.locator('input[name=username]').waitFor({ state: 'visible', timeout: 30_000 });
    let done = 0;
    j.log('the login form shows');
    for (const action of c.actions) {
      if (j.ended || done === c.closeAt) break;
      j.log(`> ${JSON.stringify(action)}`);
      try {
        await perform(j, action);
      } catch (error) {
        if (error instanceof Stuck) return;
        j.log(`${action.kind}: ${(error as Error).message.split('\n')[0]}`);
      }
      done += 1;
      await j.look();
    }
    if (c.closeAt !== undefined && !j.ended) {
      // Issue 35 item 1: the customer closes the tab wherever the journey stands.
      j.log(`-- ${done} chosen actions done; the customer closes the tab`);
      await page.close();
      outcome = 'closed';
      await checkFlowEvent(j, suite, token, 'closed');
      return;
    }
    j.log(`-- ${done} chosen actions done; going forward to the end`);
    for (let step = 0; step < FINISH_STEPS && !j.ended; step++) {
      try {
        await proceed(j, 'settled');
      } catch (error) {
        if (error instanceof Stuck) return;
        j.log(`proceed: ${(error as Error).message.split('\n')[0]}`);
      }
      await j.look();
    }
    await j.online();
    if (!j.ended) j.problem(`the journey did not end after ${FINISH_STEPS} forward steps: ${describeScreen(await j.look())}`);
    if (j.exits.length > 0) {
      if (j.failedExit !== undefined || (j.returned && !onCallback(j.page.url()))) await returnToTheRecipient(j);
      const result = await returnResult(page);
      await j.throttle(1);
      const kind = returnKind(result);
      const decision = await bankDecision(origin, token);
      outcome = `${kind} (bank: ${decision})`;
      j.log(`returned: ${result.heading}; ${outcome}`);
      // The recipient gets what the bank decided.
      if (kind === 'code' && decision !== 'approved') j.problem(`the recipient got a code, but the bank's record is ${decision}`);
      if (kind === 'access_denied' && decision === 'approved')
        j.problem('the recipient got access_denied, but the bank approved (its code was never delivered)');
      // The customer's "Yes, leave" (Cancel or Back, DESIGN §3.18) is a rejection at the bank, unless an approval was already made.
      if (j.choseLeave && kind === 'code' && decision !== 'approved')
        j.problem(`the customer chose to leave, yet the recipient got a code (bank: ${decision})`);
      if (kind === 'plain' && !j.told) {
        j.problem(
          `a plain return (no code, no error) without the app telling the customer it could not confirm the outcome (bank: ${decision}; dialogs seen: ${[...j.dialogsSeen].join(' | ') || 'none'})`,
        );
      }
      if (kind === 'other') j.problem(`an unexpected return: ${result.heading} ${JSON.stringify(result.values)}`);
      await checkFlowEvent(j, suite, token, kind);
      if (kind !== 'plain') {
        if (result.failedChecks.length > 0) j.problem(`the recipient's checks failed: ${result.failedChecks.join('; ')}`);
        if (result.values['state'] !== state) j.problem(`the return carried state ${JSON.stringify(result.values['state'])}, not the request's`);
      }
    }
    await j.throttle(1);
    // Exactly one exit.
    if (j.exits.length > 1) j.problem(`the app left for the recipient ${j.exits.length} times: ${j.exits.map((exit) => exit.url()).join(', ')}`);
    for (const aborted of j.abortedExits) {
      const made = j.exits[0]?.url();
      if (aborted !== made) j.problem(`an exit the browser aborted (${aborted}) is not the one the app then made (${made ?? 'none'})`);
    }
    if (j.offsite.length > 0) j.problem(`the page left for another site: ${j.offsite.join(', ')}`);
    for (const [approve, keys] of j.decisionKeys) {
      if (keys.size > 1) j.problem(`the ${approve ? 'approval' : 'rejection'} was sent with ${keys.size} Idempotency-Keys`);
    }
  };
  let watchdog: NodeJS.Timeout | undefined;
  try {
    // A journey that hangs (a page that never answers) is a problem of its own; closing its
    // context ends every call still waiting on it.
    const hung = new Promise<'hung'>((resolve) => {
      watchdog = setTimeout(() => resolve('hung'), JOURNEY_LIMIT_MS);
    });
    const driven = drive().then(() => 'driven' as const);
    const first = await Promise.race([driven, hung]);
    clearTimeout(watchdog);
    if (first === 'hung') {
      j.problem(`the journey did not finish within ${JOURNEY_LIMIT_MS / 1000} s (${describeScreen(await j.look())})`);
      await context.close().catch(() => undefined);
      await driven.catch(() => undefined);
    }
  } catch (error) {
    j.problem(`the journey broke: ${(error as Error).message.split('\n')[0]}`);
  } finally {
    // A journey that broke leaves its watchdog: cleared, or it would hold the run open for JOURNEY_LIMIT_MS.
    clearTimeout(watchdog);
    await j.throttle(1);
    await j.online();
    for (const error of errors) j.problem(`page error: ${error}`);
    for (const violation of cspViolations) j.problem(`CSP violation: ${violation}`);
    await context.close().catch(() => undefined);
    await slow.close();
  }
  return { problems: j.problems, trace: j.trace, ms: Date.now() - began, outcome };
}

/** The environment that replays one journey, traced. */
const replayLine = (planned: (typeof chosen)[number]): string =>
  `${planned.replay}${process.env['BROWSER_JOURNEYS_OFFLINE_AT_LOAD'] === '1' ? ' BROWSER_JOURNEYS_OFFLINE_AT_LOAD=1' : ''} BROWSER_JOURNEYS_TRACE=1`;

/** A trace line without its time: what repeats when a journey is stuck. */
const untimed = (line: string): string => line.replace(/^\S+ /, '');

/**
 * A trace to print with a failure: a run of lines that repeat (a press that keeps failing) kept
 * as its first two and a count, then all of it, or its first 20 and last 60 lines.
 */
function shortTrace(trace: readonly string[]): string[] {
  const compact: string[] = [];
  for (let i = 0; i < trace.length;) {
    let end = i + 2;
    const pair = (at: number): string => `${untimed(trace[at] ?? '')}\n${untimed(trace[at + 1] ?? '')}`;
    while (end + 1 < trace.length && pair(end) === pair(i)) end += 2;
    if (end - i > 4) {
      compact.push(trace[i] ?? '', trace[i + 1] ?? '', `… the 2 lines above ${(end - i) / 2 - 1} more times …`);
      i = end;
    } else compact.push(trace[i++] ?? '');
  }
  return compact.length <= 80 ? compact : [...compact.slice(0, 20), `… ${compact.length - 80} lines …`, ...compact.slice(-60)];
}

describe('browser: random consent journeys under adversarial timing (issue 20 item 4)', function () {
  this.timeout(Math.max(600_000, chosen.length * 30_000));
  const suite = browserSuite({ personas: [...PERSONAS, ...journeyPersonas] });

  it(`${plan.describe}: nothing typed is lost, one login per press, one exit, never a blank screen, the recipient gets what the bank decided`, async () => {
    const failures: string[] = [];
    const outcomes = new Map<string, number>();
    const durations: number[] = [];
    const began = Date.now();
    await eachConcurrently(chosen, CONCURRENCY, async (planned) => {
      const result = await runJourney(suite, planned.c, planned.index);
      durations.push(result.ms);
      const kind = result.outcome.split(' ')[0] ?? '';
      outcomes.set(kind, (outcomes.get(kind) ?? 0) + 1);
      reportCase({
        search: 'browser journeys',
        label: planned.label,
        replay: replayLine(planned),
        ms: result.ms,
        outcome: kind || 'none',
        problems: result.problems,
        ...(result.problems.length > 0 ? { trace: shortTrace(result.trace) } : {}),
      });
      if (TRACE && !LIVE) console.log(`${planned.label} (${(result.ms / 1000).toFixed(1)} s, ${result.outcome}):\n    ${result.trace.join('\n    ')}`);
      if (result.problems.length > 0) {
        failures.push(
          `${planned.label}, replay: ${replayLine(planned)}\n  ${JSON.stringify(planned.c)}\n` +
            `  - ${result.problems.join('\n  - ')}\n  trace:\n    ${shortTrace(result.trace).join('\n    ')}`,
        );
      }
    });
    const sorted = durations.sort((a, b) => a - b);
    const seconds = (ms: number | undefined): string => ((ms ?? 0) / 1000).toFixed(1);
    console.log(
      `    ${chosen.length} journeys in ${seconds(Date.now() - began)} s (${plan.describe}, ${CONCURRENCY} at once, ${cpuThrottleKind()}; each ${seconds(sorted[0])}–${seconds(sorted.at(-1))} s, median ${seconds(sorted[Math.floor(sorted.length / 2)])} s): ${[...outcomes].map(([kind, n]) => `${kind} ${n}`).join(', ')}`,
    );
    if (failures.length > 0)
      throw new Error(`${failures.length} of ${chosen.length} journeys broke an invariant (${plan.describe}):\n\n${failures.join('\n\n')}`);
  });
});
