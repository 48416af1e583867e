// Issue 15 item 5: the first screen's gzip bytes are deterministic, so a build that exceeds the
// committed ceiling fails here rather than waiting for `npm run bench` (docs/performance.md).
import { expect } from 'chai';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../esbuild.config.mjs';
import { firstScreen, firstScreenBytes, firstScreenScripts } from '../../bench/first-screen-bytes';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe("build: the first screen's bytes (issue 15 item 5)", function () {
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
    const screen = await firstScreen(metafile, outDir);
    // Issue 20: the first screen's CSS is inline in the entry page; the built file it came from is not requested, so not counted.
    expect(screen.inlineStyles.join('').length, "the entry page's inline stylesheet is counted").to.be.greaterThan(1000);
    expect(screen.linkedStylesheets, 'no stylesheet linked beside it').to.deep.equal([]);
    expect(screen.inlineScripts.length, "the entry script (not the entry page's JSON data) is counted").to.equal(1);
    expect(screen.scriptFiles.filter((file) => file.endsWith('.js')).length, 'the entry and its static chunks are counted').to.be.greaterThan(1);
    const bytes = await firstScreenBytes(metafile, outDir);
    expect(bytes.gzip, `first screen JS + CSS is ${bytes.gzip} bytes gzip; the ceiling is ${ceiling.gzip}`).to.be.at.most(ceiling.gzip);
  });

  it('leaves out the readers of the later answers (accounts, businesses, customer details) and the entry page\'s script text (issue 15, docs/performance.md "Bytes of the first screen")', async () => {
    const metafile = await buildApp({ outDir });
    const inputs = firstScreenScripts(metafile).flatMap((file) => Object.keys(metafile.outputs[file]?.inputs ?? {}));
    expect(inputs).to.include('adapters/fetch-customer-auth-api.adapter.ts');
    for (const later of [
      'adapters/later-answer-readers.ts',
      'adapters/account-answer.reader.ts',
      'domain/account-entries.ts',
      'domain/customer-details.ts',
      'ui/web/take-over/entry-script.ts',
    ]) {
      expect(inputs, later).not.to.include(later);
    }
    expect(
      Object.values(metafile.outputs).some((output) => Object.keys(output.inputs).includes('adapters/later-answer-readers.ts')),
      'the readers are built, in a chunk of their own',
    ).to.equal(true);
  });
});
