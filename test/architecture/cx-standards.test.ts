// Issue 22: docs/cx-standards.md, the CX standards compliance matrix, and the tests it names:
// every row marked met names at least one test, and each named test exists (its file, and its
// title in that file), so that a met row cannot outlive the test that proves it.
import { expect } from 'chai';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MATRIX = 'docs/cx-standards.md';

/** The statuses a row may have (docs/cx-standards.md). */
const STATUSES = ['met', 'not applicable', "bank's responsibility", "bank's decision (switch)"] as const;

interface MatrixRow {
  readonly line: number;
  readonly id: string;
  readonly status: string;
  readonly tests: readonly NamedTest[];
}

interface NamedTest {
  readonly file: string;
  readonly title: string;
}

/** The rows of the matrix's tables: `| id | the standard's words | status | where / why | test |`. */
export function matrixRows(markdown: string): MatrixRow[] {
  return markdown.split('\n').flatMap((text, index) => {
    const cells = /^\| ([A-Z]+-\d+) \|/.test(text) ? text.split(' | ') : [];
    if (cells.length < 5) return [];
    const id = (cells[0] ?? '').replace(/^\| /, '');
    const testCell = (cells[cells.length - 1] ?? '').replace(/ \|$/, '');
    return [{ line: index + 1, id, status: cells[2] ?? '', tests: namedTests(testCell) }];
  });
}

/** The tests a cell names: `` `file` › title ``, several joined by `<br>`; `—` names none. */
export function namedTests(cell: string): NamedTest[] {
  return cell.split('<br>').flatMap((entry) => {
    const named = /^`([^`]+)` › (.+)$/.exec(entry.trim());
    return named === null ? [] : [{ file: named[1] ?? '', title: (named[2] ?? '').trim() }];
  });
}

/** A test file's text with its quotes unescaped, so that a title written `'the bank\'s …'` is found as "the bank's …". */
const unescaped = (source: string): string => source.replace(/\\(['"`])/g, '$1');

/** Why a named test does not prove anything: no such file, or no such title in it. */
export function missingTest(test: NamedTest, read: (file: string) => string | undefined): string | undefined {
  const source = read(test.file);
  if (source === undefined) return `no file ${test.file}`;
  return unescaped(source).includes(test.title) ? undefined : `no test titled "${test.title}" in ${test.file}`;
}

const readProjectFile = (file: string): string | undefined => {
  const full = path.join(root, file);
  return existsSync(full) ? readFileSync(full, 'utf8') : undefined;
};

describe('architecture: the CX standards matrix (docs/cx-standards.md) and the tests it names (issue 22)', () => {
  const rows = matrixRows(readFileSync(path.join(root, MATRIX), 'utf8'));

  it('has one row per requirement, each with a known status and a unique id', () => {
    expect(rows.length).to.be.greaterThan(70);
    expect(new Set(rows.map((row) => row.id)).size, 'ids are unique').to.equal(rows.length);
    const unknown = rows.filter((row) => !(STATUSES as readonly string[]).includes(row.status)).map((row) => `${row.id}: ${row.status}`);
    expect(unknown, "statuses other than met, not applicable, the bank's responsibility or the bank's decision").to.deep.equal([]);
  });

  it('every row marked met names at least one test, and every test it names exists (its file, and its title in that file)', () => {
    const problems = rows
      .filter((row) => row.status === 'met')
      .flatMap((row) => {
        if (row.tests.length === 0) return [`${MATRIX}:${row.line}: ${row.id} is met but names no test`];
        return row.tests.flatMap((test) => {
          const missing = missingTest(test, readProjectFile);
          return missing === undefined ? [] : [`${MATRIX}:${row.line}: ${row.id}: ${missing}`];
        });
      });
    expect(problems, problems.join('\n')).to.deep.equal([]);
  });

  it('the counts line says what the rows say', () => {
    const markdown = readFileSync(path.join(root, MATRIX), 'utf8');
    const count = (status: string): number => rows.filter((row) => row.status === status).length;
    expect(markdown).to.include(
      `**Counts (${rows.length} rows):** ${count('met')} met, ${count('not applicable')} not applicable, ${count("bank's responsibility")} the bank's responsibility, ${count("bank's decision (switch)")} the bank's decision behind a switch.`,
    );
  });

  describe('the checker itself', () => {
    const files: Record<string, string> = { 'test/x.test.ts': "it('the bank\\'s rule holds', () => {});\nit('plain', () => {});" };
    const read = (file: string): string | undefined => files[file];

    it("reads a row's status and named tests", () => {
      const [row] = matrixRows('| AUTHN-04 | "MUST NOT" | met | `x.ts` | `test/x.test.ts` › plain<br>`test/x.test.ts` › the bank\'s rule holds |');
      expect(row).to.deep.include({ id: 'AUTHN-04', status: 'met' });
      expect(row?.tests).to.deep.equal([
        { file: 'test/x.test.ts', title: 'plain' },
        { file: 'test/x.test.ts', title: "the bank's rule holds" },
      ]);
      expect(matrixRows('| OTP-03 | "MUST ONLY" | bank\'s responsibility | why | — |')[0]?.tests).to.deep.equal([]);
    });

    it('fails a test whose file or title does not exist, and finds a title written with escaped quotes', () => {
      expect(missingTest({ file: 'test/x.test.ts', title: "the bank's rule holds" }, read)).to.equal(undefined);
      expect(missingTest({ file: 'test/x.test.ts', title: 'a test never written' }, read)).to.equal('no test titled "a test never written" in test/x.test.ts');
      expect(missingTest({ file: 'test/gone.test.ts', title: 'plain' }, read)).to.equal('no file test/gone.test.ts');
    });
  });
});
