import { expect } from 'chai';
import fc from 'fast-check';
import type { ReachedStage } from '../../domain/abandonment';
import { isStepShown } from '../../domain/flow';
import type { FlowAnswer, FlowEffect } from '../../domain/flow-effects';
import type { FlowEvent } from '../../domain/flow-events';
import { transition } from '../../domain/flow-model';
import { NO_TIMERS, type FlowState, type PendingCall } from '../../domain/flow-state';
import { nextWakeMs } from '../../domain/flow-timers';
import { flowFlags } from '../../domain/flow-view';
import { MODAL_NAMES } from '../../domain/modal';
import {
  ACCESS_DENIED_URL, JWT, NOW, STATE, TRUST_BUSINESSES, accounts, amendmentConsent, apiError, bankConsent, customerOnlyConsent, err, flowState,
  loadingState, modalsWith, ok, pendingOn, run, settled, token, tokenPayload, trustRawAccounts,
} from './fixtures/flow-state.fixture';

const ORDER: readonly ReachedStage[] = ['preIdentification', 'preAuthentication', 'preAccountSelection', 'preAuthorisation'];
const EGA_ID = 'EGA:011000 99990001';

/** Every customer event the screens offer, and time passing (DESIGN §3.9: what can happen to a journey). */
const customerEvents = (): fc.Arbitrary<FlowEvent> => fc.constantFrom<FlowEvent>(
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
);

/** The bank's answers of each kind: successes and the failures of spec §8 (variant picks one). */
function reply(call: PendingCall['call'], success: boolean, variant: number): FlowAnswer | { kind: 'verify'; event: FlowEvent } {
  const pick = <T>(options: readonly T[]): T => options[variant % options.length] as T;
  switch (call.kind) {
    case 'verify':
      return { kind: 'verify', event: { type: 'verified', id: -1, result: success ? ok(tokenPayload(pick([{}, { exp: 0 }, { exp: NOW / 1000 + 200 }]))) : err(pick([{ kind: 'badSignature' }, { kind: 'keysUnavailable', detail: 'down' }] as const)) } };
    case 'consentDetails':
      return { kind: 'consentDetails', result: success ? ok(pick([bankConsent(), customerOnlyConsent(), amendmentConsent()])) : err(apiError(500)) };
    case 'authenticate':
      return { kind: 'authenticate', result: success ? ok(undefined) : err(pick([
        apiError(401, 'otp_failure_001'), apiError(401, 'otp_failure_001', ['{"remainingOTPattempts":0}']), apiError(401, 'otp_failure_008'),
        apiError(401, 'otp_failure_002'), apiError(0),
      ])) };
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
      return { kind: 'confirm', result: success ? ok({ auth_code: 'code-1', state: STATE }) : err(pick([apiError(400, 'A05'), apiError(503)])) };
    case 'reject':
      return { kind: 'reject', result: success ? ok(pick([{}, { redirect_uri: 'https://tpp.example/cb' }])) : err(apiError(503)) };
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

const commands = (): fc.Arbitrary<Command[]> => fc.array(fc.oneof(
  { weight: 10, arbitrary: fc.nat(59).map((n): Command => ({ kind: 'advance', n })) },
  { weight: 3, arbitrary: customerEvents().map((event): Command => ({ kind: 'event', event })) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reply' as const), success: fc.boolean(), variant: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('stale' as const), back: fc.integer({ min: 1, max: 3 }), success: fc.boolean(), variant: fc.nat(5) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('wait' as const), ms: fc.oneof(fc.integer({ min: 0, max: 5_000 }), fc.integer({ min: 0, max: 400_000 })), tick: fc.boolean() }) },
), { maxLength: 80, size: 'max' });

/** What a purposeful customer (and a mostly willing bank) does next on this screen; `n` picks among the choices. */
function advance(state: FlowState, n: number): FlowEvent {
  if (state.pending !== undefined) return eventOf(state, { kind: 'reply', success: n % 10 !== 0, variant: state.pending.call.kind === 'verify' ? [1, 2, 2][n % 8] ?? 0 : n });
  if (state.screen.kind === 'loading') return { type: 'launched', route: 'demo_accc_aisp', jwtFromAddress: JWT, jwtFromStorage: undefined, errorParam: undefined, decided: undefined };
  if (state.screen.kind === 'failure') return { type: 'leaveFailurePage' };
  const modals = state.modals;
  if (modals.base !== undefined || modals.timeoutSeconds !== undefined || modals.expiry) return { type: n % 3 === 0 ? 'modalPrimary' : 'modalDismiss' };
  const { form, requireDob } = state.login;
  switch (state.step) {
    case 'login':
      if (n % 20 === 0) return { type: 'cancel' };
      if (form.username === '') return { type: 'usernameTyped', value: 'jane.citizen' };
      if (form.secureCode === '') return { type: 'secureCodeTyped', value: '123456' };
      if (requireDob && form.dob.year === '') return { type: 'dateOfBirthTyped', parts: { day: '25', month: '12', year: '1966' } };
      return { type: 'submitLogin' };
    case 'selectProfile':
      return n % 3 === 0 ? { type: 'chooseProfile', id: n % 2 === 0 ? 'BC1001' : 'PERSONAL' } : { type: 'continue' };
    case 'selectAccounts':
      return [{ type: 'toggleAll' }, { type: 'toggleAccount', id: 'acc-0001' }, { type: 'back' }, { type: 'continue' }, { type: 'continue' }][n % 5] as FlowEvent;
    case 'confirmation':
      return [{ type: 'describe', text: 'Holiday' }, { type: 'back' }, { type: 'confirm' }, { type: 'confirm' }, { type: 'cancel' }][n % 5] as FlowEvent;
  }
}

/** The event a command becomes in this state at this time (a reply with nothing pending is a tick). */
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
      const pending = state.pending;
      const call = pending?.call ?? { kind: 'keepAlive' as const };
      const id = command.kind === 'stale' ? state.nextCallId - command.back - (pending === undefined ? 0 : 1) : (pending?.id ?? state.nextCallId - 1);
      const answer = reply(call, command.success, command.variant);
      if (answer.kind === 'verify') return { ...(answer.event as Extract<FlowEvent, { type: 'verified' }>), id };
      return { type: 'answered', id, answer };
    }
  }
}

interface Journey {
  readonly steps: { readonly before: FlowState; readonly event: FlowEvent; readonly now: number; readonly after: FlowState; readonly effects: readonly FlowEffect[] }[];
}

/** Runs the commands from the app's start (the entry address with a token). */
function journey(cmds: readonly Command[]): Journey {
  let now = NOW;
  let state = loadingState();
  const steps: Journey['steps'][number][] = [];
  const step = (event: FlowEvent): void => {
    const result = transition(state, event, now);
    steps.push({ before: state, event, now, after: result.state, effects: result.effects });
    state = result.state;
  };
  step({ type: 'launched', route: 'demo_accc_aisp', jwtFromAddress: JWT, jwtFromStorage: undefined, errorParam: undefined, decided: undefined });
  for (const command of cmds) {
    if (command.kind === 'wait') {
      now += command.ms;
      if (!command.tick) continue;
    }
    step(eventOf(state, command));
  }
  return { steps };
}

/** The journeys' runs (more with FLOW_JOURNEY_RUNS=…, to hunt). */
const RUNS = { numRuns: Number(process.env['FLOW_JOURNEY_RUNS'] ?? 60) };

/** Every field the same (a tick after the exit makes a new object with the same fields). */
const sameFields = (a: FlowState, b: FlowState): boolean =>
  (Object.keys(a) as (keyof FlowState)[]).every((key) => a[key] === b[key]) && Object.keys(a).length === Object.keys(b).length;

const types = (effects: readonly FlowEffect[]): string[] => effects.map((effect) => effect.type);

describe('domain/flow-model: transition, the flow as one model (DESIGN §3.9)', () => {
  describe('the wake (DESIGN §3.5: one timer, set anew when the next deadline moved, and after every tick)', () => {
    it('an event that moves no deadline emits no wake', () => {
      const before = flowState('login');
      const { state, effects } = run(before, { type: 'usernameTyped', value: 'jane' });
      expect(effects).to.deep.equal([]);
      expect(state.wakeAtMs).to.equal(before.wakeAtMs);
    });

    it('an event that moves it: the wake comes last, with the new deadline, and the state remembers it', () => {
      const before = flowState('login');
      const { state, effects } = run(before, { type: 'activity' }, NOW + 1);
      expect(effects).to.deep.equal([{ type: 'wakeAt', atMs: NOW + 240_001 }]);
      expect(state.wakeAtMs).to.equal(NOW + 240_001);
    });

    it('a tick always sets the wake again (it used the last one up), even when the deadline did not move', () => {
      const before = flowState('login');
      const { state, effects } = run(before, { type: 'tick' }, NOW + 5);
      expect(effects).to.deep.equal([{ type: 'wakeAt', atMs: NOW + 240_000 }]);
      expect(state).to.deep.equal(before);
    });

    it('a state whose wake is not the model\'s (never set) gets it with any event', () => {
      const before = { ...flowState('login'), wakeAtMs: undefined };
      expect(run(before, { type: 'usernameTyped', value: 'j' }).effects).to.deep.equal([{ type: 'wakeAt', atMs: NOW + 240_000 }]);
    });

    it('a wake that is no longer needed is cleared (undefined)', () => {
      const before = withBaseModal(flowState('login'), 'sharingIncomplete');
      const { effects } = run(before, { type: 'modalPrimary' });
      expect(effects.at(-1)).to.deep.equal({ type: 'wakeAt', atMs: undefined });
    });
  });

  describe('after the exit (DESIGN §3.2: nothing more is sent or shown)', () => {
    const ended = (): FlowState[] => [
      run(withBaseModal(flowState('login'), 'serviceUnavailable'), { type: 'modalPrimary' }).state,
      run(settled({ ...flowState('confirmation'), confirmation: { auth_code: 'c', state: STATE }, modals: modalsWith('successConfirm'), timers: { ...NO_TIMERS, successReturnAtMs: NOW + 2500 } }), { type: 'tick' }, NOW + 2500).state,
      run(run(loadingState(), { type: 'launched', route: 'x', jwtFromAddress: undefined, jwtFromStorage: undefined, errorParam: undefined, decided: undefined }).state, { type: 'leaveFailurePage' }).state,
      endedWhileLoading(),
    ];

    /** An exp the timer cannot hold, and the consent not loaded 10 s later: the fallback return from the loading screen. */
    const endedWhileLoading = (): FlowState => {
      const launched = run(loadingState(), { type: 'launched', route: 'demo_accc_aisp', jwtFromAddress: JWT, jwtFromStorage: undefined, errorParam: undefined, decided: undefined }).state;
      const verified = run(launched, { type: 'verified', id: 1, result: ok(tokenPayload({ exp: 0 })) }).state;
      return run(verified, { type: 'tick' }, NOW + 10_000).state;
    };

    it('the fallback return can end the flow on the loading screen (the consent still loading)', () => {
      const state = endedWhileLoading();
      expect(state.ended).to.equal(true);
      expect(state.screen).to.deep.equal({ kind: 'loading' });
      expect(state.pending).to.equal(undefined);
    });

    it('the fixtures have ended', () => {
      for (const state of ended()) expect(state.ended).to.equal(true);
    });

    it('property: whatever the event and the time, nothing changes and nothing is emitted', () => {
      const states = ended();
      fc.assert(fc.property(
        fc.constantFrom(...states), customerEvents().filter((event) => event.type !== 'tick'), fc.nat(1_000_000), fc.boolean(), fc.boolean(),
        (state, event, later, asAnswer, success) => {
          const any: FlowEvent = asAnswer ? { type: 'answered', id: state.nextCallId - 1, answer: { kind: 'reject', result: success ? ok({}) : err(apiError(500)) } } : event;
          const result = transition(state, any, NOW + later);
          expect(result.state).to.equal(state);
          expect(result.effects).to.deep.equal([]);
        },
      ));
    });

    it('a tick after the exit only clears the wake again (nothing timed is left)', () => {
      for (const state of ended()) {
        const result = transition(state, { type: 'tick' }, NOW + 1_000_000);
        expect(result.state).to.deep.equal(state);
        expect(result.effects).to.deep.equal([{ type: 'wakeAt', atMs: undefined }]);
      }
    });

    it('a launch, a verification or an answer after the exit: nothing', () => {
      for (const state of ended()) {
        for (const event of [
          { type: 'launched', route: 'demo_accc_aisp', jwtFromAddress: JWT, jwtFromStorage: undefined, errorParam: undefined, decided: undefined },
          { type: 'verified', id: state.nextCallId - 1, result: ok(tokenPayload()) },
          { type: 'stepUnavailable' },
        ] as const) {
          const result = transition(state, event, NOW);
          expect(result.state).to.equal(state);
          expect(result.effects).to.deep.equal([]);
        }
      }
    });
  });

  describe('answers (spec §7: an answer counts only for the call the flow waits for)', () => {
    const waiting = (): FlowState[] => [
      pendingOn(loadingState(), { kind: 'consentDetails' }),
      pendingOn(flowState('login'), { kind: 'authenticate', request: { authType: 'SECURE_CODE', username: 'u', secureCode: '123456' } }),
      pendingOn(flowState('login'), { kind: 'customerDetails' }),
      pendingOn(flowState('login'), { kind: 'businesses' }),
      pendingOn(flowState('selectProfile'), { kind: 'confirmBusinessProfile', request: { bcin: 'PERSONAL' } }),
      pendingOn(flowState('selectProfile'), { kind: 'accounts' }),
      pendingOn(flowState('selectAccounts'), { kind: 'saveSelection', request: { permissions: [] }, then: 'confirmationStep' }),
      pendingOn(flowState('confirmation'), { kind: 'saveSelection', request: { permissions: [] }, then: 'confirm' }),
      pendingOn(flowState('confirmation'), { kind: 'confirm' }),
      settled({ ...pendingOn(flowState('login'), { kind: 'reject' }, { exitStage: 'preIdentification' }), timers: NO_TIMERS }),
    ];
    const anyAnswer = (): fc.Arbitrary<FlowAnswer> => fc.tuple(
      fc.constantFrom<PendingCall['call']>(
        { kind: 'consentDetails' }, { kind: 'authenticate', request: { authType: 'SECURE_CODE', username: 'u', secureCode: '1' } }, { kind: 'customerDetails' },
        { kind: 'businesses' }, { kind: 'confirmBusinessProfile', request: { bcin: 'X' } }, { kind: 'accounts' },
        { kind: 'saveSelection', request: { permissions: [] }, then: 'confirm' }, { kind: 'confirm' }, { kind: 'reject' }, { kind: 'keepAlive' },
      ),
      fc.boolean(), fc.nat(5),
    ).map(([call, success, variant]) => reply(call, success, variant) as FlowAnswer);

    it('property: an answer whose id is not the pending one changes nothing and emits nothing', () => {
      const states = waiting();
      fc.assert(fc.property(fc.constantFrom(...states), anyAnswer(), fc.integer({ min: -3, max: 20 }), (state, reply_, id) => {
        fc.pre(id !== state.pending?.id);
        const result = transition(state, { type: 'answered', id, answer: reply_ }, NOW);
        expect(result.state).to.equal(state);
        expect(result.effects).to.deep.equal([]);
      }));
    });

    it('property: an answer of another kind than the pending call, even with its id, changes nothing', () => {
      const states = waiting();
      fc.assert(fc.property(fc.constantFrom(...states), anyAnswer(), (state, reply_) => {
        fc.pre(reply_.kind !== state.pending?.call.kind);
        const result = transition(state, { type: 'answered', id: state.pending?.id ?? -1, answer: reply_ }, NOW);
        expect(result.state).to.equal(state);
        expect(result.effects).to.deep.equal([]);
      }));
    });

    it('a verification that is not the pending one changes nothing', () => {
      for (const state of waiting()) {
        const result = transition(state, { type: 'verified', id: state.pending?.id ?? -1, result: ok(tokenPayload()) }, NOW);
        expect(result.state).to.equal(state);
        expect(result.effects).to.deep.equal([]);
      }
    });

    it('a keep-alive\'s answer changes nothing, even if the flow were waiting for one', () => {
      const state = pendingOn(flowState('login'), { kind: 'keepAlive' });
      const result = transition(state, { type: 'answered', id: 9, answer: { kind: 'keepAlive', result: ok(undefined) } }, NOW);
      expect(result.state).to.equal(state);
      expect(result.effects).to.deep.equal([]);
    });

    it('the answer to the pending call is taken (the same answer twice: the second changes nothing)', () => {
      const state = pendingOn(flowState('login'), { kind: 'customerDetails' });
      const first = transition(state, { type: 'answered', id: 9, answer: { kind: 'customerDetails', result: ok({ fullLegalName: 'J' }) } }, NOW);
      expect(first.state.customer).to.deep.equal({ fullLegalName: 'J' });
      const second = transition(first.state, { type: 'answered', id: 9, answer: { kind: 'customerDetails', result: ok({ fullLegalName: 'K' }) } }, NOW);
      expect(second.state).to.equal(first.state);
    });
  });

  describe('a whole journey, event by event (spec §4 flow: login, profile, accounts, review, return)', () => {
    it('the happy path: every call and page view in order, then the success return with no abandonment', () => {
      const events: ((s: FlowState) => FlowEvent)[] = [
        () => ({ type: 'launched', route: 'demo_accc_aisp', jwtFromAddress: JWT, jwtFromStorage: undefined, errorParam: undefined, decided: undefined }),
        (s) => ({ type: 'verified', id: s.pending?.id ?? -1, result: ok(tokenPayload()) }),
        (s) => ({ type: 'answered', id: s.pending?.id ?? -1, answer: { kind: 'consentDetails', result: ok(bankConsent()) } }),
        () => ({ type: 'usernameTyped', value: 'jane.citizen' }),
        () => ({ type: 'secureCodeTyped', value: '123456' }),
        () => ({ type: 'submitLogin' }),
        (s) => ({ type: 'answered', id: s.pending?.id ?? -1, answer: { kind: 'authenticate', result: ok(undefined) } }),
        (s) => ({ type: 'answered', id: s.pending?.id ?? -1, answer: { kind: 'customerDetails', result: ok({ fullLegalName: 'Jane Citizen' }) } }),
        (s) => ({ type: 'answered', id: s.pending?.id ?? -1, answer: { kind: 'businesses', result: ok(TRUST_BUSINESSES) } }),
        () => ({ type: 'chooseProfile', id: 'BC1001' }),
        () => ({ type: 'continue' }),
        (s) => ({ type: 'answered', id: s.pending?.id ?? -1, answer: { kind: 'confirmBusinessProfile', result: ok(undefined) } }),
        (s) => ({ type: 'answered', id: s.pending?.id ?? -1, answer: { kind: 'accounts', result: ok(accounts(trustRawAccounts())) } }),
        () => ({ type: 'toggleAll' }),
        () => ({ type: 'continue' }),
        (s) => ({ type: 'answered', id: s.pending?.id ?? -1, answer: { kind: 'saveSelection', result: ok(undefined) } }),
        () => ({ type: 'confirm' }),
        (s) => ({ type: 'answered', id: s.pending?.id ?? -1, answer: { kind: 'confirm', result: ok({ auth_code: 'code-9', state: STATE }) } }),
        () => ({ type: 'modalPrimary' }),
      ];
      let state = loadingState();
      const effects: FlowEffect[] = [];
      for (const make of events) {
        const result = transition(state, make(state), NOW);
        state = result.state;
        effects.push(...result.effects.filter((effect) => effect.type !== 'wakeAt'));
      }
      expect(effects).to.deep.equal([
        { type: 'forgetAddressToken' },
        { type: 'verify', id: 1, jwt: JWT },
        { type: 'storeToken', jwt: JWT },
        { type: 'call', id: 2, call: { kind: 'consentDetails' } },
        { type: 'pageView', step: 'login' },
        { type: 'call', id: 3, call: { kind: 'authenticate', request: { authType: 'SECURE_CODE', username: 'jane.citizen', secureCode: '123456' } } },
        { type: 'call', id: 4, call: { kind: 'customerDetails' } },
        { type: 'call', id: 5, call: { kind: 'businesses' } },
        { type: 'pageView', step: 'selectProfile' },
        { type: 'call', id: 6, call: { kind: 'confirmBusinessProfile', request: { bcin: 'BC1001' } } },
        { type: 'call', id: 7, call: { kind: 'accounts' } },
        { type: 'pageView', step: 'selectAccounts' },
        {
          type: 'call', id: 8, call: {
            kind: 'saveSelection', then: 'confirmationStep', request: {
              permissions: [
                ...['bank:accounts.basic:read', 'bank:accounts.detail:read', 'bank:transactions:read'].map((permission) => ({
                  permission, accounts: ['tr-0001', 'tr-0002'].map((id) => ({ schemeName: 'BSB_ACCOUNT', identification: `062000 ${id}`, secondaryIdentification: id })),
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
      ]);
      expect(state.ended).to.equal(true);
      expect(state.stage).to.equal('preAuthorisation');
      expect(state.bankProfile).to.equal('BC1001');
    });
  });

  describe('random journeys (property-based: issue 11\'s invariants of the model, DESIGN §3.9)', () => {
    it('the wake is emitted exactly when the next deadline moved, and after every tick; it is the last effect and the state keeps it', () => {
      fc.assert(fc.property(commands(), (cmds) => {
        for (const { before, event, now, after, effects } of journey(cmds).steps) {
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
      }), RUNS);
    });

    it('one exit at most, the token forgotten right after it, one abandonment stage at most (the rejection when chosen), nothing after it', () => {
      fc.assert(fc.property(commands(), (cmds) => {
        let leaves = 0;
        let abandonments = 0;
        for (const { before, after, effects } of journey(cmds).steps) {
          if (before.ended) {
            expect(sameFields(after, before), 'nothing changes after the exit').to.equal(true);
            expect(effects.filter((effect) => effect.type !== 'wakeAt'), 'nothing is emitted after the exit').to.deep.equal([]);
            continue;
          }
          const at = types(effects).indexOf('leave');
          if (at >= 0) {
            leaves += 1;
            expect(after.ended, 'the exit ends the flow').to.equal(true);
            expect(after.pending).to.equal(undefined);
            expect(after.timers).to.deep.equal(NO_TIMERS);
            expect(effects[at + 1], 'the token is forgotten').to.deep.equal({ type: 'clearToken' });
            const abandoned = effects[at + 2];
            if (abandoned?.type === 'abandoned') {
              abandonments += 1;
              const url = (effects[at] as { url: string }).url;
              expect(url, 'an abandonment returns access_denied').to.include('error=access_denied');
              if (after.rejected) expect(abandoned.stage).to.equal('rejected');
              else expect(abandoned.stage).to.equal(after.screen.kind === 'failure' ? 'preIdentification' : after.stage);
            }
            if (after.confirmation !== undefined) expect(abandoned?.type, 'a confirmed consent is not abandoned').to.not.equal('abandoned');
          } else {
            expect(types(effects), 'an abandonment only with the exit').to.not.include('abandoned');
            expect(after.ended).to.equal(false);
          }
        }
        expect(leaves).to.be.at.most(1);
        expect(abandonments).to.be.at.most(1);
      }), RUNS);
    });

    it('calls: fresh increasing ids; the flow waits for the last one it started (keep-alive aside); nothing before the token is verified', () => {
      fc.assert(fc.property(commands(), (cmds) => {
        let lastId = 0;
        for (const { before, after, effects } of journey(cmds).steps) {
          for (const effect of effects) {
            if (effect.type !== 'call' && effect.type !== 'verify') continue;
            expect(effect.id, 'a fresh id').to.be.above(lastId);
            lastId = effect.id;
            if (effect.type === 'call') expect(before.token ?? after.token, 'no call before the token is trusted').to.not.equal(undefined);
          }
          expect(after.nextCallId).to.be.above(lastId);
          const waited = effects.flatMap((effect) => ((effect.type === 'call' && effect.call.kind !== 'keepAlive') || effect.type === 'verify' ? [effect.id] : []));
          const last = waited.at(-1);
          if (last !== undefined && !after.ended && after.screen.kind !== 'failure') {
            expect(after.pending?.id, 'the flow waits for the call it started last').to.equal(last);
          }
          if (after.pending !== undefined) expect(after.pending.id).to.be.below(after.nextCallId);
        }
      }), RUNS);
    });

    it('steps, stages and modals stay within the spec: a shown step, the furthest stage never goes back, one success modal after a code', () => {
      fc.assert(fc.property(commands(), (cmds) => {
        for (const { before, after, effects } of journey(cmds).steps) {
          if (after.screen.kind === 'flow') expect(isStepShown(after.step, flowFlags(after)), `${after.step} is shown`).to.equal(true);
          for (const effect of effects) {
            if (effect.type === 'pageView') expect(effect.step, 'a page view of the step shown').to.equal(after.step);
          }
          expect(ORDER.indexOf(after.stage), 'the stage never goes back').to.be.at.least(ORDER.indexOf(before.stage));
          if (after.modals.base !== undefined) expect(MODAL_NAMES).to.include(after.modals.base);
          if (after.confirmation !== undefined) {
            expect(after.modals.base).to.equal('successConfirm');
            expect(after.modals.timeoutSeconds).to.equal(undefined);
          }
          if (after.screen.kind === 'failure') {
            expect(after.modals).to.deep.equal(modalsWith(undefined));
            expect(after.pending).to.equal(undefined);
          }
          if (after.rejected) expect(before.rejected || after.pending?.exitStage === 'rejected').to.equal(true);
        }
      }), RUNS);
    });
  });

  // DESIGN §3.11 "A confirmation is never lost": the redirect modal's button and a step that cannot
  // be shown both once dropped a pending confirmation (its code then ignored, access_denied sent).
  it('property: until its answer, nothing replaces or ends a confirmation being decided, whatever the customer does and whenever', () => {
    fc.assert(fc.property(fc.array(fc.tuple(fc.noBias(fc.integer({ min: 0, max: 60_000 })), customerEvents()), { maxLength: 8 }), (steps) => {
      let state = pendingOn(flowState('confirmation', { token: token({ exp: (NOW + 100_000) / 1000 }) }), { kind: 'confirm' });
      const pending = state.pending;
      let now = NOW;
      for (const [wait, event] of steps) {
        now += wait;
        const { state: after, effects } = transition(state, event, now);
        const started = effects.filter((effect) => effect.type === 'leave' || (effect.type === 'call' && effect.call.kind !== 'keepAlive'));
        expect(started, `${event.type} while confirming`).to.deep.equal([]);
        expect(after.pending, `${event.type} while confirming`).to.equal(pending);
        state = after;
      }
    }), {
      examples: [
        [[[95_000, { type: 'tick' }], [0, { type: 'modalPrimary' }]]],
        [[[0, { type: 'stepUnavailable' }]]],
      ],
    });
  });

  it('the access-denied address of these tests', () => {
    expect(ACCESS_DENIED_URL).to.equal('https://tpp.example/cb?error=access_denied&respCode=401&respMessage=Authentication%20failure&state=af0ifjsldkj');
  });
});

function withBaseModal(state: FlowState, name: Parameters<typeof modalsWith>[0]): FlowState {
  return settled({ ...state, modals: modalsWith(name) });
}
