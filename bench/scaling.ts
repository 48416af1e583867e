// Issue 15 items 3 and 4: cost as the list grows. On the accounts step with 50, 500 and 5,000
// accounts (personas fifty.accounts, many.accounts, huge.accounts), the step's first render, then
// select all, tick one and one character typed in the filter as the Event Timing API reports them
// (interaction duration as INP counts it, and the handlers' processing time), and the review
// page's first render. The floor app's naive list is measured at the same sizes. A render is
// timed from the last network answer (or click) before it to the frame that shows it, so the
// network of the mobile profile does not count as rendering.
import type { Browser, Page } from 'playwright-core';
import { installProbe, mark, USERNAME } from './page-probe';
import { applyProfile, type Profile } from './profiles';

export const SIZES = [
  { accounts: 50, persona: 'fifty.accounts' },
  { accounts: 500, persona: 'many.accounts' },
  { accounts: 5000, persona: 'huge.accounts' },
] as const;

/** Each kind of interaction is repeated this many times per size (select all an odd number, so all end selected). */
const REPEATS = 7;

export interface Interaction { readonly duration: number; readonly processing: number | null; readonly belowThreshold: boolean }

export interface ListFigures {
  readonly firstRender: number;
  readonly selectAll: Interaction[];
  readonly tickOne: Interaction[];
  readonly filterType: Interaction[];
  readonly reviewRender?: number;
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
const renderTime = (page: Page, markName: string): Promise<number> =>
  page.evaluate((name) => {
    const painted = window.__bench.marks[name] ?? Number.NaN;
    const from = Math.max(window.__bench.lastResponseEndBefore(painted), window.__bench.marks['lastClick'] ?? 0);
    return Math.round((painted - from) * 10) / 10;
  }, markName);

async function interactions(page: Page, selectors: { selectAll: string; tick: string; filter: string }): Promise<Omit<ListFigures, 'firstRender' | 'reviewRender'>> {
  const selectAll: Interaction[] = [];
  const tickOne: Interaction[] = [];
  const filterType: Interaction[] = [];
  for (let i = 0; i < REPEATS; i++) selectAll.push(await interaction(page, () => page.locator(selectors.selectAll).first().click()));
  for (let i = 0; i < REPEATS - 1; i++) tickOne.push(await interaction(page, () => page.locator(selectors.tick).nth(1).click()));
  await page.locator(selectors.filter).click();
  for (let i = 0; i < REPEATS - 1; i++) filterType.push(await interaction(page, () => page.keyboard.press(i % 2 === 0 ? '1' : 'Backspace')));
  return { selectAll, tickOne, filterType };
}

/** The product: log in as `persona`, then the accounts step and the review. */
export async function productList(browser: Browser, entryUrl: string, persona: string, profile: Profile): Promise<ListFigures> {
  const context = await browser.newContext({ viewport: profile.viewport });
  try {
    const page = await context.newPage();
    await applyProfile(page, profile);
    await installProbe(page, false);
    await page.goto(entryUrl);
    await page.locator(USERNAME).waitFor();
    await page.locator(USERNAME).fill(persona);
    await page.locator('input[name="secureCode"]').fill('123456');
    await watch(page, 'step', 'input[data-select-all]');
    await page.locator('form button[type="submit"]').click();
    await mark(page, 'step', 180000);
    const firstRender = await renderTime(page, 'step');
    const measured = await interactions(page, { selectAll: 'input[data-select-all]', tick: 'input[data-account-id]', filter: 'input[type="search"]' });
    await watch(page, 'review', '.step-body.confirmation');
    await page.locator('.step-buttons .btn-primary').click();
    await mark(page, 'review', 180000);
    return { firstRender, ...measured, reviewRender: await renderTime(page, 'review') };
  } finally {
    await context.close();
  }
}

/** The floor app's naive list of `accounts` tiles: its first render (from its `floor-render` mark), then the same interactions. */
export async function floorList(browser: Browser, origin: string, accounts: number, profile: Profile): Promise<ListFigures> {
  const context = await browser.newContext({ viewport: profile.viewport });
  try {
    const page = await context.newPage();
    await applyProfile(page, profile);
    await installProbe(page, false);
    await page.addInitScript(() => window.__bench.watch('tiles', '.tile'));
    await page.goto(`${origin}/floor?tiles=${accounts}`);
    const painted = await mark(page, 'tiles', 180000);
    const started = await page.evaluate(() => performance.getEntriesByName('floor-render')[0]?.startTime ?? Number.NaN);
    const measured = await interactions(page, { selectAll: 'main > button', tick: '.tile input', filter: 'input[name="filter"]' });
    return { firstRender: Math.round((painted - started) * 10) / 10, ...measured };
  } finally {
    await context.close();
  }
}
