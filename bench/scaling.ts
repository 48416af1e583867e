// Issue 15 items 3 and 4: cost as the list grows. On the accounts step with 50, 500 and 5,000
// accounts (personas fifty.accounts, many.accounts, huge.accounts), the step's first render, then
// select all, tick one and one character typed in the filter as the Event Timing API reports them
// (interaction duration as INP counts it, and the handlers' processing time), and the review
// page's first render. The floor app's naive list is measured at the same sizes. A render is
// timed from the last network answer (or click) before it to the frame that shows it, so the
// network of the mobile profile does not count as rendering.
//
// Every wait is for what a customer waits for (issue 20 item 5): the login form `data-ready` (a
// press on Continue acts at once), the accounts step's heading and list, the review's heading
// and body; each with a generous time. A run that cannot log in, or whose step does not come,
// is returned as a failure (its stage and why), not thrown: the bench counts it and goes on.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { copy } from '../domain/copy';
import { closeQuietly, MARK_TIMEOUT_MS, NAVIGATION_TIMEOUT_MS } from './measure';
import { describeFailure, installProbe, LOGIN_READY, mark, SECURE_CODE, USERNAME } from './page-probe';
import { applyProfile, type Profile } from './profiles';

export const SIZES = [
  { accounts: 50, persona: 'fifty.accounts' },
  { accounts: 500, persona: 'many.accounts' },
  { accounts: 5000, persona: 'huge.accounts' },
] as const;

/** Each kind of interaction is repeated this many times per size (select all an odd number, so all end selected). */
const REPEATS = 7;

export interface Interaction {
  readonly duration: number;
  readonly processing: number | null;
  readonly belowThreshold: boolean;
}

export interface ListFigures {
  readonly firstRender: number;
  readonly selectAll: Interaction[];
  readonly tickOne: Interaction[];
  readonly filterType: Interaction[];
  readonly reviewRender?: number;
}

/**
 * Where a list run stopped: `login` (the login form never became ready, or the login was refused
 * or not answered), `accounts step` (logged in, but the step did not show), `interactions`,
 * `review` (the review did not show; the step's figures are kept), `list` (the floor's tiles).
 */
export type ListStage = 'open the page' | 'login' | 'accounts step' | 'interactions' | 'review' | 'list';

export interface ListRun {
  /** The figures measured (without reviewRender when the review failed); none when the run stopped before the interactions ended. */
  readonly figures?: ListFigures;
  readonly failure?: { readonly stage: ListStage; readonly message: string };
  /** The product: the fields no longer held what was typed once the login step was ready (typed again). */
  readonly typedLost?: boolean;
}

const CODE = '123456';

/** How long a step may take to show after the press that asks for it (5,000 accounts on a loaded machine). */
export const STEP_TIMEOUT_MS = 180_000;

/** A failure at a named stage of a list run. */
class StageFailure extends Error {
  constructor(
    readonly stage: ListStage,
    message: string,
  ) {
    super(message);
  }
}

/** Runs `act`; a failure in it is reported as one at `stage`. */
async function atStage<T>(stage: ListStage, act: () => Promise<T>): Promise<T> {
  try {
    return await act();
  } catch (error) {
    if (error instanceof StageFailure) throw error;
    throw new StageFailure(stage, describeFailure(error));
  }
}

async function newPage(browser: Browser, profile: Profile): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: profile.viewport });
  context.setDefaultTimeout(MARK_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
  const page = await context.newPage();
  await applyProfile(page, profile);
  await installProbe(page, { fillLogin: false });
  return { context, page };
}

/**
 * Runs `act` (one trusted click or key press) and reads its Event Timing entries: the
 * interaction's duration is the longest entry with its interactionId (as INP counts it), its
 * processing the longest handler run. No entry means the interaction took under the API's 16 ms
 * threshold: recorded as 16, marked belowThreshold.
 */
async function interaction(page: Page, act: () => Promise<void>): Promise<Interaction> {
  const before = await page.evaluate(() => window.__bench.events.length);
  await act();
  return page.evaluate(async (seen) => {
    const frame = (): Promise<void> => new Promise((resolve) => requestAnimationFrame(() => resolve()));
    await frame();
    await frame();
    const deadline = performance.now() + 400;
    while (window.__bench.events.length === seen && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 40));
    const fresh = window.__bench.events.slice(seen);
    if (fresh.length === 0) return { duration: 16, processing: null, belowThreshold: true };
    const last = fresh.reduce((latest, entry) => (entry.interactionId > latest ? entry.interactionId : latest), 0);
    const mine = fresh.filter((entry) => entry.interactionId === last);
    return {
      duration: Math.max(...mine.map((entry) => entry.duration)),
      processing: Math.round(Math.max(...mine.map((entry) => entry.processing)) * 10) / 10,
      belowThreshold: false,
    };
  }, before);
}

const watch = (page: Page, name: string, selector: string): Promise<void> =>
  page.evaluate(({ name, selector }) => window.__bench.watch(name, selector), { name, selector });

/** Milliseconds from the later of the last network answer and the last click before `markName` to that mark. */
export const renderTime = (page: Page, markName: string): Promise<number> =>
  page.evaluate((name) => {
    const painted = window.__bench.marks[name] ?? Number.NaN;
    const from = Math.max(window.__bench.lastResponseEndBefore(painted), window.__bench.marks['lastClick'] ?? 0);
    return Math.round((painted - from) * 10) / 10;
  }, markName);

async function interactions(
  page: Page,
  selectors: { selectAll: string; tick: string; filter: string },
): Promise<Omit<ListFigures, 'firstRender' | 'reviewRender'>> {
  const selectAll: Interaction[] = [];
  const tickOne: Interaction[] = [];
  const filterType: Interaction[] = [];
  for (let i = 0; i < REPEATS; i++) selectAll.push(await interaction(page, () => page.locator(selectors.selectAll).first().click()));
  for (let i = 0; i < REPEATS - 1; i++) tickOne.push(await interaction(page, () => page.locator(selectors.tick).nth(1).click()));
  await page.locator(selectors.filter).click();
  for (let i = 0; i < REPEATS - 1; i++) filterType.push(await interaction(page, () => page.keyboard.press(i % 2 === 0 ? '1' : 'Backspace')));
  return { selectAll, tickOne, filterType };
}

/**
 * The product: log in as `persona` once the login form is ready, then the accounts step and the
 * review. Never throws: a stage that fails is returned as `failure`.
 */
export async function productList(browser: Browser, entryUrl: () => Promise<string>, persona: string, profile: Profile): Promise<ListRun> {
  let context: BrowserContext | undefined;
  let figures: Omit<ListFigures, 'reviewRender'> | undefined;
  let typedLostSeen: boolean | undefined;
  try {
    const page = await atStage('open the page', async () => {
      const url = await entryUrl();
      const made = await newPage(browser, profile);
      context = made.context;
      await made.page.goto(url, { waitUntil: 'commit' });
      return made.page;
    });
    // The bank's answer to the login, to tell a refused or unanswered login from a step that does not show.
    let loginStatus: number | undefined;
    page.on('response', (response) => {
      if (response.request().method() === 'POST' && response.url().includes('/customer-auth/authenticate')) loginStatus = response.status();
    });
    const typedLost = await atStage('login', async () => {
      // A customer types as soon as the (pre-rendered) form shows, as the bench always did, then
      // waits for the login step, where Continue acts at once (issue 20: the form `data-ready`).
      await page.getByRole('heading', { name: copy.login.heading }).waitFor({ timeout: MARK_TIMEOUT_MS });
      await page.locator(USERNAME).fill(persona);
      await page.locator(SECURE_CODE).fill(CODE);
      await page.locator(LOGIN_READY).waitFor({ timeout: MARK_TIMEOUT_MS });
      // Text lost when the app took the form over is counted, then typed again, as a customer would.
      const lost = (await page.locator(USERNAME).inputValue()) !== persona || (await page.locator(SECURE_CODE).inputValue()) !== CODE;
      if (lost) {
        await page.locator(USERNAME).fill(persona);
        await page.locator(SECURE_CODE).fill(CODE);
      }
      await watch(page, 'step', 'input[data-select-all]');
      await page.locator(LOGIN_READY).getByRole('button', { name: copy.login.continue, exact: true }).click();
      typedLostSeen = lost;
      return lost;
    });
    const firstRender = await atStage('accounts step', async () => {
      const step = page.locator('input[data-select-all]');
      const refused = page.locator('.login-error, .login-form .field-error, dialog[open]');
      try {
        await step.or(refused).first().waitFor({ timeout: STEP_TIMEOUT_MS });
      } catch (error) {
        if (loginStatus === undefined) throw new StageFailure('login', `the bank did not answer the login within ${STEP_TIMEOUT_MS / 1000} s`);
        if (loginStatus >= 400) throw new StageFailure('login', `the bank answered the login with ${loginStatus}`);
        throw error;
      }
      if (!(await step.isVisible())) {
        const shown = (
          await refused
            .first()
            .innerText()
            .catch(() => '')
        )
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 160);
        throw new StageFailure('login', `after Continue the page showed "${shown}" (bank's answer: ${loginStatus ?? 'none'})`);
      }
      await page.getByRole('heading', { level: 1, name: copy.steps.selectAccounts }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await mark(page, 'step', STEP_TIMEOUT_MS);
      return renderTime(page, 'step');
    });
    const measured = await atStage('interactions', () =>
      interactions(page, { selectAll: 'input[data-select-all]', tick: 'input[data-account-id]', filter: 'input[type="search"]' }),
    );
    figures = { firstRender, ...measured };
    const reviewRender = await atStage('review', async () => {
      await watch(page, 'review', '.step-body.confirmation');
      await page.locator('.step-buttons .btn-primary').click();
      // The probe's own mark first, so that no Playwright role query (a walk of the whole page's
      // accessibility roles on the main thread at every poll, over the rows being left) runs in
      // the measured window. A profile on 26 November showed about 150 ms of them over a run at
      // 4×; moving them did not move review-5000's median (437 ms before, 455 ms after).
      await mark(page, 'review', STEP_TIMEOUT_MS);
      await page.getByRole('heading', { level: 1, name: copy.steps.confirmation }).waitFor({ timeout: STEP_TIMEOUT_MS });
      return renderTime(page, 'review');
    });
    return { figures: { ...figures, reviewRender }, typedLost };
  } catch (error) {
    const failure =
      error instanceof StageFailure
        ? { stage: error.stage, message: error.message }
        : { stage: figures === undefined ? ('login' as const) : ('review' as const), message: describeFailure(error) };
    return { ...(figures === undefined ? {} : { figures }), failure, ...(typedLostSeen === undefined ? {} : { typedLost: typedLostSeen }) };
  } finally {
    await closeQuietly(context);
  }
}

/**
 * The floor app's naive list of `accounts` tiles: its first render (from its `floor-render` mark),
 * then the same interactions. Never throws: a failure is returned.
 */
export async function floorList(browser: Browser, origin: string, accounts: number, profile: Profile): Promise<ListRun> {
  let context: BrowserContext | undefined;
  try {
    const page = await atStage('open the page', async () => {
      const made = await newPage(browser, profile);
      context = made.context;
      await made.page.addInitScript(() => window.__bench.watch('tiles', '.tile'));
      await made.page.goto(`${origin}/floor?tiles=${accounts}`, { waitUntil: 'commit' });
      return made.page;
    });
    const firstRender = await atStage('list', async () => {
      const painted = await mark(page, 'tiles', STEP_TIMEOUT_MS);
      const started = await page.evaluate(() => performance.getEntriesByName('floor-render')[0]?.startTime ?? Number.NaN);
      return Math.round((painted - started) * 10) / 10;
    });
    const measured = await atStage('interactions', () =>
      interactions(page, { selectAll: 'main > button', tick: '.tile input', filter: 'input[name="filter"]' }),
    );
    return { figures: { firstRender, ...measured } };
  } catch (error) {
    return { failure: error instanceof StageFailure ? { stage: error.stage, message: error.message } : { stage: 'list', message: describeFailure(error) } };
  } finally {
    await closeQuietly(context);
  }
}
