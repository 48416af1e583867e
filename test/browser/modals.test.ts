// Modals on the platform's <dialog> (DESIGN §3.7, §3.10; spec §4 "Modals") in real Chromium, at a
// phone's 320 px and a desktop's 1280 px: the top layer, the page behind inert, focus in and back,
// Escape as MODAL_RULES say (closable ones close, the others stay, even on a second Escape), and
// the inactivity warning stacked over another modal.
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { copy } from '../../domain/copy';
import { axeViolations, browserSuite, sidewaysScrollers } from './browser-harness';
import { logIn, modalNamed, onStep, loginReady, pageSettled, waitForAnimations } from './consent-app-driver';

const INACTIVE_TIME_LIMIT_S = 300;
const WARN_TIME_S = 60;

/** Where focus is: inside the named dialog, elsewhere in the page, or nowhere (the body). */
const focusPlace = (page: Page, title: string): Promise<'dialog' | 'page' | 'none'> =>
  page.evaluate((name) => {
    const active = document.activeElement;
    if (active === null || active === document.body) return 'none';
    const dialog = active.closest('dialog');
    return dialog !== null && dialog.querySelector('h2')?.textContent === name ? 'dialog' : 'page';
  }, title);

/** The element the pointer would hit at the centre of `selector`'s first match (whether it is that element, or covered). */
const hitsItself = (page: Page, selector: string): Promise<boolean> =>
  page.evaluate((css) => {
    const element = document.querySelector(css);
    if (element === null) throw new Error(`no ${css}`);
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  }, selector);

/** The phone (320 px) and the desktop (1280 px). */
const WIDTHS = [
  { width: 320, height: 640 },
  { width: 1280, height: 900 },
] as const;

describe('browser: modals on the native <dialog> at 320 and 1280 px (DESIGN §3.7, §3.10)', function () {
  this.timeout(60_000);
  const suite = browserSuite({ inactivity: { inactiveTimeLimit: INACTIVE_TIME_LIMIT_S, inactiveReciprocalWarnTime: WARN_TIME_S } });

  async function open(viewport: (typeof WIDTHS)[number], clock = false): Promise<Page> {
    const page = clock ? await suite.isolatedPage(viewport) : await suite.reusedPage(viewport);
    if (clock) await page.clock.install();
    await page.goto(await suite.harness.entryUrl());
    await loginReady(page);
    return page;
  }

  /**
   * Issue 32: the two tests below open the app once and check at each width in turn, the page
   * resized (the layout reads the width only through media queries), then at rest: a media query
   * that changes may start a transition.
   */
  async function resizedTo(page: Page, viewport: (typeof WIDTHS)[number]): Promise<void> {
    if (viewport === WIDTHS[0]) return;
    await page.setViewportSize(viewport);
    await waitForAnimations(page);
  }

  /** axe once the modal's fade-in has ended (a page's first axe run used to outlast it while axe was injected). */
  async function axeAtRest(page: Page): Promise<string[]> {
    await waitForAnimations(page);
    return axeViolations(page);
  }

  it('a closable modal: in the top layer, the page behind inert, Tab stays out of the page, Escape closes it and focus returns', async () => {
    const page = await open(WIDTHS[0]);
    for (const viewport of WIDTHS) {
      await resizedTo(page, viewport);
      const at = `at ${viewport.width} px`;
      const opener = page.getByRole('button', { name: copy.login.lostSecureKey });
      await opener.focus();
      await opener.press('Enter');
      const dialog = modalNamed(page, 'lostSecureKey');
      await dialog.waitFor();
      const title = copy.modals.lostSecureKey.title as string;
      expect(await dialog.evaluate((element) => element.tagName === 'DIALOG' && element.matches(':modal')), `a modal <dialog>, ${at}`).to.equal(true);
      expect(await focusPlace(page, title), `focus moved in, ${at}`).to.equal('dialog');
      expect(await hitsItself(page, 'main input'), `the page behind takes no pointer, ${at}`).to.equal(false);
      for (let i = 0; i < 8; i += 1) {
        await page.keyboard.press('Tab');
        expect(await focusPlace(page, title), `Tab ${i + 1} never reaches the page, ${at}`).to.not.equal('page');
      }
      expect(await axeAtRest(page), `axe (WCAG 2.2 AA) with the modal open, ${at}`).to.deep.equal([]);
      expect(await sidewaysScrollers(page), at).to.deep.equal([]);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await opener.evaluate((element) => element === document.activeElement), `focus back on the opener, ${at}`).to.equal(true);
    }
  });

  it('a modal that may not be closed (e-care suspension) stays on Escape, pressed twice without a click between', async () => {
    const page = await open(WIDTHS[0]);
    await logIn(page, 'ecare.suspended');
    const dialog = modalNamed(page, 'ecareSuspension');
    await dialog.waitFor();
    for (const viewport of WIDTHS) {
      await resizedTo(page, viewport);
      const at = `at ${viewport.width} px`;
      await page.keyboard.press('Escape');
      await pageSettled(page);
      await page.keyboard.press('Escape');
      await pageSettled(page);
      expect(await dialog.evaluate((element) => (element as HTMLDialogElement).open && element.matches(':modal')), `still open and modal, ${at}`).to.equal(
        true,
      );
      expect(await focusPlace(page, copy.modals.ecareSuspension.title as string), at).to.not.equal('page');
      expect(await axeAtRest(page), at).to.deep.equal([]);
    }
  });

  // The page clock is the context's: a context, and a walk, for each width.
  for (const viewport of WIDTHS) {
    it(`the inactivity warning opens over another modal, covers it, and Escape (it is closable: "Stay logged in") shows the one below with its focus, at ${viewport.width} px`, async () => {
      const page = await open(viewport, true);
      await logIn(page, 'jane.citizen');
      await onStep(page, copy.steps.selectAccounts);
      await page.getByRole('button', { name: copy.buttons.cancel, exact: true }).click();
      const below = modalNamed(page, 'sharingIncomplete');
      await below.waitFor();
      const stay = below.getByRole('button', { name: 'No, stay' });
      await stay.focus();

      await page.clock.fastForward((INACTIVE_TIME_LIMIT_S - WARN_TIME_S + 1) * 1000);
      const warning = modalNamed(page, 'timeoutWarning');
      await warning.waitFor();
      expect(await page.evaluate(() => [...document.querySelectorAll('dialog')].map((d) => d.matches(':modal'))), 'both in the top layer').to.deep.equal([
        true,
        true,
      ]);
      expect(await focusPlace(page, 'Are you still there?'), 'focus in the warning').to.equal('dialog');
      expect(await hitsItself(page, 'dialog .btn-secondary'), 'the modal below is covered').to.equal(false);
      expect(await axeViolations(page), 'axe with two modals').to.deep.equal([]);

      await page.keyboard.press('Escape');
      await warning.waitFor({ state: 'detached' });
      expect(await below.isVisible()).to.equal(true);
      expect(await stay.evaluate((element) => element === document.activeElement), 'focus back where it was in the modal below').to.equal(true);
      await stay.click();
      await below.waitFor({ state: 'detached' });
    });
  }
});
