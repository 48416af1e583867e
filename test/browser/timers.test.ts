// The two timers in a real browser (spec §4 "Inactivity timer", "Token expiry timer"; DESIGN §3.5):
// the app's clock is Playwright's page clock, moved forward with fastForward, so that five minutes
// of inactivity take no time. The sandbox keeps real time (its sessions and tokens stay valid).
import { expect } from 'chai';
import type { Page, Request } from 'playwright-core';
import { copy } from '../../domain/copy';
import { browserSuite } from './browser-harness';
import { expectErrorReturn, logIn, modalNamed, onStep, rejections, stateOf, tokenTraces, pageSettled } from './consent-app-driver';

/** CONTRACT §2 defaults, stated here because the test moves the clock by them. */
const INACTIVE_TIME_LIMIT_S = 300;
const WARN_TIME_S = 60;
const TOKEN_LIFETIME_S = 600;

const account = (page: Page, name: string) => page.getByRole('checkbox', { name: new RegExp(`^${name} `) });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const timeoutWarning = (page: Page) => modalNamed(page, 'timeoutWarning');
const countdown = (page: Page) => timeoutWarning(page).locator('.timeout-countdown');

describe('browser: the inactivity and token-expiry timers', function () {
  this.timeout(60_000);
  const suite = browserSuite({
    inactivity: { inactiveTimeLimit: INACTIVE_TIME_LIMIT_S, inactiveReciprocalWarnTime: WARN_TIME_S },
    tokenLifetimeSeconds: TOKEN_LIFETIME_S,
  });

  /** Opens the app with the page clock installed (time flows, and can be moved forward); jane logged in on the account step. */
  async function openLoggedIn(): Promise<{ page: Page; requests: Request[]; state: string; token: string }> {
    const page = await suite.watchedPage({ width: 1280, height: 900 });
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    await page.clock.install();
    const entryUrl = await suite.harness.entryUrl();
    await page.goto(entryUrl);
    await logIn(page, 'jane.citizen');
    await onStep(page, copy.steps.selectAccounts);
    return { page, requests, state: stateOf(entryUrl), token: new URL(entryUrl).searchParams.get('redirectJwt') ?? '' };
  }

  const seconds = (s: number): number => s * 1000;

  it('the warning counts down, and "Stay logged in" keeps every selection', async () => {
    const { page, requests } = await openLoggedIn();
    await account(page, 'Bills').check();
    await account(page, 'Travel').check();
    const usd = page.getByRole('checkbox', { name: /USD/ });
    await usd.uncheck();
    expect(await account(page, 'Travel').evaluate((box) => (box as HTMLInputElement).indeterminate)).to.equal(true);

    await page.clock.fastForward(seconds(INACTIVE_TIME_LIMIT_S - WARN_TIME_S - 5));
    await pageSettled(page);
    expect(await timeoutWarning(page).count(), 'no warning before its time').to.equal(0);

    const warnedAt = Date.now();
    await page.clock.fastForward(seconds(6));
    await timeoutWarning(page).waitFor();
    const firstReadAt = Date.now();
    const first = await countdown(page).textContent();
    const remaining = (text: string | null): number => Number(/^Time remaining: (\d+) seconds\.$/.exec(text ?? '')?.[1] ?? NaN);
    // The warning opens at 60 s (the page's clock runs on in real time meanwhile, a few seconds
    // on a loaded machine).
    expect(remaining(first), String(first))
      .to.be.at.most(60)
      .and.at.least(59 - Math.ceil((firstReadAt - warnedAt) / 1000));
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null), 'focus moved into the warning').to.equal(true);
    // Stray activity does not dismiss the warning: only the button does (WCAG 2.2.1).
    await page.mouse.move(10, 10);
    await page.clock.fastForward(seconds(5));
    await page.waitForFunction((before) => document.querySelector('.timeout-countdown')?.textContent !== before, first);
    // 5 s forward, plus the real seconds that passed meanwhile (the page's clock runs; a loaded
    // machine can take a few of them between the two readings).
    const second = await countdown(page).textContent();
    const realSeconds = Math.ceil((Date.now() - firstReadAt) / 1000);
    const counted = remaining(first) - remaining(second);
    expect(counted, `${first} then ${second}`)
      .to.be.at.least(5)
      .and.at.most(5 + realSeconds + 1);

    await timeoutWarning(page)
      .getByRole('button', { name: copy.modals.timeoutWarning.primary as string })
      .click();
    await timeoutWarning(page).waitFor({ state: 'detached' });
    expect(
      requests.some((r) => r.method() === 'POST' && r.url().endsWith('/customer-auth/keep-alive')),
      'keep-alive sent',
    ).to.equal(true);
    expect(await account(page, 'Bills').isChecked()).to.equal(true);
    expect(await account(page, 'Travel').evaluate((box) => (box as HTMLInputElement).indeterminate), 'partly selected').to.equal(true);
    expect(await usd.isChecked(), 'the unticked currency stays unticked').to.equal(false);
    expect(await page.getByRole('checkbox', { name: /EUR/ }).isChecked()).to.equal(true);

    // Extending restarted the full period: no warning until it has nearly run out again.
    await page.clock.fastForward(seconds(INACTIVE_TIME_LIMIT_S - WARN_TIME_S - 5));
    await pageSettled(page);
    expect(await timeoutWarning(page).count()).to.equal(0);
    expect(rejections(requests)).to.have.length(0);
    await button(page, copy.buttons.continue).click();
    await onStep(page, copy.steps.confirmation);
  });

  it('letting the warning run out rejects the consent and returns access_denied with the state', async () => {
    const { page, requests, state, token } = await openLoggedIn();
    await page.clock.fastForward(seconds(INACTIVE_TIME_LIMIT_S - WARN_TIME_S + 1));
    await timeoutWarning(page).waitFor();
    await page.clock.fastForward(seconds(WARN_TIME_S));
    await expectErrorReturn(page, state);
    expect(rejections(requests), 'the consent was rejected on the server once').to.have.length(1);
    expect(await tokenTraces(page, token), 'DESIGN §3.3: the token is gone after the timeout').to.deep.equal([]);
  });

  it('near the token\'s expiry "Your session is ending" opens, then the customer is returned', async () => {
    const { page, state } = await openLoggedIn();
    // Stay active (so the inactivity timer never fires) while the token runs out.
    const stepS = INACTIVE_TIME_LIMIT_S - WARN_TIME_S - 10;
    let movedS = 0;
    while (movedS + stepS < TOKEN_LIFETIME_S - 20) {
      await page.clock.fastForward(seconds(stepS));
      movedS += stepS;
      await page.mouse.move(20 + movedS / 10, 20);
    }
    await page.clock.fastForward(seconds(TOKEN_LIFETIME_S - 20 - movedS));
    await pageSettled(page);
    const ending = modalNamed(page, 'redirectionToTpp');
    expect(await ending.count(), 'not yet').to.equal(0);
    await page.clock.fastForward(seconds(12));
    await ending.waitFor();
    expect(await ending.textContent()).to.include('The time allowed to share your data with Budget Buddy has run out.');
    await page.mouse.move(5, 5);
    await page.clock.fastForward(seconds(10));
    await expectErrorReturn(page, state);
  });
});
