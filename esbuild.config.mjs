// Builds the consent app into dist/: hashed JS and CSS under assets/, index.html, config/config.json.
// `node esbuild.config.mjs` builds for production; `--watch` rebuilds on every change.
import * as esbuild from 'esbuild';
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));

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

/** The HTML shell: no inline script or style, so the strict CSP of DESIGN §4 holds. */
export function indexHtml({ script, stylesheet }) {
  return `<!doctype html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Open Banking</title>
${stylesheet ? `<link rel="stylesheet" href="/assets/${stylesheet}">\n` : ''}<script type="module" src="/assets/${script}"></script>
</head>
<body>
<div id="root"></div>
<noscript>This page needs JavaScript to be turned on in your browser.</noscript>
</body>
</html>
`;
}

/** The output files of the entry point, as names relative to assets/. */
function entryOutputs(metafile, outdir) {
  const outputs = Object.entries(metafile.outputs).filter(([, output]) => output.entryPoint);
  const find = (ext) => outputs.map(([file]) => file).find((file) => file.endsWith(ext));
  const script = find('.js');
  if (!script) throw new Error('The build produced no JavaScript entry.');
  const css = Object.keys(metafile.outputs).find((file) => file.endsWith('.css') && !file.endsWith('.map'));
  return {
    script: path.relative(outdir, path.resolve(root, script)),
    stylesheet: css ? path.relative(outdir, path.resolve(root, css)) : undefined,
  };
}

/** Builds the app into `outDir` (default dist/) and returns esbuild's metafile. */
export async function buildApp({ outDir = path.join(root, 'dist'), entry = path.join(root, 'ui/main.tsx'), options = {} } = {}) {
  const assets = path.join(outDir, 'assets');
  await rm(outDir, { recursive: true, force: true });
  const result = await esbuild.build({ ...productionOptions, ...options, entryPoints: [entry], outdir: assets, absWorkingDir: root });
  await writeFile(path.join(outDir, 'index.html'), indexHtml(entryOutputs(result.metafile, assets)));
  await mkdir(path.join(outDir, 'config'), { recursive: true });
  await copyFile(path.join(root, 'config/config.json'), path.join(outDir, 'config/config.json'));
  return result.metafile;
}

async function watch() {
  const outDir = path.join(root, 'dist');
  const assets = path.join(outDir, 'assets');
  const ctx = await esbuild.context({
    ...productionOptions,
    minify: false,
    entryNames: '[name]',
    define: { 'process.env.NODE_ENV': '"development"' },
    entryPoints: [path.join(root, 'ui/main.tsx')],
    outdir: assets,
    absWorkingDir: root,
    plugins: [{
      name: 'write-index',
      setup(build) {
        build.onEnd(async (result) => {
          if (result.errors.length > 0 || !result.metafile) return;
          await writeFile(path.join(outDir, 'index.html'), indexHtml(entryOutputs(result.metafile, assets)));
          await mkdir(path.join(outDir, 'config'), { recursive: true });
          await copyFile(path.join(root, 'config/config.json'), path.join(outDir, 'config/config.json'));
          console.log(`rebuilt ${new Date().toLocaleTimeString()}`);
        });
      },
    }],
  });
  await ctx.watch();
  console.log('Watching ui/, application/, domain/ and adapters/ for changes; dist/ is rebuilt on every save.');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--watch')) {
    await watch();
  } else {
    const started = performance.now();
    const metafile = await buildApp();
    const bytes = Object.entries(metafile.outputs)
      .filter(([file]) => !file.endsWith('.map'))
      .reduce((sum, [, output]) => sum + output.bytes, 0);
    console.log(`Built dist/ in ${Math.round(performance.now() - started)} ms (${(bytes / 1024).toFixed(1)} KiB of JS and CSS).`);
  }
}
