// Issue 21: the flow's diagram, drawn from the phase tables themselves
// (domain/flow-model.ts PHASE_TABLES, TIMER_TARGETS): one small picture of the phases for the
// README, and one table per phase for docs/flow-states.md. `npm run diagram` writes both;
// test/architecture/flow-diagram.test.ts fails when either is stale.
import { PHASE_TABLES, TIMER_TARGETS } from '../../domain/flow-model';
import type { FlowEvent } from '../../domain/flow-events';
import type { PhaseKind } from '../../domain/flow-state';

/** The phases, in the order a journey meets them. */
export const PHASES: readonly PhaseKind[] = ['starting', 'failed', 'steps', 'leaving', 'confirmed', 'decidedElsewhere', 'endingNotice', 'ended'];

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

/** What each phase is, in a line. */
const PHASE_NOTES: Readonly<Record<PhaseKind, string>> = {
  starting: 'the loading screen or the pre-rendered login form: the token verified, the consent read (or an approval asked again after a reload)',
  failed: 'the failure page (spec §2)',
  steps: 'a step of the flow with its request and its modals: login, select-profile, select-and-confirm, review',
  leaving: 'the bank asked to reject (or for the code of the approval it holds) before the exit; what was on screen stays, busy',
  confirmed: 'the success modal; it returns with the code',
  decidedElsewhere: '"This request has already been completed"',
  endingNotice: "an ending the customer did not choose (inactivity, the token's expiry) said before the exit, which it takes on its own after a few seconds",
  ended: 'the one exit was taken; a page the browser did not leave offers the same exit after a few seconds (DESIGN §3.2)',
};

/** Time, in the pictures: the timers judged around every event. */
const TIME = 'time';

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
  for (const from of PHASES) {
    const table = PHASE_TABLES[from] as Readonly<Partial<Record<FlowEvent['type'], { readonly to: readonly PhaseKind[] }>>>;
    for (const [event, rule] of Object.entries(table)) for (const to of rule?.to ?? []) add(from, to, event === 'tick' ? TIME : event);
    for (const to of TIMER_TARGETS[from]) add(from, to, TIME);
  }
  return [...edges.values()].map((edge) => ({ from: edge.from, to: edge.to, events: [...edge.events].sort() }));
}

/** The README's small picture: the phases and the moves between them. */
export function phaseDiagram(): string {
  const lines = ['stateDiagram-v2', '    direction LR', `    [*] --> ${NAMES.starting}`];
  for (const edge of phaseEdges()) lines.push(`    ${NAMES[edge.from]} --> ${NAMES[edge.to]}: ${edge.events.join(', ')}`);
  lines.push(`    ${NAMES.ended} --> [*]`);
  return lines.join('\n');
}

/** docs/flow-states.md: one table per phase: each event it takes, and where it can lead. */
export function phaseTables(): string {
  const sections = PHASES.map((phase) => {
    const table = PHASE_TABLES[phase] as Readonly<Partial<Record<FlowEvent['type'], { readonly to: readonly PhaseKind[] }>>>;
    const rows = Object.entries(table).map(
      ([event, rule]) => `| \`${event}\` | ${(rule?.to ?? []).map((to) => (to === phase ? 'stays' : NAMES[to])).join(', ')} |`,
    );
    const timers = TIMER_TARGETS[phase];
    const time = timers.length === 0 ? '' : `\n\nTime, judged around every event, can lead to ${timers.map((to) => NAMES[to]).join(', ')}.`;
    const body = rows.length === 0 ? 'It takes no event.' : ['| event | leads to |', '|---|---|', ...rows].join('\n');
    return `### ${NAMES[phase]}\n\n${PHASE_NOTES[phase]}.\n\n${body}${time}`;
  });
  return sections.join('\n\n');
}
