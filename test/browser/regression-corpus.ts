// Issue 32 item 4: the random browser searches (the take-over property, the browser random
// journeys) are a fixed regression corpus in `npm test` and a fresh search in `npm run soak`
// (docs/testing.md "The gate and the soak"). This module chooses a run's cases from the
// environment, the same way for both, and reports each case to the soak.
import { appendFileSync, readFileSync } from 'node:fs';
import fc from 'fast-check';

/** A case that once found a defect, kept as the data it was, whatever the arbitraries have become since. */
interface CorpusEntry<Case> {
  /** What it found, and where that is told (a commit, a document). */
  readonly found: string;
  /** How it was first replayed (its seed and case number when it was found). */
  readonly origin: string;
  readonly case: Case;
}

/** A corpus file: every defect-finding case, and a fixed seed for a few extra cases (deterministic too). */
export interface Corpus<Case> {
  readonly extraSeed: number;
  readonly extraCases: number;
  readonly entries: readonly CorpusEntry<Case>[];
}

/** One case of a run: its data, how to name it, and the environment that replays it alone. */
interface PlannedCase<Case> {
  readonly c: Case;
  /** Unique within the run (a journey's persona copy is named after it). */
  readonly index: number;
  readonly label: string;
  readonly replay: string;
}

/** What a run does, in words for its test title and log. */
export interface Plan<Case> {
  readonly cases: readonly PlannedCase<Case>[];
  readonly describe: string;
}

/**
 * The environment a search reads, by its prefix P (e.g. TAKE_OVER):
 * - `P_REPLAY='<case JSON>'`: that case alone;
 * - `P_SEED=<seed> P_CASE=<n>`: case n of that seed;
 * - `P_RUNS=<n>` (and `P_SEED` optionally, else a fresh one): n cases of a seed: the search;
 * - nothing: the corpus, then its extra cases from its fixed seed: the gate.
 */
export function planCases<Case>(prefix: string, arbitrary: fc.Arbitrary<Case>, corpusFile: URL): Plan<Case> {
  const env = (name: string): string | undefined => process.env[`${prefix}_${name}`];
  const replay = env('REPLAY');
  if (replay !== undefined) {
    return {
      cases: [{ c: JSON.parse(replay) as Case, index: 0, label: 'replayed case', replay: `${prefix}_REPLAY='${replay}'` }],
      describe: 'a replayed case',
    };
  }
  const seedText = env('SEED');
  const only = env('CASE');
  const runs = env('RUNS');
  if (seedText !== undefined || runs !== undefined) {
    const seed = seedText === undefined ? freshSeed() : Number(seedText);
    const count = only === undefined ? Number(runs ?? 1) : Number(only) + 1;
    const sampled = fc.sample(arbitrary, { seed, numRuns: count }).map((c, index) => seeded(prefix, seed, c, index));
    const cases = only === undefined ? sampled : sampled.slice(Number(only));
    return { cases, describe: only === undefined ? `${count} random cases of seed ${seed}` : `case ${only} of seed ${seed}` };
  }
  const corpus = JSON.parse(readFileSync(corpusFile, 'utf8')) as Corpus<Case>;
  const kept = corpus.entries.map((entry, index) => ({
    c: entry.case,
    index,
    label: `corpus ${index} (${entry.origin})`,
    replay: `${prefix}_REPLAY='${JSON.stringify(entry.case)}'`,
  }));
  const extra = fc
    .sample(arbitrary, { seed: corpus.extraSeed, numRuns: corpus.extraCases })
    .map((c, index) => ({ ...seeded(prefix, corpus.extraSeed, c, index), index: kept.length + index }));
  return {
    cases: [...kept, ...extra],
    describe: `the corpus's ${kept.length} defect-finding cases and ${extra.length} of seed ${corpus.extraSeed}`,
  };
}

const seeded = <Case>(prefix: string, seed: number, c: Case, index: number): PlannedCase<Case> => ({
  c,
  index,
  label: `seed ${seed} case ${index}`,
  replay: `${prefix}_SEED=${seed} ${prefix}_CASE=${index}`,
});

const freshSeed = (): number => (Date.now() ^ (Math.random() * 0x7fffffff)) >>> 0;

/** What one case came to, for the soak's table (`SOAK_REPORT=<file>`: one JSON line a case). */
export interface CaseReport {
  readonly search: string;
  readonly label: string;
  readonly replay: string;
  readonly ms: number;
  readonly outcome: string;
  readonly problems: readonly string[];
  /**
   * What the case did, when it failed: a failure found under timing may not come back when
   * replayed (32.16: a browser journey of the soak that broke once did not in 40 replays), so
   * the soak prints the trace it had.
   */
  readonly trace?: readonly string[];
}

export function reportCase(report: CaseReport): void {
  const file = process.env['SOAK_REPORT'];
  if (file !== undefined) appendFileSync(file, `${JSON.stringify(report)}\n`);
}

/** Runs `work` over the cases, `concurrency` at a time, in order of the list. */
export async function eachConcurrently<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
}
