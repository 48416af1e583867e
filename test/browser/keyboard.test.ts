// The whole flow by keyboard alone (DESIGN §3.7, WCAG 2.1.1 Keyboard, 2.4.7 Focus Visible):
// jane.citizen logs in, ticks an account, reviews and confirms with Tab, Space, Enter and typing,
// and at every stop the focused control shows a visible focus indicator.
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { copy } from '../../domain/copy';
import { browserSuite } from './browser-harness';
import { modalNamed, onStep, returnResult, loginReady } from './consent-app-driver';

/** What has focus now, and whether it shows a focus indicator that unfocused controls of its kind lack (headings focused by script are exempt). */
interface FocusStop {
  readonly description: string;
  readonly exempt: boolean;
  readonly visible: boolean;
}

const MAX_TABS = 60;

function focusStop(page: Page): Promise<FocusStop> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (element === null || element === document.body) return { description: 'body', exempt: true, visible: false };
    const label = element.getAttribute('aria-label') ?? (element as HTMLInputElement).labels?.[0]?.textContent ?? element.textContent ?? '';
    const description = `${element.tagName.toLowerCase()}${element.getAttribute('type') ? `[type=${element.getAttribute('type')}]` : ''} "${label.trim().slice(0, 60)}"`;
    const exempt = /^H[1-6]$/.test(element.tagName) && element.tabIndex === -1;
    // (No named inner functions here: the test runner's transform would wrap them in a helper the page lacks.)
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
    // The indicator must come with focus: a control of the same kind that is not focused (same
    // tag, type and classes) must not look the same, or the shadow is only the control's own.
    const peer = [...document.querySelectorAll<HTMLElement>(element.tagName)].find(
      (other) =>
        other !== element &&
        other.className === element.className &&
        other.getAttribute('type') === element.getAttribute('type') &&
        other.getClientRects().length > 0,
    );
    const peerStyle = peer === undefined ? undefined : getComputedStyle(peer);
    const sameAsPeer =
      peerStyle !== undefined &&
      peerStyle.outlineStyle === style.outlineStyle &&
      peerStyle.outlineWidth === style.outlineWidth &&
      peerStyle.boxShadow === style.boxShadow;
    return { description, exempt, visible: (outline || shadow) && !sameAsPeer };
  });
}

/** Presses Tab (Shift+Tab when `backwards`) until `isTarget` holds, checking the focus indicator at every stop. */
async function tabTo(page: Page, isTarget: (description: string) => boolean, visited: string[], backwards = false): Promise<void> {
  for (let i = 0; i < MAX_TABS; i += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const stop = await focusStop(page);
    visited.push(stop.description);
    if (!stop.exempt) expect(stop.visible, `a visible focus indicator on ${stop.description}`).to.equal(true);
    if (isTarget(stop.description)) return;
  }
  throw new Error(`Tab never reached the target; stops: ${visited.slice(-MAX_TABS).join(' | ')}`);
}

describe('browser: the whole journey by keyboard alone, with focus always visible', function () {
  this.timeout(60_000);
  const suite = browserSuite();

  it('jane.citizen: login → accounts → review → confirm → Authorised, with Tab, Space, Enter and typing', async () => {
    const page = await suite.reusedPage({ width: 1280, height: 900 });
    await page.goto(await suite.harness.entryUrl());
    await loginReady(page);
    const visited: string[] = [];

    // Login: the first Tab stop is the skip link, which must show its focus too.
    await tabTo(page, (d) => d.includes(copy.login.usernameLabel) && d.startsWith('input'), visited);
    await page.keyboard.type('jane.citizen');
    await tabTo(page, (d) => d.includes(copy.login.secureCodeLabel) && d.startsWith('input'), visited);
    await page.keyboard.type('123456');
    await tabTo(page, (d) => d.startsWith('button') && d.endsWith(`"${copy.login.continue}"`), visited);
    await page.keyboard.press('Enter');

    // Accounts: focus goes to the step title; tick Bills with Space, then Continue with Enter.
    await onStep(page, copy.steps.selectAccounts);
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    await tabTo(page, (d) => d.startsWith('input[type=checkbox] "Bills'), visited);
    await page.keyboard.press('Space');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).checked), 'Space ticked Bills').to.equal(true);
    await tabTo(page, (d) => d.startsWith('button') && d.endsWith(`"${copy.buttons.continue}"`), visited);
    await page.keyboard.press('Enter');

    // Review: Confirm with Enter.
    await onStep(page, copy.steps.confirmation);
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    expect(await page.getByText(/Bills/).count(), 'the ticked account is reviewed').to.be.above(0);
    await tabTo(page, (d) => d.startsWith('button') && d.endsWith(`"${copy.buttons.confirm}"`), visited);
    await page.keyboard.press('Enter');

    // The success modal takes focus; its button returns to the third party at once (before the automatic return).
    const success = modalNamed(page, 'successConfirm');
    await success.waitFor();
    await page.waitForFunction(() => document.activeElement?.closest('dialog') !== null);
    await tabTo(page, (d) => d.startsWith('button') && d.includes('"Return to Budget Buddy"'), visited);
    await page.keyboard.press('Enter');
    const result = await returnResult(page);
    expect(result.heading).to.equal('Authorised');
    expect(result.failedChecks).to.deep.equal([]);
    expect(visited.length, 'the journey took real Tab stops').to.be.above(5);
  });
});
