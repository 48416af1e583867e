import { expect } from 'chai';
import { copy } from '../../domain/copy';
import { browserSuite } from './browser-harness';
import { logIn, onStep, openApp, openAppOn, loginReady, pageSettled } from './consent-app-driver';

/** docs/architecture.md: the later steps are fetched at the customer's first input or 2 s later. */
const SETTLE_DELAY_MS = 2000;

/**
 * What only a browser shows of a journey: the recipient simulator's page starting it, and how the
 * app's own files arrive and apply. Each persona's flow, the steps, modals, requests and returns,
 * is test/application/persona-journeys.test.ts (the real container and sandbox, no browser); a
 * whole journey to "Authorised" in Chromium is keyboard.test.ts's and attacks.test.ts's.
 */
describe("browser: the journey in a real browser (the recipient's Start, the stylesheets, the later steps)", function () {
  this.timeout(60_000);
  const suite = browserSuite();
  const open = async (ask: Parameters<typeof openApp>[2] = {}) => openAppOn(await suite.reusedPage(), suite.harness, ask);
  const openWithStoppedClock = async () =>
    suite.watched(
      await openApp(suite.browser, suite.harness, {}, undefined, async (context) =>
        context.clock.install({ time: 0 }).then(() => context.clock.pauseAt(1_000)),
      ),
    );

  it("the recipient simulator's Start sends the browser to the consent app with a signed token", async () => {
    const page = await (await suite.newContext()).newPage();
    await page.goto(`${suite.harness.origin}/`);
    await page.getByRole('heading', { name: 'Recipient simulator' }).waitFor();
    await page.getByLabel('Persona you will log in as (a hint)').selectOption('jane.citizen');
    await page.getByRole('button', { name: 'Start' }).click();
    await loginReady(page);
    expect(page.url()).not.to.contain('redirectJwt');
    expect(await page.getByText('You are about to share your data with').count()).to.equal(1);
  });

  it("the login screen's stylesheet is in the page (issue 20: no round trip before the first paint); the later steps' stylesheet arrives with their pages and applies", async () => {
    const { page } = await open();
    const shell = await (await page.request.get(page.url())).text();
    expect(shell.match(/<link rel="stylesheet"/g), 'no render-blocking stylesheet to fetch').to.equal(null);
    expect(shell.match(/<style>/g), "the first screen's, inline").to.have.length(1);
    const laterSteps = /<meta name="later-steps-stylesheet" content="([^"]+)">/.exec(shell)?.[1];
    expect(laterSteps).to.match(/^\/assets\/steps-\w+\.css$/);
    await logIn(page, 'jane.citizen');
    await onStep(page, copy.steps.selectAccounts);
    expect(await page.locator(`link[rel="stylesheet"][href="${laterSteps}"]`).count()).to.equal(1);
    const tile = await page
      .locator('.account-tile')
      .first()
      .evaluate((element) => {
        const style = getComputedStyle(element);
        return { border: style.borderTopStyle, radius: style.borderTopLeftRadius };
      });
    expect(tile, 'steps.css rules apply to the tiles').to.deep.equal({ border: 'solid', radius: '6px' });
  });

  // The page's clock stands still from the start, so the settle delay cannot pass while a loaded
  // machine is still showing the form: at 2 s the background fetch would start on its own, before
  // the test types, and the typing would then have nothing left to fetch (the red CI of 7db22f1).
  const laterStepRequests = (app: Awaited<ReturnType<typeof open>>) =>
    app.requests.filter((r) => /\/assets\/(steps-\w+\.css|chunk-\w+\.js)$/.test(r.url) && !r.url.endsWith('.map'));

  it('the later steps are fetched once the customer starts on the login form, before Continue, not while it appears', async () => {
    const app = await openWithStoppedClock();
    const atLogin = laterStepRequests(app).length;
    // Settled: no request for half a second (Playwright's network idle).
    await app.page.waitForLoadState('networkidle');
    expect(laterStepRequests(app).length, 'nothing more while the login screen settles').to.equal(atLogin);
    const stylesheet = app.page.waitForRequest(/\/assets\/steps-\w+\.css$/);
    await app.page.getByLabel(copy.login.usernameLabel, { exact: true }).fill('jane.citizen');
    await stylesheet;
    expect(laterStepRequests(app).length).to.be.greaterThan(atLogin);
  });

  it(`with no input, the later steps are fetched ${SETTLE_DELAY_MS / 1000} s after the login form appears`, async () => {
    const app = await openWithStoppedClock();
    const atLogin = laterStepRequests(app).length;
    await app.page.waitForLoadState('networkidle');
    await app.page.clock.runFor(SETTLE_DELAY_MS - 100);
    await pageSettled(app.page);
    expect(laterStepRequests(app).length, 'not before the settle delay').to.equal(atLogin);
    const stylesheet = app.page.waitForRequest(/\/assets\/steps-\w+\.css$/);
    await app.page.clock.runFor(200);
    await stylesheet;
  });
});
