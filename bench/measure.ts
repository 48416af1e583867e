// The start-up measurement the benchmarks share (issue 15 item 2): one cold start (a fresh browser
// context, so nothing cached) under a profile, from navigation to the login form painted, to its
// username field accepting input, and (where the page has one) to Continue usable.
// `bench/run.ts` and `bench/compare-start.ts` use the same one, so their figures mean the same.
//
// A cold start never throws (issue 20 item 5): what did not happen within its (generous) time is
// returned as `failure`, with the marks reached before it, so the bench counts it and goes on.
import type { Browser, BrowserContext } from 'playwright-core';
import { describeFailure, installProbe, mark } from './page-probe';
import { applyProfile, type Profile } from './profiles';

export interface StartTimes {
  readonly formPainted?: number;
  readonly inputReady?: number;
  readonly continueUsable?: number;
  /** Whether the fields still held what the probe typed when Continue became usable. */
  readonly typedKept?: boolean;
  /** What could not be measured, and why ("Continue usable: … not reached within 120 s"). */
  readonly failure?: string;
}

export interface StartOptions {
  /** Type a username and a secure code once the form shows (a customer who types at once). */
  readonly fillLogin: boolean;
  /** The page's "Continue usable" (page-probe.ts LOGIN_READY, CONTINUE_ENABLED); none: not measured. */
  readonly continueSelector?: string;
  /** How long each mark may take (default MARK_TIMEOUT_MS). */
  readonly markTimeoutMs?: number;
}

/** Generous: on a 2-core machine with a load average of 15, a mobile cold start took up to about 10 s. */
export const NAVIGATION_TIMEOUT_MS = 120_000;
export const MARK_TIMEOUT_MS = 120_000;

/** Closes a context, but does not wait for ever on a browser that no longer answers. */
export async function closeQuietly(context: BrowserContext | undefined): Promise<void> {
  if (context === undefined) return;
  await Promise.race([context.close().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 30_000))]);
}

export async function coldStart(browser: Browser, url: string | (() => Promise<string>), profile: Profile, options: StartOptions): Promise<StartTimes> {
  let context: BrowserContext | undefined;
  let stage = 'open the page';
  const times: { -readonly [K in keyof StartTimes]: StartTimes[K] } = {};
  const timeout = options.markTimeoutMs ?? MARK_TIMEOUT_MS;
  try {
    const address = typeof url === 'string' ? url : await url();
    context = await browser.newContext({ viewport: profile.viewport });
    context.setDefaultTimeout(MARK_TIMEOUT_MS);
    context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
    const page = await context.newPage();
    await applyProfile(page, profile);
    await installProbe(page, {
      fillLogin: options.fillLogin,
      ...(options.continueSelector === undefined ? {} : { continueSelector: options.continueSelector }),
    });
    await page.goto(address, { waitUntil: 'commit' });
    stage = 'form painted';
    times.formPainted = await mark(page, 'formPainted', timeout);
    stage = 'input accepted';
    times.inputReady = await mark(page, 'inputReady', timeout);
    if (options.continueSelector !== undefined) {
      stage = 'Continue usable';
      times.continueUsable = await mark(page, 'continueUsable', timeout);
      if (options.fillLogin) {
        stage = 'typed text read';
        times.typedKept = (await mark(page, 'typedKept', 10_000)) === 1;
      }
    }
  } catch (error) {
    times.failure = `${stage}: ${describeFailure(error)}`;
  } finally {
    await closeQuietly(context);
  }
  return times;
}
