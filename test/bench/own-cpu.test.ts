// bench/own-cpu.ts (issue 32): a command's CPU is its own processes', whatever else runs beside it.
import { spawn } from 'node:child_process';
import { expect } from 'chai';
import { cpuMeter } from '../../bench/own-cpu';

describe('bench: the CPU a command costs (bench/own-cpu.ts, issue 32)', () => {
  it('counts its own processes, not a busy loop beside it', function () {
    this.timeout(10_000);
    const meter = cpuMeter();
    // Where no cgroup can be made (not root), the meter says it counts the whole machine, and bench/test-cost.ts prints that.
    if (meter.counts !== 'its own processes') this.skip();
    // A loop busy for 0.7 s of wall time, started beside the command (not by it).
    const beside = spawn(process.execPath, ['-e', 'const end = Date.now() + 700; while (Date.now() < end);'], { stdio: 'ignore' });
    try {
      const { wallS, cpuS, status } = meter.run('sh', ['-c', 'sleep 0.5']);
      expect(status).to.equal(0);
      expect(wallS).to.be.at.least(0.5);
      expect(cpuS, 'half a second of sleep, beside a busy loop').to.be.below(0.25);
    } finally {
      beside.kill();
      meter.close();
    }
  });
});
