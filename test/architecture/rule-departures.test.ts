// docs/wording.md "Rule departures, with the code and the test that hold each": every row quotes
// the spec's rule with its section, gives a reason, names code that exists (each file, and each
// name in it) and tests that exist (each file, and its exact title), so that the record of the
// rules the app departs from cannot outlive the code or the tests it names.
import { expect } from 'chai';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RECORD = 'docs/wording.md';
const HEADING = '### Rule departures, with the code and the test that hold each';

interface RuleRow {
  readonly line: number;
  readonly cells: readonly string[];
}

/** The rows of the table under `HEADING`, up to the next heading: `| rule | ours | why | code | tests |`. */
function ruleRows(markdown: string): RuleRow[] {
  const lines = markdown.split('\n');
  const start = lines.indexOf(HEADING);
  if (start < 0) return [];
  const end = lines.findIndex((text, index) => index > start && /^#{2,3} /.test(text));
  return lines
    .slice(start + 1, end < 0 ? lines.length : end)
    .map((text, index) => ({ text, line: start + 2 + index }))
    .filter(({ text }) => text.startsWith('| ') && !text.startsWith("| The spec's rule |"))
    .map(({ text, line }) => ({ line, cells: text.replace(/^\| /, '').replace(/ \|$/, '').split(' | ') }));
}

/** The code a cell names: `` `file` `name`, `name`; `file` `name` ``: each file with the names after it. */
function namedCode(cell: string): { readonly file: string; readonly names: readonly string[] }[] {
  const named: { file: string; names: string[] }[] = [];
  for (const [, token = ''] of cell.matchAll(/`([^`]+)`/g)) {
    if (/^[\w.-]+(\/[\w.-]+)+\.\w+$/.test(token)) named.push({ file: token, names: [] });
    else named.at(-1)?.names.push(token);
  }
  return named;
}

/** The tests a cell names: `` `file` › title ``, several joined by `<br>`. */
function namedTests(cell: string): { readonly file: string; readonly title: string }[] {
  return cell.split('<br>').flatMap((entry) => {
    const named = /^`([^`]+)` › (.+)$/.exec(entry.trim());
    return named === null ? [] : [{ file: named[1] ?? '', title: (named[2] ?? '').trim() }];
  });
}

/** A source's text with its quotes unescaped, so that `'the bank\'s …'` is found as "the bank's …". */
const unescaped = (source: string): string => source.replace(/\\(['"`])/g, '$1');

/** What is wrong with a row, each problem on its own line; none when it holds. */
function rowProblems(row: RuleRow, read: (file: string) => string | undefined): string[] {
  const at = `${RECORD}:${row.line}`;
  if (row.cells.length !== 5) return [`${at}: ${row.cells.length} cells, not 5 (rule, ours, why, code, tests)`];
  const [rule = '', ours = '', why = '', code = '', tests = ''] = row.cells;
  const problems: string[] = [];
  if (!/spec §\d/.test(rule) || !/"[^"]+"/.test(rule)) problems.push(`${at}: the rule cites no spec section or quotes none of its words`);
  if (ours.trim() === '' || why.trim() === '') problems.push(`${at}: what the app does, or why, is empty`);
  const files = namedCode(code);
  if (files.length === 0) problems.push(`${at}: names no code`);
  for (const { file, names } of files) {
    const source = read(file);
    if (source === undefined) problems.push(`${at}: no file ${file}`);
    else for (const name of names) if (!source.includes(name)) problems.push(`${at}: no ${name} in ${file}`);
  }
  const named = namedTests(tests);
  if (named.length === 0) problems.push(`${at}: names no test`);
  for (const { file, title } of named) {
    const source = read(file);
    if (source === undefined) problems.push(`${at}: no file ${file}`);
    else if (!unescaped(source).includes(title)) problems.push(`${at}: no test titled "${title}" in ${file}`);
  }
  return problems;
}

const readProjectFile = (file: string): string | undefined => {
  const full = path.join(root, file);
  return existsSync(full) ? readFileSync(full, 'utf8') : undefined;
};

describe("architecture: the record of the spec's rules the app departs from (docs/wording.md)", () => {
  it('every row quotes the spec, gives a reason, and names code and tests that exist', () => {
    const rows = ruleRows(readFileSync(path.join(root, RECORD), 'utf8'));
    expect(rows.length, `the table under "${HEADING}"`).to.be.at.least(6);
    const problems = rows.flatMap((row) => rowProblems(row, readProjectFile));
    expect(problems, problems.join('\n')).to.deep.equal([]);
  });

  describe('the checker itself', () => {
    const files: Record<string, string> = {
      'domain/rule.ts': 'export function decide() {}\nexport const LIMIT = 5;',
      'test/rule.test.ts': "it('the bank\\'s number decides', () => {});",
    };
    const read = (file: string): string | undefined => files[file];
    const table = (row: string): string =>
      `${HEADING}\n\n| The spec's rule | What the app does | Why | Code | Tests |\n|---|---|---|---|---|\n${row}\n\n## Next\n| not | a | row | of | it |`;

    it("reads the table's rows, and a cell's files with their names", () => {
      const rows = ruleRows(table('| spec §8 "at 5" | ours | why | `domain/rule.ts` `decide`, `LIMIT` | `test/rule.test.ts` › t |'));
      expect(rows.map((row) => row.cells)).to.deep.equal([['spec §8 "at 5"', 'ours', 'why', '`domain/rule.ts` `decide`, `LIMIT`', '`test/rule.test.ts` › t']]);
      expect(namedCode('`domain/rule.ts` `decide`; `ui/a-b.tsx` `x`')).to.deep.equal([
        { file: 'domain/rule.ts', names: ['decide'] },
        { file: 'ui/a-b.tsx', names: ['x'] },
      ]);
    });

    it('passes a row that holds, and names each problem of one that does not', () => {
      const good = '| spec §8 "at 5" | ours | why | `domain/rule.ts` `decide`, `LIMIT` | `test/rule.test.ts` › the bank\'s number decides |';
      expect(ruleRows(table(good)).flatMap((row) => rowProblems(row, read))).to.deep.equal([]);
      const bad = '| the counter | ours |  | `domain/gone.ts` `x`; `domain/rule.ts` `undo` | `test/rule.test.ts` › never written |';
      expect(ruleRows(table(bad)).flatMap((row) => rowProblems(row, read))).to.deep.equal([
        `${RECORD}:5: the rule cites no spec section or quotes none of its words`,
        `${RECORD}:5: what the app does, or why, is empty`,
        `${RECORD}:5: no file domain/gone.ts`,
        `${RECORD}:5: no undo in domain/rule.ts`,
        `${RECORD}:5: no test titled "never written" in test/rule.test.ts`,
      ]);
    });
  });
});
