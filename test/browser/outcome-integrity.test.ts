// Outcome integrity in a real browser against the real sandbox (DESIGN §3.11, §3.13, §3.15,
// CONTRACT §3): a code the bank committed always reaches the recipient, whatever happens between
// the click and the answer; nothing from outside is shown as markup; the token is never kept on
// a failure page; an amendment tells a customer who is not its owner so.
import { expect } from 'chai';
import type { Page, Request, Route } from 'playwright-core';
import { copy, modalText } from '../../domain/copy';
import { browserSuite } from './browser-harness';
import { loginReady, logIn, modalNamed, onStep, openApp, returnResult, tokenTraces, type OpenedApp, pageSettled } from './consent-app-driver';
import type { AuthorisationAsk } from '../../sandbox/recipient-simulator';

const CONFIRMATION = '**/customer-auth/confirmation';
const account = (page: Page, name: string) => page.getByRole('checkbox', { name: new RegExp(`^${name} `) });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const isApproval = (request: Request): boolean =>
  request.method() === 'POST' && request.url().endsWith('/customer-auth/confirmation') && request.postData()?.includes('"authorisationStatus":true') === true;

describe('browser: outcome integrity (DESIGN §3.11, §3.13, §3.15)', function () {
  this.timeout(90_000);
  const suite = browserSuite();

  async function open(ask: Partial<AuthorisationAsk> = {}): Promise<OpenedApp> {
    return suite.watched(await openApp(suite.browser, suite.harness, ask));
  }

  /** Logs `persona` in, ticks `first` and reaches the review; records the key of every approval sent. */
  async function reachReview(app: OpenedApp, persona: string, first: string): Promise<{ keys: string[] }> {
    const keys: string[] = [];
    app.page.on('request', (request) => {
      if (isApproval(request)) keys.push(request.headers()['idempotency-key'] ?? '');
    });
    await logIn(app.page, persona);
    await onStep(app.page, copy.steps.selectAccounts);
    await account(app.page, first).check();
    await button(app.page, copy.buttons.continue).click();
    await onStep(app.page, copy.steps.confirmation);
    return { keys };
  }

  it('lost.answer: the bank commits, then its answer is lost (502); the same key is sent again and the code arrives', async () => {
    const app = await open();
    const { keys } = await reachReview(app, 'lost.answer', 'Everyday');
    await button(app.page, copy.buttons.confirm).click();
    const result = await returnResult(app.page);
    expect(result.heading).to.equal('Authorised');
    expect(result.failedChecks).to.deep.equal([]);
    expect(keys, 'asked twice, with one key').to.have.length(2);
    expect(new Set(keys).size).to.equal(1);
  });

  it('a reload between the click and the answer: the approval is asked again with its key at start, and its code arrives', async () => {
    const app = await open();
    const { keys } = await reachReview(app, 'jane.citizen', 'Bills');
    let reloaded: Promise<unknown> | undefined;
    await app.page.route(CONFIRMATION, async (route: Route) => {
      // The bank commits the approval; the page is reloaded before its answer arrives.
      await route.fetch();
      await app.page.unroute(CONFIRMATION);
      reloaded = app.page.reload();
    });
    await button(app.page, copy.buttons.confirm).click();
    await app.page.waitForURL(/\/recipient\/callback/, { timeout: 30_000 });
    await reloaded?.catch(() => undefined);
    const result = await returnResult(app.page);
    expect(result.heading).to.equal('Authorised');
    expect(result.failedChecks).to.deep.equal([]);
    expect(keys.length, 'the click, then the replay after the reload').to.equal(2);
    expect(new Set(keys).size, 'one key for the decision, kept with the token').to.equal(1);
  });

  it('two tabs: the second to confirm is told the request has already been completed, and returns without access_denied', async () => {
    const first = await open();
    const entryUrl = first.requests.find((request) => request.url.includes('redirectJwt='))?.url;
    expect(entryUrl, 'the entry address the recipient sent').to.be.a('string');
    await reachReview(first, 'jane.citizen', 'Bills');
    // The same authorisation in a second tab of the same browser, before the first has decided.
    const second = await first.context.newPage();
    await second.goto(entryUrl ?? '');
    await loginReady(second);
    await logIn(second, 'jane.citizen');
    await onStep(second, copy.steps.selectAccounts);
    await account(second, 'Bills').check();
    await button(second, copy.buttons.continue).click();
    await onStep(second, copy.steps.confirmation);

    await button(first.page, copy.buttons.confirm).click();
    const firstResult = await returnResult(first.page);
    expect(firstResult.heading).to.equal('Authorised');

    await button(second, copy.buttons.confirm).click();
    const told = modalNamed(second, 'alreadyCompleted');
    await told.waitFor();
    expect(await told.innerText()).to.contain('already given in another window or tab');
    await told.getByRole('button', { name: 'Return to Budget Buddy' }).click();
    await second.waitForURL(/\/recipient\/callback/);
    expect(second.url(), 'never access_denied after the code went back').to.not.include('error=access_denied');
    expect(second.url()).to.not.include('code=');
  });

  it('offline on the review: a polite notice, no request while offline, and the confirmation goes when the connection is back', async () => {
    const app = await open();
    const { keys } = await reachReview(app, 'jane.citizen', 'Bills');
    await app.context.setOffline(true);
    const notice = app.page.getByRole('status').filter({ hasText: copy.shell.offline });
    await notice.waitFor();
    await button(app.page, copy.buttons.confirm).click();
    await pageSettled(app.page);
    expect(keys, 'nothing sent while offline').to.deep.equal([]);
    await app.context.setOffline(false);
    const result = await returnResult(app.page);
    expect(result.heading).to.equal('Authorised');
    expect(keys).to.have.length(1);
  });

  describe('the token never stays on a failure page (DESIGN §3.3, §3.13)', () => {
    for (const route of ['incorrect_jwt', 'consent_fetch_failure', 'authorize_failure'] as const) {
      it(`${route} with a valid token in the address: the failure page, the token in neither the address nor storage`, async () => {
        const entryUrl = await suite.harness.entryUrl();
        const token = new URL(entryUrl).searchParams.get('redirectJwt') ?? '';
        const page = await (await suite.newContext()).newPage();
        await page.goto(new URL(`/${route}?redirectJwt=${token}`, suite.harness.origin).toString());
        await page.getByRole('button', { name: /Go Back|Leave Page/ }).waitFor();
        expect(page.url()).to.not.include('redirectJwt');
        expect(await tokenTraces(page, token)).to.deep.equal([]);
      });
    }
  });

  it("markup in the recipient's name is shown as text, never run or drawn", async () => {
    const tppName = '<img src=x onerror="window.__xss=1">Budget <b>Buddy</b>';
    const app = await open({ tppName });
    expect(await app.page.getByText(tppName, { exact: false }).count(), 'the name as typed').to.be.greaterThan(0);
    expect(await app.page.locator('main img[src="x"], main b').count(), 'no element from the name').to.equal(0);
    expect(await app.page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).to.equal(undefined);
  });

  it('an amendment logged in by another customer: "This arrangement belongs to another customer"; its owner can then log in', async () => {
    const made = await open();
    await reachReview(made, 'jane.citizen', 'Bills');
    await button(made.page, copy.buttons.confirm).click();
    const arrangementId = (await returnResult(made.page)).claims?.['cdr_arrangement_id'];
    expect(arrangementId).to.be.a('string');

    const app = await open({ arrangementId: String(arrangementId), personaHint: 'jane.citizen' });
    await logIn(app.page, 'trust.owner');
    const modal = app.page.getByRole('dialog', {
      name: modalText(copy.modals.notArrangementOwner.title, { tppName: 'Budget Buddy', isPar: true, outcome: 'nothingShared' }),
    });
    await modal.waitFor();
    expect(await modal.innerText()).to.contain('Nothing has changed');
    await modal.getByRole('button', { name: 'Try again' }).click();
    await logIn(app.page, 'jane.citizen');
    await onStep(app.page, copy.steps.selectAccounts);
    expect(await account(app.page, 'Bills').isChecked(), 'the owner sees the shared account pre-selected').to.equal(true);
  });
});
