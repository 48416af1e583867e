// Writes deploy/nginx/*.conf from adapters/nginx-config.ts (DESIGN §4):
// `npx tsx adapters/nginx-config-writer.ts` after changing web-security-headers.ts.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderNginxConfigFiles } from './nginx-config';

/** The directory of the committed nginx configuration. */
export const NGINX_DEPLOY_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'deploy', 'nginx');

/** DESIGN §4: rewrites every rendered file in `dir` (default deploy/nginx/) and returns their paths. */
export async function writeNginxConfigFiles(dir: string = NGINX_DEPLOY_DIR): Promise<readonly string[]> {
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  for (const [name, text] of Object.entries(renderNginxConfigFiles())) {
    const file = path.join(dir, name);
    await writeFile(file, text);
    written.push(file);
  }
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const file of await writeNginxConfigFiles()) console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
