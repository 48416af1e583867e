import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../esbuild.config.mjs';

/** DESIGN §1 (a pluggable UI): the web bundle carries nothing of the terminal channel (checked in esbuild's metafile). */
describe('architecture: the web bundle is the web channel alone', function () {
  this.timeout(60000);
  it("no input of dist/ comes from ui/terminal/, adapters/terminal/ (the CI mode's answers and verdict included) or ink", async () => {
    const outDir = await mkdtemp(path.join(os.tmpdir(), 'web-bundle-'));
    try {
      const metafile = await buildApp({ outDir });
      const inputs = Object.keys(metafile.inputs);
      expect(inputs.some((input) => input.startsWith('ui/web/'))).to.equal(true);
      const terminal = inputs.filter((input) => /^(ui\/terminal\/|adapters\/terminal\/)|node_modules\/(ink|ink-testing-library|yoga-layout)\//.test(input));
      expect(terminal).to.deep.equal([]);
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  });
});
