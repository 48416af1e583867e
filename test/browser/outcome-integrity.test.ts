// Outcome integrity in a real browser against the real sandbox (DESIGN §3.3, §3.11, CONTRACT §3):
// a code the bank committed reaches the recipient even when the page is reloaded between the click
// and the answer. This is the one test that a real reload keeps the token and the decision's
// Idempotency-Key in the tab's session storage and replays from them; the rest of outcome integrity
// (lost answers, two tabs, offline, the failure routes, an amendment's owner) runs on the real
// container in test/application/outcome-integrity.test.ts, and markup from outside in
// test/ui/outcome-screens.test.tsx (issue 32 item 2).
import { expect } from 'chai';
import type { Page, Request, Route } from 'playwright-core';
import { copy } from '../../domain/copy';
import { browserSuite } from './browser-harness';
import { logIn, onStep, openApp, returnResult, type OpenedApp } from './consent-app-driver';

const CONFIRMATION = '**/customer-auth/confirmation';
const account = (page: Page, name: string) => page.getByRole('checkbox', { name: new RegExp(`^${name} `) });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const isApproval = (request: Request): boolean =>
  request.method() === 'POST' && request.url().endsWith('/customer-auth/confirmation') && request.postData()?.includes('"authorisationStatus":true') === true;

describe('browser: outcome integrity (DESIGN §3.3, §3.11)', function () {
  this.timeout(90_000);
  const suite = browserSuite();

  async function open(): Promise<OpenedApp> {
    return suite.watched(await openApp(suite.browser, suite.harness));
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
});
