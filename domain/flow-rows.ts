import type { FlowEvent } from './flow-events';
import type {
  Confirmed,
  DecidedElsewhere,
  Ended,
  EndingNotice,
  Failed,
  FlowState,
  Leaving,
  OnStep,
  OnSteps,
  Phase,
  Reading,
  Starting,
  Verifying,
} from './flow-state';
import type { Transition } from './flow-transition';

/**
 * Issue 34 item 1 "each step a state": where a journey can be: a phase, and on the steps phase
 * each step its own (docs/flow-states.md).
 */
export interface StateAt {
  readonly 'starting.verifying': Verifying;
  readonly 'starting.reading': Reading;
  readonly failed: Failed;
  readonly 'steps.login': OnStep<'login'>;
  readonly 'steps.selectProfile': OnStep<'selectProfile'>;
  readonly 'steps.selectAccounts': OnStep<'selectAccounts'>;
  readonly 'steps.confirmation': OnStep<'confirmation'>;
  readonly leaving: Leaving;
  readonly confirmed: Confirmed;
  readonly decidedElsewhere: DecidedElsewhere;
  readonly endingNotice: EndingNotice;
  readonly ended: Ended;
}

export type Where = keyof StateAt;

/** Where a phase is: its kind, and on the steps phase its step, while starting its task. */
export function whereOf(phase: Phase): Where {
  if (phase.kind === 'steps') return `steps.${phase.step}`;
  return phase.kind === 'starting' ? `starting.${phase.task}` : phase.kind;
}

/** Who owns rows: a state, or several at once (`steps`: the rows the four steps share; `starting`: both tasks'). */
interface Owners extends StateAt {
  readonly starting: Starting;
  readonly steps: OnSteps;
}

export type Owner = keyof Owners;

/** A row's target: a state, or `stays` (where the row's owner is: a shared step row stays on its step). */
export type Target = Where | 'stays';

/** The phases a list of targets allows, from a row of `K`. */
type PhaseOfTarget<K extends Owner, To extends Target> = To extends 'stays' ? Owners[K] : To extends Where ? StateAt[To] : never;

export type EventType = FlowEvent['type'];
export type EventOf<T extends EventType> = Extract<FlowEvent, { type: T }>;

/**
 * One event a state takes: what it does, and (issue 34 item 2) where it can lead. Stored with its
 * types spent: {@link rowsOf} checked them when the row was written.
 */
export interface Row {
  readonly event: EventType;
  readonly to: readonly Target[];
  /** What chooses among the targets, in words (docs/flow-states.md). */
  readonly when: string | undefined;
  readonly run: (state: FlowState<never>, event: never, nowMs: number) => Transition;
}

/**
 * Time, a state's own `after` (XState's term): judged around every event (flow-model.ts
 * `transition`), it leads only to its targets.
 */
export interface After {
  readonly to: readonly Target[];
  readonly when: string | undefined;
  readonly run: (state: FlowState<never>, nowMs: number) => Transition;
  /** DESIGN §3.5: when the state next needs the clock, if ever. */
  readonly wake: (state: FlowState<never>, nowMs: number) => number | undefined;
}

/**
 * Issue 34 item 2 "targets in the rows": a row of `owner`'s table. Its handler may return only the
 * phases its targets name: the compiler checks it.
 */
export function rowsOf<K extends Owner>(_owner: K) {
  return <T extends EventType, const To extends Target>(
    event: T,
    to: readonly To[],
    run: (state: FlowState<Owners[K]>, event: EventOf<T>, nowMs: number) => Transition<PhaseOfTarget<K, To>>,
    when?: string,
  ): Row => ({ event, to, when, run });
}

/** The `after` of `owner`'s table, its targets checked as a row's. */
export function afterOf<K extends Owner>(_owner: K) {
  return <const To extends Target>(
    to: readonly To[],
    timers: {
      readonly run: (state: FlowState<Owners[K]>, nowMs: number) => Transition<PhaseOfTarget<K, To>>;
      readonly wake: (state: FlowState<Owners[K]>, nowMs: number) => number | undefined;
    },
    when?: string,
  ): After => ({ to, when, run: timers.run, wake: timers.wake });
}

/** A state's table: the events it takes, each once, and its time. */
export interface Table {
  readonly rows: { readonly [T in EventType]?: Row };
  readonly after: After | undefined;
}

/** A table from its rows; an event listed twice is a mistake in the model, refused at load. */
export function tableOf(rows: readonly Row[], after?: After): Table {
  const byEvent: Partial<Record<EventType, Row>> = {};
  for (const row of rows) {
    if (byEvent[row.event] !== undefined) throw new Error(`the event ${row.event} is listed twice`);
    byEvent[row.event] = row;
  }
  return { rows: byEvent, after };
}
