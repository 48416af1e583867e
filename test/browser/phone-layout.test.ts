// The account and review steps on a phone (320 px) and a desktop (1280 px): no blank gap after
// select-all, account numbers never break inside, the arrangement id wraps only at its hyphens;
// no tile is hidden under anything when the keyboard brings it into view (WCAG 2.4.11); nothing
// scrolls sideways (WCAG 1.4.10) and axe stays at 0.
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { copy } from '../../domain/copy';
import { stepsCopy } from '../../domain/steps-copy';
import { axeViolations, browserSuite, sidewaysScrollers } from './browser-harness';
import { logIn, onStep, openApp, returnFromSuccess } from './consent-app-driver';

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

for (const viewport of [
  { width: 320, height: 640 },
  { width: 1280, height: 900 },
]) {
  describe(`browser: the account and review steps at ${viewport.width} px (phone layout)`, function () {
    this.timeout(90_000);
    const suite = browserSuite();
    const open = async (ask: Parameters<typeof openApp>[2] = {}) => suite.watched(await openApp(suite.browser, suite.harness, ask, viewport));
    let arrangementId = '';

    it('select accounts: no blank gap after select-all, ticked or not; the note comes after the tiles; numbers whole', async () => {
      const { page } = await open();
      await logIn(page, 'jane.citizen');
      await onStep(page, copy.steps.selectAccounts);
      const selectAll = page.getByRole('checkbox', { name: stepsCopy.selectAccounts.selectAll });
      expect(await gapAfterSelectAll(page), 'nothing selected').to.be.below(24);
      await selectAll.check();
      expect(await gapAfterSelectAll(page), 'all selected').to.be.below(24);
      expect(await page.getByText(stepsCopy.selectAccounts.notAllSelected).count()).to.equal(0);
      expect(await brokenNumbers(page)).to.deep.equal([]);
      expect(await sidewaysScrollers(page)).to.deep.equal([]);
      expect(await axeViolations(page)).to.deep.equal([]);
      expect(await obscuredCheckboxes(page), 'a focused tile is never covered').to.deep.equal([]);

      await page.getByRole('checkbox', { name: /^Bills / }).uncheck();
      const note = page.getByText(stepsCopy.selectAccounts.notAllSelected);
      await note.waitFor();
      const below = await note.evaluate(
        (element) =>
          element.getBoundingClientRect().top >=
          Math.max(...[...document.querySelectorAll('.account-tile')].map((tile) => tile.getBoundingClientRect().bottom)),
      );
      expect(below, 'the note is after the last tile').to.equal(true);
      expect(await gapAfterSelectAll(page), 'a note does not push the tiles down').to.be.below(24);
    });

    it('review of an amendment: numbers whole, the arrangement id wraps only after a hyphen', async () => {
      const first = await open();
      await logIn(first.page, 'jane.citizen');
      await onStep(first.page, copy.steps.selectAccounts);
      await first.page.getByRole('checkbox', { name: stepsCopy.selectAccounts.selectAll }).check();
      await button(first.page, copy.buttons.continue).click();
      await onStep(first.page, copy.steps.confirmation);
      expect(await brokenNumbers(first.page), 'review of a new consent').to.deep.equal([]);
      expect(await sidewaysScrollers(first.page)).to.deep.equal([]);
      await button(first.page, copy.buttons.confirm).click();
      arrangementId = String((await returnFromSuccess(first.page)).claims?.['cdr_arrangement_id'] ?? '');
      await first.context.close();
      expect(arrangementId).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

      const { page } = await open({ arrangementId, months: 6, personaHint: 'jane.citizen' });
      await logIn(page, 'jane.citizen');
      await onStep(page, copy.steps.selectAccounts);
      expect(await brokenNumbers(page), "the amendment's accounts").to.deep.equal([]);
      await button(page, copy.buttons.continue).click();
      await onStep(page, copy.steps.confirmation);
      const lines = await idLines(page);
      expect(lines.join(''), 'the id as shown').to.equal(arrangementId);
      expect(lines.length, `${lines.join(' | ')}: at most one break`).to.be.at.most(2);
      for (const line of lines.slice(0, -1)) expect(line, `${lines.join(' | ')}: breaks only after a hyphen`).to.match(/-$/);
      expect(await brokenNumbers(page)).to.deep.equal([]);
      expect(await sidewaysScrollers(page)).to.deep.equal([]);
      expect(await axeViolations(page)).to.deep.equal([]);
    });
  });
}
