// Citations of the project's documents ("spec §4", "DESIGN §3.11", "CONTRACT §3"), of its issues
// ("issue 11 defect 4", resolved by docs/history.md) and the relative links of its Markdown
// files, as checkers over text: test/architecture/citations.test.ts.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** A document code may cite, by the word that names it. */
export type CitedDocument = 'spec' | 'DESIGN' | 'CONTRACT';

/** Where each cited document lives, relative to the project root. */
export const CITED_DOCUMENTS: Readonly<Record<CitedDocument, string>> = {
  spec: 'docs/requirements.md',
  DESIGN: 'docs/design.md',
  CONTRACT: 'docs/contract.md',
};

export interface TextFile {
  /** Path relative to the project root, with forward slashes (e.g. `domain/accounts.ts`). */
  readonly path: string;
  readonly text: string;
}

export interface Citation {
  readonly path: string;
  readonly line: number;
  readonly document: CitedDocument;
  /** A section number: `4`, `3.11`. */
  readonly section: string;
  /** The text as written, for the report. */
  readonly written: string;
}

/** Folders never scanned: installed, built or generated. */
const SKIPPED_FOLDERS = new Set([
  'node_modules',
  'dist',
  'dist-nginx',
  'reports',
  'test-artifacts',
  '.git',
  '.stryker-tmp',
  '.sandbox-data',
  '.scratch',
  'screenshots',
]);
const SCANNED_EXTENSIONS = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.json', '.md', '.css', '.html', '.conf', '.sh']);
const SKIPPED_FILES = new Set(['package-lock.json']);

/**
 * Every source, test, bench, docs and README file under `root`, and any extensionless
 * script under `.ci/`; not what is installed, built or generated.
 */
export function readProjectTexts(root: string): TextFile[] {
  const files: TextFile[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = dir === '' ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) walk(relative);
        continue;
      }
      if (!entry.isFile() || SKIPPED_FILES.has(entry.name)) continue;
      const extension = path.extname(entry.name);
      if (SCANNED_EXTENSIONS.has(extension) || (extension === '' && dir === '.ci')) {
        files.push({ path: relative, text: readFileSync(path.join(root, relative), 'utf8') });
      }
    }
  };
  walk('');
  return files;
}

const SECTION = String.raw`\d+(?:\.\d+)?`;
/**
 * A document's name, `§` and a section, then any further sections of the same document:
 * `spec §2, §4 and §8`, `CONTRACT §3-§5`, `DESIGN §3.1-3.4, §4`, `CONTRACT.md §3`. A list item
 * needs its own `§`; a range's end may go without one.
 */
const CITATION = new RegExp(
  String.raw`\b(spec|Spec|DESIGN|CONTRACT)(?:\.md)?\s?§\s?(${SECTION})((?:\s*(?:,|and|&)\s*§\s?${SECTION}|\s*[-–]\s*§?\s?${SECTION})*)`,
  'g',
);
const FOLLOWING = new RegExp(String.raw`(,|and|&|[-–])\s*§?\s?(${SECTION})`, 'g');

/** The sections from `from` to `to` (`2`-`3`, `3.1`-`3.4`); just the two ends when they are not comparable. */
function expandRange(from: string, to: string): string[] {
  const [fromMajor = '', fromMinor] = from.split('.');
  const [toMajor = '', toMinor] = to.split('.');
  if (fromMinor === undefined && toMinor === undefined && Number(toMajor) > Number(fromMajor)) {
    return Array.from({ length: Number(toMajor) - Number(fromMajor) + 1 }, (_, i) => String(Number(fromMajor) + i));
  }
  if (fromMinor !== undefined && toMinor !== undefined && fromMajor === toMajor && Number(toMinor) > Number(fromMinor)) {
    return Array.from({ length: Number(toMinor) - Number(fromMinor) + 1 }, (_, i) => `${fromMajor}.${Number(fromMinor) + i}`);
  }
  return [from, to];
}

/** Every citation of spec, DESIGN or CONTRACT in `file`, one per cited section. */
export function citationsIn(file: TextFile): Citation[] {
  const found: Citation[] = [];
  file.text.split('\n').forEach((text, index) => {
    for (const match of text.matchAll(CITATION)) {
      const [written, name = '', first = '', rest = ''] = match;
      const document: CitedDocument = name === 'Spec' ? 'spec' : (name as CitedDocument);
      const sections = [first];
      let previous = first;
      for (const [, separator = '', section = ''] of rest.matchAll(FOLLOWING)) {
        if (separator === '-' || separator === '–') sections.push(...expandRange(previous, section).slice(1));
        else sections.push(section);
        previous = section;
      }
      for (const section of sections) found.push({ path: file.path, line: index + 1, document, section, written });
    }
  });
  return found;
}

/** The section numbers a Markdown document has headings for: `## 4. States` gives 4, `### 3.11 A confirmation…` gives 3.11. */
export function headingNumbers(markdown: string): Set<string> {
  const numbers = new Set<string>();
  for (const line of withoutFencedCode(markdown).split('\n')) {
    const heading = /^#{1,6}\s+(\d+(?:\.\d+)?)\.?(?:\s|$)/.exec(line);
    if (heading?.[1] !== undefined) numbers.add(heading[1]);
  }
  return numbers;
}

/** Citations whose section has no heading in the cited document, as `file:line: written (no §N in doc)`. */
export function unresolvedCitations(files: readonly TextFile[], headings: Readonly<Record<CitedDocument, ReadonlySet<string>>>): string[] {
  return files
    .flatMap(citationsIn)
    .filter((citation) => !headings[citation.document].has(citation.section))
    .map((citation) => `${citation.path}:${citation.line}: "${citation.written}" (${CITED_DOCUMENTS[citation.document]} has no heading ${citation.section})`);
}

/** Where issue citations resolve: the history of the work, one heading per issue and per numbered item. */
export const HISTORY = 'docs/history.md';

/** `issue 11`, `Issue 12`, `issue 11 defect 4`, `issue 11, item 6`: the issue and, when named, its item. */
const ISSUE_CITATION = /\b[Ii]ssue (\d+)(?:,? (?:defect|item) (\d+))?/g;

/** The headings an issue citation needs in docs/history.md: `Issue 11` for an issue, `11.4` for its item. */
function issueCitationsIn(file: TextFile): { readonly line: number; readonly heading: string; readonly written: string }[] {
  const found: { line: number; heading: string; written: string }[] = [];
  file.text.split('\n').forEach((text, index) => {
    for (const match of text.matchAll(ISSUE_CITATION)) {
      const [written, issue = '', item] = match;
      found.push({ line: index + 1, heading: item === undefined ? `Issue ${issue}` : `${issue}.${item}`, written });
    }
  });
  return found;
}

/** Issue citations whose issue or item has no heading in docs/history.md (`## Issue 11: …`, `### 11.4 …`). */
export function unresolvedIssueCitations(files: readonly TextFile[], history: string): string[] {
  const headings = withoutFencedCode(history)
    .split('\n')
    .filter((line) => /^#{1,6}\s/.test(line))
    .map((line) => line.replace(/^#+\s+/, ''));
  const has = (wanted: string): boolean => headings.some((heading) => heading.startsWith(`${wanted} `) || heading.startsWith(`${wanted}:`));
  return files
    .filter((file) => file.path !== HISTORY)
    .flatMap((file) =>
      issueCitationsIn(file)
        .filter((citation) => !has(citation.heading))
        .map((citation) => `${file.path}:${citation.line}: "${citation.written}" (${HISTORY} has no heading ${citation.heading})`),
    );
}

/** Markdown with its fenced code blocks blanked (lines kept, so line numbers hold). */
function withoutFencedCode(markdown: string): string {
  let fenced = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        fenced = !fenced;
        return '';
      }
      return fenced ? '' : line;
    })
    .join('\n');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown document's headings (a repeated heading gets -1, -2, … as on GitHub). */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of withoutFencedCode(markdown).split('\n')) {
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading?.[1] === undefined) continue;
    const base = headingAnchor(heading[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/**
 * Relative links of a Markdown file (`[text](target)`, `![alt](target)`) whose file does not
 * exist, or whose `#anchor` is not a heading of the Markdown file it points at. Web addresses
 * are not checked.
 */
export function brokenLinks(root: string, file: TextFile): string[] {
  const problems: string[] = [];
  withoutFencedCode(file.text)
    .split('\n')
    .forEach((line, index) => {
      for (const match of line.replace(/`[^`]*`/g, '').matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
        const target = match[1] ?? '';
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
        const [pathPart = '', anchor] = target.split('#');
        const resolved = pathPart === '' ? file.path : path.posix.normalize(path.posix.join(path.posix.dirname(file.path), decodeURI(pathPart)));
        const where = `${file.path}:${index + 1}: ${target}`;
        if (resolved.startsWith('..') || !existsSync(path.join(root, resolved))) {
          problems.push(`${where} (no file ${resolved})`);
          continue;
        }
        if (anchor !== undefined && anchor !== '' && resolved.endsWith('.md')) {
          const text = resolved === file.path ? file.text : readFileSync(path.join(root, resolved), 'utf8');
          if (!headingAnchors(text).has(anchor)) problems.push(`${where} (no heading #${anchor} in ${resolved})`);
        }
      }
    });
  return problems;
}

/** A code span that reads as a path: names joined by `/` (an optional `/` at the end), nothing else. */
const PATH_LIKE = /^[\w@.+-]+(?:\/[\w@.+-]+)*\/?$/;
/** Source files a doc may name without their folder (`flow-view.ts`). */
const BARE_SOURCE_FILE = /^[\w.-]+\.(?:ts|tsx|mts|mjs|css)$/;

/**
 * Code-formatted paths of a Markdown file that name nothing in the repository: `ui/web/main.tsx`
 * or `adapters/terminal/` whose first folder is one of the repository's own (`topLevel`: not a
 * built or installed one such as `dist/`) and which ends in a file name with an extension or in
 * `/`, as `path:line: \`path\` (no such file)`; and a source file named alone (`flow-view.ts`)
 * that no file of the repository (`fileNames`) is called. A `:line` or `#anchor` after the path is
 * not part of it; fenced code blocks, globs and MIME types (`application/json`) are not checked.
 */
export function missingCodePaths(root: string, file: TextFile, topLevel: ReadonlySet<string>, fileNames: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  withoutFencedCode(file.text)
    .split('\n')
    .forEach((line, index) => {
      for (const match of line.matchAll(/`([^`\n]+)`/g)) {
        const named = (match[1] ?? '').replace(/[:#].*$/, '');
        if (!PATH_LIKE.test(named)) continue;
        const parts = named.replace(/\/$/, '').split('/');
        const where = `${file.path}:${index + 1}: \`${named}\``;
        if (parts.length > 1) {
          const checked = topLevel.has(parts[0] ?? '') && (named.endsWith('/') || /\.\w+$/.test(named));
          if (checked && !existsSync(path.join(root, named))) problems.push(`${where} (no such file or folder)`);
        } else if (BARE_SOURCE_FILE.test(named) && !fileNames.has(named)) {
          problems.push(`${where} (no file of that name)`);
        }
      }
    });
  return problems;
}

/** The repository's own top-level files and folders: not those installed, built or generated. */
export function topLevelNames(root: string): Set<string> {
  return new Set(readdirSync(root).filter((name) => !SKIPPED_FOLDERS.has(name)));
}
