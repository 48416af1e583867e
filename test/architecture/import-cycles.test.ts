import { expect } from 'chai';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importCycles, importGraph } from './import-graph';
import { readSources } from './layer-rules';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A cycle as one readable line: its files, in order of name. */
const named = (cycle: readonly string[]): string => `${cycle.length} files: ${cycle.join(', ')}`;

// Issue 34 item 4: no circles. A cycle, even of type imports only, means that no file of it can be
// read, tested or moved without the others; the leaf types live in leaf modules instead (docs/architecture.md).
describe('architecture: no import cycles', () => {
  it('no file of domain/, application/, adapters/, ui/, sandbox/ or contract/ reaches itself through its imports', () => {
    const sources = readSources(root);
    const cycles = importCycles(importGraph(sources)).map(named);
    expect(cycles, `import cycles:\n${cycles.join('\n')}\n`).to.deep.equal([]);
  });

  describe('the checker itself', () => {
    const cyclesOf = (files: Record<string, string>) => importCycles(importGraph(Object.entries(files).map(([filePath, text]) => ({ path: filePath, text }))));

    it('finds a cycle of type-only imports', () => {
      expect(cyclesOf({ 'domain/a.ts': `import type { B } from './b';`, 'domain/b.ts': `import type { A } from './a';` })).to.deep.equal([
        ['domain/a.ts', 'domain/b.ts'],
      ]);
    });

    it('follows re-exports, dynamic imports, .tsx files and a folder’s index', () => {
      expect(
        cyclesOf({
          'ui/a.tsx': `export { B } from './b';`,
          'ui/b.ts': `const c = await import('./c/index');`,
          'ui/c/index.ts': `import { D } from '../d';`,
          'ui/d.ts': `export * from './c';\nexport type { A } from './a';`,
        }),
      ).to.deep.equal([['ui/a.tsx', 'ui/b.ts', 'ui/c/index.ts', 'ui/d.ts']]);
    });

    it('names each cycle apart, and a file that imports itself', () => {
      expect(
        cyclesOf({
          'adapters/a.ts': `import { b } from './b';`,
          'adapters/b.ts': `import { a } from './a';`,
          'domain/c.ts': `import { c } from './c';`,
          'domain/d.ts': `import { a } from '../adapters/a';`,
        }),
      ).to.deep.equal([['adapters/a.ts', 'adapters/b.ts'], ['domain/c.ts']]);
    });

    it('takes a chain without a way back, and imports in comments, as no cycle', () => {
      expect(
        cyclesOf({
          'domain/a.ts': `import { b } from './b';`,
          'domain/b.ts': `// import { a } from './a';\nimport { c } from './c.ts';`,
          'domain/c.ts': `import { x } from 'package';`,
        }),
      ).to.deep.equal([]);
    });
  });
});
