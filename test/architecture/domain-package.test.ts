import { expect } from 'chai';
import * as esbuild from 'esbuild';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('architecture: the domain is a package another channel can import alone', () => {
  it('its package.json names no dependencies of any kind', () => {
    const manifest = JSON.parse(readFileSync(path.join(root, 'domain/package.json'), 'utf8')) as Record<string, unknown>;
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies', 'devDependencies']) {
      expect(manifest, field).not.to.have.property(field);
    }
    expect(manifest['exports']).to.deep.equal({ '.': './index.ts' });
  });

  it('its public entry bundles with no third-party or platform module', async () => {
    const result = await esbuild.build({
      absWorkingDir: root,
      entryPoints: ['domain/index.ts'],
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'neutral',
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.length).to.be.greaterThan(10);
    expect(inputs.filter((input) => !input.startsWith('domain/'))).to.deep.equal([]);
    const imports = Object.values(result.metafile.outputs).flatMap((output) => output.imports);
    expect(imports, 'imports left external').to.deep.equal([]);
  });
});
