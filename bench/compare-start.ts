// `npm run bench:compare -- [git ref] [runs]`: start-up of the working tree against another
// commit (default HEAD), with the floor app, in interleaved cold starts (default 15 each) under
// the mobile profile (bench/profiles.ts), to the form painted (against the static page too) and the username field accepting input. One start-up median moves by ±15% between runs on a 2-core machine; interleaving the
// builds in one run is what tells a real change from that noise. Prints; writes nothing.
// A cold start that does not reach the field accepting input is counted and printed, not thrown.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { buildApp } from '../esbuild.config.mjs';
import { FULL_CHROMIUM, launchChromium } from '../test/browser/browser-harness';
import { coldStart } from './measure';
import { MOBILE } from './profiles';
import { type App, type ServedApps, serveApps, START_OPTIONS } from './served-apps';
import { median, round } from './stats';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (process.argv.includes('--help')) {
  console.log(
    'npm run bench:compare -- [git ref] [runs]: start-up of the working tree against the ref (default HEAD), 15 interleaved cold starts each unless told.',
  );
  process.exit(0);
}
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
  let served: ServedApps | undefined;
  const browser = await launchChromium([], FULL_CHROMIUM);
  try {
    tree = await buildRef(work, path.join(work, 'ref-dist'));
    served = await serveApps(work);
    const other = await served.serve(path.join(work, 'ref-dist'));
    // The other commit is a product too: started, typed into and marked as the working tree (a
    // commit before issue 20 does not mark its Continue usable: its starts fail at that mark).
    const apps: { name: string; app: App; url: () => Promise<string> }[] = [
      { name: ref, app: 'product', url: other.entryUrl },
      { name: 'working tree', app: 'product', url: served.urls.product },
      { name: 'floor', app: 'floor', url: served.urls.floor },
      { name: 'static', app: 'static', url: served.urls.static },
    ];
    const times = new Map<string, number[]>(apps.map(({ name }) => [name, []]));
    const painted = new Map<string, number[]>(apps.map(({ name }) => [name, []]));
    const usable = new Map<string, number[]>(apps.map(({ name }) => [name, []]));
    const failed = new Map<string, string[]>(apps.map(({ name }) => [name, []]));
    for (let run = 0; run < runs; run++) {
      for (const { name, app, url } of apps) {
        const start = await coldStart(browser, url, MOBILE, START_OPTIONS[app]);
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
    await served?.close();
    if (tree !== undefined) execFileSync('git', ['worktree', 'remove', '--force', tree], { cwd: root, stdio: 'ignore' });
    await rm(work, { recursive: true, force: true });
  }
}

await main();
