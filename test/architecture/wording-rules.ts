// Issue 21 item 6: every text the app can show is the spec's (or the Data Language Standards',
// or DESIGN's) word for word, or a departure listed in docs/wording.md. The collectors and
// checkers of test/architecture/wording-departures.test.ts, as functions over text.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { transformSync } from 'esbuild';

/** One text the app can show, and where it comes from (a catalogue path, or a view file). */
export interface ShownText {
  readonly where: string;
  readonly text: string;
}

/** One row of docs/wording.md's departures table. */
export interface Departure {
  readonly line: number;
  readonly screen: string;
  /** The spec's words (each `code` span of the cell); none for a new text. */
  readonly spec: readonly string[];
  /** Our texts (each `code` span of the cell); `{…}` stands for a value. */
  readonly ours: readonly string[];
  readonly kind: string;
  readonly why: string;
}

const DEPARTURE_KINDS = ['typo', 'meaning', 'new'] as const;

// ---------------------------------------------------------------------------------------------
// Texts and sentences

/** Whitespace collapsed, typographic apostrophes made plain, a final full stop dropped (a label and a sentence with the same words are the same text). */
const normalise = (text: string): string =>
  text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\.$/, '');

/**
 * A text's sentences: split after `.`, `?` or `!` where a capital (or an opening bracket) starts
 * the next one, so "Forgot your username? on the login page" stays whole.
 */
export const sentences = (text: string): string[] =>
  text
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[.?!])\s+(?=[A-Z(©])/)
    .map(normalise)
    .filter((part) => /[A-Za-z]/.test(part));

/**
 * A placeholder as a pattern, from its example: a number (`{3}`), a count with its unit
 * (`{2 minutes}`) or a date (`{26 May 2027}`) stands for any of its kind; anything else (a
 * name, an optional part) for any text, empty included.
 */
function placeholder(example: string): string {
  if (/^\d+$/.test(example)) return '\\d+';
  if (/^\d+ [a-z]+$/.test(example)) return '\\d+ [a-z]+';
  if (/^\d{1,2} [A-Z][a-z]+ \d{4}$/.test(example)) return '\\d{1,2} [A-Z][a-z]+ \\d{4}';
  return '.*?';
}

/** A text with placeholders as a whole-text pattern: each `{…}` stands for a value (`placeholder`), the rest is literal. */
export function asPattern(text: string): RegExp {
  const flat = normalise(text);
  const literals = flat.split(/\{[^}]*\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const values = [...flat.matchAll(/\{([^}]*)\}/g)].map((match) => placeholder(match[1] ?? ''));
  return new RegExp(`^${literals.map((part, index) => part + (values[index] ?? '')).join('')}$`);
}

// ---------------------------------------------------------------------------------------------
// The catalogue: domain/copy.ts and domain/steps-copy.ts, functions called with samples

/** Sample values of a catalogue function's parameters, by the parameter's name. */
export type Samples = Readonly<Record<string, readonly unknown[]>>;

/** A function's parameter names, from its source (`({ tppName, isPar })` gives `context`). */
export function parameterNames(fn: (...args: never[]) => unknown): string[] {
  const source = fn.toString();
  const list = /^(?:async\s*)?(?:function\s*[\w$]*\s*)?\(([^)]*)\)/.exec(source)?.[1] ?? /^([\w$]+)\s*=>/.exec(source)?.[1] ?? '';
  if (list.trim() === '') return [];
  if (list.trim().startsWith('{')) return ['context'];
  return list.split(',').map((name) =>
    name
      .trim()
      .replace(/[=:].*$/, '')
      .trim(),
  );
}

/** Every combination of one value per list. */
const product = (lists: readonly (readonly unknown[])[]): unknown[][] =>
  lists.reduce<unknown[][]>((combinations, values) => combinations.flatMap((combination) => values.map((value) => [...combination, value])), [[]]);

/**
 * Every text of a catalogue node: a string as it is; a function called with every combination
 * of its parameters' samples (or the argument lists `overrides` gives for its path); arrays and
 * objects walked. A parameter without samples is reported in `unsampled`, so that a new
 * parameter cannot go unchecked.
 */
export function catalogueTexts(
  node: unknown,
  where: string,
  samples: Samples,
  overrides: Readonly<Record<string, readonly (readonly unknown[])[]>>,
  unsampled: string[],
): ShownText[] {
  if (typeof node === 'string') return node === '' ? [] : [{ where, text: node }];
  if (typeof node === 'function') {
    const fn = node as (...args: unknown[]) => unknown;
    const names = parameterNames(fn);
    const missing = names.filter((name) => samples[name] === undefined);
    if (overrides[where] === undefined && missing.length > 0) {
      unsampled.push(`${where}(${missing.join(', ')})`);
      return [];
    }
    const calls = overrides[where] ?? product(names.map((name) => samples[name] ?? []));
    return calls.flatMap((args) => catalogueTexts(fn(...args), where, samples, overrides, unsampled));
  }
  if (Array.isArray(node)) return node.flatMap((entry, index) => catalogueTexts(entry, `${where}[${index}]`, samples, overrides, unsampled));
  if (typeof node === 'object' && node !== null) {
    return Object.entries(node).flatMap(([key, value]) => catalogueTexts(value, `${where}.${key}`, samples, overrides, unsampled));
  }
  return [];
}

// ---------------------------------------------------------------------------------------------
// The views' fixed strings

/**
 * Attributes (and props) whose value is never shown: names, ids, styles, references, states.
 * Every other string literal inside JSX counts as a text, so that a new attribute is checked
 * rather than missed.
 */
const NOT_TEXT_KEYS = new Set([
  'key',
  'id',
  'className',
  'style',
  'href',
  'src',
  'htmlFor',
  'type',
  'name',
  'role',
  'rel',
  'target',
  'autoComplete',
  'autoCapitalize',
  'inputMode',
  'enterKeyHint',
  'pattern',
  'method',
  'action',
  'lang',
  'dir',
  'color',
  'backgroundColor',
  'borderStyle',
  'borderColor',
  'flexDirection',
  'justifyContent',
  'alignItems',
  'wrap',
  'd',
  'viewBox',
  'fill',
  'stroke',
  'strokeWidth',
  'strokeLinecap',
  'focusable',
  'xmlns',
  'width',
  'height',
  'loading',
  'decoding',
  'form',
  'value',
  'defaultValue',
  'variant',
  'tone',
  'size',
  'as',
  'mode',
  'state',
]);
/** ARIA attributes that carry words; the others (`aria-live`, `aria-labelledby`, …) hold tokens or ids. */
const ARIA_TEXT_KEYS = new Set(['aria-label', 'aria-description', 'aria-roledescription', 'aria-valuetext', 'aria-placeholder']);

/** A string literal of compiled code: where it starts and ends, and its value. */
interface Literal {
  readonly start: number;
  readonly end: number;
  readonly value: string;
  /** Where the whole literal starts (a template literal's backtick, for each of its parts). */
  readonly owner: number;
}

/** A JavaScript string's escapes resolved (`\\n`, `\\xB7`, `\\u00B7`, `\\u{1F600}`, `\\'`). */
const unescape = (raw: string): string =>
  raw.replace(/\\(?:x([0-9a-fA-F]{2})|u\{([0-9a-fA-F]+)\}|u([0-9a-fA-F]{4})|([\s\S]))/g, (_, hex?: string, point?: string, unit?: string, other?: string) => {
    const code = hex ?? point ?? unit;
    if (code !== undefined) return String.fromCodePoint(Number.parseInt(code, 16));
    return ({ n: '\n', t: '\t', r: '\r', '0': '\0' } as Record<string, string>)[other ?? ''] ?? other ?? '';
  });

/** The string literals and template literals' static parts of compiled JavaScript (no comments left but `/* @__PURE__ *\/`). */
function literalsOf(code: string): Literal[] {
  const found: Literal[] = [];
  let i = 0;
  const templateDepth: number[] = [];
  const templateStart: number[] = [];
  let braces = 0;
  while (i < code.length) {
    const char = code[i];
    if (char === '/' && code[i + 1] === '*') {
      i = code.indexOf('*/', i + 2) + 2;
      continue;
    }
    if (char === '/' && code[i + 1] === '/') {
      i = code.indexOf('\n', i);
      if (i < 0) break;
      continue;
    }
    if (char === '"' || char === "'") {
      let j = i + 1;
      while (j < code.length && code[j] !== char) j += code[j] === '\\' ? 2 : 1;
      found.push({ start: i, end: j + 1, value: unescape(code.slice(i + 1, j)), owner: i });
      i = j + 1;
      continue;
    }
    if (char === '`' || (char === '}' && templateDepth.at(-1) === braces)) {
      const owner = char === '`' ? i : (templateStart.pop() ?? i);
      if (char === '}') templateDepth.pop();
      let j = i + 1;
      while (j < code.length && code[j] !== '`' && !(code[j] === '$' && code[j + 1] === '{')) j += code[j] === '\\' ? 2 : 1;
      found.push({ start: i, end: j + 1, value: unescape(code.slice(i + 1, j)), owner });
      if (code[j] === '$') {
        templateDepth.push(braces);
        templateStart.push(owner);
        i = j + 2;
      } else i = j + 1;
      continue;
    }
    if (char === '{') braces += 1;
    if (char === '}') braces -= 1;
    i += 1;
  }
  return found;
}

/**
 * The property a value at `at` belongs to (`className` for `className: open ? "a" : "b"`): back
 * to the `{` or `(` that encloses it, over brackets and literals; an array's element belongs to
 * the array's property; none for a call's argument.
 */
function propertyOf(code: string, literals: readonly Literal[], at: number): string | undefined {
  let depth = 0;
  let place = -1;
  for (let i = at - 1; i >= 0; i -= 1) {
    const literal = literals.find((entry) => entry.end - 1 === i);
    if (literal !== undefined) {
      i = literal.owner;
      continue;
    }
    const char = code[i] ?? '';
    if (')]}'.includes(char)) depth += 1;
    else if (char === ',' && depth === 0 && place < 0) place = i;
    else if ('([{'.includes(char)) {
      if (depth > 0) {
        depth -= 1;
        continue;
      }
      // An array's element belongs to the array's property (`children: [...]`, `aria-describedby: [...]`).
      if (char === '[') return propertyOf(code, literals, i);
      if (char === '(') return undefined;
      return /^\s*(["']?)([\w$-]+)\1\s*:/.exec(code.slice((place < 0 ? i : place) + 1, at))?.[2];
    }
  }
  return undefined;
}

/** The spans of `jsx(…)`/`jsxs(…)` calls (the compiled JSX elements), outermost first. */
function jsxSpans(code: string, literals: readonly Literal[]): [number, number][] {
  const inLiteral = (at: number): boolean => literals.some((literal) => at >= literal.start && at < literal.end);
  const spans: [number, number][] = [];
  for (const match of code.matchAll(/\bjsxs?\d*\(/g)) {
    const open = (match.index ?? 0) + match[0].length - 1;
    if (inLiteral(open) || spans.some(([start, end]) => open > start && open < end)) continue;
    let depth = 0;
    for (let at = open; at < code.length; at += 1) {
      const literal = literals.find((entry) => entry.start === at);
      if (literal !== undefined) {
        at = literal.end - 1;
        continue;
      }
      if (code[at] === '(') depth += 1;
      if (code[at] === ')') depth -= 1;
      if (depth === 0) {
        spans.push([open, at]);
        break;
      }
    }
  }
  return spans;
}

/**
 * A view's fixed texts. The file is compiled as esbuild compiles it (JSX to `jsx(type, props)`
 * calls, types gone), then every string literal and static part of a template literal inside a
 * JSX element is a text when it holds a word of two letters or more, unless it is
 * - the value of an attribute that is never shown (`NOT_TEXT_KEYS`, ARIA references, `data-*`);
 * - a code token, not words: one lowercase-initial word (`'login'`, `'select-all'`), all
 *   capitals with `_` (`'PERSONAL'`), or a path or URL.
 * So JSX text (`<Text>Tab: move</Text>`), text attributes (`aria-label`, `title`, `placeholder`,
 * `alt`, a component's `label`, `help`, `text`) and string branches (`{open ? 'Hide' : 'Show'}`)
 * all count; texts the view takes from the catalogue are checked there.
 */
export function viewTexts(file: string, source: string): ShownText[] {
  const { code } = transformSync(source, { loader: 'tsx', jsx: 'automatic', format: 'esm', legalComments: 'none', charset: 'utf8' });
  const literals = literalsOf(code);
  const spans = jsxSpans(code, literals);
  return literals
    .filter((literal) => spans.some(([start, end]) => literal.start > start && literal.end <= end))
    .filter((literal) => {
      const key = propertyOf(code, literals, literal.owner);
      if (key === undefined) return true;
      if (key.startsWith('aria-')) return ARIA_TEXT_KEYS.has(key);
      return !NOT_TEXT_KEYS.has(key) && !key.startsWith('data-');
    })
    .map((literal) => literal.value)
    .filter((value) => /[A-Za-z]{2}/.test(value))
    .filter(
      (value) =>
        !/^[a-z][\w$-]*$/.test(value.trim()) && !/^[A-Z][A-Z0-9]*_[A-Z0-9_]*$/.test(value.trim()) && !/^(?:\.{0,2}\/|https?:|tel:|mailto:)/.test(value.trim()),
    )
    .map((text) => ({ where: file, text }));
}

/**
 * The texts of an HTML page as a browser shows them: its title, the text between its tags
 * (not inside `script` or `style`), and its `aria-label`, `alt`, `title` and `placeholder`
 * attributes. For the page the build writes (esbuild.config.mjs `indexHtml`): what shows before
 * the app runs, or without JavaScript.
 */
export function htmlTexts(where: string, html: string): ShownText[] {
  const body = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, '');
  const attributes = [...body.matchAll(/\s(?:aria-label|alt|title|placeholder)="([^"]*)"/g)].map((match) => match[1] ?? '');
  const nodes = body.replace(/<[^>]*>/g, '\n').split('\n');
  return [...attributes, ...nodes]
    .map((text) =>
      text
        .replace(/&amp;/g, '&')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .trim(),
    )
    .filter((text) => /[A-Za-z]{2}/.test(text))
    .map((text) => ({ where, text }));
}

/** Every `.tsx` file under the folders, relative to `root`. */
export function tsxFiles(root: string, folders: readonly string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith('.tsx')) files.push(relative);
    }
  };
  for (const folder of folders) walk(folder);
  return files.sort();
}

export const readText = (root: string, file: string): string => readFileSync(path.join(root, file), 'utf8');

// ---------------------------------------------------------------------------------------------
// The sources the app may quote: docs/requirements.md (the spec), its Data language table, docs/design.md

/** Markdown without fenced code blocks. */
const withoutFences = (markdown: string): string => markdown.replace(/^```[\s\S]*?^```/gm, '');

/**
 * The texts docs/requirements.md gives as the spec's: everything in quotation marks or code font,
 * outside the project's own notes (from a `**Project note` to the next heading); and the cells of
 * its "Data language" table (the Data Language Standards' words, split at `;`, without † and ‡).
 */
export function specTexts(requirements: string): string[] {
  const texts: string[] = [];
  let inNote = false;
  const kept: string[] = [];
  for (const line of withoutFences(requirements).split('\n')) {
    if (/^#{1,6}\s/.test(line)) inNote = false;
    if (/^\s*(?:[-*]\s+)?\*\*Project note/.test(line)) inNote = true;
    if (!inNote) kept.push(line);
  }
  for (const paragraph of kept.join('\n').split(/\n\s*\n/)) {
    const flat = paragraph.replace(/\s*\n\s*/g, ' ');
    for (const match of flat.matchAll(/"([^"]+)"|`([^`]+)`/g)) texts.push(match[1] ?? match[2] ?? '');
  }
  const dataLanguage = requirements.split('### Data language')[1]?.split(/\n#{2,3} /)[0] ?? '';
  for (const row of dataLanguage.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| scope'))) {
    const cells = row.split('|').slice(2, 4);
    for (const cell of cells)
      texts.push(
        ...cell
          .split(';')
          .map((part) => part.replace(/[†‡]/g, '').trim())
          .filter((part) => part !== ''),
      );
  }
  return texts;
}

/** The texts docs/design.md quotes: DESIGN's words, which rule where DESIGN departs from the spec. */
export function designTexts(design: string): string[] {
  const flat = withoutFences(design)
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s*\n\s*/g, ' '));
  return flat.flatMap((paragraph) => [...paragraph.matchAll(/"([^"]+)"/g)].map((match) => match[1] ?? ''));
}

// ---------------------------------------------------------------------------------------------
// docs/wording.md's departures table

const DEPARTURES_HEADING = "## Departures from the spec's texts";

/** The rows of the table under `DEPARTURES_HEADING`: Screen | The spec's words | Ours | Kind | Why. */
export function departures(wording: string): Departure[] {
  const start = wording.indexOf(`${DEPARTURES_HEADING}\n`);
  if (start < 0) return [];
  const offset = wording.slice(0, start).split('\n').length - 1;
  const section = wording.slice(start).split('\n');
  const end = section.findIndex((line, index) => index > 0 && /^## /.test(line));
  const codes = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((match) => (match[1] ?? '').replace(/\\\|/g, '|'));
  return section
    .slice(0, end < 0 ? undefined : end)
    .map((line, index) => ({ line, number: offset + index + 1 }))
    .filter(({ line }) => line.startsWith('| ') && !line.startsWith('| Screen'))
    .map(({ line, number }) => {
      const cells = line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim());
      return {
        line: number,
        screen: cells[0] ?? '',
        spec: codes(cells[1] ?? ''),
        ours: codes(cells[2] ?? ''),
        kind: (cells[3] ?? '').replace(/\*/g, ''),
        why: cells[4] ?? '',
      };
    });
}

// ---------------------------------------------------------------------------------------------
// The checks

/** Sentences of the app that are neither a sentence of a source (whole, placeholders as values) nor of a departure's "ours". */
export function unlisted(shown: readonly ShownText[], sources: readonly string[], rows: readonly Departure[]): string[] {
  const allowed = [...sources.flatMap(sentences), ...rows.flatMap((row) => row.ours.flatMap(sentences))].map(asPattern);
  const exact = new Set([...sources.flatMap(sentences), ...rows.flatMap((row) => row.ours.flatMap(sentences))]);
  const problems = new Map<string, Set<string>>();
  for (const { where, text } of shown) {
    for (const sentence of sentences(text)) {
      if (exact.has(sentence) || allowed.some((pattern) => pattern.test(sentence))) continue;
      problems.set(sentence, (problems.get(sentence) ?? new Set()).add(where));
    }
  }
  return [...problems].map(([sentence, where]) => `"${sentence}" (${[...where].join(', ')})`);
}

/** A departure's text as a pattern found in a shown text, starting and ending at sentence boundaries. */
const inText = (ours: string): RegExp => {
  const body = asPattern(ours).source.slice(1, -1);
  return new RegExp(`(?:^|(?<=[.?!:]\\s))${body}\\.?(?=\\s|$)`);
};

/** "Ours" texts of the table that the app no longer shows (a stale row). */
export function stale(shown: readonly ShownText[], rows: readonly Departure[]): string[] {
  const texts = [
    ...new Set(
      shown.map(({ text }) =>
        text
          .replace(/\s+/g, ' ')
          .trim()
          .replace(/[\u2018\u2019]/g, "'"),
      ),
    ),
  ];
  const found = (ours: string): boolean => {
    // Its literal parts first (cheap), then the pattern.
    const parts = normalise(ours)
      .split(/\{[^}]*\}/)
      .filter((part) => part.trim() !== '');
    const pattern = inText(ours);
    return texts.some((text) => parts.every((part) => text.includes(part)) && pattern.test(text));
  };
  return rows.flatMap((row) => row.ours.filter((ours) => !found(ours)).map((ours) => `docs/wording.md:${row.line}: "${ours}" (${row.screen})`));
}

/** Rows that are not well formed: a kind out of typo/meaning/new, no text of ours, no reason citing an issue or DESIGN, a typo without the spec's words, or a spec's typo still shown. */
export function malformed(shown: readonly ShownText[], rows: readonly Departure[]): string[] {
  const problems: string[] = [];
  for (const row of rows) {
    const at = `docs/wording.md:${row.line}`;
    if (!(DEPARTURE_KINDS as readonly string[]).includes(row.kind)) problems.push(`${at}: kind "${row.kind}" is not one of ${DEPARTURE_KINDS.join(', ')}`);
    if (row.ours.length === 0 || row.ours.some((ours) => !/\S/.test(ours.replace(/\{[^}]*\}/g, '')))) problems.push(`${at}: no text of ours in code font`);
    if (!/\b(?:[Ii]ssue \d+|DESIGN §\d|spec §\d)/.test(row.why)) problems.push(`${at}: the reason cites no issue, DESIGN § or spec §`);
    if (row.kind !== 'new' && row.spec.length === 0) problems.push(`${at}: a ${row.kind} row gives the spec's words`);
    if (row.kind === 'new' && row.spec.length > 0) problems.push(`${at}: a new text has no words of the spec`);
    if (row.kind === 'typo') {
      for (const words of row.spec) {
        const flat = normalise(words);
        if (shown.some(({ text }) => normalise(text).includes(flat))) problems.push(`${at}: the spec's typo "${words}" is still shown`);
      }
    }
  }
  return problems;
}
