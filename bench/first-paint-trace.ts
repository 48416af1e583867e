// `npm run bench:first-paint [-- --runs N]`: what the first paint waits for (issue 33 item 17).
// A cold start of the static page and of the product under the mobile profile (bench/profiles.ts),
// each with a Chromium trace; from each trace it prints, from the navigation to the first
// contentful paint: when the document's bytes came, what else was fetched before the paint, and
// what the page's main thread did (by trace event). `--save DIR` keeps the traces (open them in
// the DevTools' Performance panel).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { FULL_CHROMIUM, launchChromium } from '../test/browser/browser-harness';
import { closeQuietly } from './measure';
import { MOBILE, applyProfile } from './profiles';
import { serveApps } from './served-apps';
import { firstPaintReport, type TraceEvent } from './trace-report';

const option = (name: string): string | undefined => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};
const runs = Number(option('--runs') ?? 3);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number above 0, not ${option('--runs')}`);
const saveDir = option('--save');

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'blink.user_timing', 'v8.execute'];

/** One cold start of `url` under the mobile profile, traced until the page has painted its form. */
async function tracedStart(browser: Browser, url: string): Promise<TraceEvent[]> {
  const context = await browser.newContext({ viewport: MOBILE.viewport });
  try {
    const page = await context.newPage();
    await applyProfile(page, MOBILE);
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(url, { waitUntil: 'load' });
    await page.locator('form').first().waitFor();
    // A frame after the form's, so that its paint is in the trace.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
    return trace.traceEvents;
  } finally {
    await closeQuietly(context);
  }
}

const work = await mkdtemp(path.join(os.tmpdir(), 'consent-trace-'));
const apps = await serveApps(work);
const browser = await launchChromium([], FULL_CHROMIUM);
try {
  console.log(
    `First paint under the ${MOBILE.name} profile (${MOBILE.cpuSlowdown}x CPU, ${MOBILE.network?.latencyMs} ms round trip), load ${os.loadavg()[0]?.toFixed(2)}`,
  );
  for (let run = 1; run <= runs; run++) {
    for (const app of ['static', 'product'] as const) {
      const events = await tracedStart(browser, await apps.urls[app]());
      if (saveDir !== undefined) await writeFile(path.join(saveDir, `first-paint-${app}-${run}.json`), JSON.stringify({ traceEvents: events }));
      console.log(`\n${app}, run ${run}:\n${firstPaintReport(events)}`);
    }
  }
} finally {
  await browser.close();
  await apps.close();
  await rm(work, { recursive: true, force: true });
}
