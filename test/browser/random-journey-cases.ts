// What the browser random journeys choose (issue 20 item 4): a persona and scopes, the timing and
// the customer's actions. Apart from the runner so that a corpus entry (test/browser/corpus/) can be
// generated and checked against these types.
import fc from 'fast-check';
import { SCOPES } from '../../domain/scopes';

type PersonaName = 'jane.citizen' | 'trust.owner' | 'dob.required' | 'no.eligible' | 'flaky.bank' | 'lost.answer';
/** The personas that can make an arrangement cheaply over the bank's API first, to amend it. */
const AMENDABLE: readonly PersonaName[] = ['jane.citizen', 'trust.owner'];

/** settled: waits until the screen can be used; double: a double click; early: at once, under the spinner mask or before the app is ready. */
export type Timing = 'settled' | 'double' | 'early';
export type Typing = 'type' | 'fill' | 'paste';
export interface OfflineSpell {
  readonly afterMs: number;
  readonly ms: number;
}
/**
 * The browser's Back `afterMs` after the action began (during its request, when it makes one).
 * DESIGN §3.18 (issue 33 item 4): on a step with a Back button it is that Back; on one without,
 * it asks the leave question, "No, stay" its main button (a closable modal is closed first);
 * `leave` is the customer's answer to the question, when it is asked.
 */
export interface BrowserBack {
  readonly afterMs: number;
  readonly leave: boolean;
}

export type Action =
  | { readonly kind: 'proceed'; readonly timing: Timing; readonly offline: OfflineSpell | undefined; readonly back: BrowserBack | undefined }
  | {
      readonly kind: 'login';
      readonly code: 'right' | 'wrong';
      readonly typing: Typing;
      readonly keyDelayMs: number;
      readonly press: 'click' | 'enter';
      readonly timing: Timing;
      readonly offline: OfflineSpell | undefined;
    }
  | { readonly kind: 'toggle'; readonly index: number; readonly timing: Timing }
  | { readonly kind: 'selectAll' }
  | { readonly kind: 'profile'; readonly index: number }
  | { readonly kind: 'cancel'; readonly leave: boolean; readonly timing: Timing; readonly offline: OfflineSpell | undefined }
  | { readonly kind: 'back'; readonly ok: boolean }
  | { readonly kind: 'browserBack'; readonly back: BrowserBack }
  | { readonly kind: 'offline'; readonly spell: OfflineSpell }
  | { readonly kind: 'wait'; readonly ms: number }
  | { readonly kind: 'describe'; readonly text: string }
  | { readonly kind: 'help' };

export interface JourneyCase {
  readonly persona: PersonaName;
  readonly scopes: readonly string[];
  /** Months of sharing; undefined for once-off. */
  readonly months: number | undefined;
  /** Amend an arrangement made first over the bank's API (for the amendable personas only). */
  readonly amend: boolean;
  readonly cpu: 1 | 2 | 4;
  readonly phone: boolean;
  /** Milliseconds each request is held back, in the order the page makes them (cycled). */
  readonly delays: readonly number[];
  readonly actions: readonly Action[];
  /** An offline spell may begin while the page's own scripts arrive (the random-journeys runner's `offlineAtLoad`). */
  readonly offlineAtLoad?: boolean;
  /** Issue 35 item 1: the customer closes the tab after this many of the actions (instead of going on to the end). */
  readonly closeAt?: number;
}

export const DEFAULT_SCOPES = ['bank:accounts.basic:read', 'bank:accounts.detail:read', 'bank:transactions:read', 'common:customer.basic:read'];
const timingArb = fc.constantFrom<Timing>('settled', 'settled', 'settled', 'double', 'early', 'early');
const spellArb: fc.Arbitrary<OfflineSpell> = fc.record({ afterMs: fc.integer({ min: 0, max: 1500 }), ms: fc.integer({ min: 200, max: 2000 }) });
const maybeSpell = fc.option(spellArb, { nil: undefined, freq: 6 });
const backArb: fc.Arbitrary<BrowserBack> = fc.record({ afterMs: fc.integer({ min: 0, max: 800 }), leave: fc.boolean() });
/** Most requests answer at once or nearly; some wait up to 2 s. */
const delayArb = fc.oneof(
  { arbitrary: fc.constant(0), weight: 4 },
  { arbitrary: fc.integer({ min: 0, max: 250 }), weight: 3 },
  { arbitrary: fc.integer({ min: 250, max: 2000 }), weight: 2 },
);

const loginArb = (timing: fc.Arbitrary<Timing>): fc.Arbitrary<Extract<Action, { kind: 'login' }>> =>
  fc.record({
    kind: fc.constant('login' as const),
    code: fc.constantFrom<'right' | 'wrong'>('right', 'right', 'right', 'wrong'),
    typing: fc.constantFrom<Typing>('type', 'fill', 'paste'),
    keyDelayMs: fc.integer({ min: 0, max: 60 }),
    press: fc.constantFrom<'click' | 'enter'>('click', 'enter'),
    timing,
    offline: maybeSpell,
  });

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('proceed' as const),
      timing: timingArb,
      offline: maybeSpell,
      back: fc.option(backArb, { nil: undefined, freq: 8 }),
    }),
    weight: 10,
  },
  { arbitrary: loginArb(timingArb), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('toggle' as const), index: fc.nat(20), timing: timingArb }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('selectAll' as const) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('profile' as const), index: fc.nat(5) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('cancel' as const), leave: fc.boolean(), timing: timingArb, offline: maybeSpell }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('back' as const), ok: fc.boolean() }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('browserBack' as const), back: backArb }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('offline' as const), spell: spellArb }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 1500 }) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('describe' as const), text: fc.constantFrom('Budgeting', 'Tax time', 'Household bills') }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('help' as const) }), weight: 1 },
);

export const journeyArb: fc.Arbitrary<JourneyCase> = fc
  .record({
    persona: fc.constantFrom<PersonaName>(
      'jane.citizen',
      'jane.citizen',
      'jane.citizen',
      'trust.owner',
      'trust.owner',
      'dob.required',
      'no.eligible',
      'flaky.bank',
      'lost.answer',
      'lost.answer',
    ),
    scopes: fc.oneof(
      { arbitrary: fc.constant(DEFAULT_SCOPES), weight: 3 },
      { arbitrary: fc.constant(['common:customer.basic:read', 'common:customer.detail:read']), weight: 1 },
      { arbitrary: fc.subarray([...SCOPES], { minLength: 1 }), weight: 2 },
    ),
    months: fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined, freq: 4 }),
    amend: fc.integer({ min: 0, max: 2 }).map((n) => n === 0),
    cpu: fc.constantFrom<1 | 2 | 4>(1, 1, 2, 4),
    phone: fc.boolean(),
    delays: fc.array(delayArb, { minLength: 24, maxLength: 24 }),
    /** Half the customers start typing as soon as the form shows and press Continue at once (the take-over, issue 20). */
    opening: fc.option(loginArb(fc.constant('early')), { nil: undefined, freq: 2 }),
    actions: fc.array(actionArb, { minLength: 1, maxLength: 10 }),
    // One journey in four ends with the tab closed.
    closeAt: fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: fc.nat(10), weight: 1 }),
  })
  .map(({ opening, closeAt, ...c }) => ({
    ...c,
    ...(closeAt === undefined ? {} : { closeAt }),
    amend: c.amend && AMENDABLE.includes(c.persona),
    actions: opening === undefined ? c.actions : [opening, ...c.actions],
  }));
