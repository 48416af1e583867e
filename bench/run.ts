// `npm run bench [-- --runs N]`: the performance figures of issue 15, each measured side by side in
// the same run with the floor app (bench/floor-app: the same stack, the naive way) and, for
// start-up, a static HTML page with the form (the physical floor). Two profiles, desktop and
// mobile (bench/profiles.ts); the apps' cold starts alternate, at least 9 each, reported as median
// and interquartile range. Prints the tables and the verdicts and writes bench/results.json.
// Budgets not met are reported as not met; the measurement is never tuned to pass.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../esbuild.config.mjs';
import { launchChromium, SandboxHarness } from '../test/browser/browser-harness';
import { firstScreenBytes } from './first-screen-bytes';
import { startGzipProxy } from './gzip-proxy';
import { coldStart, type StartTimes } from './measure';
import { PROFILES, type Profile } from './profiles';
import { floorList, type Interaction, type ListFigures, productList, SIZES } from './scaling';
import { STATIC_LOGIN_FILE, STATIC_LOGIN_HTML } from './static-login';
import { round, show, summarise, type Summary } from './stats';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runsArgument = process.argv.indexOf('--runs');
const START_RUNS = runsArgument === -1 ? 9 : Number(process.argv[runsArgument + 1]);
if (!Number.isInteger(START_RUNS) || START_RUNS < 1) throw new Error(`--runs must be a whole number above 0, not ${process.argv[runsArgument + 1]}`);

type App = 'static' | 'floor' | 'product';
type StartFigures = Record<App, { formPainted: Summary; inputReady: Summary; continueUsable?: Summary; runs: StartTimes[] }>;

const ratio = (a: number, b: number): number => round(a / b, 3);
const verdict = (met: boolean): string => (met ? 'met' : 'NOT MET');

function summariseStarts(runs: StartTimes[]): StartFigures[App] {
  const continues = runs.map((run) => run.continueUsable).filter((ms): ms is number => ms !== undefined);
  return {
    formPainted: summarise(runs.map((run) => run.formPainted)),
    inputReady: summarise(runs.map((run) => run.inputReady)),
    ...(continues.length > 0 ? { continueUsable: summarise(continues) } : {}),
    runs: runs.map((run) => ({ formPainted: round(run.formPainted), inputReady: round(run.inputReady), ...(run.continueUsable === undefined ? {} : { continueUsable: round(run.continueUsable) }) })),
  };
}

interface ListSummary {
  firstRender: number;
  selectAll: { inp: Summary; processing?: Summary; belowThreshold: number };
  tickOne: { inp: Summary; processing?: Summary; belowThreshold: number };
  filterType: { inp: Summary; processing?: Summary; belowThreshold: number };
  reviewRender?: number;
}

function summariseInteractions(values: Interaction[]): ListSummary['selectAll'] {
  const processing = values.map((value) => value.processing).filter((ms): ms is number => ms !== null);
  return {
    inp: summarise(values.map((value) => value.duration)),
    ...(processing.length > 0 ? { processing: summarise(processing) } : {}),
    belowThreshold: values.filter((value) => value.belowThreshold).length,
  };
}

const summariseList = (figures: ListFigures): ListSummary => ({
  firstRender: figures.firstRender,
  selectAll: summariseInteractions(figures.selectAll),
  tickOne: summariseInteractions(figures.tickOne),
  filterType: summariseInteractions(figures.filterType),
  ...(figures.reviewRender === undefined ? {} : { reviewRender: figures.reviewRender }),
});

async function main(): Promise<void> {
  const load = os.loadavg().map((n) => n.toFixed(2)).join(' ');
  const work = await mkdtemp(path.join(os.tmpdir(), 'consent-bench-'));
  const productDist = path.join(work, 'product');
  const floorDist = path.join(work, 'floor');
  const buildStarted = performance.now();
  const productMeta = await buildApp({ outDir: productDist });
  const buildMs = round(performance.now() - buildStarted, 0);
  const floorMeta = await buildApp({ outDir: floorDist, entry: path.join(root, 'bench/floor-app/main.tsx') });
  await writeFile(path.join(floorDist, STATIC_LOGIN_FILE), STATIC_LOGIN_HTML);

  const bytes = { product: await firstScreenBytes(productMeta), floor: await firstScreenBytes(floorMeta) };
  const bytesRatio = ratio(bytes.product.gzip, bytes.floor.gzip);

  const product = await new SandboxHarness().start({ distDir: productDist });
  const floor = await new SandboxHarness().start({ distDir: floorDist });
  const productProxy = await startGzipProxy(product.origin);
  const floorProxy = await startGzipProxy(floor.origin);
  const browser = await launchChromium();
  const productUrl = async (): Promise<string> => (await product.entryUrl()).replace(product.origin, productProxy.origin);
  try {
    const start: Record<string, StartFigures> = {};
    const lists: Record<string, { product: Record<number, ListSummary>; floor: Record<number, ListSummary> }> = {};
    for (const profile of PROFILES) {
      const runs: Record<App, StartTimes[]> = { static: [], floor: [], product: [] };
      const apps: [App, () => Promise<string>, boolean][] = [
        ['static', () => Promise.resolve(`${floorProxy.origin}/${STATIC_LOGIN_FILE}`), true],
        ['floor', () => Promise.resolve(`${floorProxy.origin}/floor?tiles=0`), false],
        ['product', productUrl, true],
      ];
      for (let run = 0; run < START_RUNS; run++) {
        // Alternating, and each run in a different order, so that no app always follows another.
        const order = [...apps.slice(run % 3), ...apps.slice(0, run % 3)];
        for (const [app, url, hasContinue] of order) runs[app].push(await coldStart(browser, await url(), profile, hasContinue));
      }
      start[profile.name] = { static: summariseStarts(runs.static), floor: summariseStarts(runs.floor), product: summariseStarts(runs.product) };
      lists[profile.name] = { product: {}, floor: {} };
      for (const size of SIZES) {
        const entry = lists[profile.name];
        if (entry === undefined) continue;
        entry.product[size.accounts] = summariseList(await productList(browser, await productUrl(), size.persona, profile));
        entry.floor[size.accounts] = summariseList(await floorList(browser, floorProxy.origin, size.accounts, profile));
      }
    }

    const verdicts = PROFILES.flatMap((profile) => startVerdicts(profile, start[profile.name])).concat(scalingVerdicts(lists['mobile']));
    const results = {
      date: new Date().toISOString(),
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${browser.version()}`,
      loadAverageAtStart: load,
      loadAverageAtEnd: os.loadavg().map((n) => n.toFixed(2)).join(' '),
      commit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim(),
      profiles: Object.fromEntries(PROFILES.map((profile) => [profile.name, profile])),
      startRuns: START_RUNS,
      bytes: { ...bytes, ratio: bytesRatio, budget: 1.25, met: bytesRatio <= 1.25 },
      start,
      lists,
      verdicts,
      buildMs,
    };
    await writeFile(path.join(root, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
    print(results);
  } finally {
    await browser.close();
    await productProxy.close();
    await floorProxy.close();
    await product.stop();
    await floor.stop();
    await rm(work, { recursive: true, force: true });
  }
}

interface Verdict { readonly profile: string; readonly budget: string; readonly figure: number; readonly limit: number; readonly met: boolean }

const check = (profile: string, budget: string, figure: number, limit: number): Verdict => ({ profile, budget, figure: round(figure, 3), limit, met: figure <= limit });

/** Issue 15's start-up budgets, on medians. */
function startVerdicts(profile: Profile, figures: StartFigures | undefined): Verdict[] {
  if (figures === undefined) return [];
  const { product, floor } = figures;
  const statics = figures.static;
  const verdicts = [
    check(profile.name, 'form painted ≤ 1.5× the static page', product.formPainted.median / statics.formPainted.median, 1.5),
    check(profile.name, 'input accepted ≤ 1.5× the static page', product.inputReady.median / statics.inputReady.median, 1.5),
    check(profile.name, 'form painted ≤ 0.5× the floor app', product.formPainted.median / floor.formPainted.median, 0.5),
    check(profile.name, 'input accepted ≤ 0.5× the floor app', product.inputReady.median / floor.inputReady.median, 0.5),
  ];
  if (product.continueUsable !== undefined) verdicts.push(check(profile.name, 'Continue usable ≤ 1.3× the floor app\'s input', product.continueUsable.median / floor.inputReady.median, 1.3));
  return verdicts;
}

/** Issue 15's scaling budgets, mobile profile, at 5,000 accounts. */
function scalingVerdicts(figures: { product: Record<number, ListSummary>; floor: Record<number, ListSummary> } | undefined): Verdict[] {
  const at5000 = figures?.product[5000];
  const at50 = figures?.product[50];
  if (at5000 === undefined || at50 === undefined) return [];
  const kinds = ['selectAll', 'tickOne', 'filterType'] as const;
  return [
    ...kinds.map((kind) => check('mobile', `5,000 accounts: ${kind} INP ≤ 100 ms`, at5000[kind].inp.median, 100)),
    check('mobile', '5,000 accounts: step\'s first render ≤ 300 ms', at5000.firstRender, 300),
    ...kinds.map((kind) => check('mobile', `${kind} at 5,000 ≤ 1.5× at 50`, at5000[kind].inp.median / at50[kind].inp.median, 1.5)),
    check('mobile', 'first render at 5,000 ≤ 1.5× at 50', at5000.firstRender / at50.firstRender, 1.5),
    check('mobile', 'review render at 5,000 ≤ 1.5× at 50', (at5000.reviewRender ?? Number.NaN) / (at50.reviewRender ?? Number.NaN), 1.5),
  ];
}

function print(results: {
  date: string; machine: string; loadAverageAtStart: string; loadAverageAtEnd: string; startRuns: number; buildMs: number;
  bytes: { product: { gzip: number; brotli: number; raw: number }; floor: { gzip: number; brotli: number; raw: number }; ratio: number; met: boolean };
  start: Record<string, StartFigures>; lists: Record<string, { product: Record<number, ListSummary>; floor: Record<number, ListSummary> }>; verdicts: Verdict[];
}): void {
  const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;
  console.log(`Benchmark, ${results.date}, ${results.machine}; load average ${results.loadAverageAtStart} at start, ${results.loadAverageAtEnd} at end`);
  console.table({
    'first screen JS+CSS (gzip)': { product: kb(results.bytes.product.gzip), floor: kb(results.bytes.floor.gzip), ratio: results.bytes.ratio, budget: '≤ 1.25', verdict: verdict(results.bytes.met) },
    'first screen JS+CSS (brotli)': { product: kb(results.bytes.product.brotli), floor: kb(results.bytes.floor.brotli), ratio: ratio(results.bytes.product.brotli, results.bytes.floor.brotli), budget: '', verdict: '' },
    'production build (ms)': { product: results.buildMs, floor: '', ratio: '', budget: '', verdict: '' },
  });
  for (const [profile, figures] of Object.entries(results.start)) {
    console.log(`Start-up, ${profile} profile: ms from navigation, median (IQR) of ${results.startRuns} interleaved cold starts each`);
    console.table(Object.fromEntries((['static', 'floor', 'product'] as const).map((app) => [app, {
      'form painted': show(figures[app].formPainted), 'input accepted': show(figures[app].inputReady), 'Continue usable': show(figures[app].continueUsable),
    }])));
  }
  for (const [profile, figures] of Object.entries(results.lists)) {
    console.log(`Accounts step as the list grows, ${profile} profile: renders in ms; interactions as Event Timing's duration (INP), median (IQR); "≤16" = under the API's threshold`);
    const rows: Record<string, Record<string, string | number>> = {};
    for (const app of ['product', 'floor'] as const) {
      for (const size of SIZES) {
        const list = figures[app][size.accounts];
        if (list === undefined) continue;
        const inp = (kind: ListSummary['selectAll']): string => `${kind.belowThreshold === kind.inp.n ? '≤16' : show(kind.inp)}${kind.processing === undefined ? '' : `; proc ${Math.round(kind.processing.median)}`}`;
        rows[`${app} ${size.accounts}`] = {
          'first render': list.firstRender, 'select all': inp(list.selectAll), 'tick one': inp(list.tickOne), 'filter key': inp(list.filterType), 'review render': list.reviewRender ?? '—',
        };
      }
    }
    console.table(rows);
  }
  console.log('Verdicts (medians)');
  console.table(results.verdicts.map((v) => ({ profile: v.profile, budget: v.budget, figure: v.figure, verdict: verdict(v.met) })));
}

await main();
