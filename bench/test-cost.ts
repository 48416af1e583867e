// Issue 24 item 4: what each test file costs the machine, for the "npm test ≤ 4 minutes" question
// (docs/testing.md "How long it takes"). Runs each file alone through mocha and prints its wall
// time and the whole machine's CPU time over it, read from /proc/stat: Chromium's renderers are
// not children that mocha waits for, so `time npm test` does not count them.
//
//   npx tsx bench/test-cost.ts                      # every browser test file
//   npx tsx bench/test-cost.ts test/terminal/*.ts   # any files
//
// The CPU is the file's own processes' (mocha, Chromium and its renderers, nginx), read from a
// cpuacct cgroup of their own where this machine lets us make one (root, cgroup v1), so the other
// work on a shared machine is not counted; else the whole machine's, and then run it on a quiet one.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, rmdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The machine's busy CPU seconds since boot: user, nice, system, irq and softirq of every core. */
function machineCpuSeconds(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const [user, nice, system, , , irq, softirq] = line.trim().split(/\s+/).slice(1).map(Number);
  const ticksPerSecond = 100; // USER_HZ, 100 on Linux
  return ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0)) / ticksPerSecond;
}

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

const CPUACCT = '/sys/fs/cgroup/cpuacct';

/** A cpuacct cgroup of our own, or undefined where none can be made (then the machine's CPU is read). */
function ownCgroup(): string | undefined {
  const dir = path.join(CPUACCT, `test-cost-${String(process.pid)}`);
  try {
    if (!existsSync(dir)) mkdirSync(dir);
    return dir;
  } catch {
    return undefined;
  }
}

const cgroup = ownCgroup();
process.on('exit', () => {
  if (cgroup !== undefined) rmdirSync(cgroup);
});

/** CPU seconds the cgroup's processes (the file's run and all it started) have used, or the machine's. */
const cpuSeconds = (): number => (cgroup === undefined ? machineCpuSeconds() : Number(readFileSync(path.join(cgroup, 'cpuacct.usage'), 'utf8')) / 1e9);

function runFile(file: string): Cost {
  const reportDir = mkdtempSync(path.join(os.tmpdir(), 'test-cost-'));
  const reportFile = path.join(reportDir, 'report.json');
  const cpu0 = cpuSeconds();
  const t0 = performance.now();
  const args = [...MOCHA, '--timeout', '180000', '--reporter', 'json', '--reporter-option', `output=${reportFile}`, file];
  // The shell joins the cgroup, then becomes npx: everything it starts is counted, reaped or not.
  const run =
    cgroup === undefined
      ? spawnSync('npx', args, { encoding: 'utf8' })
      : spawnSync('sh', ['-c', 'echo $$ > "$0/cgroup.procs" && exec npx "$@"', cgroup, ...args], { encoding: 'utf8' });
  const wallS = (performance.now() - t0) / 1000;
  const cpuS = cpuSeconds() - cpu0;
  const tests = testDurations(reportFile);
  rmSync(reportDir, { recursive: true, force: true });
  const failed = run.status === 0 ? '' : `exit ${String(run.status)}, `;
  return { file, wallS, cpuS, summary: `${failed}${tests.length} tests`, tests };
}

if (process.platform !== 'linux') {
  console.error('bench/test-cost.ts reads /proc/stat: it runs on Linux only.');
  process.exit(2);
}
const files =
  process.argv.length > 2
    ? process.argv.slice(2)
    : readdirSync('test/browser')
        .filter((name) => name.endsWith('.test.ts'))
        .map((name) => `test/browser/${name}`);
const cores = os.cpus().length;
console.log(cgroup === undefined ? "CPU: the whole machine's (/proc/stat)" : "CPU: the files' own processes' (a cpuacct cgroup)");
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
