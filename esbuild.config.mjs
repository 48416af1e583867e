// Builds the consent app into dist/: hashed JS and CSS under assets/, index.html, config/config.json.
// `node esbuild.config.mjs` builds for production; `--watch` rebuilds on every change.
import * as esbuild from 'esbuild';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * Issue 34 item 3: `file` (TypeScript that imports no package) bundled for Node and imported:
 * Node runs this build without a TypeScript loader.
 */
async function importBundled(file) {
  const result = await esbuild.build({ entryPoints: [file], bundle: true, platform: 'node', format: 'esm', write: false, logLevel: 'silent' });
  return import(`data:text/javascript;base64,${Buffer.from(result.outputFiles[0].contents).toString('base64')}`);
}

/** What the entry page and the app share, named once (ui/web/take-over/built-page.ts). */
const builtPage = await importBundled(path.join(root, 'ui/web/take-over/built-page.ts'));
export const { ENTRY_CONFIG_ID, ENTRY_LOADING_ID, LATER_STEPS_STYLESHEET_META, LOADING_TITLE } = builtPage;

/**
 * Spec §2 "Loading screen": the markup of ui/web/pages/loading-page.tsx, rendered from the
 * component, written into the shell so that the customer sees it from the first paint, while the
 * scripts run and the flow starts; React replaces it with the first screen.
 */
export const { LOADING_MARKUP } = (await buildModules({ loading: path.join(root, 'ui/web/prerender/loading-markup.tsx') })).loading;

/** The esbuild options of the production build; the benchmark builds its floor app with the same ones. */
export const productionOptions = {
  bundle: true,
  format: 'esm',
  splitting: true,
  minify: true,
  sourcemap: 'linked',
  target: ['es2022', 'chrome111', 'firefox114', 'safari16.4'],
  platform: 'browser',
  metafile: true,
  legalComments: 'none',
  entryNames: '[name]-[hash]',
  chunkNames: 'chunk-[hash]',
  assetNames: '[name]-[hash]',
  loader: { '.svg': 'file', '.woff2': 'file' },
  define: { 'process.env.NODE_ENV': '"production"' },
};

/**
 * The consent app's own options beside the production ones: inversify imports the whole
 * reflect-metadata polyfill (`reflect-metadata/lite`, 8 KB) for the three functions it calls;
 * adapters/reflect-metadata.ts provides just those (bytes budget, docs/performance.md). The floor
 * app keeps the library as a naive app would.
 */
const appOptions = { alias: { 'reflect-metadata/lite': './adapters/reflect-metadata-install.ts' } };

/**
 * The HTML shell. The browser learns every file the first screen needs from the shell itself, so
 * nothing waits for the entry to be parsed before it is requested: the entry's static chunks
 * (`modulepreload`, script-src 'self') and config.json (`preload as=fetch`, connect-src 'self';
 * FetchConfigSource asks for it with the same mode and credentials, so the preloaded answer is
 * the one it reads). With the pre-rendered login form (issue 15) it carries the form, the
 * brands and links the form shows (`#entry-config`, issue 20), the entry script, and the first
 * screen's stylesheet inline (`inlineStyles`, issue 20: the form paints without another round
 * trip). The CSP allows the inline script and stylesheet by their hashes alone (the sandbox and
 * the build's nginx configuration compute them from this page: web-security-headers.ts).
 */
export function indexHtml({
  script,
  stylesheet,
  inlineStyles,
  modulePreloads = [],
  laterStepsStylesheet,
  preloadConfig = true,
  loadingScreen = preloadConfig,
  prerendered,
  preloadKeys,
}) {
  const preloads = modulePreloads.map((chunk) => `<link rel="modulepreload" href="/assets/${chunk}">\n`).join('');
  const laterSteps = laterStepsStylesheet ? `<meta name="${LATER_STEPS_STYLESHEET_META}" content="/assets/${laterStepsStylesheet}">\n` : '';
  const loading = `<main class="site-main">${LOADING_MARKUP}</main>`;
  const title = prerendered ? prerendered.title : loadingScreen ? LOADING_TITLE : 'Open Banking';
  const entryScript = prerendered
    ? `<script type="application/json" id="${ENTRY_CONFIG_ID}">${prerendered.entryConfig}</script>\n<script>${prerendered.script}</script>\n`
    : '';
  const root = prerendered ? prerendered.markup : loadingScreen ? loading : '';
  const elsewhere = prerendered ? `\n<div id="${ENTRY_LOADING_ID}" class="entry-loading">${loading}</div>` : '';
  const styles = inlineStyles !== undefined ? `<style>${inlineStyles}</style>\n` : stylesheet ? `<link rel="stylesheet" href="/assets/${stylesheet}">\n` : '';
  return `<!doctype html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
${laterSteps}<title>${title}</title>
${entryScript}${preloadConfig ? `<link rel="preload" as="fetch" crossorigin href="${builtPage.CONFIG_PATH}">\n` : ''}${preloadKeys ? `<link rel="preload" as="fetch" crossorigin href="${preloadKeys}">\n` : ''}${styles}<script type="module" src="/assets/${script}"></script>
${preloads}</head>
<body>
<div id="root">${root}</div>${elsewhere}
<noscript>This page needs JavaScript to be turned on in your browser.</noscript>
</body>
</html>
`;
}

/**
 * Issue 20: the first screen's stylesheet as the entry page inlines it: the built CSS (its
 * source-map comment dropped: the page is not its file) and the brands' rules. A `url()` in it
 * would resolve against the page's address, not assets/: the build refuses it.
 */
export function inlineStylesheet(css, brandStyles = '') {
  const text = css.replace(/\/\*# sourceMappingURL=[^*]*\*\/\s*$/, '').trimEnd();
  if (/url\(/i.test(text))
    throw new Error("The first screen's CSS uses url(): inlined into the entry page it would resolve against the page's address. Move that rule to steps.css.");
  if (/<\/style/i.test(text + brandStyles)) throw new Error('The first screen\'s CSS cannot hold "</style".');
  return `${text}${brandStyles}`;
}

/** The config.json a build is made with, unless told: the project's (the sandbox's values). */
const CONFIG_FILE = path.join(root, 'config/config.json');

/** Issue 33 item 2: the build refuses a config.json the app would refuse; its message names every problem. */
class ConfigRefused extends Error {
  name = 'ConfigRefused';
}

/** The modules the build runs in Node (bundled for it, never in the browser's bundle): the entry page's render, the nginx writer. */
const BUILD_MODULES = { prerender: path.join(root, 'ui/web/prerender/entry-page.tsx'), nginx: path.join(root, 'adapters/nginx-config-writer.ts') };

/** The build's reader of config.json (issue 33 item 2): the app's own, bundled on its own so that it runs before anything is built. */
const CONFIG_MODULE = { config: path.join(root, 'adapters/config-file.ts') };

/**
 * Issue 33 item 2: `configFile` read and checked as the app reads it at start
 * (adapters/config-file.ts), before anything is built or removed: a config the app would refuse
 * stops the build (ConfigRefused) with the lines the app would log, and the last build stays as
 * it was. Its JSON, as written, for the entry page.
 */
async function checkedBuildConfig(configFile = CONFIG_FILE) {
  const { config } = await buildModules(CONFIG_MODULE);
  const read = await config.readConfigFile(configFile);
  if (!read.ok) {
    throw new ConfigRefused(
      `The build refuses ${path.relative(process.cwd(), configFile) || configFile}: the app would show its failure page and log these problems:\n- ${read.error.join('\n- ')}`,
    );
  }
  return read.value.raw;
}

/** Bundles `modules` (default BUILD_MODULES) for Node and imports them. */
async function buildModules(modules = BUILD_MODULES) {
  const result = await esbuild.build({
    entryPoints: modules,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    write: false,
    absWorkingDir: root,
    outdir: path.join(root, '.prerender'),
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const dir = await mkdtemp(path.join(root, 'node_modules', '.prerender-'));
  try {
    const imported = {};
    for (const name of Object.keys(modules)) {
      const file = path.join(dir, `${name}.mjs`);
      await writeFile(file, result.outputFiles.find((output) => path.basename(output.path) === `${name}.js`).contents);
      imported[name] = await import(pathToFileURL(file).href);
    }
    return imported;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Issue 15 "a login form at HTML speed" (docs/prerendered-login.md): renders the login form, as
 * the browser's first render shows it while the token is verified, with the app's own components
 * (bundled for Node, run once), for the build's config/config.json.
 */
export async function prerenderEntry() {
  const [rawConfig, { prerender }, script] = await Promise.all([checkedBuildConfig(), buildModules(), entryScript()]);
  return { ...prerender.renderEntryPage(rawConfig), script };
}

/**
 * Issue 34 item 3: the entry page's inline script, ui/web/take-over/entry-script.ts compiled for
 * the app's browsers and minified, run with the words it writes. The CSP allows it by the hash
 * of this text (web-security-headers.ts `inlineSourcesOf`, from the built page).
 */
export async function entryScript() {
  const result = await esbuild.build({
    stdin: {
      contents: `import { runEntryScript } from './entry-script';\nrunEntryScript(${JSON.stringify(builtPage.ENTRY_SCRIPT_WORDS)});\n`,
      resolveDir: path.join(root, 'ui/web/take-over'),
      sourcefile: 'entry-script-run.ts',
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    minify: true,
    target: productionOptions.target,
    platform: 'browser',
    legalComments: 'none',
    write: false,
    absWorkingDir: root,
    logLevel: 'silent',
  });
  const text = result.outputFiles[0].text.trimEnd();
  if (/<\/script/i.test(text)) throw new Error('The entry script cannot hold "</script".');
  return text;
}

/**
 * DESIGN §4, issue 20: the nginx configuration of a build is written beside its site (dist/ gets
 * dist-nginx/): outside the web root, since it is not for the public.
 */
export const nginxDirOf = (outDir) => `${outDir.replace(/[\\/]+$/, '')}-nginx`;

/**
 * Issue 15 item 2: the bank's keys are asked for right after the config, a round trip later, on
 * every launch. The entry page preloads them when the build's config names them on the app's own
 * origin (a path: what `connect-src 'self'` allows); the verifier asks with the same mode,
 * credentials and cache mode (adapters/jose-token-verifier.adapter.ts), so the preloaded answer is
 * the one it reads. A deployment whose config.json names other keys loses only the preload.
 */
export function keysPreloadHref(rawConfig) {
  const uri = rawConfig?.jwksUri;
  return typeof uri === 'string' && /^\/(?!\/)[^\s"<>]*$/.test(uri) ? uri : undefined;
}

/**
 * The output files of the entry point, as names relative to assets/: the script, its stylesheet,
 * every chunk it imports statically (directly or through another chunk), in load order, and the
 * later steps' stylesheet when the build has that entry.
 */
export function entryOutputs(metafile, outdir) {
  const entries = Object.entries(metafile.outputs).filter(([, output]) => output.entryPoint);
  const script = entries.map(([file]) => file).find((file) => file.endsWith('.js'));
  if (!script) throw new Error('The build produced no JavaScript entry.');
  const css = metafile.outputs[script]?.cssBundle;
  const laterStepsCss = entries.find(([, output]) => output.entryPoint === LATER_STEPS_CSS)?.[0];
  const relative = (file) => path.relative(outdir, path.resolve(root, file));
  const chunks = [];
  const visit = (file) => {
    for (const imported of metafile.outputs[file]?.imports ?? []) {
      if (imported.kind !== 'import-statement' || imported.external || chunks.includes(imported.path)) continue;
      chunks.push(imported.path);
      visit(imported.path);
    }
  };
  visit(script);
  return {
    script: relative(script),
    stylesheet: css ? relative(css) : undefined,
    modulePreloads: chunks.map(relative),
    ...(laterStepsCss ? { laterStepsStylesheet: relative(laterStepsCss) } : {}),
  };
}

/** The consent app's entry point. */
const APP_ENTRY = path.join(root, 'ui/web/main.tsx');

/**
 * The later steps' stylesheet: its own entry, so the login screen does not load it. The shell
 * names its file in a meta tag; ui/web/shell/later-steps-stylesheet.ts loads it with their pages.
 */
export const LATER_STEPS_CSS = 'ui/web/styles/steps.css';

/**
 * Writes the shell of a build: index.html (with the consent app's pre-rendered login form and
 * its inline stylesheet) and config/config.json, and for the consent app the nginx
 * configuration of that page (nginxDirOf). `assets` holds the built files.
 */
async function writeShell({ outDir, assets, metafile, appEntry, preloadConfig, modules, rawConfig, configFile }) {
  const files = entryOutputs(metafile, assets);
  let html;
  if (appEntry) {
    const prerendered = { ...modules.prerender.renderEntryPage(rawConfig), script: await entryScript() };
    const css = files.stylesheet ? await readFile(path.join(assets, files.stylesheet), 'utf8') : '';
    html = indexHtml({
      ...files,
      inlineStyles: inlineStylesheet(css, prerendered.brandStyles),
      preloadConfig,
      prerendered,
      preloadKeys: keysPreloadHref(rawConfig),
    });
  } else {
    html = indexHtml({ ...files, preloadConfig });
  }
  await writeFile(path.join(outDir, 'index.html'), html);
  await mkdir(path.join(outDir, 'config'), { recursive: true });
  await copyFile(configFile, path.join(outDir, 'config/config.json'));
  if (appEntry) await modules.nginx.writeNginxConfigFiles(nginxDirOf(outDir), html);
}

/**
 * Builds the app into `outDir` (default dist/; its nginx configuration into nginxDirOf(outDir))
 * with `configFile` (default config/config.json; issue 33 item 2: refused, ConfigRefused, when the
 * app would refuse it) and returns esbuild's metafile. The shell preloads config.json only for
 * the consent app's entry (the one that reads it at startup) unless told.
 */
export async function buildApp({
  outDir = path.join(root, 'dist'),
  entry = APP_ENTRY,
  options = {},
  preloadConfig = entry === APP_ENTRY,
  configFile = CONFIG_FILE,
} = {}) {
  const assets = path.join(outDir, 'assets');
  const appEntry = entry === APP_ENTRY;
  const rawConfig = await checkedBuildConfig(configFile);
  await rm(outDir, { recursive: true, force: true });
  const entryPoints = appEntry ? [entry, LATER_STEPS_CSS] : [entry];
  const ownOptions = appEntry ? appOptions : {};
  const [result, modules] = await Promise.all([
    esbuild.build({ ...productionOptions, ...ownOptions, ...options, entryPoints, outdir: assets, absWorkingDir: root }),
    appEntry ? buildModules() : undefined,
  ]);
  await writeShell({ outDir, assets, metafile: result.metafile, appEntry, preloadConfig, modules, rawConfig, configFile });
  return result.metafile;
}

async function watch() {
  const outDir = path.join(root, 'dist');
  const assets = path.join(outDir, 'assets');
  const ctx = await esbuild.context({
    ...productionOptions,
    ...appOptions,
    minify: false,
    entryNames: '[name]',
    define: { 'process.env.NODE_ENV': '"development"' },
    entryPoints: [APP_ENTRY, LATER_STEPS_CSS],
    outdir: assets,
    absWorkingDir: root,
    plugins: [
      {
        name: 'write-index',
        setup(build) {
          build.onEnd(async (result) => {
            if (result.errors.length > 0 || !result.metafile) return;
            let rawConfig;
            try {
              rawConfig = await checkedBuildConfig();
            } catch (error) {
              if (!(error instanceof ConfigRefused)) throw error;
              console.error(error.message);
              return;
            }
            const modules = await buildModules();
            await writeShell({ outDir, assets, metafile: result.metafile, appEntry: true, preloadConfig: true, modules, rawConfig, configFile: CONFIG_FILE });
            console.log(`rebuilt ${new Date().toLocaleTimeString()}`);
          });
        },
      },
    ],
  });
  await ctx.watch();
  console.log('Watching ui/web/, application/, domain/ and adapters/ for changes; dist/ is rebuilt on every save.');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--watch')) {
    await watch();
  } else {
    const started = performance.now();
    let metafile;
    try {
      metafile = await buildApp();
    } catch (error) {
      if (!(error instanceof ConfigRefused)) throw error;
      // Issue 33 item 2: the problems alone, one a line, no stack.
      console.error(error.message);
      process.exit(1);
    }
    const bytes = Object.entries(metafile.outputs)
      .filter(([file]) => !file.endsWith('.map'))
      .reduce((sum, [, output]) => sum + output.bytes, 0);
    if (!process.argv.includes('--quiet'))
      console.log(`Built dist/ in ${Math.round(performance.now() - started)} ms (${(bytes / 1024).toFixed(1)} KiB of JS and CSS).`);
  }
}
