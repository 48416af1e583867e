// Adds a case that found a defect to a search's regression corpus, once the defect is fixed
// (docs/testing.md "When a search finds a defect"):
//
//   npx tsx test/browser/corpus/add-case.ts take-over <seed> <case> "<what it found, and where that is told>"
//   npx tsx test/browser/corpus/add-case.ts random-journeys <seed> <case> "<…>" [--offline-at-load]
//
// The case is stored as data, drawn from the arbitraries as they are now: it replays the same
// whatever they become later.
import { readFileSync, writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { journeyArb, type JourneyCase } from '../random-journey-cases';
import type { Corpus } from '../regression-corpus';
import { timing } from '../take-over-cases';

const [search, seedText, caseText, found, ...flags] = process.argv.slice(2);
const arbitraries: Record<string, fc.Arbitrary<unknown>> = { 'take-over': timing, 'random-journeys': journeyArb };
const arbitrary = search === undefined ? undefined : arbitraries[search];
const seed = Number(seedText);
const index = Number(caseText);
if (arbitrary === undefined || !Number.isInteger(seed) || !Number.isInteger(index) || index < 0 || found === undefined || found.trim() === '') {
  console.error('usage: add-case.ts <take-over|random-journeys> <seed> <case> "<what it found>" [--offline-at-load]');
  process.exit(2);
}
const file = new URL(`${search}.json`, import.meta.url);
const corpus = JSON.parse(readFileSync(file, 'utf8')) as Corpus<unknown>;
const origin = `seed ${seed} case ${index}`;
if (corpus.entries.some((entry) => entry.origin === origin)) {
  console.error(`${origin} is already in ${search}.json`);
  process.exit(1);
}
const drawn = fc.sample(arbitrary, { seed, numRuns: index + 1 })[index];
const c = flags.includes('--offline-at-load') ? { ...(drawn as JourneyCase), offlineAtLoad: true } : drawn;
writeFileSync(file, `${JSON.stringify({ ...corpus, entries: [...corpus.entries, { found, origin, case: c }] }, null, 2)}\n`);
console.log(`added ${origin} to ${search}.json (${corpus.entries.length + 1} cases)`);
