import { expect } from 'chai';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSources } from './layer-rules';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The flow started (the controller's `start`), which is its caller's to do (comments left out). */
const STARTS_THE_FLOW = /\.start\s*\(/;

/** Each line of each composition root, comments left out, with where it is. */
function rootLines(): { readonly line: string; readonly at: string }[] {
  const roots = readSources(root).filter((file) => file.path.startsWith('adapters/') && file.path.endsWith('composition-root.ts'));
  expect(roots.map((file) => file.path)).to.include.members([
    'adapters/composition-root.ts',
    'adapters/terminal/composition-root.ts',
    'adapters/prerender/composition-root.ts',
  ]);
  return roots.flatMap((file) => file.text.split('\n').map((line, index) => ({ line: line.replace(/\/\/.*$/, ''), at: `${file.path}:${index + 1}` })));
}

/** A binding made on the container itself, beside the table (comments left out). */
const BESIDE_THE_TABLE = /\.(bind|rebind|toConstantValue|toDynamicValue|toSelf)\s*\(/;

// Issue 34 item 4: every port, and every service a channel's adapters need (the platform's fetch,
// the terminal's call journal), is bound through the one wiring table (application/port-table.ts).
describe('architecture: the composition roots bind through the wiring table only', () => {
  it('no composition root binds a service on the container beside the table', () => {
    const beside = rootLines()
      .filter(({ line }) => BESIDE_THE_TABLE.test(line))
      .map(({ line, at }) => `${at}: ${line.trim()}`);
    expect(beside, beside.join('\n')).to.deep.equal([]);
  });

  // Issue 34 item 4 "no root starts the flow": a root builds the container; its caller (main.tsx,
  // the build's entry-page.tsx, the terminal) starts the flow when it is ready to show it.
  it('no composition root starts the flow', () => {
    const starts = rootLines()
      .filter(({ line }) => STARTS_THE_FLOW.test(line))
      .map(({ line, at }) => `${at}: ${line.trim()}`);
    expect(starts, starts.join('\n')).to.deep.equal([]);
  });
});
