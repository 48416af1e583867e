// `npm run bench [-- --runs N]` (`--runs 0`: no start-up figures): the performance figures of issue 15, each measured side by side in
// the same run with the floor app (bench/floor-app: the same stack, the naive way) and, for
// start-up, a static HTML page with the form (the physical floor). Two profiles, desktop and
// mobile (bench/profiles.ts); the apps' cold starts alternate, at least 9 each, reported as median
// and interquartile range. Prints the tables and the verdicts and writes bench/results.json.
// Budgets not met are reported as not met; the measurement is never tuned to pass.
// A cold start or a list run that cannot be made (the login form never ready, a login refused, a
// step that does not show) is counted and printed ("login failed in N of M runs") and recorded in
// results.json; the tables and verdicts print with the runs that worked (issue 20 item 5).
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { FULL_CHROMIUM, launchChromium } from '../test/browser/browser-harness';
import { firstScreenBytes } from './first-screen-bytes';
import { coldStart, type StartOptions, type StartTimes } from './measure';
import { PROFILES, type Profile } from './profiles';
import { floorList, type Interaction, type ListFigures, type ListRun, type ListStage, productList, SIZES } from './scaling';
import { type App, serveApps, START_OPTIONS } from './served-apps';
import { round, show, summarise, type Summary } from './stats';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runsArgument = process.argv.indexOf('--runs');
const START_RUNS = runsArgument === -1 ? 9 : Number(process.argv[runsArgument + 1]);
// `--runs 0`: no cold starts, only the bytes and the lists (issue 33 item 17: the accounts step's figures alone).
if (!Number.isInteger(START_RUNS) || START_RUNS < 0) throw new Error(`--runs must be a whole number, 0 or more, not ${process.argv[runsArgument + 1]}`);

interface AppStart {
  formPainted?: Summary;
  inputReady?: Summary;
  continueUsable?: Summary;
  /** Cold starts made, and those in which a figure could not be measured (each run's `failure` says which and why). */
  attempted: number;
  failed: number;
  /** Cold starts whose fields no longer held what the probe typed once Continue was usable (product and static page). */
  typedLost?: number;
  runs: StartTimes[];
}
type StartFigures = Record<App, AppStart>;

const ratio = (a: number, b: number): number => round(a / b, 3);
const verdict = (met: boolean | null): string => (met === null ? 'NO FIGURE' : met ? 'met' : 'NOT MET');
const summariseSome = (values: (number | undefined)[]): Summary | undefined => {
  const known = values.filter((ms): ms is number => ms !== undefined && Number.isFinite(ms));
  return known.length > 0 ? summarise(known) : undefined;
};
const roundIf = (ms: number | undefined): number | undefined => (ms === undefined ? undefined : round(ms));

function summariseStarts(runs: StartTimes[], options: StartOptions): AppStart {
  const formPainted = summariseSome(runs.map((run) => run.formPainted));
  const inputReady = summariseSome(runs.map((run) => run.inputReady));
  const continueUsable = summariseSome(runs.map((run) => run.continueUsable));
  return {
    ...(formPainted === undefined ? {} : { formPainted }),
    ...(inputReady === undefined ? {} : { inputReady }),
    ...(continueUsable === undefined ? {} : { continueUsable }),
    attempted: runs.length,
    failed: runs.filter((run) => run.failure !== undefined).length,
    ...(options.fillLogin && options.continueSelector !== undefined ? { typedLost: runs.filter((run) => run.typedKept === false).length } : {}),
    runs: runs.map(
      (run) =>
        JSON.parse(
          JSON.stringify({
            formPainted: roundIf(run.formPainted),
            inputReady: roundIf(run.inputReady),
            continueUsable: roundIf(run.continueUsable),
            typedKept: run.typedKept,
            failure: run.failure,
          }),
        ) as StartTimes,
    ),
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

/** One failure of a cold start or a list run, as results.json records it. */
interface Failure {
  readonly profile: string;
  readonly app: App;
  readonly what: 'start' | 'list';
  /** The cold start's number (from 1), or the list's size. */
  readonly run?: number;
  readonly accounts?: number;
  readonly stage: string;
  readonly message: string;
}

const summariseList = (figures: ListFigures): ListSummary => ({
  firstRender: figures.firstRender,
  selectAll: summariseInteractions(figures.selectAll),
  tickOne: summariseInteractions(figures.tickOne),
  filterType: summariseInteractions(figures.filterType),
  ...(figures.reviewRender === undefined ? {} : { reviewRender: figures.reviewRender }),
});

async function main(): Promise<void> {
  const started = Date.now();
  const load = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  const work = await mkdtemp(path.join(os.tmpdir(), 'consent-bench-'));
  const served = await serveApps(work);
  const buildMs = served.product.buildMs;
  const bytes = {
    product: await firstScreenBytes(served.product.metafile, served.product.dist),
    floor: await firstScreenBytes(served.floor.metafile, served.floor.dist),
  };
  const bytesRatio = ratio(bytes.product.gzip, bytes.floor.gzip);

  // A browser that died (a crash under load) is launched again, and the relaunch counted.
  let browser: Browser = await launchChromium([], FULL_CHROMIUM);
  let browserRelaunches = 0;
  const liveBrowser = async (): Promise<Browser> => {
    if (!browser.isConnected()) {
      browserRelaunches++;
      browser = await launchChromium([], FULL_CHROMIUM);
    }
    return browser;
  };
  const productUrl = served.urls.product;
  const failures: Failure[] = [];
  try {
    const start: Record<string, StartFigures> = {};
    const lists: Record<string, { product: Record<number, ListSummary>; floor: Record<number, ListSummary> }> = {};
    const listRuns: Record<string, { product: Record<number, ListRun['failure'] | null>; floor: Record<number, ListRun['failure'] | null> }> = {};
    const typedLost: { profile: string; accounts: number }[] = [];
    for (const profile of PROFILES) {
      const runs: Record<App, StartTimes[]> = { static: [], floor: [], product: [] };
      const apps = (['static', 'floor', 'product'] as const).map((app) => [app, served.urls[app]] as const);
      for (let run = 0; run < START_RUNS; run++) {
        // Alternating, and each run in a different order, so that no app always follows another.
        const order = [...apps.slice(run % 3), ...apps.slice(0, run % 3)];
        for (const [app, url] of order) {
          const times = await coldStart(await liveBrowser(), url, profile, START_OPTIONS[app]);
          runs[app].push(times);
          if (times.failure !== undefined) {
            failures.push({ profile: profile.name, app, what: 'start', run: run + 1, stage: times.failure.split(':')[0] ?? '', message: times.failure });
            console.log(`  ${profile.name}, ${app}, cold start ${run + 1}: ${times.failure}`);
          }
        }
      }
      start[profile.name] = {
        static: summariseStarts(runs.static, START_OPTIONS.static),
        floor: summariseStarts(runs.floor, START_OPTIONS.floor),
        product: summariseStarts(runs.product, START_OPTIONS.product),
      };
      const entry = { product: {} as Record<number, ListSummary>, floor: {} as Record<number, ListSummary> };
      const outcome = { product: {} as Record<number, ListRun['failure'] | null>, floor: {} as Record<number, ListRun['failure'] | null> };
      lists[profile.name] = entry;
      listRuns[profile.name] = outcome;
      for (const size of SIZES) {
        const productRun = await productList(await liveBrowser(), productUrl, size.persona, profile);
        if (productRun.typedLost === true) typedLost.push({ profile: profile.name, accounts: size.accounts });
        const measured: ['product' | 'floor', ListRun][] = [
          ['product', productRun],
          ['floor', await floorList(await liveBrowser(), served.floor.origin, size.accounts, profile)],
        ];
        for (const [app, listRun] of measured) {
          if (listRun.figures !== undefined) entry[app][size.accounts] = summariseList(listRun.figures);
          outcome[app][size.accounts] = listRun.failure ?? null;
          if (listRun.failure !== undefined) {
            failures.push({
              profile: profile.name,
              app,
              what: 'list',
              accounts: size.accounts,
              stage: listRun.failure.stage,
              message: listRun.failure.message,
            });
            console.log(`  ${profile.name}, ${app}, ${size.accounts} accounts: ${listRun.failure.stage}: ${listRun.failure.message}`);
          }
        }
      }
    }

    const verdicts = PROFILES.flatMap((profile) => startVerdicts(profile, start[profile.name])).concat(scalingVerdicts(lists['mobile']));
    const results = {
      date: new Date().toISOString(),
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${browser.version()}`,
      loadAverageAtStart: load,
      loadAverageAtEnd: os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' '),
      durationS: Math.round((Date.now() - started) / 1000),
      commit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim(),
      profiles: Object.fromEntries(PROFILES.map((profile) => [profile.name, profile])),
      startRuns: START_RUNS,
      bytes: { ...bytes, ratio: bytesRatio, budget: 1.25, met: bytesRatio <= 1.25 },
      start,
      lists,
      listRuns,
      listTypedLost: typedLost,
      failures,
      browserRelaunches,
      verdicts,
      buildMs,
    };
    await writeFile(path.join(root, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
    print(results);
  } finally {
    await browser.close().catch(() => undefined);
    await served.close();
    await rm(work, { recursive: true, force: true });
  }
}

interface Verdict {
  readonly profile: string;
  readonly budget: string;
  readonly figure: number | null;
  readonly limit: number;
  readonly met: boolean | null;
}

/** A budget on a figure; with no figure (every run of it failed) the verdict is "no figure", never "met". */
const check = (profile: string, budget: string, figure: number, limit: number): Verdict =>
  Number.isFinite(figure) ? { profile, budget, figure: round(figure, 3), limit, met: figure <= limit } : { profile, budget, figure: null, limit, met: null };

const median = (summary: Summary | undefined): number => summary?.median ?? Number.NaN;

/** Issue 15's start-up budgets, on medians (issue 20 item 6 keeps form painted ≤ 1.5× the static page and Continue usable ≤ 1.3× the floor's input). */
function startVerdicts(profile: Profile, figures: StartFigures | undefined): Verdict[] {
  if (figures === undefined) return [];
  const { product, floor } = figures;
  const statics = figures.static;
  return [
    check(profile.name, 'form painted ≤ 1.5× the static page', median(product.formPainted) / median(statics.formPainted), 1.5),
    check(profile.name, 'input accepted ≤ 1.5× the static page', median(product.inputReady) / median(statics.inputReady), 1.5),
    check(profile.name, 'form painted ≤ 0.5× the floor app', median(product.formPainted) / median(floor.formPainted), 0.5),
    check(profile.name, 'input accepted ≤ 0.5× the floor app', median(product.inputReady) / median(floor.inputReady), 0.5),
    check(profile.name, "Continue usable ≤ 1.3× the floor app's input", median(product.continueUsable) / median(floor.inputReady), 1.3),
  ];
}

/** Issue 15's scaling budgets, mobile profile, at 5,000 accounts. */
function scalingVerdicts(figures: { product: Record<number, ListSummary>; floor: Record<number, ListSummary> } | undefined): Verdict[] {
  const at5000 = figures?.product[5000];
  const at50 = figures?.product[50];
  const kinds = ['selectAll', 'tickOne', 'filterType'] as const;
  const inp = (list: ListSummary | undefined, kind: (typeof kinds)[number]): number => list?.[kind].inp.median ?? Number.NaN;
  return [
    ...kinds.map((kind) => check('mobile', `5,000 accounts: ${kind} INP ≤ 100 ms`, inp(at5000, kind), 100)),
    check('mobile', "5,000 accounts: step's first render ≤ 300 ms", at5000?.firstRender ?? Number.NaN, 300),
    ...kinds.map((kind) => check('mobile', `${kind} at 5,000 ≤ 1.5× at 50`, inp(at5000, kind) / inp(at50, kind), 1.5)),
    check('mobile', 'first render at 5,000 ≤ 1.5× at 50', (at5000?.firstRender ?? Number.NaN) / (at50?.firstRender ?? Number.NaN), 1.5),
    check('mobile', 'review render at 5,000 ≤ 1.5× at 50', (at5000?.reviewRender ?? Number.NaN) / (at50?.reviewRender ?? Number.NaN), 1.5),
  ];
}

/** "540 (IQR 32)", and "(n of N)" when some runs gave no figure. */
const showOf = (summary: Summary | undefined, attempted: number): string =>
  summary === undefined ? (attempted > 0 ? `— (0 of ${attempted})` : '—') : `${show(summary)}${summary.n < attempted ? ` (${summary.n} of ${attempted})` : ''}`;

const LIST_STAGES: readonly ListStage[] = ['open the page', 'login', 'accounts step', 'interactions', 'review', 'list'];

function print(results: {
  date: string;
  machine: string;
  loadAverageAtStart: string;
  loadAverageAtEnd: string;
  durationS: number;
  startRuns: number;
  buildMs: number;
  browserRelaunches: number;
  bytes: { product: FirstScreenBytesFigures; floor: FirstScreenBytesFigures; ratio: number; met: boolean };
  start: Record<string, StartFigures>;
  lists: Record<string, { product: Record<number, ListSummary>; floor: Record<number, ListSummary> }>;
  listRuns: Record<string, { product: Record<number, ListRun['failure'] | null>; floor: Record<number, ListRun['failure'] | null> }>;
  listTypedLost: { profile: string; accounts: number }[];
  failures: Failure[];
  verdicts: Verdict[];
}): void {
  const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `Benchmark, ${results.date}, ${results.machine}; load average ${results.loadAverageAtStart} at start, ${results.loadAverageAtEnd} at end; ${Math.floor(results.durationS / 60)} min ${results.durationS % 60} s`,
  );
  const css = (b: FirstScreenBytesFigures): string =>
    b.parts.inlineStyles > 0
      ? `${kb(b.parts.inlineStyles)} inline CSS`
      : b.parts.linkedStylesheets > 0
        ? `${kb(b.parts.linkedStylesheets)} linked CSS`
        : 'no CSS';
  const parts = (b: FirstScreenBytesFigures): string =>
    `${kb(b.parts.scriptFiles)} JS files, ${b.parts.inlineScripts > 0 ? `${kb(b.parts.inlineScripts)} inline JS` : 'no inline JS'}, ${css(b)}`;
  console.table({
    'first screen JS+CSS (gzip)': {
      product: kb(results.bytes.product.gzip),
      floor: kb(results.bytes.floor.gzip),
      ratio: results.bytes.ratio,
      budget: '≤ 1.25',
      verdict: verdict(results.bytes.met),
    },
    'first screen JS+CSS (brotli)': {
      product: kb(results.bytes.product.brotli),
      floor: kb(results.bytes.floor.brotli),
      ratio: ratio(results.bytes.product.brotli, results.bytes.floor.brotli),
      budget: '',
      verdict: '',
    },
    'of which (raw)': { product: parts(results.bytes.product), floor: parts(results.bytes.floor), ratio: '', budget: '', verdict: '' },
    'entry page document (gzip)': {
      product: kb(results.bytes.product.document.gzip),
      floor: kb(results.bytes.floor.document.gzip),
      ratio: ratio(results.bytes.product.document.gzip, results.bytes.floor.document.gzip),
      budget: '',
      verdict: '',
    },
    'production build (ms)': { product: results.buildMs, floor: '', ratio: '', budget: '', verdict: '' },
  });
  console.log(`first screen gzip bytes: product ${results.bytes.product.gzip}, floor ${results.bytes.floor.gzip}`);
  for (const [profile, figures] of Object.entries(results.start)) {
    console.log(
      `Start-up, ${profile} profile: ms from navigation, median (IQR) of ${results.startRuns} interleaved cold starts each; Continue usable: the product's login form data-ready, the static page's submit button`,
    );
    console.table(
      Object.fromEntries(
        (['static', 'floor', 'product'] as const).map((app) => [
          app,
          {
            'form painted': showOf(figures[app].formPainted, figures[app].attempted),
            'input accepted': showOf(figures[app].inputReady, figures[app].attempted),
            'Continue usable': app === 'floor' ? '—' : showOf(figures[app].continueUsable, figures[app].attempted),
            'runs failed': `${figures[app].failed} of ${figures[app].attempted}`,
          },
        ]),
      ),
    );
  }
  for (const [profile, figures] of Object.entries(results.lists)) {
    console.log(
      `Accounts step as the list grows, ${profile} profile: renders in ms; interactions as Event Timing's duration (INP), median (IQR); "≤16" = under the API's threshold`,
    );
    const rows: Record<string, Record<string, string | number>> = {};
    for (const app of ['product', 'floor'] as const) {
      for (const size of SIZES) {
        const list = figures[app][size.accounts];
        const failure = results.listRuns[profile]?.[app][size.accounts];
        if (list === undefined) {
          rows[`${app} ${size.accounts}`] = {
            'first render': `${failure?.stage ?? 'run'} failed`,
            'select all': '—',
            'tick one': '—',
            'filter key': '—',
            'review render': '—',
          };
          continue;
        }
        const inp = (kind: ListSummary['selectAll']): string =>
          `${kind.belowThreshold === kind.inp.n ? '≤16' : show(kind.inp)}${kind.processing === undefined ? '' : `; proc ${Math.round(kind.processing.median)}`}`;
        rows[`${app} ${size.accounts}`] = {
          'first render': list.firstRender,
          'select all': inp(list.selectAll),
          'tick one': inp(list.tickOne),
          'filter key': inp(list.filterType),
          'review render': list.reviewRender ?? (app === 'product' ? `${failure?.stage ?? 'review'} failed` : '—'),
        };
      }
    }
    console.table(rows);
  }
  console.log('Runs that could not be made (counted, not thrown; each one is in results.json "failures")');
  for (const [profile, figures] of Object.entries(results.start)) {
    for (const app of ['static', 'floor', 'product'] as const) {
      const figure = figures[app];
      const stages = results.failures.filter((f) => f.what === 'start' && f.profile === profile && f.app === app).map((f) => f.stage);
      const byStage = [...new Set(stages)].map((stage) => `${stages.filter((s) => s === stage).length} at ${stage}`).join(', ');
      console.log(
        `  start-up, ${profile}, ${app}: failed in ${figure.failed} of ${figure.attempted} cold starts${byStage === '' ? '' : ` (${byStage})`}${figure.typedLost === undefined ? '' : `; typed text lost by the time Continue was usable in ${figure.typedLost} of ${figure.attempted - figure.failed}`}`,
      );
    }
  }
  for (const app of ['product', 'floor'] as const) {
    const outcomes = Object.values(results.listRuns).flatMap((byApp) => Object.values(byApp[app]));
    const count = (stage: ListStage): number => outcomes.filter((failure) => failure?.stage === stage).length;
    const stages = LIST_STAGES.filter((stage) => count(stage) > 0).map((stage) => `${stage} failed in ${count(stage)}`);
    const lost =
      app === 'product' ? `; typed text lost before the login step was ready in ${results.listTypedLost.length} of ${outcomes.length} (typed again)` : '';
    console.log(
      `  accounts step, ${app}: ${app === 'product' ? `login failed in ${count('login')} of ${outcomes.length} runs` : `failed in ${outcomes.filter((f) => f !== null).length} of ${outcomes.length} runs`}${stages.length > 0 ? ` (${stages.join(', ')})` : ''}${lost}`,
    );
  }
  if (results.browserRelaunches > 0) console.log(`  the browser was launched again ${results.browserRelaunches} time(s) after it died`);
  console.log('Verdicts (medians)');
  console.table(results.verdicts.map((v) => ({ profile: v.profile, budget: v.budget, figure: v.figure ?? '—', verdict: verdict(v.met) })));
}

type FirstScreenBytesFigures = Awaited<ReturnType<typeof firstScreenBytes>>;

await main();
