// Hostile and unlucky conditions in a real browser (DESIGN §3.1-3.4, §4; spec §2, §4, §8): every
// attack or failure ends in its safe outcome, asserted on what the customer sees and on the wire.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { base64url, decodeJwt, generateKeyPair, importJWK, SignJWT, type JWTPayload } from 'jose';
import type { BrowserContext, Frame, Page, Request } from 'playwright-core';
import { copy } from '../../domain/copy';
import { SIGNING_KEY_FILE } from '../../sandbox/signing-keys';
import { REDIRECT_JWT_KEY } from '../../adapters/session-token-storage.adapter';
import { browserSuite } from './browser-harness';
import { expectErrorReturn, logIn, modalNamed, onStep, openApp, returnResult, stateOf, tokenTraces, type OpenedApp, loginReady } from './consent-app-driver';

const PUBLIC_SITE = 'https://www.bank.example/';
const account = (page: Page, name: string) => page.getByRole('checkbox', { name: new RegExp(`^${name} `) });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
/** Confirms and leaves through the success modal's button (no wait for the automatic return). */
async function confirmAndReturn(page: Page, confirm: () => Promise<void> = () => button(page, copy.buttons.confirm).click()) {
  await confirm();
  await modalNamed(page, 'successConfirm').getByRole('button', { name: 'Return to Budget Buddy' }).click();
  return returnResult(page);
}
const isConfirmation = (request: Request, status: boolean): boolean =>
  request.method() === 'POST' &&
  request.url().endsWith('/customer-auth/confirmation') &&
  request.postData() === JSON.stringify({ authorisationStatus: status });

describe('browser: attacks and failures end safely', function () {
  this.timeout(60_000);
  /** The sandbox's clock runs this far from the real one (to sign a token that has already expired). */
  let skewMs = 0;
  const suite = browserSuite({ nowMs: () => Date.now() + skewMs });

  /** The hanging-GET journey, started first so that its 15 s wait overlaps the other tests. */
  let hanging: Promise<{ waitedMs: number; spinnerGone: boolean; modalShown: boolean }>;
  /** Likewise, the journey whose later steps' stylesheet never answers. */
  let hangingStylesheet: Promise<{ waitedMs: number; returned: string | undefined; state: string }>;

  before(() => {
    hanging = hangingGet();
    hanging.catch(() => undefined); // asserted in its own test
    hangingStylesheet = neverArrivingStylesheet();
    hangingStylesheet.catch(() => undefined); // asserted in its own test
  });
  afterEach(() => {
    skewMs = 0;
  });

  const open = async (ask: Parameters<typeof openApp>[2] = {}): Promise<OpenedApp> => suite.watched(await openApp(suite.browser, suite.harness, ask));

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

  /** Signs claims with the sandbox's own key (read from its data folder), so the signature is valid. */
  async function signAsSandbox(claims: JWTPayload): Promise<string> {
    const dataDir = (suite.harness as unknown as { dataDir: string }).dataDir;
    const jwk = JSON.parse(readFileSync(path.join(dataDir, SIGNING_KEY_FILE), 'utf8')) as { kty: string; crv: string; x: string; y: string };
    return new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: await sandboxKid(), typ: 'JWT' }).sign(await importJWK(jwk, 'ES256'));
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
   * DESIGN §3.4 "Every call has a timeout": the account list never answers. Measures how long
   * until the modal shows, and whether the spinner went away.
   */
  async function hangingGet(): Promise<{ waitedMs: number; spinnerGone: boolean; modalShown: boolean }> {
    const { app, started } = await logInWithRequestsUnanswered('**/customer-auth/accounts*');
    const { page } = app;
    await page.locator('.loading-mask').waitFor();
    const modal = modalNamed(page, 'serviceUnavailable');
    await modal.waitFor({ timeout: 30_000 });
    const waitedMs = Date.now() - started;
    const spinnerGone = (await page.locator('.loading-mask').count()) === 0;
    await app.context.unrouteAll({ behavior: 'ignoreErrors' });
    return { waitedMs, spinnerGone, modalShown: true };
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

  describe('the token is verified before anything in it is trusted (DESIGN §3.1)', () => {
    it('no token at all: the failure page with Leave Page', async () => {
      for (const url of ['/?redirectJwt=', '/demo_accc_aisp']) {
        const { page } = await openRaw(url);
        await expectFailurePage(page);
      }
    });

    it('a garbage token: the failure page, and its text is never shown', async () => {
      const { page, dialogs } = await openRaw(appWithToken('<script>alert(1)</script>.not.a.jwt'));
      await expectFailurePage(page);
      expect(dialogs).to.deep.equal([]);
    });

    it("forged tokens (another key under the bank's kid, alg none, an unknown kid) and an expired one: the failure page, no bank call", async () => {
      const claims = await genuineClaims();
      const otherKey = (await generateKeyPair('ES256')).privateKey;
      // The bank's own kid, so the bank's key is chosen and only the signature is wrong.
      const otherSigned = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: await sandboxKid(), typ: 'JWT' }).sign(otherKey);
      const unknownKid = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: 'no-such-key', typ: 'JWT' }).sign(otherKey);
      const algNone = `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64url.encode(JSON.stringify(claims))}.`;
      // A token genuinely signed by the sandbox two hours ago with a one-hour lifetime.
      skewMs = -2 * 3600_000;
      const expired = new URL(await suite.harness.entryUrl()).searchParams.get('redirectJwt') ?? '';
      skewMs = 0;
      expect((decodeJwt(expired).exp ?? 0) * 1000).to.be.below(Date.now());

      for (const [what, token] of [
        ['another key', otherSigned],
        ['an unknown kid', unknownKid],
        ['alg none', algNone],
        ['expired', expired],
      ] as const) {
        const { page, requests } = await openRaw(appWithToken(token));
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
      }
    });

    it('a validly signed token whose redirectUri is javascript:, data: or ftp: is refused, and never followed', async () => {
      const claims = await genuineClaims();
      for (const redirectUri of ['javascript:alert(document.domain)//', 'data:text/html,<script>alert(1)</script>', 'ftp://attacker.example/cb']) {
        const { page, dialogs } = await openRaw(appWithToken(await signAsSandbox({ ...claims, redirectUri })));
        await expectFailurePage(page);
        expect(dialogs, redirectUri).to.deep.equal([]);
      }
    });
  });

  describe('an authorize_failure address cannot put words or markup on the bank page (CONTRACT §7, DESIGN §3.13)', () => {
    const errorParam = (fields: Record<string, string>): string => base64url.encode(JSON.stringify(fields));

    it('markup in the message never reaches the page, and no element is injected', async () => {
      const markup = '<img src=x onerror=alert(1)>';
      for (const param of [errorParam({ respCode: '400', respMessage: markup }), encodeURIComponent(markup)]) {
        const { page, dialogs } = await openRaw(`/authorize_failure?error=${param}`);
        await page.getByRole('heading', { level: 1, name: copy.failure.title }).waitFor();
        expect([copy.failure.defaultMessage, copy.failure.undecodable]).to.include(await page.locator('.failure-message').textContent());
        expect(await page.locator('img[src="x"], img[onerror]').count()).to.equal(0);
        expect(await page.content()).not.to.include('onerror');
        expect(dialogs).to.deep.equal([]);
      }
    });

    it("a plausible fake phone number is never shown: the bank's generic text and the reference instead (issue 12)", async () => {
      const message = 'Your account is frozen. Call 1900 654 321 now to unlock it.';
      const { page } = await openRaw(`/authorize_failure?error=${errorParam({ respCode: '403', respMessage: message, respTime: '2026-11-23T10:00:00Z' })}`);
      await page.getByRole('heading', { level: 1, name: copy.failure.title }).waitFor();
      expect(await page.locator('.failure-message').textContent()).to.equal(copy.failure.defaultMessage);
      expect(await page.locator('.failure-reference').textContent()).to.equal('Reference: 403, 2026-11-23T10:00:00Z');
      expect(await page.getByText(/1900 654 321/).count()).to.equal(0);
      expect(await page.locator('a[href^="tel:"]').count()).to.equal(0);
    });

    // Issue 21: the words moved into respCode and came back as "Reference: ACCOUNT FROZEN - CALL 1800 000 000 NOW".
    it('the failure page shows only what is proven to be a reference: words in respCode or respTime never reach the page (issue 21)', async () => {
      const words = 'ACCOUNT FROZEN - CALL 1800 000 000 NOW';
      for (const fields of [{ respCode: words }, { respCode: '403', respTime: words }, { respCode: '1800000000', respTime: '2026-11-23T10:00:00Z' }]) {
        const { page } = await openRaw(`/authorize_failure?error=${errorParam(fields)}`);
        await page.getByRole('heading', { level: 1, name: copy.failure.title }).waitFor();
        expect(await page.locator('.failure-message').textContent()).to.equal(copy.failure.defaultMessage);
        expect(await page.getByText(/1800|FROZEN/).count(), JSON.stringify(fields)).to.equal(0);
      }
    });
  });

  // Issue 11 defect 12: the startup failure page kept the title "Loading" and the token in the address bar.
  for (const [what, answer] of [
    ['missing (404)', { status: 404, body: 'not found' }],
    ['malformed', { status: 200, json: { env: 'x' } }],
  ] as const) {
    it(`a config that is ${what}: the failure page with its own title, and the token leaves the address bar`, async () => {
      const page = await (await suite.newContext()).newPage();
      await page.route('**/config/config.json', (route) => route.fulfill(answer));
      const entry = await suite.harness.entryUrl();
      await page.goto(entry);
      await page.getByRole('heading', { level: 1, name: copy.failure.title }).waitFor();
      expect(await page.title()).to.equal(copy.failure.windowTitle);
      expect(page.url(), 'the token left the address bar').to.not.include('redirectJwt');
      expect(new URL(page.url()).pathname).to.equal(new URL(entry).pathname);
    });
  }

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

    it('a 1000-character state is echoed exactly, and the token is gone from every storage after the success return', async () => {
      const state = `${Date.now()}-${'a1_B-~.'.repeat(200)}`.slice(0, 1000);
      expect(state).to.have.length(1000);
      const { page } = await open({ state });
      const token = (await page.evaluate((key) => sessionStorage.getItem(key), REDIRECT_JWT_KEY)) ?? '';
      expect(token).to.match(/^ey/);
      await logIn(page, 'jane.citizen');
      await onStep(page, copy.steps.selectAccounts);
      await account(page, 'Bills').check();
      await button(page, copy.buttons.continue).click();
      await onStep(page, copy.steps.confirmation);
      const result = await confirmAndReturn(page);
      expect(result.heading).to.equal('Authorised');
      expect(result.failedChecks).to.deep.equal([]);
      expect(result.values['state']).to.equal(state);
      expect(await tokenTraces(page, token)).to.deep.equal([]);
    });
  });

  describe('confirm is sent once, and failures are told honestly (DESIGN §3.4)', () => {
    /** Logs `persona` in, ticks one account and reaches the confirmation; counts every confirmation POST. */
    async function reachConfirmation(persona: string, first: string): Promise<{ page: Page; state: string; confirms: () => number }> {
      const app = await open();
      const confirmations: Request[] = [];
      app.page.on('request', (request) => {
        if (isConfirmation(request, true)) confirmations.push(request);
      });
      await logIn(app.page, persona);
      await onStep(app.page, copy.steps.selectAccounts);
      await account(app.page, first).check();
      await button(app.page, copy.buttons.continue).click();
      await onStep(app.page, copy.steps.confirmation);
      return { page: app.page, state: app.state, confirms: () => confirmations.length };
    }

    it('a double-click on Confirm sends one confirmation', async () => {
      const { page, confirms } = await reachConfirmation('jane.citizen', 'Bills');
      expect((await confirmAndReturn(page, () => button(page, copy.buttons.confirm).dblclick())).heading).to.equal('Authorised');
      expect(confirms()).to.equal(1);
    });

    it('Enter held down on Confirm sends one confirmation', async () => {
      const { page, confirms } = await reachConfirmation('jane.citizen', 'Bills');
      const holdEnter = async (): Promise<void> => {
        await button(page, copy.buttons.confirm).focus();
        for (let i = 0; i < 6; i += 1) await page.keyboard.down('Enter');
        await page.keyboard.up('Enter');
      };
      expect((await confirmAndReturn(page, holdEnter)).heading).to.equal('Authorised');
      expect(confirms()).to.equal(1);
    });

    it('a 500 on confirm proves no decision (issue 21): asked again with the same key, three tries in all, then Service unavailable, and the return is access_denied', async () => {
      const { page, state, confirms } = await reachConfirmation('confirm.fails', 'Everyday');
      await button(page, copy.buttons.confirm).click();
      const modal = modalNamed(page, 'serviceUnavailable');
      await modal.waitFor();
      // The modal opens on the third try's failure: nothing is left to send after it.
      await page.waitForLoadState('networkidle');
      expect(confirms(), 'no more than the three tries of DESIGN §3.11').to.equal(3);
      await modal.getByRole('button', { name: 'Return to Budget Buddy' }).click();
      await expectErrorReturn(page, state);
    });

    it('a dropped connection on confirm: asked again with the same key, three tries in all, then Service unavailable (DESIGN §3.11)', async () => {
      const { page, state } = await reachConfirmation('jane.citizen', 'Bills');
      const keys: (string | undefined)[] = [];
      await page.route('**/customer-auth/confirmation', (route) => {
        keys.push(route.request().headers()['idempotency-key']);
        return route.abort('connectionreset');
      });
      await button(page, copy.buttons.confirm).click();
      const modal = modalNamed(page, 'serviceUnavailable');
      await modal.waitFor();
      await page.waitForLoadState('networkidle');
      expect(keys).to.have.length(3);
      expect(keys[0]).to.match(/^[0-9a-f-]{36}$/);
      expect(new Set(keys).size, 'one key for every try').to.equal(1);
      // The connection is back: the bank is asked to reject first (the outcome was unclear), then the return says access_denied.
      // The connection is back: the customer is returned, and the return says access_denied.
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await modal.getByRole('button', { name: 'Return to Budget Buddy' }).click();
      await expectErrorReturn(page, state);
    });
  });

  it('the analytics tag blocked: the flow still completes (config served with useTealiumUtag)', async () => {
    const page = await suite.watchedPage();
    const tagUrl = `${suite.harness.origin}/tags/utag.js`;
    let tagRequests = 0;
    await page.route('**/config/config.json', async (route) => {
      const config = (await (await route.fetch()).json()) as Record<string, unknown>;
      await route.fulfill({ json: { ...config, useTealiumUtag: true, tealiumUtagUrl: tagUrl } });
    });
    await page.route(tagUrl, (route) => {
      tagRequests += 1;
      return route.abort('blockedbyclient');
    });
    await page.goto(await suite.harness.entryUrl());
    await logIn(page, 'jane.citizen');
    await onStep(page, copy.steps.selectAccounts);
    await account(page, 'Bills').check();
    await button(page, copy.buttons.continue).click();
    await onStep(page, copy.steps.confirmation);
    expect((await confirmAndReturn(page)).heading).to.equal('Authorised');
    expect(tagRequests, 'the app tried to load the tag').to.equal(1);
  });

  it('reload on every step (login, profile, accounts, confirmation) starts the same authorisation again at login, and the customer finishes', async () => {
    // DESIGN §3.3: the token waits in sessionStorage, so a reload restarts the flow (its guards
    // run again from the login step) instead of losing the customer's authorisation.
    const page = await suite.watchedPage({ width: 1280, height: 900 });
    const entryUrl = await suite.harness.entryUrl();
    await page.goto(entryUrl);
    await loginReady(page);
    const reloadBackToLogin = async (from: string): Promise<void> => {
      await page.reload();
      await loginReady(page);
      expect(await page.getByRole('heading', { level: 1 }).textContent(), `reload on ${from}`).to.equal(copy.steps.login);
      expect(page.url(), `reload on ${from}`).not.to.include('redirectJwt');
    };
    const toProfiles = async (): Promise<void> => {
      await logIn(page, 'trust.owner');
      await onStep(page, copy.steps.selectProfile);
    };
    const toAccounts = async (): Promise<void> => {
      await toProfiles();
      await page.getByRole('radio', { name: 'Owner Family Trust' }).check();
      await button(page, copy.buttons.continue).click();
      await onStep(page, copy.steps.selectAccounts);
    };
    const toConfirmation = async (): Promise<void> => {
      await toAccounts();
      await button(page, copy.buttons.continue).click();
      await onStep(page, copy.steps.confirmation);
    };

    await reloadBackToLogin('login');
    await toProfiles();
    await reloadBackToLogin('select profile');
    await toAccounts();
    await reloadBackToLogin('select accounts');
    await toConfirmation();
    await reloadBackToLogin('confirmation');
    await toConfirmation();
    const result = await confirmAndReturn(page);
    expect(result.heading).to.equal('Authorised');
    expect(result.failedChecks).to.deep.equal([]);
    expect(result.values['state'], 'the same authorisation').to.equal(stateOf(entryUrl));
  });

  it("Back after the return shows no live Confirm and no working login: the exit replaced the app's one history entry (DESIGN §3.18), Back goes to the entry address, which knows no journey", async () => {
    const page = await suite.watchedPage({ width: 1280, height: 900 });
    // The customer comes from the third party's page (the recipient simulator), then the app.
    await page.goto(`${suite.harness.origin}/recipient/`);
    await page.goto(await suite.harness.entryUrl());
    await loginReady(page);
    await logIn(page, 'jane.citizen');
    await onStep(page, copy.steps.selectAccounts);
    await account(page, 'Bills').check();
    await button(page, copy.buttons.continue).click();
    await onStep(page, copy.steps.confirmation);
    expect((await confirmAndReturn(page)).heading).to.equal('Authorised');
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
      // The preload's tries fail first; the step's own load then meets the first failure of the
      // chunks those modules import, and must try again.
      const { page } = await open();
      const files = await failLaterStepFiles(page, 1);
      await logIn(page, 'jane.citizen');
      await onStep(page, copy.steps.selectAccounts);
      expect(files.failed(), 'requests failed').to.be.above(2);
      await account(page, 'Bills').check();
      await button(page, copy.buttons.continue).click();
      await onStep(page, copy.steps.confirmation);
      expect((await confirmAndReturn(page)).heading).to.equal('Authorised');
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

  it('a GET that never answers: after the 15 s timeout the spinner goes and Service unavailable says so', async () => {
    const outcome = await hanging;
    expect(outcome.modalShown).to.equal(true);
    expect(outcome.waitedMs, 'the GET timeout (15 s) decides, not the test').to.be.within(13_000, 25_000);
    expect(outcome.spinnerGone, 'the spinner is gone').to.equal(true);
  });
});
