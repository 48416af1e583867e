// Issue 21, issue 34 items 1 and 2: the flow's diagram, drawn from the model's tables themselves
// (domain/flow-model.ts FLOW_TABLES: each state's rows and its `after`): one small picture of the
// phases for the README, and one table per state (each step its own) for docs/flow-states.md.
// `npm run diagram` writes both; test/architecture/flow-diagram.test.ts fails when either is stale.
import { FLOW_TABLES } from '../../domain/flow-model';
import type { Target, Where } from '../../domain/flow-rows';
import type { PhaseKind } from '../../domain/flow-state';

/** The phases, in the order a journey meets them. */
export const PHASES: readonly PhaseKind[] = ['starting', 'failed', 'steps', 'leaving', 'confirmed', 'decidedElsewhere', 'endingNotice', 'ended'];

/** Every state, in the order a journey meets them (the steps in flow order). */
const STATES: readonly Where[] = [
  'starting.verifying',
  'starting.reading',
  'failed',
  'steps.login',
  'steps.selectProfile',
  'steps.selectAccounts',
  'steps.confirmation',
  'leaving',
  'confirmed',
  'decidedElsewhere',
  'endingNotice',
  'ended',
];

/** The phase a state is in. */
const phaseOf = (where: Where): PhaseKind => (where.includes('.') ? (where.split('.')[0] as PhaseKind) : (where as PhaseKind));

/** How each phase is named in the pictures. */
const NAMES: Readonly<Record<PhaseKind, string>> = {
  starting: 'Starting',
  failed: 'Failed',
  steps: 'Steps',
  leaving: 'Leaving',
  confirmed: 'Confirmed',
  decidedElsewhere: 'DecidedElsewhere',
  endingNotice: 'EndingNotice',
  ended: 'Ended',
};

/** How each state is named in the tables. */
const STATE_NAMES: Readonly<Record<Where, string>> = {
  'starting.verifying': 'Starting: the token verified',
  'starting.reading': 'Starting: the consent read',
  failed: 'Failed',
  'steps.login': 'Steps: login',
  'steps.selectProfile': 'Steps: select-profile',
  'steps.selectAccounts': 'Steps: select-and-confirm',
  'steps.confirmation': 'Steps: confirmation (the review)',
  leaving: 'Leaving',
  confirmed: 'Confirmed',
  decidedElsewhere: 'DecidedElsewhere',
  endingNotice: 'EndingNotice',
  ended: 'Ended',
};

/** What each state is, in a line. */
const STATE_NOTES: Readonly<Record<Where, string>> = {
  'starting.verifying': 'the loading screen or the pre-rendered login form while the token is verified: nothing trusted, nothing sent to the bank',
  'starting.reading': 'the same screen once the token is trusted: the consent read (or an approval asked again after a reload)',
  failed: 'the failure page (spec §2)',
  'steps.login': 'the login form; after the login, the guards (customer details, the business list) and the account step are asked from here',
  'steps.selectProfile': 'the profiles, none chosen at first',
  'steps.selectAccounts': 'the accounts to share',
  'steps.confirmation': 'what will be shared and for how long, with Confirm (an amendment: Save changes)',
  leaving: 'the bank asked to reject (or for the code of the approval it holds) before the exit; what was on screen stays, busy',
  confirmed: 'the success modal; it returns with the code',
  decidedElsewhere: '"This request has already been completed"',
  endingNotice: "an ending the customer did not choose (inactivity, the token's expiry) said before the exit, which it takes on its own after a few seconds",
  ended: 'the one exit was taken; a page the browser did not leave offers the same exit after a few seconds (DESIGN §3.2)',
};

/** Time, in the pictures: the state's `after`, judged around every event. */
const TIME = 'time';

/** Where a target of a row of `from` leads. */
const targetOf = (from: Where, to: Target): Where => (to === 'stays' ? from : to);

interface Edge {
  readonly from: PhaseKind;
  readonly to: PhaseKind;
  readonly events: readonly string[];
}

/** Every declared move from one phase to another, with the events (and time) that can cause it. */
export function phaseEdges(): readonly Edge[] {
  const edges = new Map<string, { from: PhaseKind; to: PhaseKind; events: Set<string> }>();
  const add = (from: PhaseKind, to: PhaseKind, cause: string): void => {
    if (from === to) return;
    const key = `${from}>${to}`;
    const edge = edges.get(key) ?? { from, to, events: new Set<string>() };
    edge.events.add(cause);
    edges.set(key, edge);
  };
  for (const from of STATES) {
    const table = FLOW_TABLES[from];
    for (const row of Object.values(table.rows)) for (const to of row?.to ?? []) add(phaseOf(from), phaseOf(targetOf(from, to)), row?.event ?? '');
    for (const to of table.after?.to ?? []) add(phaseOf(from), phaseOf(targetOf(from, to)), TIME);
  }
  const order = (edge: Edge): number => PHASES.indexOf(edge.from) * 10 + PHASES.indexOf(edge.to);
  return [...edges.values()].map((edge) => ({ from: edge.from, to: edge.to, events: [...edge.events].sort() })).sort((a, b) => order(a) - order(b));
}

/** The README's small picture: the phases and the moves between them. */
export function phaseDiagram(): string {
  const lines = ['stateDiagram-v2', '    direction LR', `    [*] --> ${NAMES.starting}`];
  for (const edge of phaseEdges()) lines.push(`    ${NAMES[edge.from]} --> ${NAMES[edge.to]}: ${edge.events.join(', ')}`);
  lines.push(`    ${NAMES.ended} --> [*]`);
  return lines.join('\n');
}

/** A row's targets, in words: `stays`, or the states it leads to. */
const targetsInWords = (from: Where, to: readonly Target[]): string => to.map((target) => (target === 'stays' ? 'stays' : STATE_NAMES[target])).join(', ');

/** docs/flow-states.md: one table per state (each step its own): each event it takes, where it can lead, and what chooses. */
export function phaseTables(): string {
  const sections = STATES.map((where) => {
    const table = FLOW_TABLES[where];
    const cell = (text: string | undefined): string => (text ?? '').replaceAll('|', '\\|');
    const rows = Object.values(table.rows).map((row) => `| \`${row?.event}\` | ${targetsInWords(where, row?.to ?? [])} | ${cell(row?.when)} |`);
    if (table.after !== undefined) rows.push(`| time (\`after\`) | ${targetsInWords(where, table.after.to)} | ${cell(table.after.when)} |`);
    const body = ['| event | leads to | when |', '|---|---|---|', ...rows].join('\n');
    return `### ${STATE_NAMES[where]}\n\n${STATE_NOTES[where]}.\n\n${body}`;
  });
  return sections.join('\n\n');
}
