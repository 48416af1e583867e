// The bytes of the first screen: the JS and CSS the entry page loads before the login screen (the
// entry, every chunk it imports statically, its CSS), raw, gzip (level 9) and brotli (quality 11).
// Deterministic for one build and one Node, so `npm test` holds them under a committed ceiling
// (test/build/first-screen-bytes.test.ts) and `npm run bench` compares them with the floor app.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { Metafile } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface Bytes { readonly raw: number; readonly gzip: number; readonly brotli: number }

/** The output files of the first screen, as the metafile names them (relative to the repository). */
export function firstScreenFiles(metafile: Metafile): string[] {
  const outputs = metafile.outputs;
  const entry = Object.keys(outputs).find((file) => file.endsWith('.js') && outputs[file]?.entryPoint);
  if (entry === undefined) throw new Error('The metafile has no JavaScript entry.');
  const files = new Set<string>();
  const visit = (file: string): void => {
    if (files.has(file)) return;
    files.add(file);
    const output = outputs[file];
    if (output?.cssBundle) files.add(output.cssBundle);
    for (const imported of output?.imports ?? []) if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
  };
  visit(entry);
  return [...files];
}

export async function firstScreenBytes(metafile: Metafile): Promise<Bytes> {
  const contents = Buffer.concat(await Promise.all(firstScreenFiles(metafile).map((file) => readFile(path.resolve(root, file)))));
  return {
    raw: contents.length,
    gzip: gzipSync(contents, { level: 9 }).length,
    brotli: brotliCompressSync(contents, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}
