// The import graph of the sources and its cycles (issue 34 item 4: no circles, type imports included).
import path from 'node:path';
import { importsOf, type SourceFile } from './layer-rules';

/** The file a relative specifier names: itself, with `.ts`/`.tsx`, or its folder's `index.ts`/`index.tsx`. */
function resolve(from: string, specifier: string, known: ReadonlySet<string>): string | undefined {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier)).replace(/\.(m?js|jsx)$/, '');
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((candidate) => known.has(candidate));
}

/** Each file's project files, by the relative specifiers of its imports and re-exports (`import type` too). */
export function importGraph(files: readonly SourceFile[]): Map<string, string[]> {
  const known = new Set(files.map((file) => file.path));
  return new Map(
    files.map((file) => {
      const targets = importsOf(file.text)
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => resolve(file.path, specifier, known))
        .filter((target): target is string => target !== undefined);
      return [file.path, [...new Set(targets)]];
    }),
  );
}

/**
 * Every cycle of the graph, as the sorted files of each strongly connected component of more than
 * one file (or of one file importing itself), by Tarjan's algorithm.
 */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file) ?? 0);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) cycles.push(component.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return cycles.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}
