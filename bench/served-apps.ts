// What every start-up benchmark serves (issue 15 item 2): the product and the floor app built for
// production, the static page written into the floor's build, each build served by a sandbox bank
// behind a gzip proxy (bench/gzip-proxy.ts: the bytes production's nginx sends). `npm run bench`,
// `npm run bench:compare` and `npm run bench:first-paint` all start from here.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Metafile } from 'esbuild';
import { buildApp } from '../esbuild.config.mjs';
import { SandboxHarness } from '../test/browser/browser-harness';
import { startGzipProxy } from './gzip-proxy';
import type { StartOptions } from './measure';
import { CONTINUE_ENABLED, LOGIN_READY } from './page-probe';
import { STATIC_LOGIN_FILE, STATIC_LOGIN_HTML } from './static-login';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The static page with the form (the physical floor), the floor app, the product. */
export type App = 'static' | 'floor' | 'product';

/**
 * "Continue usable" for each page (issue 20): the product's login form `data-ready` (a press acts
 * at once; its Continue is never disabled any more); the static page's submit button, enabled (it
 * has no script: the frame that shows the form); the floor app has no Continue (its budget
 * compares with the floor's input accepted).
 */
export const START_OPTIONS: Record<App, StartOptions> = {
  static: { fillLogin: true, continueSelector: CONTINUE_ENABLED },
  floor: { fillLogin: false },
  product: { fillLogin: true, continueSelector: LOGIN_READY },
};

/** A build served by a sandbox bank behind a gzip proxy. */
interface ServedBuild {
  /** The gzip proxy's origin. */
  readonly origin: string;
  /** A new authorisation's entry address, through the proxy. */
  entryUrl(): Promise<string>;
}

/** Serves `dist` by a sandbox bank behind a gzip proxy, until `close` (bench/accounts-5000.ts serves its one build so). */
export async function serveBuild(dist: string): Promise<ServedBuild & { close(): Promise<void> }> {
  const harness = await new SandboxHarness().start({ distDir: dist });
  try {
    const proxy = await startGzipProxy(harness.origin);
    return {
      origin: proxy.origin,
      entryUrl: async () => (await harness.entryUrl()).replace(harness.origin, proxy.origin),
      close: async () => {
        await proxy.close();
        await harness.stop();
      },
    };
  } catch (error) {
    await harness.stop();
    throw error;
  }
}

/** The three apps, built in `work` and served. */
export interface ServedApps {
  readonly product: ServedBuild & { readonly dist: string; readonly metafile: Metafile; readonly buildMs: number };
  readonly floor: ServedBuild & { readonly dist: string; readonly metafile: Metafile };
  /** Each app's address for a cold start. */
  readonly urls: Record<App, () => Promise<string>>;
  /** Serves another build (bench:compare's other commit) until `close`. */
  serve(dist: string): Promise<ServedBuild>;
  /** Stops every server started here. */
  close(): Promise<void>;
}

/** Builds the product and the floor app into `work` (the static page beside the floor's) and serves them. */
export async function serveApps(work: string): Promise<ServedApps> {
  const stops: (() => Promise<void>)[] = [];
  const serve = async (dist: string): Promise<ServedBuild> => {
    const served = await serveBuild(dist);
    stops.push(() => served.close());
    return served;
  };
  const close = async (): Promise<void> => {
    for (const stop of stops.splice(0).reverse()) await stop();
  };
  const productDist = path.join(work, 'product');
  const floorDist = path.join(work, 'floor');
  const buildStarted = performance.now();
  const productMeta = await buildApp({ outDir: productDist });
  const buildMs = Math.round(performance.now() - buildStarted);
  const floorMeta = await buildApp({ outDir: floorDist, entry: path.join(root, 'bench/floor-app/main.tsx') });
  await writeFile(path.join(floorDist, STATIC_LOGIN_FILE), STATIC_LOGIN_HTML);
  try {
    const product = await serve(productDist);
    const floor = await serve(floorDist);
    return {
      product: { ...product, dist: productDist, metafile: productMeta, buildMs },
      floor: { ...floor, dist: floorDist, metafile: floorMeta },
      urls: {
        static: () => Promise.resolve(`${floor.origin}/${STATIC_LOGIN_FILE}`),
        floor: () => Promise.resolve(`${floor.origin}/floor?tiles=0`),
        product: product.entryUrl,
      },
      serve,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
