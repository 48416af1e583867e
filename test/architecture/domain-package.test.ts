import { expect } from 'chai';
import * as esbuild from 'esbuild';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * DESIGN §1: another channel can import `domain/` alone. Its public API is each module a channel
 * imports (`@bank/consent-domain/accounts`, as the web and terminal channels import `domain/accounts.ts`);
 * no index re-exports them all (issue 34 item 4: such an index hid the exports nothing used).
 */
describe('architecture: the domain is a package another channel can import alone', () => {
  const modules = (): string[] =>
    readdirSync(path.join(root, 'domain'))
      .filter((name) => name.endsWith('.ts'))
      .map((name) => `domain/${name}`);

  it('its package.json names no dependencies of any kind, and exports each module by its name', () => {
    const manifest = JSON.parse(readFileSync(path.join(root, 'domain/package.json'), 'utf8')) as Record<string, unknown>;
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies', 'devDependencies']) {
      expect(manifest, field).not.to.have.property(field);
    }
    expect(manifest['exports']).to.deep.equal({ './*': './*.ts' });
  });

  it('every module bundles with no third-party or platform module', async () => {
    const entryPoints = modules();
    expect(entryPoints.length).to.be.greaterThan(10);
    const result = await esbuild.build({
      absWorkingDir: root,
      entryPoints,
      bundle: true,
      write: false,
      outdir: 'out',
      metafile: true,
      format: 'esm',
      platform: 'neutral',
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.filter((input) => !input.startsWith('domain/'))).to.deep.equal([]);
    const imports = Object.values(result.metafile.outputs).flatMap((output) => output.imports);
    expect(imports, 'imports left external').to.deep.equal([]);
  });
});
