// Writes the nginx configuration of one build (DESIGN §4): the build (esbuild.config.mjs) calls
// it with the entry page it wrote, whose inline blocks the CSP allows by their hashes.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { renderNginxConfigFiles } from './nginx-config';
import { inlineSourcesOf } from '../contract/web-security-headers';

/** DESIGN §4: writes every file of the nginx configuration into `dir` for the built page `indexHtml`; returns their paths. */
export async function writeNginxConfigFiles(dir: string, indexHtml: string): Promise<readonly string[]> {
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  for (const [name, text] of Object.entries(renderNginxConfigFiles(inlineSourcesOf(indexHtml)))) {
    const file = path.join(dir, name);
    await writeFile(file, text);
    written.push(file);
  }
  return written;
}
