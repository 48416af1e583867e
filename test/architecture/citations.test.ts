import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  brokenLinks,
  citationsIn,
  CITED_DOCUMENTS,
  headingAnchor,
  headingNumbers,
  HISTORY,
  missingCodePaths,
  readProjectTexts,
  topLevelNames,
  unresolvedCitations,
  unresolvedIssueCitations,
  type CitedDocument,
} from './citation-rules';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The section sign, kept out of this file's own text so that its examples are not citations. */
const S = '\u00a7';

const headingsOf = (document: CitedDocument): Set<string> => headingNumbers(readFileSync(path.join(root, CITED_DOCUMENTS[document]), 'utf8'));

describe('architecture: every citation and relative link resolves inside the repository', () => {
  const files = readProjectTexts(root);

  it('every "spec §N", "DESIGN §N" and "CONTRACT §N" has a heading in docs/requirements.md, docs/design.md or docs/contract.md', () => {
    const headings = { spec: headingsOf('spec'), DESIGN: headingsOf('DESIGN'), CONTRACT: headingsOf('CONTRACT') };
    const problems = unresolvedCitations(files, headings);
    expect(problems, `citations without a heading:\n${problems.join('\n')}\n`).to.deep.equal([]);
  });

  it('every "issue N" (and "issue N defect M") has a heading in docs/history.md', () => {
    const problems = unresolvedIssueCitations(files, readFileSync(path.join(root, HISTORY), 'utf8'));
    expect(problems, `issue citations without a heading:\n${problems.join('\n')}\n`).to.deep.equal([]);
  });

  it('scans the code, the tests, the bench and the docs, and finds their citations', () => {
    const scanned = new Set(files.map((file) => file.path.split('/')[0]));
    for (const folder of ['domain', 'application', 'adapters', 'ui', 'test', 'bench', 'docs', 'README.md']) {
      expect(scanned.has(folder), folder).to.equal(true);
    }
    expect(files.some((file) => /(^|\/)(node_modules|dist|reports|test-artifacts)\//.test(file.path))).to.equal(false);
    expect(files.flatMap(citationsIn).length).to.be.greaterThan(300);
  });

  it('every relative link of README.md and docs/*.md names a file that exists (and a heading that exists)', () => {
    const markdown = files.filter((file) => file.path === 'README.md' || (file.path.startsWith('docs/') && file.path.endsWith('.md')));
    expect(markdown.length).to.be.greaterThan(5);
    const problems = markdown.flatMap((file) => brokenLinks(root, file));
    expect(problems, `broken links:\n${problems.join('\n')}\n`).to.deep.equal([]);
  });

  it('every code-formatted path of README.md and docs/*.md (but the history) names a file or folder that exists', () => {
    const docs = files.filter((file) => file.path === 'README.md' || (file.path.startsWith('docs/') && file.path.endsWith('.md') && file.path !== HISTORY));
    const fileNames = new Set(files.map((file) => path.posix.basename(file.path)));
    const problems = docs.flatMap((file) => missingCodePaths(root, file, topLevelNames(root), fileNames));
    expect(problems, `paths that name nothing:\n${problems.join('\n')}\n`).to.deep.equal([]);
  });

  describe('the checkers themselves', () => {
    const headings = { spec: new Set(['1', '4', '8']), DESIGN: new Set(['3', '3.1', '3.2', '3.3', '4']), CONTRACT: new Set(['3', '4', '5']) };
    const check = (text: string): string[] => unresolvedCitations([{ path: 'x.ts', text }], headings);

    it('reads single citations, lists and ranges, in either case of "spec"', () => {
      const sections = citationsIn({ path: 'x.ts', text: `// Spec ${S}4, ${S}8 and DESIGN ${S}3.1-3.3, ${S}4; CONTRACT.md ${S}3-${S}5\nspec ${S}1` }).map(
        (citation) => `${citation.document} ${citation.section}:${citation.line}`,
      );
      expect(sections).to.deep.equal([
        'spec 4:1',
        'spec 8:1',
        'DESIGN 3.1:1',
        'DESIGN 3.2:1',
        'DESIGN 3.3:1',
        'DESIGN 4:1',
        'CONTRACT 3:1',
        'CONTRACT 4:1',
        'CONTRACT 5:1',
        'spec 1:2',
      ]);
    });

    it('fails a section with no heading, naming the file and line', () => {
      expect(check(`ok: spec ${S}4\nbad: spec ${S}10`)).to.deep.equal([`x.ts:2: "spec ${S}10" (docs/requirements.md has no heading 10)`]);
      expect(check(`DESIGN ${S}3.16`)).to.have.length(1);
      expect(check(`CONTRACT ${S}3-${S}6`)).to.have.length(1);
      expect(check(`DESIGN ${S}3.1, ${S}3.9`)).to.have.length(1);
      expect(check(`spec ${S}4 "Entry guard chain", DESIGN ${S}3.2 and CONTRACT ${S}5`)).to.deep.equal([]);
    });

    it("resolves issue citations to the history's headings, and fails one without", () => {
      const history = '## Issue 11: the flow\n### 11.4 Wording\n## Issue 12: outcomes';
      const missing = 'ssue 99'; // written apart, so that this file's own text cites nothing missing
      const file = { path: 'x.ts', text: `issue 11; Issue 12; issue 11 defect 4; issue 11, item 4\ni${missing}; issue 11 defect 5` };
      expect(unresolvedIssueCitations([file], history)).to.deep.equal([
        `x.ts:2: "i${missing}" (docs/history.md has no heading I${missing})`,
        'x.ts:2: "issue 11 defect 5" (docs/history.md has no heading 11.5)',
      ]);
    });

    it('reads numbered headings, not numbers in code blocks', () => {
      expect([...headingNumbers('# Title\n## 1. One\n### 3.11 Eleven\n```\n## 9. not a heading\n```\n## Glossary')]).to.deep.equal(['1', '3.11']);
    });

    it("makes GitHub's heading anchors", () => {
      expect(headingAnchor('2. Runtime configuration: `GET config/config.json`')).to.equal('2-runtime-configuration-get-configconfigjson');
      expect(headingAnchor('3.11 A confirmation is never lost')).to.equal('311-a-confirmation-is-never-lost');
    });

    it('fails a code-formatted path or source file name that names nothing, and leaves MIME types, globs, built paths and code blocks alone', () => {
      const file = {
        path: 'docs/x.md',
        text: [
          '`ui/web/main.tsx` `ui/web/take-over/` `docs/design.md#1-architecture` `flow-view.ts:69` `application/json`',
          '`ui/web/boot.tsx` `adapters/nowhere/` `gone.ts` `adapters/*.reader.ts` `dist/index.html` `main.css`',
          '```',
          'ui/web/old.tsx `ui/web/old.tsx`',
          '```',
        ].join('\n'),
      };
      expect(missingCodePaths(root, file, topLevelNames(root), new Set(['main.tsx', 'flow-view.ts']))).to.deep.equal([
        'docs/x.md:2: `ui/web/boot.tsx` (no such file or folder)',
        'docs/x.md:2: `adapters/nowhere/` (no such file or folder)',
        'docs/x.md:2: `gone.ts` (no file of that name)',
        'docs/x.md:2: `main.css` (no file of that name)',
      ]);
    });

    it('fails a relative link to a missing file or heading, and leaves web addresses alone', () => {
      const file = {
        path: 'README.md',
        text: '[a](docs/design.md) [b](docs/nothing.md) [c](https://example.com/x) [d](docs/design.md#no-such-heading) [e](#layout)\n## Layout',
      };
      expect(brokenLinks(root, file)).to.deep.equal([
        'README.md:1: docs/nothing.md (no file docs/nothing.md)',
        'README.md:1: docs/design.md#no-such-heading (no heading #no-such-heading in docs/design.md)',
      ]);
    });
  });
});
