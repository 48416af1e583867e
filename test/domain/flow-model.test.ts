import { expect } from 'chai';
import fc from 'fast-check';
import type { AbandonmentStage } from '../../domain/abandonment';
import type { BankDecision } from '../../domain/bank-decision';
import { isStepShown } from '../../domain/flow';
import { isProvenRefusal } from '../../domain/flow-decisions';
import type { FlowAnswer, FlowEffect } from '../../domain/flow-effects';
import type { FlowEvent } from '../../domain/flow-events';
import { ENDING_NOTICE_MS, EXIT_OFFER_MS } from '../../domain/flow-exits';
import { FLOW_TABLES, nextWakeMs, transition } from '../../domain/flow-model';
import { whereOf, type Table, type Where } from '../../domain/flow-rows';
import type { FlowState, PendingCall, PhaseKind } from '../../domain/flow-state';
import { callOf } from '../../domain/flow-transition';
import { flowFlags, openModalsOf, screenOf, topModalOf } from '../../domain/flow-view';
import { MODAL_NAMES } from '../../domain/modal';
import {
  ACCESS_DENIED_URL,
  JWT,
  NOW,
  REDIRECT_URI,
  STATE,
  TRUST_BUSINESSES,
  accounts,
  alreadyDecided,
  amendmentConsent,
  apiError,
  bankConsent,
  confirmedState,
  confirming,
  customerOnlyConsent,
  decidedElsewhereState,
  err,
  failedState,
  flowState,
  leavingState,
  loadingState,
  modalsWith,
  ok,
  pending,
  pendingOn,
  phaseOf,
  run,
  startingState,
  token,
  tokenPayload,
  trustProfiles,
  trustRawAccounts,
  withModal,
  withoutWake,
  PUBLIC_SITE,
} from './fixtures/flow-state.fixture';

type EventType = FlowEvent['type'];
type Rules = Table['rows'];

const PHASES: readonly PhaseKind[] = ['starting', 'failed', 'steps', 'leaving', 'confirmed', 'decidedElsewhere', 'endingNotice', 'ended'];
const ORDER: readonly AbandonmentStage[] = ['preIdentification', 'preAuthentication', 'preAccountSelection', 'preAuthorisation'];
const EGA_ID = 'EGA:011000 99990001';
const CODE = { auth_code: 'code-9', state: STATE };

/** Every state: each phase, and on the steps phase each step (issue 34 item 1). */
const STATES: readonly Where[] = Object.keys(FLOW_TABLES) as Where[];

const rulesOf = (where: Where): Rules => FLOW_TABLES[where].rows;

/** Where a state's targets lead (`stays`: the state itself). */
const targetsFrom = (where: Where, to: readonly string[]): readonly string[] => to.map((target) => (target === 'stays' ? where : target));

/** The states an event may lead to from this state: its row's, and time's (the state's `after`). */
const declared = (where: Where, type: EventType): readonly string[] =>
  targetsFrom(where, [...(rulesOf(where)[type]?.to ?? []), ...(FLOW_TABLES[where].after?.to ?? [])]);

/** Every customer event the screens offer, and time passing (DESIGN §3.9: what can happen to a journey). */
const CUSTOMER_EVENTS: readonly FlowEvent[] = [
  { type: 'usernameTyped', value: 'jane.citizen' },
  { type: 'usernameTyped', value: '' },
  { type: 'secureCodeTyped', value: '123456' },
  { type: 'dateOfBirthTyped', parts: { day: '25', month: '12', year: '1966' } },
  { type: 'submitLogin' },
  { type: 'openHelp', modal: 'forgotUsername' },
  { type: 'openHelp', modal: 'lostSecureKey' },
  { type: 'chooseProfile', id: 'PERSONAL' },
  { type: 'chooseProfile', id: 'BC1001' },
  { type: 'toggleAccount', id: 'acc-0001' },
  { type: 'toggleSubAccount', parentId: EGA_ID, subId: 'ega-usd-01' },
  { type: 'toggleAll' },
  { type: 'describe', text: 'Holiday' },
  { type: 'describe', text: '' },
  { type: 'continue' },
  { type: 'back' },
  { type: 'confirm' },
  { type: 'cancel' },
  { type: 'modalPrimary' },
  { type: 'modalDismiss' },
  { type: 'leaveFailurePage' },
  { type: 'stepUnavailable' },
  { type: 'activity' },
  { type: 'tick' },
  { type: 'connectivity', online: false },
  { type: 'connectivity', online: true },
  { type: 'browserBack' },
];
const customerEvents = (): fc.Arbitrary<FlowEvent> => fc.constantFrom(...CUSTOMER_EVENTS);

const launchEvent = (decided?: 'approve'): FlowEvent => ({
  type: 'launched',
  route: 'demo_accc_aisp',
  jwtFromAddress: JWT,
  jwtFromStorage: undefined,
  errorParam: undefined,
  decided,
});

/** The bank's answers of each kind: successes and the failures of spec §8 and DESIGN §3.11 (variant picks one). */
function reply(call: PendingCall['call'], success: boolean, variant: number): FlowAnswer | { kind: 'verify'; event: FlowEvent } {
  const pick = <T>(options: readonly T[]): T => options[variant % options.length] as T;
  switch (call.kind) {
    case 'verify':
      return {
        kind: 'verify',
        event: {
          type: 'verified',
          id: -1,
          result: success
            ? ok(tokenPayload(pick([{}, { exp: 0 }, { exp: NOW / 1000 + 200 }])))
            : err(pick([{ kind: 'badSignature' }, { kind: 'keysUnavailable', detail: 'down' }] as const)),
        },
      };
    case 'consentDetails':
      return {
        kind: 'consentDetails',
        result: success
          ? ok(pick([bankConsent(), customerOnlyConsent(), amendmentConsent()]))
          : err(pick([apiError(500), alreadyDecided('approved'), alreadyDecided('rejected')])),
      };
    case 'authenticate':
      return {
        kind: 'authenticate',
        result: success
          ? ok(undefined)
          : err(
              pick([
                apiError(401, 'otp_failure_001'),
                apiError(401, 'otp_failure_001', ['{"remainingOTPattempts":0}']),
                apiError(401, 'otp_failure_008'),
                apiError(401, 'otp_failure_002'),
                apiError(0),
              ]),
            ),
      };
    case 'customerDetails':
      return { kind: 'customerDetails', result: success ? ok({ fullLegalName: 'Jane Citizen' }) : err(apiError(pick([422, 500]))) };
    case 'businesses':
      return { kind: 'businesses', result: success ? ok(pick([TRUST_BUSINESSES, [TRUST_BUSINESSES[0]], []])) : err(apiError(503)) };
    case 'confirmBusinessProfile':
      return { kind: 'confirmBusinessProfile', result: success ? ok(undefined) : err(pick([apiError(400, 'A09'), apiError(422), apiError(500)])) };
    case 'accounts':
      return { kind: 'accounts', result: success ? ok(pick([accounts(), accounts(trustRawAccounts())])) : err(pick([apiError(400, 'A09'), apiError(422)])) };
    case 'saveSelection':
      return { kind: 'saveSelection', result: success ? ok(undefined) : err(pick([apiError(400, 'A09'), apiError(500)])) };
    case 'confirm':
      return {
        kind: 'confirm',
        result: success
          ? ok(pick([CODE, { ...CODE, redirect_uri: REDIRECT_URI }]))
          : err(
              pick([
                apiError(400, 'A05'),
                apiError(503),
                apiError(0),
                apiError(200, 'malformed_answer'),
                alreadyDecided('approved'),
                alreadyDecided('rejected'),
                apiError(422, 'refused'),
              ]),
            ),
      };
    case 'reject':
      return {
        kind: 'reject',
        result: success
          ? ok(pick([{}, { redirect_uri: REDIRECT_URI }]))
          : err(pick([apiError(503), apiError(400, 'invalid'), alreadyDecided('approved'), alreadyDecided('rejected')])),
      };
    case 'keepAlive':
      return { kind: 'keepAlive', result: ok(undefined) };
  }
}

type Command =
  | { readonly kind: 'advance'; readonly n: number }
  | { readonly kind: 'event'; readonly event: FlowEvent }
  | { readonly kind: 'reply'; readonly success: boolean; readonly variant: number }
  | { readonly kind: 'stale'; readonly back: number; readonly success: boolean; readonly variant: number }
  | { readonly kind: 'wait'; readonly ms: number; readonly tick: boolean };

const commands = (): fc.Arbitrary<Command[]> =>
  fc.array(
    fc.oneof(
      { weight: 10, arbitrary: fc.nat(59).map((n): Command => ({ kind: 'advance', n })) },
      { weight: 3, arbitrary: customerEvents().map((event): Command => ({ kind: 'event', event })) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('reply' as const), success: fc.boolean(), variant: fc.nat(6) }) },
      {
        weight: 1,
        arbitrary: fc.record({ kind: fc.constant('stale' as const), back: fc.integer({ min: 1, max: 3 }), success: fc.boolean(), variant: fc.nat(6) }),
      },
      {
        weight: 2,
        arbitrary: fc.record({
          kind: fc.constant('wait' as const),
          ms: fc.oneof(fc.integer({ min: 0, max: 5_000 }), fc.integer({ min: 0, max: 400_000 })),
          tick: fc.boolean(),
        }),
      },
    ),
    { maxLength: 80, size: 'max' },
  );

/** What a purposeful customer (and a mostly willing bank) does next on this screen; `n` picks among the choices. */
function advance(state: FlowState, n: number): FlowEvent {
  const call = pending(state);
  if (call !== undefined) return eventOf(state, { kind: 'reply', success: n % 10 !== 0, variant: call.call.kind === 'verify' ? ([1, 2, 2][n % 8] ?? 0) : n });
  const phase = state.phase;
  switch (phase.kind) {
    case 'starting':
      return topModalOf(phase) === undefined ? launchEvent() : { type: 'modalPrimary' };
    case 'failed':
      return { type: 'leaveFailurePage' };
    case 'confirmed':
    case 'decidedElsewhere':
    case 'endingNotice':
      return n % 2 === 0 ? { type: 'modalPrimary' } : { type: 'tick' };
    case 'leaving':
    case 'ended':
      return { type: 'tick' };
    case 'steps':
      break;
  }
  if (topModalOf(phase) !== undefined) return { type: n % 3 === 0 ? 'modalPrimary' : 'modalDismiss' };
  const { form, requireDob } = state.journey.login;
  switch (phase.step) {
    case 'login':
      if (n % 20 === 0) return { type: 'cancel' };
      if (form.username === '') return { type: 'usernameTyped', value: 'jane.citizen' };
      if (form.secureCode === '') return { type: 'secureCodeTyped', value: '123456' };
      if (requireDob && form.dob.year === '') return { type: 'dateOfBirthTyped', parts: { day: '25', month: '12', year: '1966' } };
      return { type: 'submitLogin' };
    case 'selectProfile':
      return n % 3 === 0 ? { type: 'chooseProfile', id: n % 2 === 0 ? 'BC1001' : 'PERSONAL' } : { type: 'continue' };
    case 'selectAccounts':
      return [{ type: 'toggleAll' }, { type: 'toggleAccount', id: 'acc-0001' }, { type: 'back' }, { type: 'continue' }, { type: 'continue' }][
        n % 5
      ] as FlowEvent;
    case 'confirmation':
      return [{ type: 'describe', text: 'Holiday' }, { type: 'back' }, { type: 'confirm' }, { type: 'confirm' }, { type: 'cancel' }][n % 5] as FlowEvent;
  }
}

/** The event a command becomes in this state at this time (a reply with nothing pending answers the last call). */
function eventOf(state: FlowState, command: Command): FlowEvent {
  switch (command.kind) {
    case 'advance':
      return advance(state, command.n);
    case 'event':
      return command.event;
    case 'wait':
      return { type: 'tick' };
    case 'reply':
    case 'stale': {
      const call = pending(state);
      // A call waiting to be sent again (a retry's time, the connection) has had its answer: each call is answered once.
      if (command.kind === 'reply' && call !== undefined && (call.retryAtMs !== undefined || call.held)) return { type: 'tick' };
      const id = command.kind === 'stale' ? state.nextCallId - command.back - (call === undefined ? 0 : 1) : (call?.id ?? state.nextCallId - 1);
      const answer = reply(call?.call ?? { kind: 'keepAlive' }, command.success, command.variant);
      if (answer.kind === 'verify') return { ...(answer.event as Extract<FlowEvent, { type: 'verified' }>), id };
      return { type: 'answered', id, answer };
    }
  }
}

interface Step {
  readonly before: FlowState;
  readonly event: FlowEvent;
  readonly now: number;
  readonly after: FlowState;
  readonly effects: readonly FlowEffect[];
}

/** Runs the commands from the app's start (the entry address with a token; after a reload, an approval to ask again). */
function journey(cmds: readonly Command[], decided?: 'approve'): Step[] {
  let now = NOW;
  let state = loadingState();
  const steps: Step[] = [];
  const step = (event: FlowEvent): void => {
    const result = transition(state, event, now);
    steps.push({ before: state, event, now, after: result.state, effects: result.effects });
    state = result.state;
  };
  step(launchEvent(decided));
  for (const command of cmds) {
    if (command.kind === 'wait') {
      now += command.ms;
      if (!command.tick) continue;
    }
    step(eventOf(state, command));
  }
  return steps;
}

const journeys = (): fc.Arbitrary<[Command[], 'approve' | undefined]> =>
  fc.tuple(commands(), fc.constantFrom<'approve' | undefined>(undefined, undefined, 'approve'));

/** The journeys' runs (more with FLOW_JOURNEY_RUNS=…, to hunt). */
const RUNS = { numRuns: Number(process.env['FLOW_JOURNEY_RUNS'] ?? 60) };

const types = (effects: readonly FlowEffect[]): string[] => effects.map((effect) => effect.type);
const withoutWakes = (effects: readonly FlowEffect[]): FlowEffect[] => effects.filter((effect) => effect.type !== 'wakeAt');

/** DESIGN §3.11: how the bank's decision, as the journey knows it, may change. */
const DECISION_MOVES: Readonly<Record<BankDecision['kind'], readonly BankDecision['kind'][]>> = {
  none: ['unclear', 'rejected', 'elsewhere'],
  unclear: ['none', 'committed', 'approved', 'rejected', 'elsewhere'],
  committed: ['approved', 'elsewhere'],
  approved: [],
  rejected: [],
  elsewhere: [],
};

/** Reachable states, one or more per phase (what the journey can be doing). */
function reachable(): FlowState[] {
  const verifying = run(loadingState(), launchEvent()).state;
  const replaying = run(run(loadingState(), launchEvent('approve')).state, { type: 'verified', id: 1, result: ok(tokenPayload()) }).state;
  return [
    loadingState(),
    verifying,
    run(verifying, { type: 'verified', id: 1, result: ok(tokenPayload({ exp: 0 })) }).state,
    replaying,
    startingState({ modals: modalsWith('serviceUnavailable'), decision: { kind: 'committed' } }),
    failedState('consent_fetch_failure'),
    failedState('incorrect_jwt', { token: undefined }),
    flowState('login'),
    withModal(flowState('login'), 'forgotUsername'),
    flowState('selectProfile', { profiles: trustProfiles() }),
    flowState('selectAccounts', { profiles: trustProfiles() }),
    withModal(flowState('selectAccounts', { profiles: trustProfiles() }), 'changeSelectedProfile'),
    flowState('confirmation'),
    withModal(flowState('confirmation'), 'sharingIncomplete'),
    withModal(flowState('confirmation'), undefined, 30),
    withModal(flowState('confirmation'), 'forgotUsername', undefined, true),
    withModal(flowState('confirmation', { decision: { kind: 'unclear' } }), 'serviceUnavailable'),
    withModal(flowState('confirmation', { decision: { kind: 'committed' } }), 'serviceUnavailable'),
    withModal(flowState('login'), 'temporaryLockout'),
    confirming(),
    pendingOn(flowState('selectProfile', { profiles: trustProfiles() }), { kind: 'accounts' }),
    pendingOn(flowState('login'), { kind: 'authenticate', request: { authType: 'SECURE_CODE', username: 'u', secureCode: '123456' } }),
    leavingState('confirmation', 'rejected', { stage: 'rejected' }),
    leavingState('confirmation', 'preAuthorisation', { decision: { kind: 'unclear' } }),
    pendingOn(leavingState('confirmation', 'preAuthorisation', { decision: { kind: 'committed' } }), { kind: 'confirm' }),
    leavingState(undefined, 'preIdentification', { modals: modalsWith(undefined, undefined, true) }),
    confirmedState(),
    decidedElsewhereState('approved'),
    decidedElsewhereState('rejected'),
    run(withModal(flowState('login'), 'serviceUnavailable'), { type: 'modalPrimary' }).state,
    // DESIGN §3.18: a lapse's rejection under way, and the two ending notices.
    leavingState('selectAccounts', 'preAccountSelection', {}, 'inactivity'),
    inactivityNotice(),
    expiryNotice(),
  ];
}

/** DESIGN §3.18: the inactivity lapse, once the bank rejected: the ending notice over the account step. */
const inactivityNotice = (): FlowState =>
  run(leavingState('selectAccounts', 'preAccountSelection', {}, 'inactivity'), { type: 'answered', id: 9, answer: { kind: 'reject', result: ok({}) } }).state;

/** DESIGN §3.18: the token's expiry on the account step (its exp 100 s after NOW): the ending notice. */
const expiryNotice = (): FlowState =>
  run(flowState('selectAccounts', { token: token({ exp: (NOW + 100_000) / 1000 }) }), { type: 'tick' }, NOW + 100_000).state;

/** An event of each type, answers to the call under way (and to another id) included. */
function anyEvent(): fc.Arbitrary<(state: FlowState) => FlowEvent> {
  const answers = fc
    .tuple(
      fc.constantFrom<PendingCall['call']>(
        { kind: 'consentDetails' },
        { kind: 'authenticate', request: { authType: 'SECURE_CODE', username: 'u', secureCode: '1' } },
        { kind: 'customerDetails' },
        { kind: 'businesses' },
        { kind: 'confirmBusinessProfile', request: { bcin: 'X' } },
        { kind: 'accounts' },
        { kind: 'saveSelection', request: { permissions: [] }, then: 'confirm' },
        { kind: 'confirm' },
        { kind: 'reject' },
        { kind: 'keepAlive' },
        { kind: 'verify' },
      ),
      fc.boolean(),
      fc.nat(6),
      fc.boolean(),
    )
    .map(([call, success, variant, own]) => (state: FlowState): FlowEvent => {
      const id = own ? (pending(state)?.id ?? 1) : 77;
      const mine = own && pending(state) !== undefined ? (pending(state)?.call ?? call) : call;
      const answer = reply(mine, success, variant);
      return answer.kind === 'verify' ? { ...(answer.event as Extract<FlowEvent, { type: 'verified' }>), id } : { type: 'answered', id, answer };
    });
  return fc.oneof(
    customerEvents().map((event) => () => event),
    fc.constantFrom(launchEvent(), launchEvent('approve')).map((event) => () => event),
    answers,
  );
}

describe('domain/flow-model: transition, the flow as one model (DESIGN §3.9)', function () {
  // The property tests run whole journeys: seconds on a loaded machine, more than mocha's default 2 s without the project's .mocharc.json.
  this.timeout(60_000);

  describe('the phase tables (issue 21: each phase takes its events from its table)', () => {
    it('every phase, and each step, has a table; the ended journey takes only the button of its exit offered again (DESIGN §3.2); every row leads to states that exist', () => {
      expect(new Set(STATES.map((where) => where.split('.')[0]))).to.deep.equal(new Set(PHASES));
      expect(STATES.filter((where) => where.startsWith('starting.')).sort()).to.deep.equal(['starting.reading', 'starting.verifying']);
      expect(STATES.filter((where) => where.startsWith('steps.')).sort()).to.deep.equal([
        'steps.confirmation',
        'steps.login',
        'steps.selectAccounts',
        'steps.selectProfile',
      ]);
      expect(Object.keys(rulesOf('ended')).sort()).to.deep.equal(['modalPrimary']);
      for (const where of STATES) {
        for (const [type, rule] of Object.entries(rulesOf(where))) {
          expect(rule?.event, `${where} ${type}`).to.equal(type);
          expect(rule?.to.length, `${where} ${type}`).to.be.above(0);
          for (const to of targetsFrom(where, rule?.to ?? [])) expect(STATES, `${where} ${type}`).to.include(to);
        }
        for (const to of targetsFrom(where, FLOW_TABLES[where].after?.to ?? [])) expect(STATES).to.include(to);
      }
    });

    // DESIGN §3.18: the inactivity lapse and the token's expiry explain themselves (the ending notice) before the exit.
    it("time leads nowhere from the failure page, while leaving, once decided elsewhere or ended; the success modal, the ending notice and the steps' timers end the journey", () => {
      const timeLeadsTo = Object.fromEntries(STATES.map((where) => [where, (FLOW_TABLES[where].after?.to ?? []).filter((to) => to !== 'stays')]));
      const steps = ['leaving', 'endingNotice', 'ended', 'failed'];
      expect(timeLeadsTo).to.deep.equal({
        'starting.verifying': [],
        'starting.reading': ['endingNotice', 'ended', 'failed'],
        failed: [],
        'steps.login': steps,
        'steps.selectProfile': steps,
        'steps.selectAccounts': steps,
        'steps.confirmation': steps,
        leaving: [],
        confirmed: ['ended', 'failed'],
        decidedElsewhere: [],
        endingNotice: ['ended'],
        ended: [],
      });
    });

    it('what each state takes (docs/flow-states.md)', () => {
      const sharedByTheSteps = ['activity', 'answered', 'browserBack', 'cancel', 'connectivity', 'modalDismiss', 'modalPrimary', 'stepUnavailable'];
      const startingForm = ['browserBack', 'cancel', 'connectivity', 'dateOfBirthTyped', 'openHelp', 'secureCodeTyped', 'submitLogin', 'usernameTyped'];
      const taken = Object.fromEntries(STATES.map((where) => [where, Object.keys(rulesOf(where)).sort()]));
      // DESIGN §3.18: the browser's Back is taken wherever the journey shows a page, never while leaving or after the exit.
      expect(taken).to.deep.equal({
        // The pre-rendered form's typing and presses, before and after the token is trusted (issue 15, 20).
        'starting.verifying': [...startingForm, 'launched', 'verified'].sort(),
        'starting.reading': [...startingForm, 'answered', 'modalPrimary'].sort(),
        failed: ['browserBack', 'connectivity', 'leaveFailurePage'],
        // Spec §2: only the login takes the form's events; Back only where the page has Back (select-and-confirm, the review).
        'steps.login': [...sharedByTheSteps, 'dateOfBirthTyped', 'openHelp', 'secureCodeTyped', 'submitLogin', 'usernameTyped'].sort(),
        'steps.selectProfile': [...sharedByTheSteps, 'chooseProfile', 'continue'].sort(),
        'steps.selectAccounts': [...sharedByTheSteps, 'back', 'continue', 'toggleAccount', 'toggleAll', 'toggleSubAccount'].sort(),
        'steps.confirmation': [...sharedByTheSteps, 'back', 'confirm', 'describe'].sort(),
        leaving: ['answered', 'connectivity'],
        confirmed: ['browserBack', 'connectivity', 'modalPrimary'],
        decidedElsewhere: ['browserBack', 'connectivity', 'modalPrimary'],
        endingNotice: ['browserBack', 'connectivity', 'modalPrimary'],
        ended: ['modalPrimary'],
      });
    });

    it('an event a phase does not list changes nothing: the very same state object, no effects', () => {
      const everyEvent: FlowEvent[] = [
        ...CUSTOMER_EVENTS.filter((event) => event.type !== 'tick'),
        launchEvent(),
        { type: 'verified', id: 9, result: ok(tokenPayload()) },
        { type: 'answered', id: 9, answer: { kind: 'reject', result: ok({}) } },
      ];
      let checked = 0;
      for (const state of reachable()) {
        for (const event of everyEvent.filter((candidate) => rulesOf(whereOf(state.phase))[candidate.type] === undefined)) {
          const result = transition(state, event, state.nowMs);
          expect(result.state, `${state.phase.kind} ${event.type}`).to.equal(state);
          expect(result.effects, `${state.phase.kind} ${event.type}`).to.deep.equal([]);
          checked += 1;
        }
      }
      expect(checked).to.be.above(100);
    });

    it('a tick a phase does not list only sets the wake again (nothing timed is left)', () => {
      for (const state of [
        failedState('incorrect_jwt'),
        decidedElsewhereState('approved'),
        // Ended, its exit already offered again (DESIGN §3.2).
        run(run(withModal(flowState('login'), 'serviceUnavailable'), { type: 'modalPrimary' }).state, { type: 'tick' }, NOW + EXIT_OFFER_MS).state,
      ]) {
        const result = transition(state, { type: 'tick' }, NOW + 1_000_000);
        expect(result.state, state.phase.kind).to.deep.equal(state);
        expect(result.effects).to.deep.equal([{ type: 'wakeAt', atMs: undefined }]);
      }
    });

    it('property: whatever the time, a phase moves only as its rule or time declares', () => {
      const states = reachable();
      fc.assert(
        fc.property(fc.nat(states.length - 1), anyEvent(), fc.nat(400_000), (index, make, later) => {
          const before = states[index] as FlowState;
          const event = make(before);
          const { state: after } = transition(before, event, before.nowMs + later);
          const [from, to] = [whereOf(before.phase), whereOf(after.phase)];
          if (to === from) return;
          expect(declared(from, event.type), `${from} --${event.type}--> ${to}`).to.include(to);
        }),
        { numRuns: 2_000 },
      );
    });
  });

  describe('the wake (DESIGN §3.5: one timer, set anew when the next deadline moved, and after every tick)', () => {
    it('an event that moves no deadline emits no wake', () => {
      const before = flowState('login');
      const { state, effects } = run(before, { type: 'usernameTyped', value: 'jane' });
      expect(effects).to.deep.equal([]);
      expect(state.wakeAtMs).to.equal(before.wakeAtMs);
    });

    it('an event that moves it: the wake comes last, with the new deadline, and the state remembers it', () => {
      const { state, effects } = run(flowState('login', { expiry: { kind: 'off' } }), { type: 'activity' }, NOW + 1);
      expect(effects).to.deep.equal([{ type: 'wakeAt', atMs: NOW + 240_001 }]);
      expect(state.wakeAtMs).to.equal(NOW + 240_001);
    });

    it('a tick always sets the wake again (it used the last one up), even when the deadline did not move', () => {
      const before = flowState('login');
      const { state, effects } = run(before, { type: 'tick' }, NOW + 5);
      expect(effects).to.deep.equal([{ type: 'wakeAt', atMs: NOW + 240_000 }]);
      expect(state).to.deep.equal(before);
    });

    it("a state whose wake is not the model's (never set) gets it with any event", () => {
      const before = { ...flowState('login'), wakeAtMs: undefined };
      expect(run(before, { type: 'usernameTyped', value: 'j' }).effects).to.deep.equal([{ type: 'wakeAt', atMs: NOW + 240_000 }]);
    });

    it('a wake that is no longer needed is cleared (undefined)', () => {
      const { effects } = run(withModal(flowState('login'), 'sharingIncomplete'), { type: 'modalPrimary' });
      expect(effects.at(-1)).to.deep.equal({ type: 'wakeAt', atMs: undefined });
    });
  });

  describe('after the exit (DESIGN §3.2: nothing more is sent; a page still here offers the same exit)', () => {
    const ended = (): FlowState[] => [
      run(withModal(flowState('login'), 'serviceUnavailable'), { type: 'modalPrimary' }).state,
      run(confirmedState(), { type: 'tick' }, NOW + 2500).state,
      run(
        run(loadingState(), { type: 'launched', route: 'x', jwtFromAddress: undefined, jwtFromStorage: undefined, errorParam: undefined, decided: undefined })
          .state,
        { type: 'leaveFailurePage' },
      ).state,
      run(decidedElsewhereState('rejected'), { type: 'modalPrimary' }).state,
      run(inactivityNotice(), { type: 'modalPrimary' }).state,
      run(expiryNotice(), { type: 'tick' }, NOW + 1_000_000).state,
    ];

    it('the fixtures have ended', () => {
      for (const state of ended()) expect(state.phase.kind).to.equal('ended');
    });

    it('property: whatever the event and the time, nothing is sent, reported or forgotten again; once its time has come, the page offers the same exit, and its button takes that exit', () => {
      const states = ended();
      fc.assert(
        fc.property(
          fc.constantFrom(...states),
          customerEvents().filter((event) => event.type !== 'tick'),
          fc.nat(1_000_000),
          fc.boolean(),
          fc.boolean(),
          (state, event, later, asAnswer, success) => {
            const any: FlowEvent = asAnswer
              ? { type: 'answered', id: state.nextCallId - 1, answer: { kind: 'reject', result: success ? ok({}) : err(apiError(500)) } }
              : event;
            const before = phaseOf(state, 'ended');
            const result = transition(state, any, NOW + later);
            const after = phaseOf(result.state, 'ended');
            const offered = NOW + later >= (before.offerExitAtMs ?? 0);
            expect(after).to.deep.equal(offered ? { ...before, offerExitAtMs: undefined } : before);
            expect(openModalsOf(after).at(-1)?.name === 'exitNotTaken').to.equal(offered);
            expect(result.state.journey).to.equal(state.journey);
            expect(result.state.decision).to.equal(state.decision);
            const taken = offered && any.type === 'modalPrimary' ? [{ type: 'leave', url: before.exit.url }] : [];
            expect(withoutWake(result.effects)).to.deep.equal(taken);
          },
        ),
      );
    });

    it('a launch, a verification or an answer after the exit: nothing', () => {
      for (const state of ended()) {
        for (const event of [launchEvent(), { type: 'verified', id: state.nextCallId - 1, result: ok(tokenPayload()) }, { type: 'stepUnavailable' }] as const) {
          const result = transition(state, event, NOW);
          expect(result.state).to.equal(state);
          expect(result.effects).to.deep.equal([]);
        }
      }
    });
  });

  describe('answers (spec §7: an answer counts only for the call the phase waits for)', () => {
    const waiting = (): FlowState[] => [
      pendingOn(startingState(), { kind: 'consentDetails' }),
      pendingOn(startingState({ decision: { kind: 'unclear' } }), { kind: 'confirm' }),
      pendingOn(flowState('login'), { kind: 'authenticate', request: { authType: 'SECURE_CODE', username: 'u', secureCode: '123456' } }),
      pendingOn(flowState('login'), { kind: 'customerDetails' }),
      pendingOn(flowState('login'), { kind: 'businesses' }),
      pendingOn(flowState('selectProfile'), { kind: 'confirmBusinessProfile', request: { bcin: 'PERSONAL' } }),
      pendingOn(flowState('selectProfile'), { kind: 'accounts' }),
      pendingOn(flowState('selectAccounts'), { kind: 'saveSelection', request: { permissions: [] }, then: 'confirmationStep' }),
      pendingOn(flowState('confirmation'), { kind: 'saveSelection', request: { permissions: [] }, then: 'confirm' }),
      confirming(),
      leavingState('login', 'preIdentification'),
      pendingOn(leavingState('login', 'preIdentification', { decision: { kind: 'committed' } }), { kind: 'confirm' }),
    ];
    const anyAnswer = (): fc.Arbitrary<FlowAnswer> =>
      fc
        .tuple(
          fc.constantFrom<PendingCall['call']>(
            { kind: 'consentDetails' },
            { kind: 'authenticate', request: { authType: 'SECURE_CODE', username: 'u', secureCode: '1' } },
            { kind: 'customerDetails' },
            { kind: 'businesses' },
            { kind: 'confirmBusinessProfile', request: { bcin: 'X' } },
            { kind: 'accounts' },
            { kind: 'saveSelection', request: { permissions: [] }, then: 'confirm' },
            { kind: 'confirm' },
            { kind: 'reject' },
            { kind: 'keepAlive' },
          ),
          fc.boolean(),
          fc.nat(6),
        )
        .map(([call, success, variant]) => reply(call, success, variant) as FlowAnswer);

    it('property: an answer whose id is not the pending one changes nothing and emits nothing', () => {
      const states = waiting();
      fc.assert(
        fc.property(fc.constantFrom(...states), anyAnswer(), fc.integer({ min: -3, max: 20 }), (state, reply_, id) => {
          fc.pre(id !== pending(state)?.id);
          const result = transition(state, { type: 'answered', id, answer: reply_ }, NOW);
          expect(result.state).to.equal(state);
          expect(result.effects).to.deep.equal([]);
        }),
      );
    });

    it('property: an answer of another kind than the pending call, even with its id, changes nothing', () => {
      const states = waiting();
      fc.assert(
        fc.property(fc.constantFrom(...states), anyAnswer(), (state, reply_) => {
          fc.pre(reply_.kind !== pending(state)?.call.kind);
          const result = transition(state, { type: 'answered', id: pending(state)?.id ?? -1, answer: reply_ }, NOW);
          expect(result.state).to.equal(state);
          expect(result.effects).to.deep.equal([]);
        }),
      );
    });

    it('a verification that is not the pending one changes nothing', () => {
      for (const state of waiting()) {
        const result = transition(state, { type: 'verified', id: pending(state)?.id ?? -1, result: ok(tokenPayload()) }, NOW);
        expect(result.state).to.equal(state);
        expect(result.effects).to.deep.equal([]);
      }
    });

    it("a keep-alive's answer changes nothing, even if the phase were waiting for one", () => {
      const state = pendingOn(flowState('login'), { kind: 'keepAlive' });
      const result = transition(state, { type: 'answered', id: 9, answer: { kind: 'keepAlive', result: ok(undefined) } }, NOW);
      expect(result.state).to.equal(state);
      expect(result.effects).to.deep.equal([]);
    });

    it('an answer the phase waits for but does not handle changes nothing (a constructed call: a save while starting, an accounts call while leaving)', () => {
      for (const [state, answer] of [
        [pendingOn(startingState(), { kind: 'accounts' }), { kind: 'accounts', result: ok(accounts()) }],
        [pendingOn(leavingState('login', 'preIdentification'), { kind: 'accounts' }), { kind: 'accounts', result: ok(accounts()) }],
        [pendingOn(flowState('login'), { kind: 'reject' }), { kind: 'reject', result: ok({}) }],
      ] as const) {
        const result = transition(state, { type: 'answered', id: 9, answer }, NOW);
        expect(result.state, state.phase.kind).to.equal(state);
        expect(result.effects).to.deep.equal([]);
      }
    });

    it('the answer to the pending call is taken (the same answer twice: the second changes nothing)', () => {
      const state = pendingOn(flowState('login', { customer: undefined }), { kind: 'customerDetails' });
      const first = transition(state, { type: 'answered', id: 9, answer: { kind: 'customerDetails', result: ok({ fullLegalName: 'J' }) } }, NOW);
      expect(first.state.journey.customer).to.deep.equal({ fullLegalName: 'J' });
      const second = transition(first.state, { type: 'answered', id: 9, answer: { kind: 'customerDetails', result: ok({ fullLegalName: 'K' }) } }, NOW);
      expect(second.state).to.equal(first.state);
    });
  });

  describe('a whole journey, event by event (spec §4 flow: login, profile, accounts, review, return)', () => {
    it('the happy path: every call and page view in order, then the success return with no abandonment', () => {
      const id = (s: FlowState): number => pending(s)?.id ?? -1;
      const events: ((s: FlowState) => FlowEvent)[] = [
        () => launchEvent(),
        (s) => ({ type: 'verified', id: id(s), result: ok(tokenPayload()) }),
        (s) => ({ type: 'answered', id: id(s), answer: { kind: 'consentDetails', result: ok(bankConsent()) } }),
        () => ({ type: 'usernameTyped', value: 'jane.citizen' }),
        () => ({ type: 'secureCodeTyped', value: '123456' }),
        () => ({ type: 'submitLogin' }),
        (s) => ({ type: 'answered', id: id(s), answer: { kind: 'authenticate', result: ok(undefined) } }),
        (s) => ({ type: 'answered', id: id(s), answer: { kind: 'customerDetails', result: ok({ fullLegalName: 'Jane Citizen' }) } }),
        (s) => ({ type: 'answered', id: id(s), answer: { kind: 'businesses', result: ok(TRUST_BUSINESSES) } }),
        () => ({ type: 'chooseProfile', id: 'BC1001' }),
        () => ({ type: 'continue' }),
        (s) => ({ type: 'answered', id: id(s), answer: { kind: 'confirmBusinessProfile', result: ok(undefined) } }),
        (s) => ({ type: 'answered', id: id(s), answer: { kind: 'accounts', result: ok(accounts(trustRawAccounts())) } }),
        () => ({ type: 'toggleAll' }),
        () => ({ type: 'continue' }),
        (s) => ({ type: 'answered', id: id(s), answer: { kind: 'saveSelection', result: ok(undefined) } }),
        () => ({ type: 'confirm' }),
        (s) => ({ type: 'answered', id: id(s), answer: { kind: 'confirm', result: ok(CODE) } }),
        () => ({ type: 'modalPrimary' }),
      ];
      let state = loadingState();
      const effects: FlowEffect[] = [];
      const kinds: string[] = [];
      for (const make of events) {
        const result = transition(state, make(state), NOW);
        state = result.state;
        effects.push(...result.effects.filter((effect) => effect.type !== 'wakeAt'));
        if (kinds.at(-1) !== state.phase.kind) kinds.push(state.phase.kind);
      }
      expect(effects).to.deep.equal([
        { type: 'forgetAddressToken' },
        { type: 'verify', id: 1, jwt: JWT },
        { type: 'storeToken', jwt: JWT },
        { type: 'call', id: 2, call: { kind: 'consentDetails' } },
        { type: 'guardBack' },
        { type: 'pageView', step: 'login' },
        { type: 'call', id: 3, call: { kind: 'authenticate', request: { authType: 'SECURE_CODE', username: 'jane.citizen', secureCode: '123456' } } },
        { type: 'call', id: 4, call: { kind: 'customerDetails' } },
        { type: 'call', id: 5, call: { kind: 'businesses' } },
        { type: 'pageView', step: 'selectProfile' },
        { type: 'call', id: 6, call: { kind: 'confirmBusinessProfile', request: { bcin: 'BC1001' } } },
        { type: 'call', id: 7, call: { kind: 'accounts' } },
        { type: 'pageView', step: 'selectAccounts' },
        {
          type: 'call',
          id: 8,
          call: {
            kind: 'saveSelection',
            then: 'confirmationStep',
            request: {
              permissions: [
                ...['bank:accounts.basic:read', 'bank:accounts.detail:read', 'bank:transactions:read'].map((permission) => ({
                  permission,
                  accounts: ['tr-0001', 'tr-0002'].map((account) => ({
                    schemeName: 'BSB_ACCOUNT',
                    identification: `062000 ${account}`,
                    secondaryIdentification: account,
                  })),
                })),
                { permission: 'common:customer.basic:read' },
              ],
            },
          },
        },
        { type: 'pageView', step: 'confirmation' },
        { type: 'call', id: 9, call: { kind: 'confirm' } },
        { type: 'leave', url: `https://tpp.example/cb#code=code-9&state=${STATE}` },
        { type: 'clearToken' },
        // Issue 33 item 5: the finished flow's brand, kept for a Back from the recipient.
        { type: 'rememberFinished', brand: 'demo' },
      ]);
      expect(kinds).to.deep.equal(['starting', 'steps', 'confirmed', 'ended']);
      expect(state.decision).to.deep.equal({ kind: 'approved' });
      expect(state.journey.stage).to.equal('preAuthorisation');
      expect(state.journey.bankProfile).to.equal('BC1001');
    });
  });

  describe("random journeys (property-based: issue 11's and issue 21's invariants of the model, DESIGN §3.9)", () => {
    it('every phase move is one its table (or time) declares', () => {
      fc.assert(
        fc.property(journeys(), ([cmds, decided]) => {
          for (const { before, event, after } of journey(cmds, decided)) {
            const [from, to] = [whereOf(before.phase), whereOf(after.phase)];
            if (to === from) continue;
            expect(declared(from, event.type), `${from} --${event.type}--> ${to}`).to.include(to);
          }
        }),
        RUNS,
      );
    });

    // Issue 21: whatever a phase's table does not list, it does not take (DESIGN §3.9 "an event that changes nothing leaves the very same state").
    it('an event the phase does not take, at any point of a journey: the very same state object, no effects', () => {
      fc.assert(
        fc.property(journeys(), ([cmds, decided]) => {
          for (const { before, now, after } of journey(cmds, decided)) {
            // The very same state as before the step was probed already (at an earlier time: its timers were judged then too).
            if (after === before) continue;
            // A tick always sets the wake again (DESIGN §3.5: it used the last one up), taken or not: see the test of the tick below.
            for (const event of [...CUSTOMER_EVENTS, launchEvent(), { type: 'verified', id: after.nextCallId - 1, result: ok(tokenPayload()) } as const]) {
              if (rulesOf(whereOf(after.phase))[event.type] !== undefined || event.type === 'tick') continue;
              const result = transition(after, event, now);
              expect(result.state, `${after.phase.kind} ${event.type}`).to.equal(after);
              expect(result.effects, `${after.phase.kind} ${event.type}`).to.deep.equal([]);
            }
          }
        }),
        RUNS,
      );
    });

    it("an event the phase does not take does only what time does (the timers judged around it): a tick's change, without the tick's own wake", () => {
      fc.assert(
        fc.property(journeys(), ([cmds, decided]) => {
          for (const { before, event, now, after, effects } of journey(cmds, decided)) {
            if (rulesOf(whereOf(before.phase))[event.type] !== undefined || event.type === 'tick') continue;
            const timed = transition(before, { type: 'tick' }, now);
            expect(after, `${before.phase.kind} ${event.type}`).to.deep.equal(timed.state);
            const wakeMoved = timed.state.wakeAtMs !== before.wakeAtMs;
            expect(effects, `${before.phase.kind} ${event.type}`).to.deep.equal(wakeMoved ? timed.effects : timed.effects.slice(0, -1));
          }
        }),
        RUNS,
      );
    });

    // DESIGN §3.18: an ending the customer did not choose says so before the exit; the token goes, the decision keys stay (a reload must still know an approval was asked).
    it("the ending notice: entered only from a lapse or the token's expiry, its start forgets the token but keeps the decision keys, it leaves by its button, Back or its time", () => {
      fc.assert(
        fc.property(journeys(), ([cmds, decided]) => {
          for (const { before, event, now, after, effects } of journey(cmds, decided)) {
            const keepsAt = effects.findIndex((effect) => effect.type === 'clearToken' && effect.keepDecisionKeys === true);
            const kept = effects.filter((effect) => effect.type === 'clearToken' && effect.keepDecisionKeys === true);
            const step = `${before.phase.kind} --${event.type}--> ${after.phase.kind}`;
            if (after.phase.kind === 'endingNotice' && before.phase.kind !== 'endingNotice') {
              expect(kept, `${step}: the token forgotten, the keys kept`).to.have.length(1);
              expect(types(effects), `${step}: no exit yet`).to.not.include('leave');
              expect(after.phase.returnAtMs).to.equal(now + ENDING_NOTICE_MS);
              // The timers end the journey on a step or while starting; the lapse's rejection, once answered, while leaving.
              expect(['starting', 'steps', 'leaving'], step).to.include(before.phase.kind);
              if (before.phase.kind === 'leaving') expect(after.phase.reason, step).to.equal(before.phase.explain);
              // DESIGN §3.11: a lapse asks the bank to reject first, unless it holds this journey's approval (nothing to reject).
              else if (after.phase.reason === 'inactivity') expect(before.decision.kind, step).to.equal('committed');
            } else if (kept.length > 0) {
              // The timers opened the notice before the event, and the event was the notice's own way out (DESIGN §3.9: timers are judged first).
              expect(kept, step).to.have.length(1);
              expect(after.phase.kind, step).to.equal('ended');
              expect(['modalPrimary', 'browserBack', 'tick'], step).to.include(event.type);
              expect(types(effects).indexOf('leave'), `${step}: the exit after the notice`).to.be.above(keepsAt);
            }
            if (before.phase.kind === 'endingNotice' && after.phase.kind === 'ended') {
              const byTime = now >= before.phase.returnAtMs;
              expect(byTime || event.type === 'modalPrimary' || event.type === 'browserBack', `left on ${event.type}`).to.equal(true);
              expect(withoutWakes(effects).slice(0, 2)).to.deep.equal([{ type: 'leave', url: before.phase.url }, { type: 'clearToken' }]);
            }
            if (before.phase.kind === 'endingNotice' && after.phase.kind === 'endingNotice')
              expect(after.phase, 'the notice does not change while it shows').to.deep.equal(before.phase);
          }
        }),
        RUNS,
      );
    });

    it('the random journeys reach every phase and both endings (so that the properties above are not vacuous)', () => {
      const seen = new Set<string>();
      for (const [cmds, decided] of fc.sample(journeys(), { numRuns: 300, seed: 21 })) {
        for (const { after } of journey(cmds, decided)) {
          seen.add(after.phase.kind);
          if (after.phase.kind === 'endingNotice') seen.add(`endingNotice:${after.phase.reason}`);
        }
      }
      expect([...seen].sort()).to.include.members([...PHASES, 'endingNotice:inactivity', 'endingNotice:tokenExpiry']);
    });

    it('the wake is emitted exactly when the next deadline moved, and after every tick; it is the last effect and the state keeps it', () => {
      fc.assert(
        fc.property(journeys(), ([cmds, decided]) => {
          for (const { before, event, now, after, effects } of journey(cmds, decided)) {
            const wake = nextWakeMs(after, now);
            expect(after.wakeAtMs, 'the state keeps the wake').to.equal(wake);
            const wakes = effects.filter((effect) => effect.type === 'wakeAt');
            if (wake !== before.wakeAtMs || event.type === 'tick') {
              expect(wakes, `${event.type}: the wake is set`).to.deep.equal([{ type: 'wakeAt', atMs: wake }]);
              expect(effects.at(-1), 'the wake comes last').to.deep.equal({ type: 'wakeAt', atMs: wake });
            } else {
              expect(wakes, `${event.type}: no wake`).to.deep.equal([]);
            }
            if (wake !== undefined) expect(wake, 'never in the past').to.be.above(now);
          }
        }),
        RUNS,
      );
    });

    it('one exit at most, the token forgotten right after it, one abandonment stage at most (the rejection when chosen), nothing after it', () => {
      fc.assert(
        fc.property(journeys(), ([cmds, decided]) => {
          let leaves = 0;
          let abandonments = 0;
          for (const { before, after, effects } of journey(cmds, decided)) {
            if (before.phase.kind === 'ended') {
              const exit = before.phase.exit;
              expect(phaseOf(after, 'ended').exit, 'the exit stays the same').to.equal(exit);
              expect(after.journey, 'nothing changes after the exit').to.equal(before.journey);
              // DESIGN §3.2: a page still here offers the same exit; nothing else is emitted.
              for (const effect of effects.filter((one) => one.type !== 'wakeAt')) {
                expect(effect, 'only the same exit again after the exit').to.deep.equal({ type: 'leave', url: exit.url });
              }
              continue;
            }
            const at = types(effects).indexOf('leave');
            if (at < 0) {
              expect(types(effects), 'an abandonment only with the exit').to.not.include('abandoned');
              expect(after.phase.kind).to.not.equal('ended');
              continue;
            }
            leaves += 1;
            expect(after.phase.kind, 'the exit ends the journey').to.equal('ended');
            expect(callOf(after.phase)).to.equal(undefined);
            expect(nextWakeMs(after, after.nowMs), 'only the exit offered again is timed').to.equal(after.nowMs + EXIT_OFFER_MS);
            expect(effects[at + 1], 'the token is forgotten').to.deep.equal({ type: 'clearToken' });
            expect(screenOf(after.phase), 'what was on screen stays').to.deep.equal(screenOf(before.phase));
            const url = (effects[at] as { url: string }).url;
            // Issue 33 item 5: an exit to the recipient keeps the finished flow's brand for the tab.
            const finished = effects[at + 2]?.type === 'rememberFinished';
            expect(finished, 'the finished flow kept when it leaves for the recipient').to.equal(!url.startsWith(PUBLIC_SITE));
            const abandoned = effects[at + (finished ? 3 : 2)];
            if (abandoned?.type === 'abandoned') {
              abandonments += 1;
              expect(url, 'an abandonment returns access_denied').to.include('error=access_denied');
              expect(abandoned.stage).to.equal(after.journey.stage);
            } else if (before.phase.kind !== 'decidedElsewhere') {
              expect(url, 'access_denied is an abandonment (but a rejection made in another window)').to.not.include('error=access_denied');
            }
          }
          expect(leaves).to.be.at.most(1);
          expect(abandonments).to.be.at.most(1);
        }),
        RUNS,
      );
    });

    it("the return follows the bank's decision: a code only after its approval; never access_denied when the bank may hold this journey's approval (DESIGN §3.11)", () => {
      fc.assert(
        fc.property(journeys(), ([cmds, decided]) => {
          for (const { before, after, effects } of journey(cmds, decided)) {
            const leave = effects.find((effect) => effect.type === 'leave');
            if (leave?.type !== 'leave') continue;
            const url = leave.url as string;
            if (url.includes('error=access_denied')) {
              expect(['none', 'rejected'], `access_denied with the decision ${before.decision.kind}`).to.include(
                after.decision.kind === 'elsewhere' ? 'rejected' : after.decision.kind,
              );
              // Another window's decision is its phase's (the exit is taken from it).
              if (before.phase.kind === 'decidedElsewhere') expect(before.phase.as).to.equal('rejected');
            } else if (url.includes('code=')) {
              expect(after.decision.kind, 'a code only after the bank approved').to.equal('approved');
            } else if (url.startsWith(REDIRECT_URI)) {
              expect(['unclear', 'committed', 'approved', 'elsewhere'], 'the plain address only when the bank may hold an approval').to.include(
                after.decision.kind,
              );
            }
          }
        }),
        RUNS,
      );
    });

    it("the bank's decision moves only as DESIGN §3.11 allows; unclear from the moment an approval is sent; confirmed and decided elsewhere phases carry theirs", () => {
      fc.assert(
        fc.property(journeys(), ([cmds, decided]) => {
          let mayHold = decided === 'approve';
          for (const { before, event, after, effects } of journey(cmds, decided)) {
            if (after.decision.kind !== before.decision.kind) {
              expect(DECISION_MOVES[before.decision.kind], `${before.decision.kind} → ${after.decision.kind} on ${event.type}`).to.include(after.decision.kind);
            }
            if (effects.some((effect) => effect.type === 'call' && effect.call.kind === 'confirm')) {
              expect(['unclear', 'committed'], 'an approval sent').to.include(after.decision.kind);
            }
            if (after.phase.kind === 'confirmed') expect(after.decision.kind).to.equal('approved');
            if (after.phase.kind === 'decidedElsewhere') expect(after.decision.kind).to.equal('elsewhere');
            // DESIGN §3.11: once an answer left the approval possibly committed, only the bank's own word can say it is not.
            if (event.type === 'answered' && event.answer.kind === 'confirm' && pending(before)?.id === event.id) {
              if (event.answer.result.ok || !isProvenRefusal(event.answer.result.error)) mayHold = true;
            }
            if (mayHold) expect(after.decision.kind, `the bank may hold the approval (${event.type})`).to.not.equal('none');
          }
        }),
        RUNS,
      );
    });

    it('calls: fresh increasing ids; the phase waits for the last one it started (keep-alive aside); nothing before the token is verified', () => {
      fc.assert(
        fc.property(journeys(), ([cmds, decided]) => {
          let lastId = 0;
          for (const { before, after, effects } of journey(cmds, decided)) {
            for (const effect of effects) {
              if (effect.type !== 'call' && effect.type !== 'verify') continue;
              expect(effect.id, 'a fresh id').to.be.above(lastId);
              lastId = effect.id;
              if (effect.type === 'call') expect(before.journey.token ?? after.journey.token, 'no call before the token is trusted').to.not.equal(undefined);
            }
            expect(after.nextCallId).to.be.above(lastId);
            const waited = effects.flatMap((effect) =>
              (effect.type === 'call' && effect.call.kind !== 'keepAlive') || effect.type === 'verify' ? [effect.id] : [],
            );
            const last = waited.at(-1);
            // The phases that wait for calls (flow-state.ts); a call the event sent may be followed, in the same transition, by
            // an ending the timers judged after it (the ending notice, the exit, the failure page), which waits for nothing.
            if (last !== undefined && (after.phase.kind === 'starting' || after.phase.kind === 'steps' || after.phase.kind === 'leaving')) {
              expect(callOf(after.phase)?.id, 'the phase waits for the call it started last').to.equal(last);
            }
            const call = callOf(after.phase);
            if (call !== undefined) expect(call.id).to.be.below(after.nextCallId);
          }
        }),
        RUNS,
      );
    });

    it("steps, stages and modals stay within the spec: a shown step, the furthest stage never goes back, the outcome's modal alone", () => {
      fc.assert(
        fc.property(journeys(), ([cmds, decided]) => {
          for (const { before, after, effects } of journey(cmds, decided)) {
            const screen = screenOf(after.phase);
            if (after.phase.kind === 'steps') expect(isStepShown(after.phase.step, flowFlags(after)), `${after.phase.step} is shown`).to.equal(true);
            for (const effect of effects) {
              if (effect.type === 'pageView') expect(screen, 'a page view of the step shown').to.deep.equal({ kind: 'flow', step: effect.step });
            }
            if (after.journey.stage !== 'rejected') {
              expect(before.journey.stage, 'a rejection stays one').to.not.equal('rejected');
              expect(ORDER.indexOf(after.journey.stage), 'the stage never goes back').to.be.at.least(ORDER.indexOf(before.journey.stage));
            }
            for (const entry of openModalsOf(after.phase)) expect(MODAL_NAMES).to.include(entry.name);
            if (after.phase.kind === 'confirmed') expect(openModalsOf(after.phase)).to.deep.equal([{ name: 'successConfirm' }]);
            if (after.phase.kind === 'failed') {
              expect(openModalsOf(after.phase)).to.deep.equal([]);
              expect(callOf(after.phase)).to.equal(undefined);
            }
            if (after.phase.kind === 'leaving')
              expect(after.phase.call.call.kind, 'leaving asks to reject, or for a committed code').to.equal(
                after.decision.kind === 'committed' ? 'confirm' : 'reject',
              );
          }
        }),
        RUNS,
      );
    });
  });

  // DESIGN §3.11 "A confirmation is never lost": the redirect modal's button and a step that cannot
  // be shown both once dropped a pending confirmation (its code then ignored, access_denied sent).
  it('property: until its answer, nothing replaces or ends a confirmation being decided, whatever the customer does and whenever', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.noBias(fc.integer({ min: 0, max: 60_000 })), customerEvents()), { maxLength: 8 }), (steps) => {
        let state: FlowState = confirming({ token: token({ exp: (NOW + 100_000) / 1000 }) });
        const call = pending(state);
        let now = NOW;
        for (const [wait, event] of steps) {
          now += wait;
          const { state: after, effects } = transition(state, event, now);
          const started = effects.filter((effect) => effect.type === 'leave' || (effect.type === 'call' && effect.call.kind !== 'keepAlive'));
          expect(started, `${event.type} while confirming`).to.deep.equal([]);
          expect(pending(after), `${event.type} while confirming`).to.equal(call);
          expect(after.decision, 'the outcome stays unclear').to.deep.equal({ kind: 'unclear' });
          state = after;
        }
      }),
      {
        examples: [
          [
            [
              [95_000, { type: 'tick' }],
              [0, { type: 'modalPrimary' }],
            ],
          ],
          [[[0, { type: 'stepUnavailable' }]]],
        ],
      },
    );
  });

  it('the access-denied address of these tests', () => {
    expect(ACCESS_DENIED_URL).to.equal('https://tpp.example/cb?error=access_denied&respCode=401&respMessage=Authentication%20failure&state=af0ifjsldkj');
  });
});
