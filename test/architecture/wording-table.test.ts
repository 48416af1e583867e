// docs/wording.md "Changes to the spec's texts": every "after" text is in the catalogue and no
// "before" text is, so the page and the code cannot drift apart.
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { catalogue } from '../fixtures/copy-catalogue';

interface Change { readonly where: string; readonly before: string; readonly after: string }

/** The rows of the table: the first `code` of the Before and After cells. */
function changes(): Change[] {
  const page = readFileSync(new URL('../../docs/wording.md', import.meta.url), 'utf8');
  const section = page.split("## Changes to the spec's texts")[1]?.split('\n## ')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| Where'))
    .map((line) => {
      const cells = line.split(' | ');
      const code = (cell: string | undefined): string => /`([^`]+)`/.exec(cell ?? '')?.[1] ?? '';
      return { where: (cells[0] ?? '').replace(/^\| /, ''), before: code(cells[1]), after: code(cells[2]) };
    });
}

describe('architecture: docs/wording.md lists the spec\'s texts we changed, as the catalogue has them', () => {
  it('lists the changes, each with a before and an after', () => {
    expect(changes()).to.have.length.of.at.least(5);
    for (const change of changes()) {
      expect(change.before, change.where).to.match(/\S/);
      expect(change.after, change.where).to.match(/\S/);
    }
  });

  for (const change of changes()) {
    it(`${change.where}: "${change.after}" replaces "${change.before}"`, () => {
      const texts = catalogue();
      expect(texts.some((text) => text.includes(change.after)), `"${change.after}" in the catalogue`).to.equal(true);
      expect(texts.filter((text) => text.includes(change.before)), `"${change.before}" nowhere`).to.deep.equal([]);
    });
  }
});

/** Issue 22's table: the first `code` of the "Ours" cell of each row ("—" when a text is not shown). */
function cxTexts(): { readonly where: string; readonly ours: string }[] {
  const page = readFileSync(new URL('../../docs/wording.md', import.meta.url), 'utf8');
  const section = page.split('## Texts added or changed for the CX standards (issue 22)')[1]?.split('\n## ')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| Where'))
    .map((line) => {
      const cells = line.split(' | ');
      return { where: (cells[0] ?? '').replace(/^\| /, ''), ours: /`([^`]+)`/.exec(cells[2] ?? '')?.[1] ?? '' };
    });
}

/** A text of the table as a pattern: each `{…}` stands for any value. */
const asPattern = (text: string): RegExp =>
  new RegExp(`^${text.split(/\{[^}]*\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);

describe('architecture: docs/wording.md lists the texts issue 22 added or changed, as the catalogue has them', () => {
  it('lists them', () => {
    expect(cxTexts().filter((row) => row.ours !== '')).to.have.length.of.at.least(20);
  });

  for (const row of cxTexts().filter((entry) => entry.ours !== '')) {
    it(`${row.where}: "${row.ours}" is in the catalogue`, () => {
      const pattern = asPattern(row.ours);
      expect(catalogue().some((text) => pattern.test(text)), `"${row.ours}" in the catalogue`).to.equal(true);
    });
  }
});
