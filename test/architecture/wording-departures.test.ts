// Issue 21 item 6, issue 23: one record of every departure from the spec's texts. Every text the
// app can show (domain/copy.ts, domain/steps-copy.ts, the Data Language clusters, the views'
// fixed strings, the built page's own) is, sentence by sentence, the spec's word for word (docs/requirements.md, the
// repository's copy of it, with its Data language table; docs/design.md where DESIGN rules), or
// is listed as "ours" in docs/wording.md's departures table; and every "ours" is still shown.
import { expect } from 'chai';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { copy, type ModalContext } from '../../domain/copy';
import { indexHtml } from '../../esbuild.config.mjs';
import { dataClusters } from '../../domain/data-clusters';
import type { KnownOutcome } from '../../domain/outcome';
import { PROFILE_SCOPE, SCOPES } from '../../domain/scopes';
import { stepsCopy } from '../../domain/steps-copy';
import {
  asPattern,
  catalogueTexts,
  departures,
  designTexts,
  htmlTexts,
  malformed,
  parameterNames,
  readText,
  sentences,
  specTexts,
  stale,
  tsxFiles,
  unlisted,
  viewTexts,
  type Departure,
  type Samples,
  type ShownText,
} from './wording-rules';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** DESIGN §3.16: every outcome a modal's words may follow; the type check below fails when one is added. */
const OUTCOMES = ['nothingShared', 'unknown', 'notHandedOn', 'shared', 'decidedElsewhere', 'noJourney'] as const;
const everyOutcome: Exclude<KnownOutcome, (typeof OUTCOMES)[number]> extends never ? true : false = true;

/**
 * A modal's context: a first consent and an amendment, every outcome, the forgotten-details link
 * on and off (issue 22), an exit to the recipient and to the bank's public site (DESIGN §3.2). The
 * recipient is named: "the third party" stands in for an empty name (docs/wording.md "Glossary"),
 * which the `{recipient}` of the table covers.
 */
const CONTEXTS: readonly ModalContext[] = [false, true].flatMap((isPar) =>
  OUTCOMES.flatMap((outcome) => [
    { tppName: 'Budget Buddy', isPar, outcome },
    { tppName: 'Budget Buddy', isPar, outcome, forgottenDetailsLink: true },
    { tppName: 'Budget Buddy', isPar, outcome, exitTo: 'publicSite' as const },
  ]),
);

/** Sample values by parameter name: each value a function's words depend on (plurals, optional parts, empty names). */
const SAMPLES: Samples = {
  context: CONTEXTS,
  tppName: ['Budget Buddy'],
  orgName: ['', 'Budget Buddy', 'Budget Buddy Pty Ltd'],
  stepTitle: ['Review and submit'],
  seconds: [120, 60, 1, 45],
  remaining: [undefined, 0, 1, 3],
  year: [2026],
  legalName: [undefined, 'Example Bank'],
  step: [1, 2],
  total: [1, 3],
  shown: [1, 2],
  notShown: [1, 25],
  selected: [0, 1, 2],
  count: [1, 2],
  withinDays: [undefined, 1, 7],
  accountName: ['Everyday Account'],
  headings: ['Transaction details'],
  data: ['name and occupation'],
  before: ['26 November 2027'],
  after: ['26 May 2027'],
  from: ['26 November 2026'],
  to: ['26 November 2027'],
  on: ['26 November 2026'],
  until: ['26 November 2027'],
  bankName: [undefined, 'Demo Bank'],
  back: [undefined, 'Back'],
  cancel: ['Exit without saving', 'Cancel'],
  duration: [
    { unit: 'month', count: 12 },
    { unit: 'month', count: 1 },
    { unit: 'day', count: 90 },
  ],
};

/** Argument lists for the functions whose samples are not a plain combination. */
const OVERRIDES: Readonly<Record<string, readonly (readonly unknown[])[]>> = {
  // Issue 23 item E: the recipient by name, or the unnamed recipient's words (esbuild renames its parameter).
  'copy.failure.returnsTo': [['Budget Buddy'], ['the app or website that sent you here']],
  // DESIGN §3.13: a code, a time, or both; with neither there is no reference line.
  'copy.failure.reference': [
    ['403', '2026-11-23T10:00:00Z'],
    ['403', undefined],
    [undefined, '2026-11-23T10:00:00Z'],
  ],
};

/** The Data Language clusters (spec §3 "Data language"): every scope, and the detail scopes alone (the ‡ merges), for both profiles. */
function clusterTexts(): ShownText[] {
  const requests = [
    [...SCOPES, PROFILE_SCOPE],
    ['bank:accounts.detail:read', 'common:customer.detail:read'],
  ];
  return (['individual', 'organisation'] as const).flatMap((profile) =>
    requests.flatMap((scopes) =>
      dataClusters(scopes, profile).flatMap((cluster) => [
        { where: `dataClusters(${profile}).${cluster.id}`, text: cluster.heading },
        ...cluster.items.flatMap((item) =>
          [item.text, ...(item.example === undefined ? [] : [item.example])].map((text) => ({ where: `dataClusters(${profile}).${cluster.id}`, text })),
        ),
      ]),
    ),
  );
}

const unsampled: string[] = [];
const catalogue: ShownText[] = [
  ...catalogueTexts(copy, 'copy', SAMPLES, OVERRIDES, unsampled),
  ...catalogueTexts(stepsCopy, 'stepsCopy', SAMPLES, OVERRIDES, unsampled),
];
/** A text made of sample values alone (the recipient's name, "Budget Buddy (Budget Buddy Pty Ltd)") says no words of ours. */
const sampleValues = [
  ...new Set(
    Object.values(SAMPLES)
      .flat()
      .filter((value): value is string => typeof value === 'string' && value !== ''),
  ),
].sort((a, b) => b.length - a.length);
const onlyValues = (text: string): boolean => !/[A-Za-z]/.test(sampleValues.reduce((rest, value) => rest.split(value).join(''), text));
const views: ShownText[] = tsxFiles(root, ['ui/web', 'ui/terminal']).flatMap((file) => viewTexts(file, readText(root, file)));
/** The page the build writes, with and without its loading screen: what shows before the app runs, or without JavaScript. */
const page: ShownText[] = [true, false].flatMap((loadingScreen) =>
  htmlTexts('esbuild.config.mjs indexHtml', indexHtml({ script: 'app.js', stylesheet: 'app.css', loadingScreen })),
);
const shown: ShownText[] = [...catalogue, ...clusterTexts(), ...views, ...page].filter(({ text }) => !onlyValues(text));
const sources: string[] = [...specTexts(readText(root, 'docs/requirements.md')), ...designTexts(readText(root, 'docs/design.md'))];
const rows: Departure[] = departures(readText(root, 'docs/wording.md'));

describe("architecture: docs/wording.md records every departure from the spec's texts (issue 21 item 6)", () => {
  it('every catalogue function has samples for its parameters', () => {
    expect(everyOutcome).to.equal(true);
    expect(unsampled, `add samples (SAMPLES or OVERRIDES) for:\n${unsampled.join('\n')}\n`).to.deep.equal([]);
  });

  it('collects the texts: the catalogue, the clusters and the views', () => {
    expect(new Set(catalogue.map(({ text }) => text)).size).to.be.greaterThan(250);
    expect(views.map(({ text }) => text)).to.include('Tab / Shift+Tab: move · Enter: press · Space: tick · Esc: close · Ctrl+C: quit');
    expect(page.map(({ text }) => text)).to.include.members(['Loading | Open Banking', 'Loading']);
    expect(sources).to.include.members(['Account Login', 'Please contact to us retrieve your username.', 'Full name and title(s)', 'Data sharing confirmed']);
    expect(rows.length).to.be.greaterThan(50);
  });

  it("every text the app can show is the spec's, word for word, or a departure in the table", () => {
    const missing = unlisted(shown, sources, rows);
    expect(missing, `${missing.length} texts are neither the spec's nor in docs/wording.md's departures table:\n${missing.join('\n')}\n`).to.deep.equal([]);
  });

  it('every "ours" of the table is still a text the app shows (no stale rows)', () => {
    const problems = stale(shown, rows);
    expect(problems, `rows whose text the app no longer shows:\n${problems.join('\n')}\n`).to.deep.equal([]);
  });

  it('every row has a kind (typo, meaning or new), a reason citing its issue or DESIGN §, and no spec typo is still shown', () => {
    const problems = malformed(shown, rows);
    expect(problems, problems.join('\n')).to.deep.equal([]);
  });

  describe('the checkers themselves', () => {
    const row = (ours: string, overrides: Partial<Departure> = {}): Departure => ({
      line: 1,
      screen: 'login',
      spec: [],
      ours: [ours],
      kind: 'new',
      why: 'issue 22',
      ...overrides,
    });

    it('splits sentences, keeps a question inside one, and reads placeholders as any value', () => {
      expect(sentences("No data has been shared. You'll now be returned to Budget Buddy.")).to.deep.equal([
        'No data has been shared',
        "You'll now be returned to Budget Buddy",
      ]);
      expect(sentences("If you're not sure, choose Forgot your username? on the login page.")).to.have.length(1);
      expect(asPattern('Step {n} of {total}').test('Step 1 of 3')).to.equal(true);
      expect(asPattern('Step {n} of {total}').test('Step 1 of')).to.equal(false);
      expect(asPattern('{26 November 2026} to {26 November 2027}').test('26 November 2026 to 26 November 2027')).to.equal(true);
      expect(asPattern('{26 November 2026} to {26 November 2027}').test('This page needs JavaScript to be turned on')).to.equal(false);
      expect(asPattern('Time remaining: {45 seconds}').test('Time remaining: 1 second')).to.equal(true);
      expect(asPattern("We'll ask them once you confirm{, and they have 7 days to respond}").test("We'll ask them once you confirm")).to.equal(true);
    });

    it("fails a text that is neither the spec's nor listed, naming it and where it is", () => {
      const texts = [
        { where: 'copy.a', text: 'Account Login' },
        { where: 'copy.b', text: 'Welcome back. Please log in.' },
      ];
      expect(unlisted(texts, ['Account Login'], [])).to.deep.equal(['"Welcome back" (copy.b)', '"Please log in" (copy.b)']);
      expect(unlisted(texts, ['Account Login'], [row('Welcome back. Please log in.')])).to.deep.equal([]);
      expect(
        unlisted([{ where: 'copy.c', text: 'You are about to share your data with Budget Buddy' }], ['You are about to share your data with {tpp}'], []),
      ).to.deep.equal([]);
    });

    it('fails a row whose text the app no longer shows', () => {
      const texts = [{ where: 'copy.a', text: 'Each code expires 2 minutes after your app generates it.' }];
      expect(stale(texts, [row('Each code expires {2 minutes} after your app generates it.')])).to.deep.equal([]);
      expect(stale(texts, [row('Each code expires in {2 minutes}.')])).to.have.length(1);
    });

    it('fails a malformed row and a spec typo still shown', () => {
      const texts = [{ where: 'copy.a', text: 'Please contact to us retrieve your username.' }];
      expect(malformed(texts, [row('{x}', { kind: 'odd', why: 'because' })])).to.have.length(4);
      expect(
        malformed(texts, [row('Please contact us to retrieve your username.', { kind: 'typo', spec: ['Please contact to us retrieve your username.'] })]),
      ).to.deep.equal(['docs/wording.md:1: the spec\'s typo "Please contact to us retrieve your username." is still shown']);
    });

    it("reads a view's JSX text and text attributes, not its class names, keys or ids", () => {
      const view = `export const V = ({ open }: { open: boolean }) => (
        <section className="card wide" aria-live="polite" id="x">
          <h2 title="Your accounts">Select accounts</h2>
          {open ? 'Hide details' : 'Show details'}
          <input placeholder="Search" data-test="name-box" type="text" />
          <Text>{\`\${copy.x}: done\`}</Text>
        </section>);`;
      expect(viewTexts('v.tsx', view).map(({ text }) => text)).to.deep.equal([
        'Your accounts',
        'Select accounts',
        'Hide details',
        'Show details',
        'Search',
        ': done',
      ]);
    });

    it("reads a page's title, text and text attributes, not its scripts or styles", () => {
      const html =
        '<html><head><title>Loading | Open Banking</title><style>p{}</style><script>var a="Hidden words"</script></head><body><p role="status">Loading</p><img alt="Bank logo" src="x.png"><noscript>Turn on JavaScript.</noscript></body></html>';
      expect(htmlTexts('page', html).map(({ text }) => text)).to.deep.equal(['Bank logo', 'Loading | Open Banking', 'Loading', 'Turn on JavaScript.']);
    });

    it("reads a function's parameter names", () => {
      expect(parameterNames((count: number, total: number) => `${count}${total}`)).to.deep.equal(['count', 'total']);
      expect(parameterNames(({ tppName }: { tppName: string }) => tppName)).to.deep.equal(['context']);
    });
  });
});
