// Issue 25 item 4: with prefers-reduced-motion: reduce, nothing on the page moves (the spinner
// included), and nothing is lost by it: "Loading" is still said while the spinner stands still.
// Without the preference the spinner turns, so the check can tell the two apart.
import { expect } from 'chai';
import type { Page, Route } from 'playwright-core';
import { copy } from '../../domain/copy';
import { browserSuite } from './browser-harness';
import { loginReady, modalNamed, onStep } from './consent-app-driver';

/** The animations and transitions running on the page now (the Web Animations API sees both). */
const running = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    document
      .getAnimations()
      .filter((animation) => animation.playState === 'running')
      .map((animation) => {
        const target = (animation.effect as KeyframeEffect | null)?.target;
        const name = animation instanceof CSSAnimation ? animation.animationName : animation instanceof CSSTransition ? animation.transitionProperty : 'script';
        return `${name} on ${target instanceof Element ? `${target.tagName.toLowerCase()}.${[...target.classList].join('.')}` : '?'}`;
      }),
  );

describe('browser: reduced motion (issue 25 item 4)', function () {
  this.timeout(90_000);
  const suite = browserSuite();

  /** Logs in with the bank's answer held, so that the spinner mask shows; `release` lets the answer through. */
  async function loginHeld(reducedMotion: 'reduce' | 'no-preference') {
    const page = await suite.reusedPage({ width: 390, height: 800 }, { reducedMotion });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/customer-auth/authenticate', async (route: Route) => {
      await held;
      await route.continue();
    });
    await page.goto(await suite.harness.entryUrl());
    await loginReady(page);
    await page.getByLabel(copy.login.usernameLabel, { exact: true }).fill('jane.citizen');
    await page.getByLabel(copy.login.secureCodeLabel, { exact: true }).fill('123456');
    await page.getByRole('button', { name: copy.login.continue, exact: true }).click();
    await page.locator('.loading-mask .spinner').waitFor();
    return { page, release };
  }

  it('reduce: the spinner stands still and "Loading" is still said; the steps and a modal open without motion', async () => {
    const { page, release } = await loginHeld('reduce');
    expect(await running(page), 'nothing moves while loading').to.deep.equal([]);
    expect(await page.getByRole('status').filter({ hasText: copy.shell.loading }).count(), '"Loading" is said').to.equal(1);
    expect(await page.locator('.loading-mask .spinner').isVisible(), 'the spinner is still shown').to.equal(true);
    release();
    await onStep(page, copy.steps.selectAccounts);
    expect(await running(page), 'nothing moves on the account step').to.deep.equal([]);
    await page.getByRole('button', { name: copy.buttons.cancel, exact: true }).click();
    await modalNamed(page, 'sharingIncomplete').waitFor();
    expect(await running(page), 'the modal opens without motion').to.deep.equal([]);
  });

  it('no preference: the spinner turns (the check above can fail)', async () => {
    const { page, release } = await loginHeld('no-preference');
    expect(await running(page)).to.include('spinner-turn on circle.spinner-stripe');
    release();
    await onStep(page, copy.steps.selectAccounts);
  });
});
