// Issue 32: what a command costs in CPU, counted for its own processes (Chromium's renderers, which
// no parent waits for, included) by a cpuacct cgroup made for it, so that other work on a shared
// machine is not counted; where no cgroup can be made (not root, no cgroup v1 cpuacct), the whole
// machine's busy time from /proc/stat, to be read on a quiet machine. docs/testing.md "What a
// browser test costs".
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmdirSync } from 'node:fs';
import path from 'node:path';

const CPUACCT = '/sys/fs/cgroup/cpuacct';

/** The machine's busy CPU seconds since boot: user, nice, system, irq and softirq of every core. */
function machineCpuSeconds(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const [user, nice, system, , , irq, softirq] = line.trim().split(/\s+/).slice(1).map(Number);
  const ticksPerSecond = 100; // USER_HZ, 100 on Linux
  return ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0)) / ticksPerSecond;
}

interface Measured {
  readonly wallS: number;
  readonly cpuS: number;
  readonly status: number | null;
}

export interface CpuMeter {
  /** Whose CPU `run` counts. */
  readonly counts: 'its own processes' | 'the whole machine';
  /** Runs `command` to its end and returns its wall time and CPU. */
  run(command: string, args: readonly string[]): Measured;
  /** Removes the cgroup. */
  close(): void;
}

let made = 0;

export function cpuMeter(): CpuMeter {
  const dir = path.join(CPUACCT, `own-cpu-${String(process.pid)}-${String((made += 1))}`);
  let cgroup: string | undefined;
  try {
    mkdirSync(dir);
    cgroup = dir;
  } catch {
    cgroup = undefined;
  }
  const cpuSeconds = (): number => (cgroup === undefined ? machineCpuSeconds() : Number(readFileSync(path.join(cgroup, 'cpuacct.usage'), 'utf8')) / 1e9);
  return {
    counts: cgroup === undefined ? 'the whole machine' : 'its own processes',
    run(command, args) {
      const cpu0 = cpuSeconds();
      const t0 = performance.now();
      // The shell joins the cgroup, then becomes the command: everything it starts is counted, reaped or not.
      const run =
        cgroup === undefined
          ? spawnSync(command, args, { encoding: 'utf8' })
          : spawnSync('sh', ['-c', 'echo $$ > "$0/cgroup.procs" && exec "$@"', cgroup, command, ...args], { encoding: 'utf8' });
      return { wallS: (performance.now() - t0) / 1000, cpuS: cpuSeconds() - cpu0, status: run.status };
    },
    close() {
      if (cgroup !== undefined) rmdirSync(cgroup);
    },
  };
}
