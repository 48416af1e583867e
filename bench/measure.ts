// The start-up measurement the benchmarks share (issue 15 item 2): one cold start (a fresh browser
// context, so nothing cached) under a profile, from navigation to the login form painted, to its
// username field accepting input, and (where the page has a submit button) to Continue usable.
// `bench/run.ts` and `bench/compare-start.ts` use the same one, so their figures mean the same.
import type { Browser } from 'playwright-core';
import { installProbe, mark } from './page-probe';
import { applyProfile, type Profile } from './profiles';

export interface StartTimes { readonly formPainted: number; readonly inputReady: number; readonly continueUsable?: number }

/** `hasContinue`: the page has a login form with a submit button (the product and the static page; not the floor app). */
export async function coldStart(browser: Browser, url: string, profile: Profile, hasContinue: boolean): Promise<StartTimes> {
  const context = await browser.newContext({ viewport: profile.viewport });
  try {
    const page = await context.newPage();
    await applyProfile(page, profile);
    await installProbe(page, hasContinue);
    await page.goto(url, { waitUntil: 'commit' });
    const formPainted = await mark(page, 'formPainted');
    const inputReady = await mark(page, 'inputReady');
    return hasContinue ? { formPainted, inputReady, continueUsable: await mark(page, 'continueUsable') } : { formPainted, inputReady };
  } finally {
    await context.close();
  }
}
