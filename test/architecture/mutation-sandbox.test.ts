import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importsOf } from './layer-rules';
import { leftOutOfSandbox } from './sandbox-patterns';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface StrykerSettings {
  readonly ignorePatterns: readonly string[];
  readonly testRunnerNodeArgs: readonly string[];
  readonly mochaOptions: { readonly spec: readonly string[]; readonly require?: readonly string[]; readonly config?: string; readonly 'no-config'?: boolean };
}

/** stryker.config.mjs as Stryker reads it, in a process of its own (the config loads the mocha 12 shim when imported). */
function strykerSettings(): StrykerSettings {
  const script = `import('./stryker.config.mjs').then((config) => process.stdout.write(JSON.stringify(config.default)))`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' })) as StrykerSettings;
}

/** A relative path of the project, when the entry names one of its files (else a package, which Stryker links into the sandbox). */
function projectFile(entry: string): string | undefined {
  const absolute = path.resolve(root, entry);
  if (!existsSync(absolute) || !absolute.startsWith(`${root}${path.sep}`)) return undefined;
  return path.relative(root, absolute).split(path.sep).join('/');
}

/** What the test processes load first: mocha's `require` (from the mocha config Stryker reads, and its own options) and the node arguments' `--require`/`--import`. */
function requiredFiles(settings: StrykerSettings): string[] {
  const mochaConfig = settings.mochaOptions['no-config'] === true ? undefined : (settings.mochaOptions.config ?? '.mocharc.json');
  const fromConfig =
    mochaConfig === undefined ? [] : ((JSON.parse(readFileSync(path.join(root, mochaConfig), 'utf8')) as { require?: string[] }).require ?? []);
  const args = settings.testRunnerNodeArgs;
  const fromArgs = args.filter((_, index) => index > 0 && ['--require', '-r', '--import'].includes(args[index - 1] ?? ''));
  return [...fromConfig, ...(settings.mochaOptions.require ?? []), ...fromArgs].flatMap((entry) => projectFile(entry) ?? []);
}

/** The spec files of `mochaOptions.spec` (globs of the form `folder/**\/*.test.ts`). */
function specFiles(settings: StrykerSettings): string[] {
  return settings.mochaOptions.spec.flatMap((glob) => {
    const match = /^(.*?)\/\*\*\/\*(\..+)$/.exec(glob);
    if (match === null) throw new Error(`mochaOptions.spec "${glob}": this check reads only folder/**/*.ext globs`);
    const [, folder = '', ending = ''] = match;
    const walk = (dir: string): string[] =>
      readdirSync(path.join(root, dir)).flatMap((name) => {
        const rel = `${dir}/${name}`;
        if (statSync(path.join(root, rel)).isDirectory()) return walk(rel);
        return name.endsWith(ending) ? [rel] : [];
      });
    return walk(folder);
  });
}

/** Every project file these load, following relative imports (a test's fixtures, the adapters it builds its inputs with). */
function loadedFiles(start: readonly string[]): string[] {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.shift() ?? '';
    if (seen.has(file)) continue;
    seen.add(file);
    if (!/\.tsx?$/.test(file)) continue;
    for (const specifier of importsOf(readFileSync(path.join(root, file), 'utf8')).filter((s) => s.startsWith('.'))) {
      const base = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      const target = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find(
        (candidate) => existsSync(path.join(root, candidate)) && statSync(path.join(root, candidate)).isFile(),
      );
      if (target !== undefined) queue.push(target);
    }
  }
  return [...seen].sort();
}

// Issue 34 item 6: `npm run mutation` stopped at once ("Cannot find module
// 'test/support/test-environment.ts'") when .mocharc.json began to require a file the sandbox left
// out. What the mutation run loads must be in its sandbox (docs/mutation-testing.md).
describe("architecture: the mutation run's sandbox holds what its tests load", () => {
  it('every file the test processes require, every spec and everything they import is inside Stryker’s sandbox', () => {
    const settings = strykerSettings();
    const required = requiredFiles(settings);
    expect(required, 'the mocha config Stryker reads requires the test environment').to.include('test/support/test-environment.ts');
    const specs = specFiles(settings);
    expect(specs.length, 'spec files').to.be.greaterThan(10);
    const missing = loadedFiles([...required, ...specs]).filter((file) => leftOutOfSandbox(settings.ignorePatterns, file));
    expect(missing, `left out of the sandbox by stryker.config.mjs ignorePatterns:\n${missing.join('\n')}\n`).to.deep.equal([]);
  });

  describe('the reading of ignorePatterns (.gitignore lines)', () => {
    const patterns = ['/*', '!/domain', '!/adapters', '/adapters/*', '!/adapters/reader.ts', '!/test', '/test/*', '!/test/domain', 'node_modules', '*.log'];

    it('keeps what a later line brings back, at its depth', () => {
      for (const file of ['domain/flow.ts', 'adapters/reader.ts', 'test/domain/flow.test.ts', 'test/domain/fixtures/state.ts']) {
        expect(leftOutOfSandbox(patterns, file), file).to.equal(false);
      }
    });

    it('leaves out what is not brought back, and anything under a folder left out', () => {
      for (const file of [
        'README.md',
        'ui/web/main.tsx',
        'adapters/other.ts',
        'test/support/test-environment.ts',
        'domain/node_modules/x.js',
        'domain/debug.log',
      ]) {
        expect(leftOutOfSandbox(patterns, file), file).to.equal(true);
      }
      expect(leftOutOfSandbox(['/test', '!/test/support/env.ts'], 'test/support/env.ts'), 'a file of an excluded folder cannot come back').to.equal(true);
    });
  });
});
