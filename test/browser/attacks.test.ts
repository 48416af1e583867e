// Hostile and unlucky conditions in a real browser (DESIGN §3.1-3.4, §4; spec §2, §4, §8): every
// attack or failure ends in its safe outcome, asserted on what the customer sees and on the wire.
// Only what needs a browser is here (issue 32 item 2): WebCrypto's refusal of a forged signature,
// the address's markup in the real DOM, the boot's failure page, JavaScript off, the shell before
// any script, framing, the token out of the address bar, Referer and storage, Back after the
// return, and the later steps' files over the network. The flow's half is lower:
// test/application/token-launch.test.ts, reload-every-step.test.ts, hanging-get.test.ts and
// outcome-integrity.test.ts; test/ui/failure-address-words.test.tsx, analytics-tag-blocked.test.ts.
import { expect } from 'chai';
import { decodeJwt, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { copy } from '../../domain/copy';
import { REDIRECT_JWT_KEY } from '../../adapters/browser-address-names';
import { browserSuite, watchPage } from './browser-harness';
import {
  expectErrorReturn,
  logIn,
  modalNamed,
  onStep,
  openApp,
  openAppOn,
  returnFromSuccess,
  tokenTraces,
  type OpenedApp,
  loginReady,
} from './consent-app-driver';

const PUBLIC_SITE = 'https://www.bank.example/';
const account = (page: Page, name: string) => page.getByRole('checkbox', { name: new RegExp(`^${name} `) });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
/** Confirms and leaves through the success modal's button (or its countdown, on a loaded machine). */
async function confirmAndReturn(page: Page, confirm: () => Promise<void> = () => button(page, copy.buttons.confirm).click()) {
  await confirm();
  return returnFromSuccess(page);
}

describe('browser: attacks and failures end safely', function () {
  this.timeout(60_000);
  const suite = browserSuite();

  /** The journey whose later steps' stylesheet never answers, started first so that its 15 s wait overlaps the other tests. */
  let hangingStylesheet: Promise<{ waitedMs: number; returned: string | undefined; state: string }>;

  before(() => {
    hangingStylesheet = neverArrivingStylesheet();
    hangingStylesheet.catch(() => undefined); // asserted in its own test
  });

  const open = async (ask: Parameters<typeof openApp>[2] = {}) => openAppOn(await suite.reusedPage(), suite.harness, ask);

  /** A fresh tab at `url` (relative to the sandbox), with the bank's public site answered locally and dialogs recorded. */
  async function openRaw(url: string): Promise<{ page: Page; dialogs: string[]; requests: string[] }> {
    const page = await suite.watchedPage({ width: 1280, height: 900 });
    await page
      .context()
      .route(`${PUBLIC_SITE}**`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Demo Bank</title><h1>Public site</h1>' }));
    // Every request of the tab from its first one, the document included.
    const requests: string[] = [];
    page.context().on('request', (request) => requests.push(request.url()));
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(new URL(url, suite.harness.origin).toString());
    return { page, dialogs, requests };
  }

  /** Spec §2, §8: the failure page with its message and Leave Page, which goes to the bank's public site and nowhere else. */
  async function expectFailurePage(page: Page, message: string = copy.failure.defaultMessage): Promise<void> {
    await page.getByRole('heading', { level: 1, name: copy.failure.title }).waitFor();
    expect(await page.locator('.failure-message').textContent()).to.equal(message);
    expect(await page.getByRole('button').allTextContents()).to.deep.equal([copy.failure.leavePage]);
    expect(await page.getByText(copy.login.heading).count(), 'no login form').to.equal(0);
    await button(page, copy.failure.leavePage).click();
    await page.waitForURL(PUBLIC_SITE);
  }

  /** The claims of a genuine token of this sandbox, for forging variations of it. */
  async function genuineClaims(): Promise<JWTPayload> {
    return decodeJwt(new URL(await suite.harness.entryUrl()).searchParams.get('redirectJwt') ?? '');
  }

  /** The `kid` of the sandbox's signing key, as its JWKS publishes it. */
  async function sandboxKid(): Promise<string> {
    const kid = (await suite.harness.bank.app.inject({ url: '/.well-known/jwks.json' })).json<{ keys: { kid: string }[] }>().keys[0]?.kid;
    if (kid === undefined) throw new Error('the sandbox publishes no key');
    return kid;
  }

  /**
   * Opens the app for a journey that runs alongside the tests (kept to the suite's end), makes the
   * requests matching `pattern` never answer, and logs jane.citizen in; `started` is Continue's time.
   */
  async function logInWithRequestsUnanswered(pattern: string): Promise<{ app: OpenedApp; started: number }> {
    // Routed before the page opens: the app preloads the later steps once the login is idle,
    // which under load came before a route set after openApp (CI run 14: the stylesheet arrived).
    const neverAnswered = async (context: BrowserContext): Promise<void> => {
      await context.route(pattern, () => undefined);
    };
    const app = suite.watched(await openApp(suite.browser, suite.harness, {}, undefined, neverAnswered), 'suite');
    await logIn(app.page, 'jane.citizen');
    return { app, started: Date.now() };
  }

  /**
   * DESIGN §3.4 for the app's own files: the later steps' stylesheet never answers. Measures how
   * long after Continue Service unavailable opens, then returns through it.
   */
  async function neverArrivingStylesheet(): Promise<{ waitedMs: number; returned: string | undefined; state: string }> {
    const { app, started } = await logInWithRequestsUnanswered('**/assets/steps-*.css');
    const { page } = app;
    const modal = modalNamed(page, 'serviceUnavailable');
    await modal.waitFor({ timeout: 40_000 });
    const waitedMs = Date.now() - started;
    await app.context.unrouteAll({ behavior: 'ignoreErrors' });
    await modal.getByRole('button', { name: 'Return to Budget Buddy' }).click();
    const result = await expectErrorReturn(page, app.state);
    expect(app.errors, 'page errors').to.deep.equal([]);
    return { waitedMs, returned: result.values['error'], state: app.state };
  }

  /**
   * Makes the later steps' files (every script of the app and its steps stylesheet asked for
   * from now on; not the recipient's pages) fail their first `failures` requests each (Infinity: always).
   */
  async function failLaterStepFiles(page: Page, failures: number): Promise<{ failed: () => number }> {
    const tries = new Map<string, number>();
    let failed = 0;
    await page.route(
      (url) => url.origin === suite.harness.origin && /^\/assets\/(.+\.js|steps-.+\.css)$/.test(url.pathname),
      (route) => {
        const url = route.request().url();
        const count = (tries.get(url) ?? 0) + 1;
        tries.set(url, count);
        if (count > failures) return route.continue();
        failed += 1;
        return route.abort('connectionreset');
      },
    );
    return { failed: () => failed };
  }

  const appWithToken = (token: string): string => `/?redirectJwt=${encodeURIComponent(token)}`;

  // The flow's half (every refusal, the redirectUri not followed): test/application/token-launch.test.ts.
  it("a forged token (another key under the bank's kid, so WebCrypto judges the signature) and a garbage one carrying markup: the failure page, the claimed name never shown, nothing run, no bank call (DESIGN §3.1)", async () => {
    const claims = await genuineClaims();
    const otherKey = (await generateKeyPair('ES256')).privateKey;
    // The bank's own kid, so the bank's key is chosen and only the signature is wrong.
    const otherSigned = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: await sandboxKid(), typ: 'JWT' }).sign(otherKey);
    for (const [what, token] of [
      ['another key', otherSigned],
      ['garbage', '<script>alert(1)</script>.not.a.jwt'],
    ] as const) {
      const { page, requests, dialogs } = await openRaw(appWithToken(token));
      await page.getByRole('heading', { level: 1, name: copy.failure.title }).waitFor();
      expect(await page.getByText(String(claims['tppName'])).count(), `${what}: the claimed name is not shown`).to.equal(0);
      expect(
        requests.some((url) => url.endsWith('/config/config.json')),
        `${what}: the start was watched`,
      ).to.equal(true);
      await expectFailurePage(page);
      expect(
        requests.filter((url) => url.includes('/customer-auth/')),
        what,
      ).to.deep.equal([]);
      expect(dialogs, `${what}: nothing run`).to.deep.equal([]);
    }
  });

  // The bank's words and the reference, and the decoded markup: test/ui/failure-address-words.test.tsx, test/ui/failure.test.tsx.
  it('an authorize_failure address: markup in the message never reaches the real page, and no element is injected (CONTRACT §7, DESIGN §3.13)', async () => {
    const markup = '<img src=x onerror=alert(1)>';
    const { page, dialogs } = await openRaw(`/authorize_failure?error=${encodeURIComponent(markup)}`);
    await page.getByRole('heading', { level: 1, name: copy.failure.title }).waitFor();
    expect([copy.failure.defaultMessage, copy.failure.undecodable]).to.include(await page.locator('.failure-message').textContent());
    expect(await page.locator('img[src="x"], img[onerror]').count()).to.equal(0);
    expect(await page.content()).not.to.include('onerror');
    expect(dialogs).to.deep.equal([]);
  });

  // Issue 11 defect 12: the startup failure page kept the title "Loading" and the token in the address bar.
  // The boot (ui/web/main.tsx) takes one branch for any config it cannot use; a missing file's (404) problem: test/adapters/fetch-config-source.test.ts.
  it('a config that is malformed: the failure page with its own title, and the token leaves the address bar', async () => {
    const page = await (await suite.newContext()).newPage();
    await page.route('**/config/config.json', (route) => route.fulfill({ status: 200, json: { env: 'x' } }));
    const entry = await suite.harness.entryUrl();
    await page.goto(entry);
    await page.getByRole('heading', { level: 1, name: copy.failure.title }).waitFor();
    expect(await page.title()).to.equal(copy.failure.windowTitle);
    expect(page.url(), 'the token left the address bar').to.not.include('redirectJwt');
    expect(new URL(page.url()).pathname).to.equal(new URL(entry).pathname);
  });

  it('with JavaScript turned off: the page says it needs JavaScript, and no loading spinner turns forever', async () => {
    // Blink's own setting (Playwright's javaScriptEnabled leaves <noscript> and `scripting` as with scripts on).
    const noScripts = await suite.chromium(['--blink-settings=scriptEnabled=false']);
    const page = await noScripts.newPage();
    await page.goto(await suite.harness.entryUrl());
    expect(await page.locator('body').innerText()).to.equal('This page needs JavaScript to be turned on in your browser.');
    expect(await page.locator('.loading-page').isVisible(), 'the static loading screen is hidden').to.equal(false);
  });

  it('with JavaScript on, before any script has run, the shell shows the login form for a launch (issue 15) and the loading screen for anything else', async () => {
    const page = await (await suite.newContext()).newPage();
    // Scripts held back: what the customer sees while the app's files are still on their way.
    await page.route('**/assets/*.js', () => undefined);
    const entry = await suite.harness.entryUrl();
    await page.goto(entry, { waitUntil: 'commit' });
    await page.getByRole('heading', { name: copy.login.heading }).waitFor();
    expect(await page.locator('.loading-page').isVisible()).to.equal(false);
    expect(await page.title()).to.equal(copy.windowTitle(copy.steps.login));
    const noToken = new URL(entry);
    noToken.search = '';
    await page.goto(noToken.href, { waitUntil: 'commit' });
    await page.getByRole('status').filter({ hasText: copy.shell.loading }).waitFor();
    expect(await page.locator('.loading-page .spinner').isVisible()).to.equal(true);
    expect(await page.getByRole('heading', { name: copy.login.heading }).isVisible()).to.equal(false);
    expect(await page.title()).to.equal(copy.shell.loadingTitle);
  });

  it('inside a cross-origin frame the app does not render (X-Frame-Options DENY, frame-ancestors none)', async () => {
    const context = await suite.newContext();
    const entry = await suite.harness.entryUrl();
    // Another origin on the same machine (localhost, not 127.0.0.1), so that only the framing rules apply.
    const attacker = `http://localhost:${new URL(suite.harness.origin).port}/prize`;
    await context.route(attacker, (route) =>
      route.fulfill({ contentType: 'text/html', body: `<h1>Win a prize</h1><iframe id="victim" src="${entry}" width="800" height="600"></iframe>` }),
    );
    const appRequests: string[] = [];
    context.on('request', (request) => {
      if (request.url().startsWith(suite.harness.origin)) appRequests.push(new URL(request.url()).pathname);
    });
    const page = await context.newPage();
    await page.goto(attacker);
    const headers = (await suite.harness.bank.app.inject({ url: new URL(entry).pathname + new URL(entry).search })).headers;
    expect(headers['x-frame-options']).to.equal('DENY');
    expect(headers['content-security-policy']).to.include("frame-ancestors 'none'");
    await page.waitForFunction(() => {
      const frame = document.querySelector('iframe');
      return frame !== null;
    });
    // The browser's refusal is the frame's error page: waited for, not slept on.
    const isRefused = (candidate: Frame): boolean => candidate !== page.mainFrame() && candidate.url().startsWith('chrome-error:');
    if (!page.frames().some(isRefused)) await page.waitForEvent('framenavigated', { predicate: isRefused, timeout: 10_000 }).catch(() => undefined);
    expect(
      page
        .frames()
        .find((candidate) => candidate !== page.mainFrame())
        ?.url(),
      'the browser refused the frame',
    ).to.match(/^chrome-error:/);
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
    const rendered = frame === undefined ? '' : await frame.evaluate(() => document.body?.innerText ?? '').catch(() => '');
    expect(rendered).not.to.include(copy.login.heading);
    expect(appRequests, 'only the refused document was asked for: the app never started in the frame').to.deep.equal([new URL(entry).pathname]);
  });

  describe('the token stays out of the address bar, storage and Referer (DESIGN §3.3)', () => {
    it('leaves the address bar at start, is never sent as Referer, and is cleared from every storage after a cancel', async () => {
      const app = await open();
      const { page } = app;
      const token = await page.evaluate((key) => sessionStorage.getItem(key), REDIRECT_JWT_KEY);
      expect(token).to.match(/^ey/);
      expect(await tokenTraces(page, token ?? ''), 'kept while the flow runs').to.deep.equal([`sessionStorage.${REDIRECT_JWT_KEY}`]);
      expect(page.url()).not.to.include('redirectJwt');
      await logIn(page, 'jane.citizen');
      await onStep(page, copy.steps.selectAccounts);
      await button(page, copy.buttons.cancel).click();
      await modalNamed(page, 'sharingIncomplete').getByRole('button', { name: 'Yes, leave' }).click();
      await expectErrorReturn(page, app.state);
      // The callback is on the app's origin in the sandbox: the same storage and cookies.
      expect(await tokenTraces(page, token ?? '')).to.deep.equal([]);
      expect(app.requests.length).to.be.above(8);
      const leaking = app.requests.filter((request) => request.referer !== undefined && token !== null && request.referer.includes(token.slice(-20)));
      expect(leaking, 'no request carries the token as Referer').to.deep.equal([]);
      expect(
        app.requests.filter((request) => (request.referer ?? '') !== ''),
        'Referrer-Policy: no-referrer',
      ).to.deep.equal([]);
    });
  });

  /**
   * Issue 32: one journey for two tests, the later steps' files each failing once and the return it
   * ends in, which Back is then pressed after: the customer comes from the third party's page (the
   * recipient simulator), then the app; jane.citizen shares Bills and confirms. Kept to the suite's
   * end, whose hook fails on its page errors and CSP violations.
   */
  let returnedJourney: Promise<{ page: Page; failedBeforeAccounts: number; heading: string }> | undefined;
  const journeyWithFilesFailingOnce = () => {
    returnedJourney ??= (async () => {
      const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
      const { page } = suite.watched({ context, ...(await watchPage(context)) }, 'suite');
      await page.goto(`${suite.harness.origin}/recipient/`);
      await page.goto(await suite.harness.entryUrl());
      await loginReady(page);
      // The preload's tries fail first; the step's own load then meets the first failure of the
      // chunks those modules import, and must try again.
      const files = await failLaterStepFiles(page, 1);
      await logIn(page, 'jane.citizen');
      await onStep(page, copy.steps.selectAccounts);
      const failedBeforeAccounts = files.failed();
      await account(page, 'Bills').check();
      await button(page, copy.buttons.continue).click();
      await onStep(page, copy.steps.confirmation);
      const { heading } = await confirmAndReturn(page);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      return { page, failedBeforeAccounts, heading };
    })();
    return returnedJourney;
  };

  it("Back after the return shows no live Confirm and no working login: the exit replaced the app's one history entry (DESIGN §3.18), Back goes to the entry address, which knows no journey", async () => {
    const { page, heading } = await journeyWithFilesFailingOnce();
    expect(heading).to.equal('Authorised');
    await page.goBack();
    await page.waitForLoadState('load');
    // DESIGN §3.18: the app pushed one entry at the start (so that Back asks); the exit replaced
    // it, so Back lands on the entry address the token was taken from (DESIGN §3.3).
    expect(new URL(page.url()).pathname, 'Back goes to the entry address, not to a step').to.equal('/demo_accc_aisp');
    await page.locator('h1').first().waitFor();
    const confirm = button(page, copy.buttons.confirm);
    const live = (await confirm.count()) > 0 && (await confirm.isEnabled());
    expect(live, `no live Confirm at ${page.url()}`).to.equal(false);
    expect(await page.getByLabel(copy.login.usernameLabel, { exact: true }).count(), 'no fresh login for a decided authorisation').to.equal(0);
  });

  describe('a later step whose files do not arrive (DESIGN §3.4, spec §8)', () => {
    it('each of its files failing once: they are fetched again, and the customer finishes', async () => {
      const { failedBeforeAccounts, heading } = await journeyWithFilesFailingOnce();
      expect(failedBeforeAccounts, 'requests failed').to.be.above(2);
      expect(heading).to.equal('Authorised');
    });

    it("its code never loading: Service unavailable (not the router's error screen), then access_denied with the state", async () => {
      const app = await open();
      const { page } = app;
      await failLaterStepFiles(page, Infinity);
      await logIn(page, 'jane.citizen');
      const modal = modalNamed(page, 'serviceUnavailable');
      await modal.waitFor();
      expect(await page.getByText('Unexpected Application Error').count()).to.equal(0);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await modal.getByRole('button', { name: 'Return to Budget Buddy' }).click();
      await expectErrorReturn(page, app.state);
    });

    it('its stylesheet never answering: Service unavailable at the 15 s deadline, not an endless blank step', async () => {
      const outcome = await hangingStylesheet;
      expect(outcome.waitedMs, 'the 15 s deadline decides').to.be.within(13_000, 30_000);
      expect(outcome.returned).to.equal('access_denied');
    });
  });
});
