// `npm run bench:compare -- [git ref] [runs]`: start-up of the working tree against another
// commit (default HEAD), with the floor app, in interleaved cold starts (default 15 each) under
// the mobile profile (bench/profiles.ts), to the form painted (against the static page too) and the username field accepting input. One start-up median moves by ±15% between runs on a 2-core machine; interleaving the
// builds in one run is what tells a real change from that noise. Prints; writes nothing.
// A cold start that does not reach the field accepting input is counted and printed, not thrown.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildApp } from '../esbuild.config.mjs';
import { FULL_CHROMIUM, launchChromium, SandboxHarness } from '../test/browser/browser-harness';
import { type GzipProxy, startGzipProxy } from './gzip-proxy';
import { coldStart } from './measure';
import { CONTINUE_ENABLED, LOGIN_READY } from './page-probe';
import { MOBILE } from './profiles';
import { STATIC_LOGIN_FILE, STATIC_LOGIN_HTML } from './static-login';
import { median, round } from './stats';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [ref = 'HEAD', runsArgument = '15'] = process.argv.slice(2);
const runs = Number(runsArgument);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`runs must be a whole number above 0, not ${runsArgument}`);

type BuildApp = typeof buildApp;

/** The other commit, checked out beside this one (sharing node_modules), built with its own build script. */
async function buildRef(work: string, outDir: string): Promise<string> {
  const tree = path.join(work, 'ref');
  execFileSync('git', ['worktree', 'add', '--detach', tree, ref], { cwd: root, stdio: 'ignore' });
  await symlink(path.join(root, 'node_modules'), path.join(tree, 'node_modules'));
  const config = (await import(pathToFileURL(path.join(tree, 'esbuild.config.mjs')).href)) as { buildApp: BuildApp };
  await config.buildApp({ outDir });
  return tree;
}

async function main(): Promise<void> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'consent-compare-'));
  let tree: string | undefined;
  const harnesses: { name: string; harness: SandboxHarness; proxy: GzipProxy; url: () => Promise<string>; hasContinue: boolean }[] = [];
  const browser = await launchChromium([], FULL_CHROMIUM);
  try {
    tree = await buildRef(work, path.join(work, 'ref-dist'));
    await buildApp({ outDir: path.join(work, 'tree-dist') });
    await buildApp({ outDir: path.join(work, 'floor-dist'), entry: path.join(root, 'bench/floor-app/main.tsx') });
    await writeFile(path.join(work, 'floor-dist', STATIC_LOGIN_FILE), STATIC_LOGIN_HTML);
    for (const [name, dist] of [
      [ref, 'ref-dist'],
      ['working tree', 'tree-dist'],
      ['floor', 'floor-dist'],
      ['static', 'floor-dist'],
    ] as const) {
      const harness = await new SandboxHarness().start({ distDir: path.join(work, dist) });
      // Gzipped as production's nginx serves them, like `npm run bench` (bench/gzip-proxy.ts).
      const proxy = await startGzipProxy(harness.origin);
      const hasContinue = name !== 'floor';
      const url =
        name === 'floor'
          ? () => Promise.resolve(`${proxy.origin}/floor?tiles=0`)
          : name === 'static'
            ? () => Promise.resolve(`${proxy.origin}/${STATIC_LOGIN_FILE}`)
            : async () => (await harness.entryUrl()).replace(harness.origin, proxy.origin);
      harnesses.push({ name, harness, proxy, url, hasContinue });
    }
    const times = new Map<string, number[]>(harnesses.map(({ name }) => [name, []]));
    const painted = new Map<string, number[]>(harnesses.map(({ name }) => [name, []]));
    const usable = new Map<string, number[]>(harnesses.map(({ name }) => [name, []]));
    const failed = new Map<string, string[]>(harnesses.map(({ name }) => [name, []]));
    for (let run = 0; run < runs; run++) {
      // The login apps are typed into as in `npm run bench`, and their Continue usable marked as
      // there (a commit before issue 20 does not mark it: its starts fail at that mark).
      for (const { name, url, hasContinue } of harnesses) {
        const continueSelector = name === 'floor' ? undefined : name === 'static' ? CONTINUE_ENABLED : LOGIN_READY;
        const start = await coldStart(browser, url, MOBILE, { fillLogin: hasContinue, ...(continueSelector === undefined ? {} : { continueSelector }) });
        if (start.inputReady === undefined) failed.get(name)?.push(start.failure ?? 'no figure');
        else times.get(name)?.push(start.inputReady);
        if (start.formPainted !== undefined) painted.get(name)?.push(start.formPainted);
        if (start.continueUsable !== undefined) usable.get(name)?.push(start.continueUsable);
      }
    }
    const middle = (values: number[]): number => (values.length === 0 ? Number.NaN : median(values));
    const floor = middle(times.get('floor') ?? []);
    const staticPaint = middle(painted.get('static') ?? []);
    console.log(`navigation → form painted, username field accepts input, Continue usable; ${runs} interleaved cold starts each, mobile profile`);
    console.table(
      Object.fromEntries(
        [...times].map(([name, values]) => [
          name,
          {
            'painted (ms)': round(middle(painted.get(name) ?? [])),
            'painted / static page': round(middle(painted.get(name) ?? []) / staticPaint, 3),
            'input (ms)': round(middle(values)),
            'input / floor': round(middle(values) / floor, 3),
            'Continue usable / floor input': round(middle(usable.get(name) ?? []) / floor, 3),
            runs: values.map((ms) => Math.round(ms)).join(' '),
            failed: `${failed.get(name)?.length ?? 0} of ${runs}`,
          },
        ]),
      ),
    );
    for (const [name, reasons] of failed) for (const reason of reasons) console.log(`  ${name}: ${reason}`);
  } finally {
    await browser.close();
    for (const { harness, proxy } of harnesses) {
      await proxy.close();
      await harness.stop();
    }
    if (tree !== undefined) execFileSync('git', ['worktree', 'remove', '--force', tree], { cwd: root, stdio: 'ignore' });
    await rm(work, { recursive: true, force: true });
  }
}

await main();
