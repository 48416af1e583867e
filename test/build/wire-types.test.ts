// Issue 24 item 5: the wire types are generated from the OpenAPI document (npm run contract:types),
// and the committed contract/customer-auth.wire.ts must be what the generator writes today.
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DOCUMENT = 'contract/customer-auth.openapi.json';

/** The generator's command line, as package.json's `contract:types` script has it (one source of its options). */
const [generator = '', ...generatorArgs] = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts[
  'contract:types'
]!.split(' ');

/** openapi-typescript's `--check`: it fails when the output file differs from what it would write. */
const check = (document: string): { readonly status: number | null; readonly output: string } => {
  const args = generatorArgs.map((arg) => (arg === DOCUMENT ? document : arg));
  const run = spawnSync(path.join(root, generator), [...args, '--check'], { cwd: root, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
};

describe('build: the wire types are generated from the OpenAPI document (issue 24 item 5)', function () {
  this.timeout(60_000);

  it('contract/customer-auth.wire.ts is what npm run contract:types writes today', () => {
    expect(generatorArgs).to.include(DOCUMENT);
    const { status, output } = check(DOCUMENT);
    expect(status, `${output}\nRun npm run contract:types and commit contract/customer-auth.wire.ts.`).to.equal(0);
  });

  it('the check fails once the document changes and the generated file does not', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'wire-types-'));
    try {
      const document = JSON.parse(readFileSync(path.join(root, DOCUMENT), 'utf8')) as { components: { schemas: Record<string, { description?: string }> } };
      document.components.schemas['RawAccount']!.description = 'A description the committed types do not have.';
      const changed = path.join(dir, 'customer-auth.openapi.json');
      writeFileSync(changed, JSON.stringify(document));
      expect(check(changed).status).to.not.equal(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
