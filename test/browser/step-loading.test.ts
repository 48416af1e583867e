// Spec §2 "spinner mask while loading": a step's title never shows without its body. The later
// steps' code is held back (route interception of every asset fetched after the login screen), and
// every animation frame of the switch from login to the next step is checked in real Chromium.
import { expect } from 'chai';
import type { Page, Request } from 'playwright-core';
import { copy } from '../../domain/copy';
import { axeViolations, browserSuite, watchPage } from './browser-harness';
import { logIn, onStep, loginReady } from './consent-app-driver';

/** Long enough for many frames of the mask (the stylesheet is held until the step waits for it). */
const SLOW_MS = 1200;

/** What one animation frame showed: the visible h1, whether the step's body had a visible button, and whether the spinner mask was up. */
interface Frame {
  readonly heading: string | undefined;
  readonly bodyShown: boolean;
  readonly mask: boolean;
}

/**
 * Records every frame from now on into `window.__frames`. A script of plain text: the test
 * runner's transform would wrap named functions in a helper the page lacks.
 */
const recordFrames = (page: Page): Promise<void> =>
  page.evaluate(`(() => {
    const frames = [];
    window.__frames = frames;
    const shown = (element) => element.checkVisibility();
    const sample = () => {
      const heading = [...document.querySelectorAll('main h1')].find(shown);
      const bodyShown = [...document.querySelectorAll('main button')].some(shown);
      const mask = [...document.querySelectorAll('.loading-mask')].some(shown);
      frames.push({ heading: heading === undefined ? undefined : heading.textContent, bodyShown, mask });
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  })()`);

for (const viewport of [
  { width: 320, height: 640 },
  { width: 1280, height: 900 },
]) {
  describe(`browser: no title without its step at ${viewport.width} px (spec §2 "spinner mask while loading")`, function () {
    this.timeout(60_000);
    const suite = browserSuite();

    /**
     * The switch from the login to the account step with the later steps' code slowed, its frames
     * recorded; at 320 px the next test carries on from it (issue 32), so the page is kept to the
     * suite's end, whose hook fails on its page errors and CSP violations.
     */
    let slowSwitch: Promise<{ page: Page; frames: Frame[]; slowed: string[]; quiet: () => Promise<void> }> | undefined;
    const switchedSlowly = () => {
      slowSwitch ??= (async () => {
        const context = await suite.browser.newContext({ viewport });
        const { page } = suite.watched({ context, ...(await watchPage(context)) }, 'suite');
        // The page's requests in flight, so that a test can wait until none is (event by event).
        const inFlight = new Set<Request>();
        let drained: () => void = () => undefined;
        page.on('request', (request) => inFlight.add(request));
        const settled = (request: Request): void => {
          inFlight.delete(request);
          if (inFlight.size === 0) drained();
        };
        page.on('requestfinished', settled);
        page.on('requestfailed', settled);
        const quiet = (): Promise<void> =>
          inFlight.size === 0
            ? Promise.resolve()
            : new Promise<void>((resolve) => {
                drained = resolve;
              });
        let slow = false;
        const slowed: string[] = [];
        await page.route('**/assets/**', async (route) => {
          const pathname = new URL(route.request().url()).pathname;
          // The later steps' stylesheet is held, from the first request for it, until the next step
          // waits for it: a step whose code, stores and stylesheet have all arrived shows at once, so
          // on a loaded machine a fixed delay could end before the login does; and the app fetches
          // the later steps in the background once the login settles, which on a loaded machine
          // came before `slow` (issue 32, beside two busy loops). (The flow itself needs other chunks.)
          const laterStylesheet = /\/steps-\w+\.css$/.test(pathname);
          if (slow || laterStylesheet) {
            slowed.push(pathname);
            if (laterStylesheet) await page.locator('.step-loading').waitFor({ state: 'attached', timeout: 30_000 });
            await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
          }
          await route.continue();
        });
        await page.goto(await suite.harness.entryUrl());
        await loginReady(page);
        slow = true;
        await recordFrames(page);
        await logIn(page, 'jane.citizen');
        await onStep(page, copy.steps.selectAccounts);
        const frames = await page.evaluate(() => (window as unknown as { __frames: Frame[] }).__frames);
        return { page, frames, slowed, quiet };
      })();
      return slowSwitch;
    };

    it("while the next step's code loads slowly, the mask shows, never a bare title; then the step arrives whole, its title focused", async () => {
      const { page, frames, slowed } = await switchedSlowly();
      expect(slowed.length, "the later steps' code was slowed").to.be.above(0);
      expect(
        slowed.some((pathname) => /\/steps-\w+\.css$/.test(pathname)),
        "the later steps' stylesheet was held",
      ).to.equal(true);
      const bare = frames.filter((frame) => frame.heading !== undefined && !frame.bodyShown);
      expect(
        bare.map((frame) => frame.heading),
        'frames with a title and no body',
      ).to.deep.equal([]);
      const masked = frames.filter((frame) => frame.heading === undefined && frame.mask);
      expect(masked.length, 'frames with the mask instead of the step').to.be.above(10);
      expect(frames.at(-1)).to.deep.equal({ heading: copy.steps.selectAccounts, bodyShown: true, mask: false });
      expect(await page.evaluate(() => document.activeElement?.tagName), "DESIGN §3.7: focus on the new step's title").to.equal('H1');
      expect(await axeViolations(page)).to.deep.equal([]);
    });

    // What does not depend on the width, at the phone's only (issue 32 item 2; 390 px, where it was
    // found, lies in 320's layout: every width breakpoint of ui/web/styles is at 480 px or more).
    // Found by bench/review-5000.ts (docs/review.md): React.lazy loads a page's code at its first
    // render only, so a preloaded step still suspended once: its loading mask showed for a frame
    // and the step then rendered in slices, a frame of the page being left between each.
    if (viewport.width === 320) {
      it('after the later steps are preloaded, Continue on the accounts step goes to the review without the step-loading mask', async () => {
        const { page, quiet } = await switchedSlowly();
        // Nothing slowed from here on: the switch to the review is the app's alone.
        await page.unrouteAll({ behavior: 'wait' });
        // The premise: every later step's code is on the page (the preload starts at the first key),
        // its slowed requests answered.
        await quiet();
        await page.waitForLoadState('networkidle');
        await page.evaluate(`(() => {
          window.__stepMasks = 0;
          new MutationObserver((records) => {
            for (const record of records)
              for (const node of record.addedNodes)
                if (node instanceof HTMLElement && (node.matches('.step-loading') || node.querySelector('.step-loading') !== null)) window.__stepMasks += 1;
          }).observe(document.body, { childList: true, subtree: true });
        })()`);
        await page.getByRole('button', { name: copy.buttons.continue, exact: true }).click();
        await onStep(page, copy.steps.confirmation);
        expect(await page.evaluate(() => (window as unknown as { __stepMasks: number }).__stepMasks), 'step-loading masks shown').to.equal(0);
        expect(await page.evaluate(() => document.activeElement?.tagName), "DESIGN §3.7: focus on the new step's title").to.equal('H1');
      });
    }
  });
}
