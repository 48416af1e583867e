// `npm run bench:compare -- [git ref] [runs]`: start-up of the working tree against another
// commit (default HEAD), with the floor app, in interleaved cold starts (default 15 each) under
// the mobile profile (bench/profiles.ts), to the username field accepting input. One start-up median moves by ±15% between runs on a 2-core machine; interleaving the
// builds in one run is what tells a real change from that noise. Prints; writes nothing.
// A cold start that does not reach the field accepting input is counted and printed, not thrown.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildApp } from '../esbuild.config.mjs';
import { FULL_CHROMIUM, launchChromium, SandboxHarness } from '../test/browser/browser-harness';
import { type GzipProxy, startGzipProxy } from './gzip-proxy';
import { coldStart } from './measure';
import { MOBILE } from './profiles';
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
    for (const [name, dist] of [
      [ref, 'ref-dist'],
      ['working tree', 'tree-dist'],
      ['floor', 'floor-dist'],
    ] as const) {
      const harness = await new SandboxHarness().start({ distDir: path.join(work, dist) });
      // Gzipped as production's nginx serves them, like `npm run bench` (bench/gzip-proxy.ts).
      const proxy = await startGzipProxy(harness.origin);
      const hasContinue = name !== 'floor';
      const url =
        name === 'floor'
          ? () => Promise.resolve(`${proxy.origin}/floor?tiles=0`)
          : async () => (await harness.entryUrl()).replace(harness.origin, proxy.origin);
      harnesses.push({ name, harness, proxy, url, hasContinue });
    }
    const times = new Map<string, number[]>(harnesses.map(({ name }) => [name, []]));
    const failed = new Map<string, string[]>(harnesses.map(({ name }) => [name, []]));
    for (let run = 0; run < runs; run++) {
      // Only "input accepted" is compared, so no wait for Continue (another commit may not mark it
      // as this one does); the login apps are typed into as in `npm run bench`.
      for (const { name, url, hasContinue } of harnesses) {
        const start = await coldStart(browser, url, MOBILE, { fillLogin: hasContinue });
        if (start.inputReady === undefined) failed.get(name)?.push(start.failure ?? 'no figure');
        else times.get(name)?.push(start.inputReady);
      }
    }
    const middle = (values: number[]): number => (values.length === 0 ? Number.NaN : median(values));
    const floor = middle(times.get('floor') ?? []);
    console.log(`navigation → username field accepts input, ${runs} interleaved cold starts each, mobile profile`);
    console.table(
      Object.fromEntries(
        [...times].map(([name, values]) => [
          name,
          {
            'median (ms)': round(middle(values)),
            'ratio to floor': round(middle(values) / floor, 3),
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
