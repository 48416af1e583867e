// Issue 33 item 2: the sandbox's config.json, built in code, goes through the app's own reader
// (application/runtime-config.ts) when the sandbox starts: a setting the app would refuse stops
// it there, named, before anything is opened. Before, it started, and every launch showed the
// app's failure page.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { parseRuntimeConfig } from '../../application/runtime-config';
import { sandboxConfig } from '../../sandbox/sandbox-config';
import { createSandboxBank, type SandboxBankOptions } from '../../sandbox/server';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** What the app's reader says of the config the sandbox would serve with these settings. */
function appsProblems(options: SandboxBankOptions): readonly string[] {
  const read = parseRuntimeConfig(sandboxConfig({ inactiveTimeLimit: 300, inactiveReciprocalWarnTime: 60, ...options.inactivity }, options.cx));
  return read.ok ? [] : read.error;
}

describe('sandbox bank: its config.json is checked by the app reader at start (issue 33 item 2)', () => {
  let work: string;
  beforeEach(() => {
    work = mkdtempSync(path.join(os.tmpdir(), 'sandbox-config-check-'));
  });
  afterEach(() => rmSync(work, { recursive: true, force: true }));

  const refused: [string, SandboxBankOptions][] = [
    ['a misspelt CX switch', { cx: { showForgottenDetailsLnk: true } }],
    ['a warning time not under the time limit', { inactivity: { inactiveTimeLimit: 60, inactiveReciprocalWarnTime: 60 } }],
  ];
  for (const [what, options] of refused) {
    it(`${what}: refused at start with the app's lines, nothing opened`, async () => {
      const problems = appsProblems(options);
      expect(problems, 'the app refuses it').to.have.length(1);
      const dataDir = path.join(work, 'data');
      const started = await createSandboxBank({ port: 0, dataDir, distDir: work, ...options }).then(
        async (bank) => {
          await bank.close();
          return 'started';
        },
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      );
      expect(started.split('\n').slice(1)).to.deep.equal(problems.map((problem) => `- ${problem}`));
      expect(existsSync(dataDir), 'no data folder made').to.equal(false);
    });
  }

  it('`npm run sandbox` with a misspelt SANDBOX_CX: exit 1 and the problem, at once', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'sandbox/main.ts'), '--port', '0', '--data-dir', path.join(work, 'data')], {
      cwd: ROOT,
      env: { ...process.env, SANDBOX_CX: 'showForgottenDetailsLnk' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status, run.stderr).to.equal(1);
    expect(run.stderr).to.include('The sandbox bank could not start.');
    expect(run.stderr).to.include(`- ${appsProblems({ cx: { showForgottenDetailsLnk: true } })[0]}`);
  });
});
