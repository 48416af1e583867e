// Issue 33 item 17: what reading huge.accounts' answer (5,000 accounts) costs before the accounts
// step can render, in Chromium at the mobile profile's 4× CPU slowdown, without the app around it:
// the answer's text parsed (adapters/fetch-call.ts `parseJsonBody`), read and checked
// (adapters/later-answer-readers.ts `readAccounts`), pre-selected from the consent as the flow does
// (domain/accounts.ts `preselectFromConsent`, a new consent), then the first filter key and Select
// all (domain/account-selection.ts), and the pre-selection of an amendment whose consent names all
// 5,000. Each run is a new page, so each figure is the code's first
// run, as on the step (garbage collection included). Prints each run and the median per stage,
// with the load average. `npx tsx bench/read-accounts-5000.ts [--runs N]` (default 7). Not a test:
// a figure to read (bench/accounts-5000.ts measures the whole step).
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { launchChromium } from '../test/browser/browser-harness';
import { hugeAccounts } from '../sandbox/persona-accounts';
import { MOBILE } from './profiles';
import { median } from './stats';

const STAGES = ['parse', 'read', 'preselect', 'filterKey', 'selectAll', 'amendment'] as const;
type Timings = Readonly<Record<(typeof STAGES)[number], number>>;

/** The page's script: the app's own modules, bundled as the build bundles them; `__read(body)` times one read. */
const READER = `
import { parseJsonBody } from './adapters/fetch-call';
import { readAccounts } from './adapters/later-answer-readers';
import { filterAccounts, toggleSelectAll } from './domain/account-selection';
import { preselectFromConsent } from './domain/accounts';
globalThis.__read = (body) => {
  const t0 = performance.now();
  const parsed = parseJsonBody(body);
  const t1 = performance.now();
  const read = readAccounts(parsed !== undefined && 'json' in parsed ? parsed.json : undefined);
  if (!read.ok) throw new Error('the answer was refused: ' + read.error.causes.join('; '));
  const t2 = performance.now();
  const state = preselectFromConsent(read.value, []);
  const t3 = performance.now();
  filterAccounts(state.data, '1');
  const t4 = performance.now();
  toggleSelectAll(state.data);
  const t5 = performance.now();
  preselectFromConsent(read.value, read.value.data.map((account) => ({ secondaryIdentification: account.id })));
  const t6 = performance.now();
  return { parse: t1 - t0, read: t2 - t1, preselect: t3 - t2, filterKey: t4 - t3, selectAll: t5 - t4, amendment: t6 - t5 };
};
`;

const at = process.argv.indexOf('--runs');
const RUNS = at === -1 ? 7 : Number(process.argv[at + 1]);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`--runs must be a whole number above 0, not ${process.argv[at + 1]}`);
const load = (): string =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const bundle = await esbuild.build({
  stdin: { contents: READER, resolveDir: root, loader: 'ts' },
  bundle: true,
  format: 'iife',
  minify: true,
  target: 'chrome111',
  write: false,
});
const script = bundle.outputFiles[0]?.text ?? '';
const body = JSON.stringify({ accounts: { account: hugeAccounts } });
const browser = await launchChromium();
try {
  console.log(`Reading the 5,000-account answer, ${RUNS} runs (a new page each, ${MOBILE.cpuSlowdown}× CPU); load ${load()} at the start`);
  const runs: Timings[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpuSlowdown });
    await page.addScriptTag({ content: script });
    const timings = await page.evaluate((text) => (globalThis as unknown as { __read: (body: string) => Timings }).__read(text), body);
    await page.close();
    runs.push(timings);
    console.log(`run ${run}: ${STAGES.map((stage) => `${stage} ${timings[stage].toFixed(1)}`).join(', ')} ms`);
  }
  console.log(`median (ms): ${STAGES.map((stage) => `${stage} ${median(runs.map((timings) => timings[stage])).toFixed(1)}`).join(', ')}`);
  console.log(`load ${load()} at the end (1, 5, 15 min; ${os.cpus().length} CPUs)`);
} finally {
  await browser.close();
}
