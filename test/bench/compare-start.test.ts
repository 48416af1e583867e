// `npm run bench:compare -- --help` says how to run it, and builds and starts nothing.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('bench: npm run bench:compare -- --help', function () {
  this.timeout(60_000);

  it('prints the usage and exits 0 (the flag is no git ref to check out)', async () => {
    const run = await new Promise<{ readonly code: number; readonly out: string; readonly err: string }>((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', path.join(ROOT, 'bench/compare-start.ts'), '--help'],
        { cwd: ROOT, timeout: 50_000 },
        (error, stdout, stderr) => resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, out: stdout, err: stderr }),
      );
    });
    expect(run.code, run.err).to.equal(0);
    expect(run.out).to.match(/^npm run bench:compare -- \[git ref\] \[runs\]: /);
  });
});
