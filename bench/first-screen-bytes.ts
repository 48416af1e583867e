// The bytes of the first screen: the JS and CSS the browser downloads for the login screen,
// raw, gzip (level 9) and brotli (quality 11), taken together as one stream:
// - the entry script and every chunk it imports statically (the metafile's graph; the entry page
//   names the same files, as its module script and modulepreloads);
// - the scripts the entry page carries inline (the entry script of the pre-rendered form; not its
//   `type="application/json"` data);
// - the CSS as the entry page loads it: its inline `<style>` (since issue 20 the first screen's CSS
//   is inlined, and the built stylesheet file is no longer requested) and any stylesheet it links.
// The rest of the entry page (the pre-rendered markup, its data) is reported beside it as the
// document's own bytes, not counted in the figure.
// Deterministic for one build and one Node, so `npm test` holds them under a committed ceiling
// (test/build/first-screen-bytes.test.ts) and `npm run bench` compares them with the floor app.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { Metafile } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Bytes {
  readonly raw: number;
  readonly gzip: number;
  readonly brotli: number;
}

export interface FirstScreenBytes extends Bytes {
  /** Raw bytes of each kind counted above. */
  readonly parts: { readonly scriptFiles: number; readonly inlineScripts: number; readonly inlineStyles: number; readonly linkedStylesheets: number };
  /** The entry page itself (index.html: markup, inline script and style, data), gzip level 9; not in the figure above. */
  readonly document: { readonly raw: number; readonly gzip: number };
}

/**
 * What the first screen loads, read from the build: files as the metafile names them (relative to the repository).
 * @public what firstScreen answers.
 */
export interface FirstScreen {
  readonly scriptFiles: string[];
  readonly linkedStylesheets: string[];
  readonly inlineScripts: string[];
  readonly inlineStyles: string[];
  readonly document: string;
}

/**
 * The entry script and the chunks it imports statically, as the metafile names them.
 * @public the build's tests measure the first screen with it (test/build/first-screen-bytes.test.ts).
 */
export function firstScreenScripts(metafile: Metafile): string[] {
  const outputs = metafile.outputs;
  const entry = Object.keys(outputs).find((file) => file.endsWith('.js') && outputs[file]?.entryPoint);
  if (entry === undefined) throw new Error('The metafile has no JavaScript entry.');
  const files = new Set<string>();
  const visit = (file: string): void => {
    if (files.has(file)) return;
    files.add(file);
    for (const imported of outputs[file]?.imports ?? []) if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
  };
  visit(entry);
  return [...files];
}

/**
 * The first screen of the build in `outDir` (its index.html and assets/), whose metafile is `metafile`.
 * @public the build's tests measure the first screen with it (test/build/first-screen-bytes.test.ts).
 */
export async function firstScreen(metafile: Metafile, outDir: string): Promise<FirstScreen> {
  const document = await readFile(path.join(outDir, 'index.html'), 'utf8');
  const inlineStyles = [...document.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/gi)].map((match) => match[1] ?? '');
  const inlineScripts = [...document.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter((match) => !/\bsrc=/i.test(match[1] ?? '') && !/type="application\/(ld\+)?json"/i.test(match[1] ?? ''))
    .map((match) => match[2] ?? '');
  const linkedStylesheets = [...document.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/gi)]
    .map((match) => /\bhref="\/([^"]+)"/.exec(match[0])?.[1])
    .filter((href): href is string => href !== undefined)
    .map((href) => path.relative(root, path.join(outDir, href)));
  return { scriptFiles: firstScreenScripts(metafile), linkedStylesheets, inlineScripts, inlineStyles, document };
}

const gzip = (contents: Buffer): number => gzipSync(contents, { level: 9 }).length;

export async function firstScreenBytes(metafile: Metafile, outDir: string): Promise<FirstScreenBytes> {
  const screen = await firstScreen(metafile, outDir);
  const read = (files: string[]): Promise<Buffer[]> => Promise.all(files.map((file) => readFile(path.resolve(root, file))));
  const scripts = await read(screen.scriptFiles);
  const stylesheets = await read(screen.linkedStylesheets);
  const inlineScripts = screen.inlineScripts.map((text) => Buffer.from(text));
  const inlineStyles = screen.inlineStyles.map((text) => Buffer.from(text));
  const contents = Buffer.concat([...scripts, ...inlineScripts, ...stylesheets, ...inlineStyles]);
  const size = (buffers: Buffer[]): number => buffers.reduce((sum, buffer) => sum + buffer.length, 0);
  const document = Buffer.from(screen.document);
  return {
    raw: contents.length,
    gzip: gzip(contents),
    brotli: brotliCompressSync(contents, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length,
    parts: { scriptFiles: size(scripts), inlineScripts: size(inlineScripts), inlineStyles: size(inlineStyles), linkedStylesheets: size(stylesheets) },
    document: { raw: document.length, gzip: gzip(document) },
  };
}
