// `npx tsx bench/test-cost.ts --help` says how to run it; a file that is not there is refused by
// name before anything runs (the flag or a typo is no test file for mocha).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function testCost(...args: string[]): Promise<{ readonly code: number; readonly out: string; readonly err: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/test-cost.ts'), ...args], { cwd: ROOT, timeout: 50_000 }, (error, stdout, stderr) =>
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, out: stdout, err: stderr }),
    );
  });
}

describe('bench: bench/test-cost.ts usage', function () {
  this.timeout(60_000);

  it('--help prints the usage and exits 0, running nothing', async () => {
    const run = await testCost('--help');
    expect(run.code, run.err).to.equal(0);
    expect(run.out).to.match(/^usage: npx tsx bench\/test-cost\.ts \[test files\.\.\.\]/);
    expect(run.out).to.not.match(/^CPU:/m);
  });

  it('a test file that is not there: exit 2, named, nothing run', async () => {
    const run = await testCost('test/no-such.test.ts');
    expect(run.code).to.equal(2);
    expect(run.err).to.match(/no such test file: test\/no-such\.test\.ts/);
    expect(run.out).to.equal('');
  });
});
