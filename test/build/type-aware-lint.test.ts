// Issue 32: `npm run lint`'s type-aware rules are oxlint's (.oxlintrc.json, on TypeScript 7), not
// ESLint's (docs/toolchain.md). Each rule must still fail the lint: the fixture breaks each once.
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FIXTURE = 'tools/lint/type-aware-fixture';
const OXLINT = path.join(root, 'node_modules/.bin/oxlint');

/** oxlint's arguments in package.json's `lint` script (one source of them). */
const lintScript = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts['lint']!;
const oxlintArgs = (lintScript.split('&&').find((command) => command.trim().startsWith('oxlint ')) ?? '').trim().split(' ').slice(1);

/** The project's config as oxlint resolves it, less its ignores (they leave out tools/, the fixture's home). */
const configWithoutIgnores = (dir: string): string => {
  const printed = spawnSync(OXLINT, ['--print-config'], { cwd: root, encoding: 'utf8' });
  const config = JSON.parse(printed.stdout) as { ignorePatterns?: unknown; $schema?: unknown };
  delete config.ignorePatterns;
  delete config.$schema;
  const file = path.join(dir, 'oxlintrc.json');
  writeFileSync(file, JSON.stringify(config));
  return file;
};

describe('build: the lint fails on each type-aware rule (oxlint --type-aware)', function () {
  this.timeout(60_000);

  it('reports each fixture file with the rule it is named after, and the async JSX handler with none', () => {
    expect(oxlintArgs).to.include('--type-aware');
    const dir = mkdtempSync(path.join(tmpdir(), 'type-aware-lint-'));
    try {
      const run = spawnSync(OXLINT, [...oxlintArgs, '--config', configWithoutIgnores(dir), '--format', 'unix', FIXTURE], { cwd: root, encoding: 'utf8' });
      const output = `${run.stdout}${run.stderr}`;
      expect(run.status, output).to.equal(1);
      // unix format: `file:line:column: message [Error/typescript(rule)]`, one line a finding.
      const findings = output
        .split('\n')
        .map((line) => /^(?:.*\/)?([\w-]+)\.tsx?:\d+:\d+: .*\[Error\/typescript\(([\w-]+)\)\]$/.exec(line))
        .filter((match) => match !== null)
        .map(([, file, rule]) => `${file} ${rule}`);
      const rules = readdirSync(path.join(root, FIXTURE))
        .filter((file) => file.endsWith('.ts'))
        .map((file) => file.replace(/\.ts$/, ''));
      expect(rules).to.have.members(['no-floating-promises', 'no-misused-promises', 'await-thenable', 'no-unnecessary-type-assertion']);
      expect(findings, output).to.have.members(rules.map((rule) => `${rule} ${rule}`));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
