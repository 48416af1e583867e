// Issue 32 item 5, `npm run soak`: the random search, apart from the gate (docs/testing.md "The
// gate and the soak"). Runs the timing searches (the take-over property and the browser random
// journeys, in Chromium) and the application tier's random journeys in batches, each with a fresh
// seed, for a given time or number of rounds; prints every case as it ends, then a table of
// outcomes and every failure with the command that replays it. Exits 1 when a case failed.
//
//   npm run soak -- --minutes 20
//   npm run soak -- --rounds 2 --searches take-over,browser-journeys
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { cpuThrottleKind } from '../browser/cpu-throttle';
import type { CaseReport } from '../browser/regression-corpus';

interface Search {
  /** The test file that searches. */
  readonly file: string;
  /** The environment of one batch of `cases` cases from `seed`. */
  readonly env: (seed: number, cases: number) => Record<string, string>;
  readonly cases: number;
  /** The cases are reported one by one (SOAK_REPORT); else the batch passes or fails as a whole. */
  readonly reportsCases: boolean;
  /** How to replay a batch that failed as a whole. */
  readonly replay: (seed: number, cases: number) => string;
}

const MOCHA = 'npx mocha --no-config -n import=tsx/esm --require test/support/test-environment.ts --extension ts --extension tsx --timeout 900000';

const SEARCHES: Record<string, Search> = {
  'take-over': {
    file: 'test/browser/take-over-timing.test.ts',
    env: (seed, cases) => ({ TAKE_OVER_SEED: String(seed), TAKE_OVER_RUNS: String(cases) }),
    cases: 6,
    reportsCases: true,
    replay: (seed) => `TAKE_OVER_SEED=${seed} TAKE_OVER_CASE=<n>`,
  },
  'browser-journeys': {
    file: 'test/browser/random-journeys.test.ts',
    env: (seed, cases) => ({ BROWSER_JOURNEYS_SEED: String(seed), BROWSER_JOURNEYS_RUNS: String(cases) }),
    cases: 8,
    reportsCases: true,
    replay: (seed) => `BROWSER_JOURNEYS_SEED=${seed} BROWSER_JOURNEYS_CASE=<n> BROWSER_JOURNEYS_TRACE=1`,
  },
  'app-journeys': {
    file: 'test/application/random-journeys.test.ts',
    env: (seed, cases) => ({ JOURNEY_SEED: String(seed), JOURNEYS: String(cases) }),
    cases: 1000,
    reportsCases: false,
    replay: (seed, cases) => `JOURNEYS=${cases} JOURNEY_SEED=${seed} (add the JOURNEY_PATH and JOURNEY_REPLAY it printed)`,
  },
};

function usage(problem: string): never {
  console.error(`${problem}\nusage: npm run soak -- [--minutes M | --rounds N] [--searches ${Object.keys(SEARCHES).join(',')}]`);
  process.exit(2);
}

const { values } = parseArgs({
  options: { minutes: { type: 'string' }, rounds: { type: 'string' }, searches: { type: 'string' }, help: { type: 'boolean' } },
  strict: false,
});
if (values.help === true) usage('');
const minutes = values.minutes === undefined ? undefined : Number(values.minutes);
const rounds = values.rounds === undefined ? undefined : Number(values.rounds);
if (minutes !== undefined && !(minutes > 0)) usage(`--minutes must be a positive number, not ${String(values.minutes)}`);
if (rounds !== undefined && !(Number.isInteger(rounds) && rounds > 0)) usage(`--rounds must be a positive whole number, not ${String(values.rounds)}`);
const chosen = typeof values.searches === 'string' ? values.searches.split(',') : Object.keys(SEARCHES);
for (const name of chosen) if (SEARCHES[name] === undefined) usage(`no search "${name}"`);
const deadline = Date.now() + (minutes ?? (rounds === undefined ? 20 : Infinity)) * 60_000;
const maxRounds = rounds ?? Infinity;

interface Tally {
  batches: number;
  cases: number;
  failed: number;
  readonly outcomes: Map<string, number>;
  readonly ms: number[];
}
const tallies = new Map<string, Tally>(chosen.map((name) => [name, { batches: 0, cases: 0, failed: 0, outcomes: new Map(), ms: [] }]));
const failures: string[] = [];
const began = Date.now();
const clock = (): string => {
  const s = Math.round((Date.now() - began) / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};
const freshSeed = (): number => (Date.now() ^ (Math.random() * 0x7fffffff)) >>> 0;

/** Runs one batch; resolves with mocha's exit code and the last lines it printed. */
function runBatch(search: Search, seed: number, reportFile: string): Promise<{ code: number; tail: string }> {
  return new Promise((resolve) => {
    const child = spawn(`${MOCHA} ${search.file}`, {
      shell: true,
      env: { ...process.env, ...search.env(seed, search.cases), SOAK_REPORT: reportFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer): void => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('close', (code) => resolve({ code: code ?? 1, tail: output }));
  });
}

const reportDir = mkdtempSync(path.join(os.tmpdir(), 'soak-'));
let round = 0;
try {
  while (round < maxRounds && Date.now() < deadline) {
    round += 1;
    for (const name of chosen) {
      if (Date.now() >= deadline) break;
      const search = SEARCHES[name] as Search;
      const tally = tallies.get(name) as Tally;
      const seed = freshSeed();
      const reportFile = path.join(reportDir, `${name}-${seed}.jsonl`);
      console.log(`[${clock()}] ${name}: seed ${seed}, ${search.cases} cases`);
      const { code, tail } = await runBatch(search, seed, reportFile);
      tally.batches += 1;
      if (search.reportsCases) {
        const reports = readReports(reportFile);
        for (const report of reports) {
          tally.cases += 1;
          tally.ms.push(report.ms);
          tally.outcomes.set(report.outcome, (tally.outcomes.get(report.outcome) ?? 0) + 1);
          const failed = report.problems.length > 0;
          if (failed) {
            tally.failed += 1;
            const trace = report.trace === undefined ? '' : `\n    trace:\n${indent(report.trace.join('\n'))}`;
            failures.push(`${name}, ${report.label}:\n    replay: ${report.replay} ${MOCHA} ${search.file}\n    - ${report.problems.join('\n    - ')}${trace}`);
          }
          console.log(`  ${failed ? '✘' : '✔'} ${report.label}: ${report.outcome} (${(report.ms / 1000).toFixed(1)} s)`);
        }
        // A batch that broke before its cases ran (a crash, a hung browser) is a failure of its own.
        if (code !== 0 && reports.every((report) => report.problems.length === 0)) {
          tally.failed += 1;
          failures.push(
            `${name}, seed ${seed}: mocha exited ${code}\n    replay: ${search.replay(seed, search.cases)} ${MOCHA} ${search.file}\n${indent(tail)}`,
          );
          console.log(`  ✘ seed ${seed}: mocha exited ${code}`);
        }
      } else {
        tally.cases += search.cases;
        const outcome = code === 0 ? 'passed' : 'failed';
        tally.outcomes.set(outcome, (tally.outcomes.get(outcome) ?? 0) + 1);
        if (code !== 0) {
          tally.failed += 1;
          failures.push(`${name}, seed ${seed}:\n    replay: ${search.replay(seed, search.cases)} ${MOCHA} ${search.file}\n${indent(tail)}`);
        }
        console.log(`  ${code === 0 ? '✔' : '✘'} seed ${seed}: ${search.cases} journeys ${outcome}`);
      }
    }
  }
} finally {
  rmSync(reportDir, { recursive: true, force: true });
}

function readReports(file: string): CaseReport[] {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as CaseReport);
  } catch {
    return [];
  }
}

function indent(text: string): string {
  return text
    .trim()
    .split('\n')
    .slice(-40)
    .map((line) => `    | ${line}`)
    .join('\n');
}

const median = (ms: readonly number[]): string => {
  if (ms.length === 0) return '–';
  const sorted = [...ms].sort((a, b) => a - b);
  return `${((sorted[Math.floor(sorted.length / 2)] ?? 0) / 1000).toFixed(1)} s`;
};
console.log(
  `\nSoak: ${round} round${round === 1 ? '' : 's'} in ${clock()} (${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)}, ${cpuThrottleKind()})\n`,
);
console.log('| search | batches | cases | failed | outcomes | median case |');
console.log('|---|---|---|---|---|---|');
for (const [name, tally] of tallies) {
  const outcomes = [...tally.outcomes].map(([outcome, n]) => `${outcome} ${n}`).join(', ') || '–';
  console.log(`| ${name} | ${tally.batches} | ${tally.cases} | ${tally.failed} | ${outcomes} | ${median(tally.ms)} |`);
}
if (failures.length > 0) {
  console.log(`\n${failures.length} failure${failures.length === 1 ? '' : 's'}:\n\n${failures.join('\n\n')}`);
  process.exit(1);
}
console.log('\nNo failure.');
