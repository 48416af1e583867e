// Issue 33 item 17: the accounts step of 5,000 accounts (persona huge.accounts) on the mobile
// profile (bench/profiles.ts MOBILE: 4× CPU slowdown through the DevTools protocol, a phone's
// screen and network), served behind the bench's gzip proxy as `npm run bench` serves it (before 30
// November the answer came uncompressed: 1.85 MB over the emulated 1.6 Mbps). Prints, per run and
// as median and range:
// - first render: from the later of the last network answer and the click on Continue to the
//   frame that shows the step's select-all box (bench/scaling.ts renderTime, as `npm run bench`);
// - settled: from the same start to the frame in which every tile of the first page is in the
//   list (the same as first render when the page renders its tiles at once);
// - the main thread's work in the first render's window, by trace event, and the longest task;
// - filter key: six keys typed in the filter box (a digit, then Backspace), as Event Timing
//   reports them (INP's measure), median; then select all: four clicks on the select-all box (all
//   5,000 ticked, then none), the same way;
// - with `--profile`, the JavaScript functions with the most self time in that window
//   (Chromium's sampling profiler), from a build with its names kept.
// `npx tsx bench/accounts-5000.ts [--runs N] [--dist DIR] [--profile]` (default 5 runs of a fresh
// build; --dist measures another build, for a comparison on the same machine at the same load).
// Not a test: a figure to read. The budgets are 300 ms (first render) and 100 ms (filter key).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { buildApp } from '../esbuild.config.mjs';
import { copy } from '../domain/copy';
import { FULL_CHROMIUM, launchChromium } from '../test/browser/browser-harness';
import { closeQuietly, MARK_TIMEOUT_MS } from './measure';
import { installProbe, lastInteraction, LOGIN_READY, mark, SECURE_CODE, USERNAME } from './page-probe';
import { applyProfile, MOBILE } from './profiles';
import { renderTime, STEP_TIMEOUT_MS } from './scaling';
import { serveBuild } from './served-apps';
import { summarise } from './stats';
import type { TraceEvent } from './trace-report';

const RENDER_BUDGET_MS = 300;
const INP_BUDGET_MS = 100;
const option = (name: string): string | undefined => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};
const RUNS = Number(option('--runs') ?? 5);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`--runs must be a whole number above 0, not ${option('--runs')}`);
const DIST = option('--dist');
const PROFILE = process.argv.includes('--profile');

/** The main thread's work this report sums (each may hold others: a RunTask holds everything). */
const WORK = ['RunTask', 'FunctionCall', 'EvaluateScript', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit', 'MinorGC', 'MajorGC'];
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.gc', '__metadata'];

interface AccountsRun {
  readonly firstRender: number;
  readonly settled: number;
  readonly tiles: number;
  readonly work: ReadonlyMap<string, number>;
  readonly longestTask: number;
  readonly filterKeys: readonly number[];
  readonly selectAll: readonly number[];
  readonly hot: readonly { readonly name: string; readonly ms: number }[];
}

interface CpuProfile {
  readonly nodes: readonly { readonly id: number; readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number } }[];
  readonly startTime: number;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** Self time per function (ms) of the samples taken from `fromUs` to `toUs` (the trace's clock), most first. */
function hotFunctions(profile: CpuProfile, fromUs: number, toUs: number): { name: string; ms: number }[] {
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const self = new Map<string, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    if (at < fromUs || at > toUs) return;
    const frame = frames.get(id);
    const name = frame === undefined ? '?' : `${frame.functionName || '(anonymous)'} ${path.basename(frame.url)}:${frame.lineNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + delta / 1000);
  });
  return [...self].map(([name, ms]) => ({ name, ms: Math.round(ms * 10) / 10 })).sort((a, b) => b.ms - a.ms);
}

/** One key in the filter box, as Event Timing reports it (16 when under the API's threshold). */
async function filterKey(page: Page, key: string): Promise<number> {
  const seen = await page.evaluate(() => window.__bench.events.length);
  await page.keyboard.press(key);
  return lastInteraction(page, seen);
}

/** One click on the select-all box, as Event Timing reports it. */
async function clickSelectAll(page: Page): Promise<number> {
  const seen = await page.evaluate(() => window.__bench.events.length);
  await page.locator('input[data-select-all]').click();
  return lastInteraction(page, seen);
}

async function stopTrace(cdp: CDPSession): Promise<void> {
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.end');
  await done;
}

async function oneRun(browser: Browser, entryUrl: () => Promise<string>): Promise<AccountsRun> {
  const context = await browser.newContext({ viewport: MOBILE.viewport });
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  try {
    const page = await context.newPage();
    await applyProfile(page, MOBILE);
    await installProbe(page, { fillLogin: false });
    await page.goto(await entryUrl(), { waitUntil: 'commit' });
    await page.locator(LOGIN_READY).waitFor({ timeout: MARK_TIMEOUT_MS });
    await page.locator(USERNAME).fill('huge.accounts');
    await page.locator(SECURE_CODE).fill('123456');
    // The first page of tiles is the list's first 50 (ACCOUNT_PAGE_SIZE): the 50th tile marks it whole.
    await page.evaluate(() => {
      window.__bench.watch('step', 'input[data-select-all]');
      window.__bench.watch('settled', '.account-list > li:nth-child(50)');
    });
    const cdp = await context.newCDPSession(page);
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (data) => {
      events.push(...(data.value as unknown as TraceEvent[]));
    });
    await cdp.send('Tracing.start', { categories: CATEGORIES.join(','), transferMode: 'ReportEvents' });
    // The page's clock on the trace's: a time stamp in the trace at a known performance.now().
    const stampedAt = await page.evaluate(() => {
      const now = performance.now();
      console.timeStamp('bench-clock');
      return now;
    });
    if (PROFILE) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.locator(LOGIN_READY).getByRole('button', { name: copy.login.continue, exact: true }).click();
    await mark(page, 'step', STEP_TIMEOUT_MS);
    await mark(page, 'settled', STEP_TIMEOUT_MS);
    const firstRender = await renderTime(page, 'step');
    const settled = await renderTime(page, 'settled');
    const profile = PROFILE ? ((await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile }).profile : undefined;
    await stopTrace(cdp);
    // The window on the trace's clock: the page's times are from its navigation start.
    const times = await page.evaluate(() => ({
      step: window.__bench.marks['step'] ?? Number.NaN,
      from: Math.max(window.__bench.lastResponseEndBefore(window.__bench.marks['step'] ?? 0), window.__bench.marks['lastClick'] ?? 0),
    }));
    const stamp = events.find((event) => event.name === 'TimeStamp' && event.args?.data?.['message'] === 'bench-clock');
    if (stamp === undefined) throw new Error('the clock stamp is not in the trace');
    const main = { pid: stamp.pid, tid: stamp.tid };
    const origin = stamp.ts - stampedAt * 1000;
    const fromUs = origin + times.from * 1000;
    const toUs = origin + times.step * 1000;
    const inWindow = events.filter((event) => event.ph === 'X' && event.pid === main.pid && event.tid === main.tid && event.ts >= fromUs && event.ts <= toUs);
    const work = new Map<string, number>();
    for (const event of inWindow) if (WORK.includes(event.name)) work.set(event.name, (work.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
    const longestTask = Math.max(0, ...inWindow.filter((event) => event.name === 'RunTask').map((event) => (event.dur ?? 0) / 1000));
    const tiles = await page.locator('.account-list > li').count();
    await page.locator('input[type="search"]').click();
    const filterKeys: number[] = [];
    for (let i = 0; i < 6; i++) filterKeys.push(await filterKey(page, i % 2 === 0 ? '1' : 'Backspace'));
    const selectAll: number[] = [];
    for (let i = 0; i < 4; i++) selectAll.push(await clickSelectAll(page));
    const hot = profile === undefined ? [] : hotFunctions(profile, fromUs, toUs).slice(0, 25);
    return { firstRender, settled, tiles, work, longestTask, filterKeys, selectAll, hot };
  } finally {
    await closeQuietly(context);
  }
}

const built = DIST === undefined ? await mkdtemp(path.join(os.tmpdir(), 'consent-accounts-')) : undefined;
const distDir = DIST ?? built ?? '';
// Names kept: minified but for the identifiers (esbuild's API ignores `minifyIdentifiers: false` beside `minify: true`).
const NAMES_KEPT = { minify: false, minifyWhitespace: true, minifySyntax: true };
if (built !== undefined) await buildApp({ outDir: built, options: PROFILE ? NAMES_KEPT : {} });
// Behind the gzip proxy, as `npm run bench` serves it: the 1.85 MB answer comes in the bytes production's nginx sends.
const served = await serveBuild(distDir);
const browser = await launchChromium([], FULL_CHROMIUM);
const load = (): string =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');
try {
  console.log(`Accounts step of 5,000 accounts, ${MOBILE.name} profile (${MOBILE.cpuSlowdown}× CPU, ${MOBILE.viewport.width} px); load ${load()} at the start`);
  const runs: AccountsRun[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const figures = await oneRun(browser, () => served.entryUrl());
    runs.push(figures);
    const work = [...figures.work].map(([name, ms]) => `${name} ${Math.round(ms)}`).join(', ');
    console.log(
      `run ${run} (load ${os.loadavg()[0]?.toFixed(2)}): first render ${figures.firstRender} ms, all 50 tiles ${figures.settled} ms (${figures.tiles} tiles once settled); filter keys ${figures.filterKeys.join(' ')} ms; select all ${figures.selectAll.join(' ')} ms`,
    );
    console.log(`  main thread in the first render (ms): ${work}; longest task ${Math.round(figures.longestTask)}`);
    for (const { name, ms } of figures.hot) console.log(`    ${String(ms).padStart(7)} ms  ${name}`);
  }
  const render = summarise(runs.map((run) => run.firstRender));
  const settled = summarise(runs.map((run) => run.settled));
  const filter = summarise(runs.flatMap((run) => run.filterKeys));
  const selectAll = summarise(runs.flatMap((run) => run.selectAll));
  console.log(`\n${RUNS} runs; load ${load()} at the end (1, 5, 15 min; ${os.cpus().length} CPUs)`);
  console.log(
    `  first render: median ${render.median} ms (quartiles ${render.q1}–${render.q3}); budget ${RENDER_BUDGET_MS} ms: ${render.median <= RENDER_BUDGET_MS ? 'met' : 'NOT MET'}`,
  );
  console.log(`  all 50 tiles: median ${settled.median} ms (quartiles ${settled.q1}–${settled.q3})`);
  console.log(
    `  filter key: median ${filter.median} ms (quartiles ${filter.q1}–${filter.q3}, ${filter.n} keys); budget ${INP_BUDGET_MS} ms: ${filter.median <= INP_BUDGET_MS ? 'met' : 'NOT MET'}`,
  );
  console.log(
    `  select all: median ${selectAll.median} ms (quartiles ${selectAll.q1}–${selectAll.q3}, ${selectAll.n} clicks); budget ${INP_BUDGET_MS} ms: ${selectAll.median <= INP_BUDGET_MS ? 'met' : 'NOT MET'}`,
  );
} finally {
  await browser.close();
  await served.close();
  if (built !== undefined) await rm(built, { recursive: true, force: true });
}
