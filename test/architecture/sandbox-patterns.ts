// Which files StrykerJS copies into its sandbox: its `ignorePatterns` read as .gitignore lines
// (docs/mutation-testing.md), for the check that the mutation run can start (issue 34 item 6).

/** One .gitignore line as a test of a path relative to the project (no leading slash). */
interface Pattern {
  readonly negated: boolean;
  readonly directoryOnly: boolean;
  readonly test: RegExp;
}

function parse(line: string): Pattern {
  const negated = line.startsWith('!');
  let body = negated ? line.slice(1) : line;
  const directoryOnly = body.endsWith('/');
  if (directoryOnly) body = body.slice(0, -1);
  // A pattern with a slash before its end is anchored at the root; one without matches at any depth.
  const anchored = body.includes('/');
  body = body.replace(/^\//, '');
  const glob = body
    .split('**')
    .map((part) =>
      part
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '[^/]*')
        .replace(/\?/g, '[^/]'),
    )
    .join('.*');
  return { negated, directoryOnly, test: new RegExp(`^${anchored ? '' : '(?:.*/)?'}${glob}$`) };
}

/**
 * Whether the sandbox leaves this path out: the last pattern that matches decides, and a path
 * under a folder left out is left out (.gitignore cannot bring back a file of an excluded folder).
 */
export function leftOutOfSandbox(patterns: readonly string[], file: string): boolean {
  const parsed = patterns.filter((line) => line.trim() !== '' && !line.startsWith('#')).map(parse);
  const parts = file.split('/');
  return parts.some((_, index) => {
    const prefix = parts.slice(0, index + 1).join('/');
    const isDirectory = index < parts.length - 1;
    let ignored = false;
    for (const pattern of parsed) {
      if (pattern.directoryOnly && !isDirectory) continue;
      if (pattern.test.test(prefix)) ignored = !pattern.negated;
    }
    return ignored;
  });
}
