// The account and review steps on a phone (320 px) and a desktop (1280 px): no blank gap after
// select-all, account numbers never break inside, the arrangement id wraps only at its hyphens;
// no tile is hidden under anything when the keyboard brings it into view (WCAG 2.4.11); nothing
// scrolls sideways (WCAG 1.4.10) and axe stays at 0.
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { copy } from '../../domain/copy';
import { stepsCopy } from '../../domain/steps-copy';
import { axeViolations, browserSuite, sidewaysScrollers } from './browser-harness';
import { loginReady, logIn, onStep, openApp, openAppOn, pageSettled, returnFromSuccess, waitForAnimations } from './consent-app-driver';

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** Account numbers shown on more than one line (their text and line count). */
const brokenNumbers = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    [...document.querySelectorAll('main .account-number')]
      .filter((element) => element.checkVisibility() && element.getClientRects().length !== 1)
      .map((element) => `${element.textContent ?? ''} (${element.getClientRects().length} lines)`),
  );

/** The arrangement id's lines, as shown (each character placed by its box's top). */
const idLines = (page: Page): Promise<string[]> =>
  page.evaluate(`(() => {
    const element = document.querySelector('main .arrangement-id');
    const text = element.firstChild;
    const lines = [];
    let top;
    for (let i = 0; i < text.length; i += 1) {
      const range = document.createRange();
      range.setStart(text, i);
      range.setEnd(text, i + 1);
      const charTop = Math.round(range.getBoundingClientRect().top);
      if (top === undefined || charTop > top + 2) { lines.push(''); top = charTop; }
      lines[lines.length - 1] += text.data[i];
    }
    return lines;
  })()`);

/** The vertical gap between the select-all box's row and the first tile. */
const gapAfterSelectAll = (page: Page): Promise<number> =>
  page.evaluate(() => {
    const selectAll = document.querySelector('.select-all')?.getBoundingClientRect();
    const firstTile = document.querySelector('.account-tile')?.getBoundingClientRect();
    if (selectAll === undefined || firstTile === undefined) throw new Error('no select-all or no tile');
    return firstTile.top - selectAll.bottom;
  });

/**
 * WCAG 2.4.11 Focus Not Obscured: the account checkboxes that, focused from the last one up (the
 * browser scrolls each into view, as Shift+Tab does), are covered at their centre by something else
 * (a sticky count once covered the tile being ticked, commit 6f0dfa3).
 */
const obscuredCheckboxes = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const covered: string[] = [];
    const boxes = [...document.querySelectorAll<HTMLInputElement>('main .account-tile input[type="checkbox"]')].reverse();
    for (const box of boxes) {
      box.focus();
      const tile = box.closest('.account-tile');
      const rect = box.getBoundingClientRect();
      const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
      if (tile === null || hit === null || !tile.contains(hit))
        covered.push(`${box.getAttribute('aria-label') ?? box.id} under ${hit?.className ?? 'nothing'}`);
    }
    (document.activeElement as HTMLElement | null)?.blur();
    return covered;
  });

/** The phone (320 px) and the desktop (1280 px): every state below is checked at both. */
const WIDTHS = [
  { width: 320, height: 640 },
  { width: 1280, height: 900 },
] as const;

/**
 * Issue 32: each state is reached once, in one walk, and checked at each width in turn (the page
 * resized, as the accessibility test does): the layout is the stylesheet's, which reads the width
 * only through media queries, so a page resized to a width lays out as one opened at it.
 */
async function atEachWidth(page: Page, check: (width: number) => Promise<void>): Promise<void> {
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    // A media query that changes with the width may start a transition: checked at rest, as a page opened at this width.
    await waitForAnimations(page);
    await check(viewport.width);
  }
}

describe('browser: the account and review steps at 320 and 1280 px (phone layout)', function () {
  this.timeout(90_000);
  const suite = browserSuite();
  const open = async (ask: Parameters<typeof openApp>[2] = {}) => openAppOn(await suite.reusedPage(WIDTHS[0]), suite.harness, ask);
  /** The new consent's walk, from the account step to its review: the first test's page, which the second carries on. */
  let walk: Promise<Page> | undefined;
  const onAccounts = (): Promise<Page> => {
    walk ??= (async () => {
      const { page } = suite.watched(await openApp(suite.browser, suite.harness, {}, WIDTHS[0]), 'suite');
      await logIn(page, 'jane.citizen');
      await onStep(page, copy.steps.selectAccounts);
      return page;
    })();
    return walk;
  };

  it('select accounts: no blank gap after select-all, ticked or not; the note comes after the tiles; numbers whole', async () => {
    const page = await onAccounts();
    const selectAll = page.getByRole('checkbox', { name: stepsCopy.selectAccounts.selectAll });
    await atEachWidth(page, async (width) => {
      expect(await gapAfterSelectAll(page), `nothing selected, at ${width} px`).to.be.below(24);
    });
    await selectAll.check();
    await atEachWidth(page, async (width) => {
      expect(await gapAfterSelectAll(page), `all selected, at ${width} px`).to.be.below(24);
      expect(await page.getByText(stepsCopy.selectAccounts.notAllSelected).count()).to.equal(0);
      expect(await brokenNumbers(page), `at ${width} px`).to.deep.equal([]);
      expect(await sidewaysScrollers(page), `at ${width} px`).to.deep.equal([]);
      expect(await axeViolations(page), `at ${width} px`).to.deep.equal([]);
      expect(await obscuredCheckboxes(page), `a focused tile is never covered, at ${width} px`).to.deep.equal([]);
    });

    await page.getByRole('checkbox', { name: /^Bills / }).uncheck();
    const note = page.getByText(stepsCopy.selectAccounts.notAllSelected);
    await note.waitFor();
    await atEachWidth(page, async (width) => {
      const below = await note.evaluate(
        (element) =>
          element.getBoundingClientRect().top >=
          Math.max(...[...document.querySelectorAll('.account-tile')].map((tile) => tile.getBoundingClientRect().bottom)),
      );
      expect(below, `the note is after the last tile, at ${width} px`).to.equal(true);
      expect(await gapAfterSelectAll(page), `a note does not push the tiles down, at ${width} px`).to.be.below(24);
    });
  });

  it('review of an amendment: numbers whole, the arrangement id wraps only after a hyphen', async () => {
    // The review of a new consent with every account: the first test's walk, every account ticked again.
    const first = await onAccounts();
    await first.getByRole('checkbox', { name: stepsCopy.selectAccounts.selectAll }).check();
    await button(first, copy.buttons.continue).click();
    await onStep(first, copy.steps.confirmation);
    await atEachWidth(first, async (width) => {
      expect(await brokenNumbers(first), `review of a new consent, at ${width} px`).to.deep.equal([]);
      expect(await sidewaysScrollers(first), `at ${width} px`).to.deep.equal([]);
    });
    await button(first, copy.buttons.confirm).click();
    const arrangementId = String((await returnFromSuccess(first)).claims?.['cdr_arrangement_id'] ?? '');
    await first.context().close();
    expect(arrangementId).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

    const { page } = await open({ arrangementId, months: 6, personaHint: 'jane.citizen' });
    await logIn(page, 'jane.citizen');
    await onStep(page, copy.steps.selectAccounts);
    await atEachWidth(page, async (width) => {
      expect(await brokenNumbers(page), `the amendment's accounts, at ${width} px`).to.deep.equal([]);
    });
    await button(page, copy.buttons.continue).click();
    await onStep(page, copy.steps.confirmation);
    await atEachWidth(page, async (width) => {
      const lines = await idLines(page);
      expect(lines.join(''), `the id as shown, at ${width} px`).to.equal(arrangementId);
      expect(lines.length, `${lines.join(' | ')}: at most one break, at ${width} px`).to.be.at.most(2);
      for (const line of lines.slice(0, -1)) expect(line, `${lines.join(' | ')}: breaks only after a hyphen, at ${width} px`).to.match(/-$/);
      expect(await brokenNumbers(page), `at ${width} px`).to.deep.equal([]);
      expect(await sidewaysScrollers(page), `at ${width} px`).to.deep.equal([]);
      expect(await axeViolations(page), `at ${width} px`).to.deep.equal([]);
    });
  });
});

/** Issue 33 items 6 and 9: a phone of 390 px that takes touch, as the walk found them. */
describe('browser: the account step on a touch phone at 390 px (issue 33 items 6, 9)', function () {
  this.timeout(90_000);
  // The phone (390 × 844): the login's Continue is where the account step's joint savings tile comes.
  const PHONE = { width: 390, height: 844 } as const;
  const suite = browserSuite();
  const checked = (page: Page) => page.locator('input[data-account-id]:checked').count();
  const inViewport = (page: Page, selector: string) =>
    page.evaluate((css) => {
      const box = document.querySelector(css)?.getBoundingClientRect();
      return box !== undefined && box.top >= 0 && box.bottom <= window.innerHeight;
    }, selector);

  async function atLogin(scopes?: string[]): Promise<Page> {
    const page = await suite.reusedPage(PHONE, { hasTouch: true });
    await page.goto(await suite.harness.entryUrl(scopes === undefined ? {} : { scopes }));
    await loginReady(page);
    await page.getByLabel(copy.login.usernameLabel, { exact: true }).fill('jane.citizen');
    await page.getByLabel(copy.login.secureCodeLabel, { exact: true }).fill('123456');
    return page;
  }

  /** Holds the account list's answer until `release` (the login stays on screen meanwhile). */
  async function holdAccounts(page: Page): Promise<{ asked: Promise<void>; release: () => void }> {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked: () => void = () => undefined;
    const askedPromise = new Promise<void>((resolve) => {
      asked = resolve;
    });
    await page.route('**/customer-auth/accounts*', async (route) => {
      asked();
      await released;
      await route.continue();
    });
    return { asked: askedPromise, release };
  }

  /** The centre of the login's Continue, and there, after the step is shown, an account tile (the premise of item 9). */
  async function continuePoint(page: Page): Promise<{ x: number; y: number }> {
    const continueButton = button(page, copy.login.continue);
    await continueButton.scrollIntoViewIfNeeded();
    const box = await continueButton.boundingBox();
    if (box === null) throw new Error('no Continue on the login');
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }
  const tileAt = (page: Page, point: { x: number; y: number }) =>
    page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('.account-tile') !== null, point);

  it("item 9: a second press that began on the login's Continue, lifted on the account step, ticks nothing (mouse, and touch)", async () => {
    for (const input of ['mouse', 'touch'] as const) {
      const page = await atLogin();
      const held = await holdAccounts(page);
      const point = await continuePoint(page);
      const cdp = input === 'touch' ? await page.context().newCDPSession(page) : undefined;
      const touch = (type: 'touchStart' | 'touchEnd') =>
        cdp?.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: point.x, y: point.y }] });
      if (input === 'touch') await page.touchscreen.tap(point.x, point.y);
      else await page.mouse.click(point.x, point.y);
      await held.asked;
      // The second press comes down while the login is still on screen.
      if (input === 'touch') await touch('touchStart');
      else await page.mouse.down();
      held.release();
      await onStep(page, copy.steps.selectAccounts);
      expect(await tileAt(page, point), `${input}: an account tile is where the login's Continue was`).to.equal(true);
      if (input === 'touch') await touch('touchEnd');
      else await page.mouse.up();
      await pageSettled(page);
      expect(await checked(page), `${input}: the press carried over ticks nothing`).to.equal(0);
      // The next press, on another tile (a tap on the same spot within the double-tap time would count as the same series).
      const next = await page.locator('input[data-account-id]:not(:disabled)').first().boundingBox();
      if (next === null) throw new Error('no account to tick');
      if (input === 'touch') await page.touchscreen.tap(next.x + next.width / 2, next.y + next.height / 2);
      else await page.mouse.click(next.x + next.width / 2, next.y + next.height / 2);
      await pageSettled(page);
      expect(await checked(page), `${input}: the next press acts`).to.equal(1);
    }
  });

  it("item 9: a double click on the login's Continue whose second click lands on the account step ticks nothing", async () => {
    const page = await atLogin();
    const point = await continuePoint(page);
    await page.mouse.click(point.x, point.y);
    await onStep(page, copy.steps.selectAccounts);
    expect(await tileAt(page, point)).to.equal(true);
    // The second click of the double click alone (its press counted as the second: detail 2).
    await page.mouse.down({ clickCount: 2 });
    await page.mouse.up({ clickCount: 2 });
    await pageSettled(page);
    expect(await checked(page), 'the second click of a double click begun on the login').to.equal(0);
    await page.mouse.click(point.x, point.y);
    await pageSettled(page);
    expect(await checked(page), 'a click of its own acts').to.equal(1);
  });

  it('item 6: Continue with no account ticked: the message and the box that takes the focus are both in view', async () => {
    const page = await atLogin(['bank:accounts.basic:read', 'bank:transactions:read']);
    await button(page, copy.login.continue).click();
    await onStep(page, copy.steps.selectAccounts);
    await button(page, copy.buttons.continue).click();
    await page.getByText(stepsCopy.selectAccounts.selectAnAccount('Budget Buddy')).waitFor();
    expect(await page.evaluate(() => document.activeElement?.matches('input[data-select-all]')), 'select-all has the focus').to.equal(true);
    expect(await inViewport(page, 'input[data-select-all]'), 'the focused box in view').to.equal(true);
    expect(await inViewport(page, '.selection-refused'), 'its message in view').to.equal(true);
    expect(await axeViolations(page)).to.deep.equal([]);
    // It stands when an account is ticked, until the next Continue.
    await page.locator('input[data-account-id]:not(:disabled)').first().tap();
    await pageSettled(page);
    expect(await page.locator('.selection-refused').count()).to.equal(1);
  });
});
