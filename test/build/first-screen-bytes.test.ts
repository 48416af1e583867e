// Issue 15 item 5: the first screen's gzip bytes are deterministic, so a build that exceeds the
// committed ceiling fails here rather than waiting for `npm run bench` (docs/performance.md).
import { expect } from 'chai';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../esbuild.config.mjs';
import { firstScreenBytes, firstScreenFiles } from '../../bench/first-screen-bytes';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('build: the first screen\'s bytes (issue 15 item 5)', function () {
  this.timeout(60000);
  let outDir = '';
  before(async () => {
    outDir = await mkdtemp(path.join(os.tmpdir(), 'consent-bytes-'));
  });
  after(async () => {
    await rm(outDir, { recursive: true, force: true });
  });

  it('stays under the committed gzip ceiling (bench/bytes-ceiling.json)', async () => {
    const ceiling = JSON.parse(await readFile(path.join(root, 'bench/bytes-ceiling.json'), 'utf8')) as { gzip: number };
    const metafile = await buildApp({ outDir });
    const files = firstScreenFiles(metafile);
    expect(files.some((file) => file.endsWith('.css')), 'the first screen\'s stylesheet is counted').to.equal(true);
    expect(files.filter((file) => file.endsWith('.js')).length, 'the entry and its static chunks are counted').to.be.greaterThan(1);
    const bytes = await firstScreenBytes(metafile);
    expect(bytes.gzip, `first screen JS + CSS is ${bytes.gzip} bytes gzip; the ceiling is ${ceiling.gzip}`).to.be.at.most(ceiling.gzip);
  });

  it('leaves out the readers of the later answers (accounts, businesses, customer details) and the entry page\'s script text (issue 15, docs/performance.md "Bytes of the first screen")', async () => {
    const metafile = await buildApp({ outDir });
    const inputs = firstScreenFiles(metafile).flatMap((file) => Object.keys(metafile.outputs[file]?.inputs ?? {}));
    expect(inputs).to.include('adapters/fetch-customer-auth-api.adapter.ts');
    for (const later of ['adapters/later-answer-readers.ts', 'domain/account-answer.ts', 'domain/customer-details.ts', 'adapters/entry-page-script.ts']) {
      expect(inputs, later).not.to.include(later);
    }
    expect(Object.values(metafile.outputs).some((output) => Object.keys(output.inputs).includes('adapters/later-answer-readers.ts')), 'the readers are built, in a chunk of their own').to.equal(true);
  });
});
