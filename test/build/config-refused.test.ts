// Issue 33 item 2, a bank learns of a bad config before its customers do: `npm run build` refuses
// a config.json the app would refuse, and `npm run check-config -- <file>` checks a deployment's,
// each with the very lines the app logs at start (the app's reader: adapters/config-text.reader.ts).
// The sandbox's config, built in code: test/sandbox/config-checked-at-start.test.ts.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { FetchConfigSource } from '../../adapters/fetch-config-source.adapter';
import { buildApp } from '../../esbuild.config.mjs';
import { checkConfig } from '../../tools/check-config';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SHIPPED = path.join(ROOT, 'config/config.json');
const USAGE_LINE = 'Usage: npm run check-config -- <config.json>';

/** What the app logs at start, one problem a line, when config.json's text is `text` (none when it starts). */
async function appLogs(text: string): Promise<readonly string[]> {
  const source = new FetchConfigSource(() => Promise.resolve(new Response(text, { status: 200 })), { url: 'https://app.example/config/config.json' });
  const read = await source.load();
  return read.ok ? [] : read.error;
}

/** Every way a bank's config can be wrong that the file itself shows. */
async function badConfigs(): Promise<readonly { readonly what: string; readonly text: string }[]> {
  const shipped = JSON.parse(await readFile(SHIPPED, 'utf8')) as Record<string, unknown>;
  const { otpExpirySeconds: _required, ...upgraded } = shipped;
  return [
    // A bank upgrading from a release before issue 22, with a second mistake: each is named.
    {
      what: 'a config without otpExpirySeconds and a link that is not a URL',
      text: JSON.stringify({ ...upgraded, links: { ...(shipped['links'] as object), cookie: 'cookies' } }),
    },
    { what: 'malformed JSON', text: '{ "env": "production",' },
    { what: 'an empty file', text: '' },
  ];
}

describe('build: an invalid config.json is refused with the lines the app logs (issue 33 item 2)', function () {
  this.timeout(60_000);
  let work = '';
  before(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'consent-config-'));
  });
  after(() => rm(work, { recursive: true, force: true }));

  it('npm run build: each mistake refused before anything is built, every problem named as the app logs it, the last build left as it was', async () => {
    for (const { what, text } of await badConfigs()) {
      const problems = await appLogs(text);
      expect(problems, `${what}: the app refuses it`).not.to.deep.equal([]);
      const configFile = path.join(work, 'config.json');
      await writeFile(configFile, text);
      const outDir = path.join(work, 'dist');
      await mkdir(outDir, { recursive: true });
      await writeFile(path.join(outDir, 'index.html'), 'the last build');
      const refusal = await buildApp({ outDir, configFile }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refusal, `${what}: refused`).to.be.an('error').with.property('name', 'ConfigRefused');
      expect((refusal as Error).message.split('\n').slice(1), what).to.deep.equal(problems.map((problem) => `- ${problem}`));
      expect(await readFile(path.join(outDir, 'index.html'), 'utf8'), `${what}: the last build is untouched`).to.equal('the last build');
    }
  });

  it('npm run build: a config file that is not there is named', async () => {
    const configFile = path.join(work, 'missing.json');
    const refusal = await buildApp({ outDir: path.join(work, 'never'), configFile }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refusal).to.be.an('error').with.property('name', 'ConfigRefused');
    expect((refusal as Error).message).to.include(`- ${configFile} was not found`);
    expect(existsSync(path.join(work, 'never')), 'nothing built').to.equal(false);
  });
});

/** `npm run check-config -- …args` run as a bank's pipeline runs it: its exit code and its lines. */
function spawnCheckConfig(...args: string[]): Promise<{ readonly code: number; readonly out: string[]; readonly err: string[] }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'tools/check-config.ts'), ...args],
      { cwd: ROOT, timeout: 50_000 },
      (error, stdout, stderr) => {
        const lines = (text: string) => text.split('\n').filter((line) => line !== '');
        resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, out: lines(stdout), err: lines(stderr) });
      },
    );
  });
}

describe('npm run check-config -- <file>: a deployment config checked as the app reads it (issue 33 item 2)', function () {
  this.timeout(60_000);
  let work = '';
  before(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'consent-check-config-'));
  });
  after(() => rm(work, { recursive: true, force: true }));

  it('exit 0 and one line for a config the app starts with; exit 1 and every problem on a line of its own for one it refuses', async () => {
    expect(await checkConfig([SHIPPED])).to.deep.include({ code: 0, err: [] });
    expect((await checkConfig([SHIPPED])).out)
      .to.have.length(1)
      .and.satisfy((lines: string[]) => lines[0]!.startsWith('OK: '));
    for (const [index, { what, text }] of (await badConfigs()).entries()) {
      const file = path.join(work, `bad-${index}.json`);
      await writeFile(file, text);
      const problems = (await appLogs(text)).map((problem) => `- ${problem}`);
      expect(await checkConfig([file]), what).to.deep.equal({
        code: 1,
        out: [],
        err: [`${file}: the app would show its failure page and log these problems:`, ...problems],
      });
    }
  });

  it('names a file that is not there or cannot be read; exit 2 and the usage for a wrong command line', async () => {
    const missing = path.join(work, 'missing.json');
    expect(await checkConfig([missing])).to.deep.include({ code: 1, out: [] });
    expect((await checkConfig([missing])).err).to.include(`- ${missing} was not found`);
    expect((await checkConfig([work])).err).to.include(`- ${work} is a folder, not a file`);
    for (const args of [[], ['a.json', 'b.json'], ['--verbose']])
      expect(await checkConfig(args), args.join(' ')).to.deep.equal({ code: 2, out: [], err: [USAGE_LINE] });
    expect((await checkConfig(['--help'])).code).to.equal(0);
  });

  it('as a process: its exit code and its lines, on stdout when it passes and stderr when it does not', async () => {
    const bad = path.join(work, 'bad.json');
    await writeFile(bad, (await badConfigs())[0]!.text);
    const [good, refused] = await Promise.all([spawnCheckConfig(SHIPPED), spawnCheckConfig(bad)]);
    expect(good, good.err.join('\n')).to.deep.equal({ code: 0, out: (await checkConfig([SHIPPED])).out, err: [] });
    expect(refused).to.deep.equal({ code: 1, out: [], err: (await checkConfig([bad])).err });
  });
});
