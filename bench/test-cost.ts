// Issue 24 item 4: what each test file costs the machine, for the "npm test ≤ 4 minutes" question
// (docs/testing.md "How long it takes"). Runs each file alone through mocha and prints its wall
// time and its CPU time: since issue 32 (32.9) that of the file's own processes, Chromium's
// renderers included (`time npm test` misses them: no parent waits for them), where this machine
// lets bench/own-cpu.ts make a cgroup; else the whole machine's, and then run it on a quiet one.
//
//   npx tsx bench/test-cost.ts                      # every browser test file
//   npx tsx bench/test-cost.ts test/terminal/*.ts   # any files
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cpuMeter } from './own-cpu';

const MOCHA = ['mocha', '--no-config', '--import=tsx/esm', '--require', 'test/support/test-environment.ts', '--extension', 'ts', '--extension', 'tsx'];

interface Cost {
  readonly file: string;
  readonly wallS: number;
  readonly cpuS: number;
  readonly summary: string;
  /** Each test's own duration (mocha's, hooks excluded), slowest first. */
  readonly tests: readonly { readonly title: string; readonly ms: number }[];
}

/** The tests of mocha's JSON report, with their durations (a failed test's too). */
function testDurations(reportFile: string): { title: string; ms: number }[] {
  try {
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as { tests?: { fullTitle?: string; duration?: number }[] };
    return (report.tests ?? []).map((test) => ({ title: test.fullTitle ?? '?', ms: test.duration ?? 0 })).sort((a, b) => b.ms - a.ms);
  } catch {
    return [];
  }
}

const USAGE = `usage: npx tsx bench/test-cost.ts [test files...]
  each file alone through mocha: its wall time, its CPU time and the cost per test
  (no files: every test/browser/*.test.ts; TEST_COST_SLOWEST=n also lists the n slowest tests)`;

const asked = process.argv.slice(2);
if (asked.includes('--help') || asked.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
const missing = asked.filter((file) => !existsSync(file));
if (missing.length > 0) {
  console.error(`bench/test-cost.ts: no such test file: ${missing.join(', ')}\n${USAGE}`);
  process.exit(2);
}

if (process.platform !== 'linux') {
  console.error('bench/test-cost.ts reads /proc/stat: it runs on Linux only.');
  process.exit(2);
}
const meter = cpuMeter();
process.on('exit', () => meter.close());

function runFile(file: string): Cost {
  const reportDir = mkdtempSync(path.join(os.tmpdir(), 'test-cost-'));
  const reportFile = path.join(reportDir, 'report.json');
  const { wallS, cpuS, status } = meter.run('npx', [...MOCHA, '--timeout', '180000', '--reporter', 'json', '--reporter-option', `output=${reportFile}`, file]);
  const tests = testDurations(reportFile);
  rmSync(reportDir, { recursive: true, force: true });
  const failed = status === 0 ? '' : `exit ${String(status)}, `;
  return { file, wallS, cpuS, summary: `${failed}${tests.length} tests`, tests };
}

const files =
  asked.length > 0
    ? asked
    : readdirSync('test/browser')
        .filter((name) => name.endsWith('.test.ts'))
        .map((name) => `test/browser/${name}`);
const cores = os.cpus().length;
console.log(`CPU: ${meter.counts === 'its own processes' ? "each file's own processes'" : "the whole machine's (/proc/stat)"}`);
const costs: Cost[] = [];
for (const file of files) {
  const cost = runFile(file);
  costs.push(cost);
  const perTest =
    cost.tests.length > 0 ? `; per test ${(cost.wallS / cost.tests.length).toFixed(1)} s wall, ${(cost.cpuS / cost.tests.length).toFixed(1)} s CPU` : '';
  console.log(
    `${cost.file}: ${cost.wallS.toFixed(1)} s wall, ${cost.cpuS.toFixed(1)} s CPU (${(cost.cpuS / cost.wallS).toFixed(2)} cores busy); ${cost.summary}${perTest}`,
  );
  if (process.env['TEST_COST_SLOWEST'] !== undefined) {
    for (const test of cost.tests.slice(0, Number(process.env['TEST_COST_SLOWEST']) || 5)) console.log(`    ${(test.ms / 1000).toFixed(1)} s  ${test.title}`);
  }
}
const wall = costs.reduce((sum, cost) => sum + cost.wallS, 0);
const cpu = costs.reduce((sum, cost) => sum + cost.cpuS, 0);
const tests = costs.reduce((sum, cost) => sum + cost.tests.length, 0);
console.log(
  `\n${costs.length} files, ${tests} tests: ${wall.toFixed(0)} s wall, ${cpu.toFixed(0)} s of CPU: at least ${(cpu / cores).toFixed(0)} s on ${cores} cores however they are run.`,
);
if (tests > 0) console.log(`per test: ${(wall / tests).toFixed(1)} s wall, ${(cpu / tests).toFixed(1)} s CPU`);
