// Issue 32 item 3, 32.13: the page a browser suite lends to one test after another
// (BrowserSuite.reusedPage) keeps its renderer process and nothing else of the test before it.
// The tests run in order: each looks at what the one before it left.
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { browserSuite, renderersOf } from './browser-harness';
import { loginReady } from './consent-app-driver';

/**
 * The run's renderer processes (Chromium's SystemInfo), sorted: nothing else runs between these
 * tests, so a page that kept its process leaves the list as it was; one that swapped, a pid gone
 * and a new one.
 */
async function rendererIds(browser: Browser): Promise<number[]> {
  return (await renderersOf(browser)).map(({ id }) => id).sort((a, b) => a - b);
}

describe('browser: a reused page keeps its renderer, not the last test (issue 32)', function () {
  this.timeout(30_000);
  const suite = browserSuite();
  let first: Page | undefined;
  let renderersBefore: number[] = [];

  it('leaves storage, a cookie, a route, a listener, a media emulation and init scripts behind', async () => {
    first = await suite.reusedPage({ width: 800, height: 600 });
    await first.goto(`${suite.harness.origin}/.well-known/jwks.json`);
    await first.evaluate(() => {
      sessionStorage.setItem('left', 'behind');
      localStorage.setItem('left', 'behind');
      document.cookie = 'left=behind; path=/';
    });
    await first.route('**/config/config.json', (route) => route.fulfill({ status: 500, body: 'routed' }));
    first.on('dialog', () => undefined);
    await first.emulateMedia({ forcedColors: 'active' });
    await first.addInitScript('window.leftBehind = "page"');
    await first.context().addInitScript('window.leftBehindByContext = "context"');
    renderersBefore = await rendererIds(suite.browser);
  });

  it('is the same page, in the same renderer, with none of it', async () => {
    const page = await suite.reusedPage({ width: 390, height: 700 });
    expect(page, 'the same page').to.equal(first);
    expect(page.viewportSize()).to.deep.equal({ width: 390, height: 700 });
    // With no listener Playwright dismisses a dialog at once; the last test's would leave it open.
    const answered = page.evaluate(() => confirm('still there?'));
    const late = new Promise<string>((resolve) => setTimeout(() => resolve("the last test's dialog listener held the dialog"), 3000));
    expect(await Promise.race([answered, late])).to.equal(false);
    const config = await page.goto(`${suite.harness.origin}/config/config.json`);
    expect(config?.status(), "the last test's route").to.equal(200);
    expect(await rendererIds(suite.browser), 'the same renderer processes').to.deep.equal(renderersBefore);
    const left = await page.evaluate(() => ({
      session: sessionStorage.getItem('left'),
      local: localStorage.getItem('left'),
      cookie: document.cookie,
      forcedColours: matchMedia('(forced-colors: active)').matches,
      initScripts: [(window as { leftBehind?: string }).leftBehind, (window as { leftBehindByContext?: string }).leftBehindByContext].filter(Boolean),
    }));
    expect(left).to.deep.equal({ session: null, local: null, cookie: '', forcedColours: false, initScripts: [] });
  });

  it('refuses Back and Forward, whose history is not the test’s own', async () => {
    const page = await suite.reusedPage();
    let refused = '';
    await page.goBack().catch((error: Error) => (refused = error.message));
    expect(refused).to.match(/no history of its own/);
  });

  it('given a clock, is not lent again', async () => {
    const page = await suite.reusedPage();
    expect(page, 'still the same page before the clock').to.equal(first);
    await page.clock.install();
  });

  let second: Page | undefined;
  it('after a clock, a new page is lent', async () => {
    second = await suite.reusedPage();
    expect(second, 'a new page').to.not.equal(first);
    expect(first?.isClosed(), 'the clocked page closed').to.equal(true);
  });

  it('given a DevTools session (it may leave a CPU throttle), is not lent again', async () => {
    const page = await suite.reusedPage();
    expect(page, 'still the same page before the session').to.equal(second);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  });

  it('after a DevTools session, a new page is lent', async () => {
    const page = await suite.reusedPage();
    expect(page, 'a new page').to.not.equal(second);
    expect(second?.isClosed(), 'the throttled page closed').to.equal(true);
  });
});

describe('browser: a tab of its own is a popup of a kept page (issue 32, 32.16)', function () {
  this.timeout(30_000);
  const suite = browserSuite();
  let tab: Page | undefined;

  it('(a kept page is parked at the suite’s origin)', async () => {
    const kept = await suite.reusedPage();
    await kept.goto(`${suite.harness.origin}/.well-known/jwks.json`);
  });

  it('opens in the renderer already running, with an entry before the app’s, at its own size', async () => {
    const before = await rendererIds(suite.browser);
    tab = await suite.watchedPage({ width: 390, height: 700 });
    expect(await tab.evaluate(() => [history.length, innerWidth, innerHeight]), 'one entry; the size asked for').to.deep.equal([1, 390, 700]);
    await tab.goto(await suite.harness.entryUrl());
    await loginReady(tab);
    const after = await rendererIds(suite.browser);
    expect(after, 'no renderer process started').to.deep.equal(before);
    await tab.evaluate(() => {
      localStorage.setItem('left', 'behind');
      sessionStorage.setItem('left', 'behind');
    });
  });

  it('is closed after its test, and nothing it stored is left for the next tab', async () => {
    expect(tab?.isClosed(), 'the last test’s tab').to.equal(true);
    const next = await suite.watchedPage();
    expect(next).to.not.equal(tab);
    await next.goto(await suite.harness.entryUrl());
    await loginReady(next);
    expect(await next.evaluate(() => [localStorage.getItem('left'), sessionStorage.getItem('left')])).to.deep.equal([null, null]);
  });
});
