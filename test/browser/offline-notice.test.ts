// DESIGN §3.15 "Offline is a state, not an error": the offline notice tells, and takes nothing.
// Found by the browser random journeys (issue 20 item 4; CI seed 124179395, case 21): on a phone
// the notice, fixed at the bottom of the window, slid in over Continue between the press and the
// release of a tap, so the release landed on the notice: no click, no "Just a moment…", no login.
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { copy } from '../../domain/copy';
import { browserSuite } from './browser-harness';
import { loginReady, onStep } from './consent-app-driver';

const PHONE = { width: 390, height: 844 } as const;

interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

const overlaps = (a: Box, b: Box): boolean => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('browser: the offline notice takes no press and hides no control (DESIGN §3.15)', function () {
  this.timeout(60_000);
  const suite = browserSuite({ tokenLifetimeSeconds: 600 });

  /** The login step on a phone, filled in, Continue at the bottom edge of the window (where the notice shows). */
  async function filledLoginAtTheBottom(): Promise<{ page: Page; logins: string[] }> {
    const page = await suite.reusedPage(PHONE);
    const logins: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/customer-auth/authenticate')) logins.push(request.method());
    });
    await page.goto(await suite.harness.entryUrl());
    await loginReady(page);
    await page.locator('input[name=username]').fill('jane.citizen');
    await page.locator('input[name=secureCode]').fill('123456');
    await page.locator('form.login-form button[type=submit]').evaluate((button) => button.scrollIntoView({ block: 'end' }));
    return { page, logins };
  }

  const continueButton = (page: Page) => page.locator('form.login-form button[type=submit]');
  const notice = (page: Page) => page.getByRole('status').filter({ hasText: copy.shell.offline });

  it('a tap begun on Continue as the connection drops: the notice slides in under the finger, the tap still presses Continue and logs in once when the connection is back', async () => {
    const { page, logins } = await filledLoginAtTheBottom();
    const button = (await continueButton(page).boundingBox())!;
    const finger = { x: button.x + button.width / 2, y: button.y + button.height / 2 };
    await page.mouse.move(finger.x, finger.y);
    await page.mouse.down();
    await page.context().setOffline(true);
    await notice(page).waitFor();
    const noticeBox = (await notice(page).boundingBox())!;
    // The test's own premise: the notice is where the finger is (else it proves nothing).
    expect(overlaps(noticeBox, { ...finger, width: 1, height: 1 }), 'the notice shows under the finger').to.equal(true);
    await page.mouse.up();
    await page.context().setOffline(false);
    await onStep(page, copy.steps.selectAccounts);
    expect(logins, 'one login, made by the tap').to.have.length(1);
  });

  it('offline, Continue focused by the keyboard is not hidden beneath the notice (WCAG 2.4.11), and the page scrolls clear of it', async () => {
    const { page } = await filledLoginAtTheBottom();
    await page.context().setOffline(true);
    await notice(page).waitFor();
    await page.locator('input[name=username]').focus();
    const continueFocused = () => page.evaluate(() => document.activeElement?.matches('form.login-form button[type=submit]') === true);
    for (let tabs = 0; tabs < 12 && !(await continueFocused()); tabs += 1) await page.keyboard.press('Tab');
    expect(await continueFocused(), 'Continue has the focus').to.equal(true);
    const noticeBox = (await notice(page).boundingBox())!;
    expect(overlaps((await continueButton(page).boundingBox())!, noticeBox), 'the focused Continue is clear of the notice').to.equal(false);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footer = (await page.locator('footer').last().boundingBox())!;
    expect(overlaps(footer, noticeBox), 'the end of the page scrolls clear of the notice').to.equal(false);
    await page.context().setOffline(false);
  });
});
