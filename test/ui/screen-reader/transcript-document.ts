// docs/screen-reader.md: each journey's transcript in a fenced block under a heading of its own.
// The test compares what is spoken now with the block and prints the difference line by line;
// `SCREEN_READER_UPDATE=1` writes what is spoken now into the document instead.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const DOCUMENT = 'docs/screen-reader.md';
const documentPath = path.join(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..'), DOCUMENT);

/** Set to rewrite the document's transcripts with what is spoken now. */
export const UPDATING = process.env['SCREEN_READER_UPDATE'] === '1';

const FENCE = '```';

export function readDocument(): string {
  return existsSync(documentPath) ? readFileSync(documentPath, 'utf8') : '';
}

export function writeDocument(markdown: string): void {
  writeFileSync(documentPath, markdown);
}

/** The journeys' titles: the document's second-level headings, in order. */
export function journeyTitles(markdown: string): string[] {
  return markdown
    .split('\n')
    .filter((line) => line.startsWith('## '))
    .map((line) => line.slice(3));
}

/** Where the fenced transcript under `## title` is: the lines between its fences. */
function fenceOf(lines: readonly string[], title: string): { readonly from: number; readonly to: number } | undefined {
  const heading = lines.indexOf(`## ${title}`);
  if (heading < 0) return undefined;
  let open = -1;
  for (let index = heading + 1; index < lines.length && !(lines[index] ?? '').startsWith('## '); index += 1) {
    if ((lines[index] ?? '').startsWith(FENCE)) {
      if (open < 0) open = index;
      else return { from: open + 1, to: index };
    }
  }
  return undefined;
}

/** The transcript the document holds for a journey, or undefined when it has none. */
export function transcriptIn(markdown: string, title: string): string | undefined {
  const lines = markdown.split('\n');
  const fence = fenceOf(lines, title);
  return fence === undefined ? undefined : lines.slice(fence.from, fence.to).join('\n');
}

/** The document with a journey's transcript replaced, or its section added at the end (with `about`). */
export function withTranscript(markdown: string, title: string, about: string, transcript: string): string {
  const lines = markdown.split('\n');
  const fence = fenceOf(lines, title);
  if (fence !== undefined) return [...lines.slice(0, fence.from), transcript, ...lines.slice(fence.to)].join('\n');
  return `${markdown.trimEnd()}\n\n## ${title}\n\n${about}\n\n${FENCE}text\n${transcript}\n${FENCE}\n`;
}

/**
 * The lines that differ, `-` as the document has them and `+` as spoken now, with two lines of
 * context around each change (a longest common subsequence of lines).
 */
export function lineDiff(documented: string, spoken: string): string {
  const a = documented.split('\n');
  const b = spoken.split('\n');
  const common: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i -= 1)
    for (let j = b.length - 1; j >= 0; j -= 1) {
      const row = common[i] as number[];
      row[j] = a[i] === b[j] ? (common[i + 1]?.[j + 1] ?? 0) + 1 : Math.max(common[i + 1]?.[j] ?? 0, row[j + 1] ?? 0);
    }
  const lines: { readonly mark: ' ' | '-' | '+'; readonly text: string }[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      lines.push({ mark: ' ', text: a[i] ?? '' });
      i += 1;
      j += 1;
    } else if (i < a.length && (j >= b.length || (common[i + 1]?.[j] ?? 0) >= (common[i]?.[j + 1] ?? 0))) {
      lines.push({ mark: '-', text: a[i] ?? '' });
      i += 1;
    } else {
      lines.push({ mark: '+', text: b[j] ?? '' });
      j += 1;
    }
  }
  const near = (index: number): boolean => lines.slice(Math.max(0, index - 2), index + 3).some(({ mark }) => mark !== ' ');
  const shown: string[] = [];
  lines.forEach((line, index) => {
    if (near(index)) shown.push(`${line.mark} ${line.text}`);
    else if (shown.at(-1) !== '  …') shown.push('  …');
  });
  return shown.join('\n');
}
