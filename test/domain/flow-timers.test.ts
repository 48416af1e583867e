import { expect } from 'chai';
import fc from 'fast-check';
import type { FlowEvent } from '../../domain/flow-events';
import type { FlowState } from '../../domain/flow-state';
import { ENDING_NOTICE_MS, EXIT_OFFER_MS } from '../../domain/flow-exits';
import { evaluateTimers, nextWakeMs } from '../../domain/flow-model';
import { onActivity } from '../../domain/flow-timers';
import {
  ACCESS_DENIED_URL,
  EXP_SECONDS,
  JWT,
  NOW,
  REDIRECT_URI,
  STATE,
  answer,
  apiError,
  at,
  confirmedState,
  confirming,
  decidedElsewhereState,
  endedPhase,
  err,
  failedState,
  flowState,
  leavingState,
  leftFor,
  loadingState,
  modals,
  modalsWith,
  ok,
  pending,
  pendingOn,
  phaseOf,
  run,
  sentCall,
  settled,
  startingState,
  token,
  tokenPayload,
  withModal,
  withoutWake,
  type FlowOverrides,
} from './fixtures/flow-state.fixture';

/** The token of these tests expires 100 s after NOW: its warning opens at NOW + 90 s (spec §4, §9: 10 s). */
const SHORT_EXP_MS = NOW + 100_000;
const shortToken = () => token({ exp: SHORT_EXP_MS / 1000 });
/** An event the page ignores on the login step (the description belongs to the review): only the clock is judged. */
const NOTHING: FlowEvent = { type: 'describe', text: 'ignored' };

/** The exit at `nowMs`, and the wake at which a page still here offers it again (DESIGN §3.2). */
const ended = (stage: string, nowMs: number) => leftFor(ACCESS_DENIED_URL, nowMs, stage as never);
const rejectCall = [
  { type: 'call', id: 10, call: { kind: 'reject' } },
  { type: 'wakeAt', atMs: undefined },
];
/** DESIGN §3.18: the ending notice opens (the token forgotten, its decision keys kept); the wake is its return, 5 s later. */
const noticed = (atMs: number) => [
  { type: 'clearToken', keepDecisionKeys: true },
  { type: 'wakeAt', atMs: atMs + ENDING_NOTICE_MS },
];

describe('domain/flow-timers: inactivity, token expiry, success return, wake-ups (spec §4, §9, DESIGN §3.5, §3.10)', () => {
  describe('activity (spec §4: any mouse, key, scroll or touch event resets the inactivity timer)', () => {
    it('restarts the timer now; the wake moves to the new warning time', () => {
      const before = flowState('selectAccounts');
      const now = NOW + 10_000;
      const { state, effects } = run(before, { type: 'activity' }, now);
      expect(effects).to.deep.equal([{ type: 'wakeAt', atMs: now + 240_000 }]);
      expect(state).to.deep.equal({ ...at(before, now), wakeAtMs: now + 240_000, phase: { ...phaseOf(before, 'steps'), lastActivityMs: now } });
    });

    it('does not dismiss the open warning (WCAG 2.2.1: the customer extends with its button)', () => {
      const warned = run(flowState('login'), { type: 'tick' }, NOW + 250_000).state;
      const result = run(warned, { type: 'activity' }, NOW + 250_100);
      expect(result.state).to.equal(warned);
      expect(result.effects).to.deep.equal([]);
    });

    it('changes nothing outside a step (loading, failure page, leaving, confirmed, decided elsewhere, ended)', () => {
      for (const before of [
        loadingState(),
        startingState(),
        failedState('consent_fetch_failure'),
        leavingState('login', 'preIdentification'),
        confirmedState(),
        decidedElsewhereState('approved'),
        run(withModal(flowState('login'), 'serviceUnavailable'), { type: 'modalPrimary' }).state,
      ]) {
        const result = run(before, { type: 'activity' }, NOW + 1000);
        expect(result.state, before.phase.kind).to.equal(before);
        expect(result.effects).to.deep.equal([]);
      }
    });

    it('changes nothing on a step whose timer no longer runs (after a reject the bank refused: nothing restarts)', () => {
      const before = flowState('login', { lastActivityMs: undefined, modals: modalsWith('serviceUnavailable') });
      expect(onActivity(before, NOW + 1000).state).to.equal(before);
      expect(run(before, { type: 'activity' }, NOW + 1000).state).to.equal(before);
    });
  });

  describe('inactivity (spec §4: 300 s limit, warning from 60 s before, per-second countdown, then reject and return)', () => {
    const rows: [elapsedMs: number, seconds: number | undefined, wakeOffsetMs: number][] = [
      [0, undefined, 240_000],
      [239_999, undefined, 240_000],
      [240_000, 60, 241_000],
      [240_001, 60, 241_000],
      [241_000, 59, 242_000],
      [299_999, 1, 300_000],
    ];
    for (const [elapsed, seconds, wake] of rows) {
      it(`${elapsed} ms idle → ${seconds === undefined ? 'no warning' : `the warning shows ${seconds} s`}; the next wake ${wake} ms after the last activity`, () => {
        const before = flowState('login');
        const { state, effects } = run(before, { type: 'tick' }, NOW + elapsed);
        // The clock moves with what the tick changed (a warning's seconds); a tick that changes nothing leaves it.
        const clock = seconds === undefined ? before.nowMs : NOW + elapsed;
        expect(state).to.deep.equal({
          ...at(before, clock),
          wakeAtMs: NOW + wake,
          phase: { ...phaseOf(before, 'steps'), modals: modalsWith(undefined, seconds) },
        });
        expect(effects).to.deep.equal([{ type: 'wakeAt', atMs: NOW + wake }]);
      });
    }

    it('the warning opens over an ordinary modal (DESIGN §3.10, issue 11 defect 3)', () => {
      const before = withModal(flowState('login'), 'lostSecureKey');
      expect(modals(run(before, { type: 'tick' }, NOW + 250_000).state)).to.deep.equal(modalsWith('lostSecureKey', 50));
    });

    it('at zero the consent is rejected first, at the stage reached; the warning stays at 0 s (its buttons busy) until the bank answers; nothing is timed (spec §4)', () => {
      const before = run(flowState('selectAccounts'), { type: 'tick' }, NOW + 299_000).state;
      const { state, effects } = run(before, { type: 'tick' }, NOW + 300_000);
      expect(effects).to.deep.equal(rejectCall);
      expect(state).to.deep.equal({
        ...at(before, NOW + 300_000),
        nextCallId: 11,
        wakeAtMs: undefined,
        phase: {
          kind: 'leaving',
          step: 'selectAccounts',
          call: sentCall(10, { kind: 'reject' }, undefined, NOW + 300_000),
          modals: modalsWith(undefined, 0),
          stage: 'preAccountSelection',
          explain: 'inactivity',
        },
      });
    });

    it('a late tick (a throttled tab) is judged by the time that really passed: straight to the lapse', () => {
      expect(run(flowState('confirmation'), { type: 'tick' }, NOW + 3_000_000).effects).to.deep.equal(rejectCall);
    });

    it('any event is judged against the clock, not only a tick', () => {
      expect(modals(run(flowState('login'), NOTHING, NOW + 250_000).state)).to.deep.equal(modalsWith(undefined, 50));
    });

    it('an unchanged countdown leaves the state as it was (same seconds, same wake: no effect)', () => {
      const warned = run(flowState('login'), { type: 'tick' }, NOW + 250_000).state;
      const result = run(warned, NOTHING, NOW + 250_500);
      expect(result.state).to.equal(warned);
      expect(result.effects).to.deep.equal([]);
    });

    it('is judged only on a step: the failure page keeps nothing timed', () => {
      const onFailure = failedState('consent_fetch_failure');
      expect(onFailure.wakeAtMs).to.equal(undefined);
      const result = run(onFailure, { type: 'leaveFailurePage' }, NOW + 400_000);
      expect(result.state.phase.kind).to.equal('ended');
      expect(evaluateTimers(onFailure, NOW + 400_000).state).to.equal(onFailure);
    });

    it('does not run before the consent is read (the starting phase has no inactivity timer)', () => {
      expect(run(loadingState(), { type: 'tick' }, NOW + 400_000).effects).to.deep.equal([{ type: 'wakeAt', atMs: undefined }]);
      const reading = pendingOn(startingState({ expiry: { kind: 'off' } }), { kind: 'consentDetails' });
      expect(run(reading, { type: 'tick' }, NOW + 400_000).state.phase.kind).to.equal('starting');
    });

    it('not running on a step (lastActivityMs undefined): no warning, no lapse', () => {
      const before = flowState('login', { lastActivityMs: undefined, expiry: { kind: 'off' } });
      expect(before.wakeAtMs).to.equal(undefined);
      expect(run(before, NOTHING, NOW + 400_000).state).to.equal(before);
    });
  });

  describe('token expiry (spec §4 "Token expiry timer": 10 s before, the redirect modal; at exp, the return)', () => {
    const expiring = (overrides: FlowOverrides = {}): FlowState => flowState('selectAccounts', { token: shortToken(), ...overrides });

    it('more than 10 s left: nothing; the wake is set for 10 s before exp', () => {
      const before = expiring();
      expect(before.wakeAtMs).to.equal(SHORT_EXP_MS - 10_000);
      const { state, effects } = run(before, { type: 'tick' }, SHORT_EXP_MS - 10_001);
      expect(state).to.deep.equal(before);
      expect(effects).to.deep.equal([{ type: 'wakeAt', atMs: SHORT_EXP_MS - 10_000 }]);
    });

    it('10 s left: the redirect modal opens over everything; the wake moves to exp', () => {
      const before = withModal(expiring(), 'forgotUsername');
      const { state, effects } = run(before, { type: 'tick' }, SHORT_EXP_MS - 10_000);
      expect(state).to.deep.equal({
        ...at(before, SHORT_EXP_MS - 10_000),
        wakeAtMs: SHORT_EXP_MS,
        phase: { ...phaseOf(before, 'steps'), modals: modalsWith('forgotUsername', undefined, true) },
      });
      expect(effects).to.deep.equal([{ type: 'wakeAt', atMs: SHORT_EXP_MS }]);
    });

    it('the redirect modal already open: the state is left as it was', () => {
      const open = run(expiring(), { type: 'tick' }, SHORT_EXP_MS - 5_000).state;
      const result = run(open, NOTHING, SHORT_EXP_MS - 4_000);
      expect(result.state).to.equal(open);
      expect(result.effects).to.deep.equal([]);
    });

    // DESIGN §3.18: the ending says so first (the ending notice), then returns 5 s later.
    it('at exp: the ending notice, then the return without the server (the token can no longer call it), at the stage reached', () => {
      const before = expiring();
      const { state, effects } = run(before, { type: 'tick' }, SHORT_EXP_MS);
      expect(effects).to.deep.equal(noticed(SHORT_EXP_MS));
      expect(state).to.deep.equal({
        ...at(before, SHORT_EXP_MS),
        wakeAtMs: SHORT_EXP_MS + ENDING_NOTICE_MS,
        phase: {
          kind: 'endingNotice',
          reason: 'tokenExpiry',
          url: ACCESS_DENIED_URL,
          stage: 'preAccountSelection',
          returnAtMs: SHORT_EXP_MS + ENDING_NOTICE_MS,
          screen: { kind: 'flow', step: 'selectAccounts' },
        },
      });
      const left = run(state, { type: 'tick' }, SHORT_EXP_MS + ENDING_NOTICE_MS);
      expect(left.effects).to.deep.equal(ended('preAccountSelection', SHORT_EXP_MS + ENDING_NOTICE_MS));
      expect(left.state.phase).to.deep.equal(
        endedPhase({ kind: 'flow', step: 'selectAccounts' }, [{ name: 'sessionEndedExpired' }], ACCESS_DENIED_URL, SHORT_EXP_MS + ENDING_NOTICE_MS),
      );
    });

    it('at exp with the outcome of an approval unclear: the plain address (the bank can no longer be asked; never access_denied after a code)', () => {
      const before = withModal(expiring({ decision: { kind: 'unclear' } }), 'serviceUnavailable');
      const notice = run(before, { type: 'tick' }, SHORT_EXP_MS);
      expect(notice.effects).to.deep.equal(noticed(SHORT_EXP_MS));
      expect(phaseOf(notice.state, 'endingNotice').stage, 'not an abandonment').to.equal(undefined);
      expect(run(notice.state, { type: 'tick' }, SHORT_EXP_MS + ENDING_NOTICE_MS).effects).to.deep.equal(
        leftFor(REDIRECT_URI, SHORT_EXP_MS + ENDING_NOTICE_MS),
      );
    });

    it('at exp with the inactivity lapsed too: the return without the server, no reject', () => {
      const { state, effects } = run(flowState('login', { token: token({ exp: (NOW + 400_000) / 1000 }) }), { type: 'tick' }, NOW + 400_000);
      expect(effects).to.deep.equal(noticed(NOW + 400_000));
      expect(phaseOf(state, 'endingNotice').reason, 'the expiry explains itself').to.equal('tokenExpiry');
      expect(run(state, { type: 'tick' }, NOW + 405_000).effects).to.deep.equal(ended('preIdentification', NOW + 405_000));
    });

    it('while starting too: the redirect modal over the loading screen, then the return', () => {
      const reading = pendingOn(startingState({ token: shortToken() }), { kind: 'consentDetails' });
      expect(modals(run(reading, { type: 'tick' }, SHORT_EXP_MS - 10_000).state)).to.deep.equal(modalsWith(undefined, undefined, true));
      const { state, effects } = run(reading, { type: 'tick' }, SHORT_EXP_MS);
      expect(effects).to.deep.equal(noticed(SHORT_EXP_MS));
      expect(phaseOf(state, 'endingNotice').screen).to.deep.equal({ kind: 'loading' });
      const left = run(state, { type: 'tick' }, SHORT_EXP_MS + ENDING_NOTICE_MS);
      expect(left.effects).to.deep.equal(ended('preIdentification', SHORT_EXP_MS + ENDING_NOTICE_MS));
      expect(left.state.phase).to.deep.equal(
        endedPhase({ kind: 'loading' }, [{ name: 'sessionEndedExpired' }], ACCESS_DENIED_URL, SHORT_EXP_MS + ENDING_NOTICE_MS),
      );
    });

    it('not started (an exp already past at verification): never judged', () => {
      const before = expiring({ expiry: { kind: 'off' } });
      expect(run(before, NOTHING, SHORT_EXP_MS + 1).state).to.equal(before);
      expect(before.wakeAtMs).to.equal(NOW + 240_000);
    });
  });

  describe('the expiry timer that could not be set (spec §4: the modal, then the return after 10 s)', () => {
    const fallback = (overrides: FlowOverrides = {}): FlowState =>
      flowState('login', { expiry: { kind: 'fallback', returnAtMs: NOW + 10_000 }, modals: modalsWith(undefined, undefined, true), ...overrides });

    it('before the time: nothing; the wake is the fallback time', () => {
      const before = fallback();
      expect(before.wakeAtMs).to.equal(NOW + 10_000);
      expect(run(before, NOTHING, NOW + 9_999).state).to.equal(before);
    });

    it('at the time: the ending notice (DESIGN §3.18), then the return without the server', () => {
      const notice = run(fallback(), { type: 'tick' }, NOW + 10_000);
      expect(notice.effects).to.deep.equal(noticed(NOW + 10_000));
      expect(phaseOf(notice.state, 'endingNotice').reason).to.equal('tokenExpiry');
      expect(run(notice.state, { type: 'tick' }, NOW + 15_000).effects).to.deep.equal(ended('preIdentification', NOW + 15_000));
    });

    it('from the loading screen too (the consent still loading): the exp the timer cannot hold, 10 s later', () => {
      const launched = run(loadingState(), {
        type: 'launched',
        route: 'demo_accc_aisp',
        jwtFromAddress: JWT,
        jwtFromStorage: undefined,
        errorParam: undefined,
        decided: undefined,
      }).state;
      const verified = run(launched, { type: 'verified', id: 1, result: ok(tokenPayload({ exp: 0 })) }).state;
      const notice = run(verified, { type: 'tick' }, NOW + 10_000);
      expect(notice.effects).to.deep.equal(noticed(NOW + 10_000));
      const { state, effects } = run(notice.state, { type: 'tick' }, NOW + 15_000);
      expect(effects).to.deep.equal(ended('preIdentification', NOW + 15_000));
      expect(state.phase).to.deep.equal(endedPhase({ kind: 'loading' }, [{ name: 'sessionEndedExpired' }], ACCESS_DENIED_URL, NOW + 15_000));
    });
  });

  describe('nothing ends the journey while a confirmation is being decided (its answer, a code, must not be lost)', () => {
    const confirmingWith = (overrides: FlowOverrides = {}): FlowState => confirming({ token: shortToken(), ...overrides });

    it('at exp: no return; the redirect modal shows', () => {
      const { state, effects } = run(confirmingWith(), { type: 'tick' }, SHORT_EXP_MS);
      expect(state.phase.kind).to.equal('steps');
      expect(modals(state)).to.deep.equal(modalsWith(undefined, undefined, true));
      expect(effects).to.deep.equal([{ type: 'wakeAt', atMs: NOW + 240_000 }]);
    });

    it('saving the description before confirming counts too', () => {
      const before = pendingOn(flowState('confirmation', { token: shortToken() }), { kind: 'saveSelection', request: { permissions: [] }, then: 'confirm' });
      expect(run(before, { type: 'tick' }, SHORT_EXP_MS).state.phase.kind).to.equal('steps');
    });

    it('at the inactivity lapse: no reject; the warning stays at 0 s', () => {
      const { state, effects } = run(confirmingWith({ token: token() }), { type: 'tick' }, NOW + 300_000);
      expect(effects).to.deep.equal([{ type: 'wakeAt', atMs: EXP_SECONDS * 1000 - 10_000 }]);
      expect(modals(state)).to.deep.equal(modalsWith(undefined, 0));
      expect(pending(state)?.call).to.deep.equal({ kind: 'confirm' });
    });

    it('past the fallback time: no return', () => {
      const before = confirmingWith({ expiry: { kind: 'fallback', returnAtMs: NOW + 10_000 } });
      expect(run(before, { type: 'tick' }, NOW + 10_000).state.phase.kind).to.equal('steps');
    });

    it('past the fallback time the wake is not set at or before now (no busy wake while the bank answers; its answer is the next event)', () => {
      const before = confirmingWith({ expiry: { kind: 'fallback', returnAtMs: NOW + 10_000 }, lastActivityMs: undefined });
      const { state, effects } = run(before, { type: 'tick' }, NOW + 10_000);
      expect(effects).to.deep.equal([{ type: 'wakeAt', atMs: undefined }]);
      expect(nextWakeMs(state, NOW + 10_000)).to.equal(undefined);
      const answered = answer(state, { kind: 'confirm', result: err(apiError(400, 'A01')) }, NOW + 12_000);
      expect(withoutWake(answered.effects), 'refused: the fallback return, due, is announced at once (DESIGN §3.18)').to.deep.equal([
        { type: 'clearToken', keepDecisionKeys: true },
      ]);
      expect(phaseOf(answered.state, 'endingNotice')).to.include({
        reason: 'tokenExpiry',
        url: ACCESS_DENIED_URL,
        stage: 'preAuthorisation',
        returnAtMs: NOW + 12_000 + ENDING_NOTICE_MS,
      });
    });

    it('confirmed after the lapse: the success return, not a rejection', () => {
      const lapsed = run(confirmingWith({ token: token() }), { type: 'tick' }, NOW + 300_000).state;
      const { state, effects } = answer(lapsed, { kind: 'confirm', result: ok({ auth_code: 'code-1' }) }, NOW + 300_001);
      expect(effects).to.deep.equal([{ type: 'wakeAt', atMs: NOW + 302_501 }]);
      expect(state.phase.kind).to.equal('confirmed');
    });

    it('refused after the lapse: its modal opens under the warning at 0 s and the lapse rejects the consent (then returns)', () => {
      const lapsed = run(confirmingWith({ token: token() }), { type: 'tick' }, NOW + 300_000).state;
      const { state, effects } = answer(lapsed, { kind: 'confirm', result: err(apiError(400, 'A01')) }, NOW + 300_001);
      expect(effects).to.deep.equal(rejectCall);
      const leaving = phaseOf(state, 'leaving');
      expect(leaving.modals).to.deep.equal(modalsWith('serviceUnavailable', 0));
      expect(leaving.stage).to.equal('preAuthorisation');
    });
  });

  describe('the success return (spec §4 Success: the confirmed phase)', () => {
    it('before its time: nothing (the wake is its time)', () => {
      const before = confirmedState();
      expect(before.wakeAtMs).to.equal(NOW + 2_500);
      expect(run(before, { type: 'connectivity', online: true }, NOW + 2_499).state.phase).to.equal(before.phase);
    });

    it('at its time: the return with the code, no abandonment; the other timers are not judged any more', () => {
      const before = confirmedState({ auth_code: 'code-1', state: STATE }, { lastActivityMs: NOW - 1_000_000, expiry: { kind: 'fallback', returnAtMs: NOW } });
      expect(run(before, { type: 'tick' }, NOW + 2_499).state.phase.kind).to.equal('confirmed');
      const { state, effects } = run(before, { type: 'tick' }, NOW + 2_500);
      expect(effects).to.deep.equal(leftFor(`${REDIRECT_URI}#code=code-1&state=${STATE}`, NOW + 2_500));
      expect(state.phase.kind).to.equal('ended');
    });

    it('any event after its time meets it first', () => {
      const { state } = run(confirmedState(), { type: 'connectivity', online: false }, NOW + 2_600);
      expect(state.phase.kind).to.equal('ended');
    });
  });

  describe('evaluateTimers directly', () => {
    it('opens no warning and ends nothing once the journey has ended (its exit offered again), while its exit is under way, on a failure page or once decided elsewhere', () => {
      const left = run(withModal(flowState('login'), 'serviceUnavailable'), { type: 'modalPrimary' }).state;
      const endedState = run(left, { type: 'tick' }, NOW + EXIT_OFFER_MS).state;
      for (const at_ of [NOW + 250_000, EXP_SECONDS * 1000 - 5_000, NOW + 1_000_000]) {
        for (const state of [endedState, leavingState('login', 'preIdentification'), failedState('incorrect_jwt'), decidedElsewhereState('rejected')]) {
          const result = evaluateTimers(state, at_);
          expect(result.state, state.phase.kind).to.equal(state);
          expect(result.effects).to.deep.equal([]);
        }
      }
    });

    it("the leaving phase's only timer is its retry", () => {
      const waiting = answer(leavingState('login', 'preIdentification'), { kind: 'reject', result: err(apiError(503)) }, NOW + 100).state;
      expect(evaluateTimers(at(waiting, NOW + 599), NOW + 599).state.phase).to.equal(waiting.phase);
      expect(evaluateTimers(at(waiting, NOW + 600), NOW + 600).effects).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'reject' } }]);
    });
  });

  describe('nextWakeMs (DESIGN §3.5: when the model next needs the clock)', () => {
    const base = (): FlowState => flowState('login', { token: shortToken() });

    it('the earliest deadline: inactivity warning, token warning, fallback', () => {
      expect(nextWakeMs(base(), NOW)).to.equal(SHORT_EXP_MS - 10_000);
      expect(nextWakeMs(flowState('login'), NOW)).to.equal(NOW + 240_000);
      expect(nextWakeMs(flowState('login', { expiry: { kind: 'fallback', returnAtMs: NOW + 5 } }), NOW)).to.equal(NOW + 5);
    });

    it("the token's deadline is exp once its warning is on, none once past", () => {
      const withoutInactivity = flowState('login', { token: shortToken(), lastActivityMs: undefined });
      expect(nextWakeMs(withoutInactivity, SHORT_EXP_MS - 10_000)).to.equal(SHORT_EXP_MS);
      expect(nextWakeMs(withoutInactivity, SHORT_EXP_MS)).to.equal(undefined);
      expect(nextWakeMs(flowState('login', { expiry: { kind: 'off' }, lastActivityMs: undefined }), NOW)).to.equal(undefined);
    });

    it('inactivity counts only on a step, and not once lapsed', () => {
      const inactivityOnly = flowState('login', { expiry: { kind: 'off' } });
      expect(nextWakeMs(inactivityOnly, NOW + 250_000)).to.equal(NOW + 251_000);
      expect(nextWakeMs(inactivityOnly, NOW + 300_000)).to.equal(undefined);
      expect(nextWakeMs(startingState({ expiry: { kind: 'off' } }), NOW)).to.equal(undefined);
    });

    it('a retry due comes first, on a step, while starting and while leaving', () => {
      const retrying = answer(confirming(), { kind: 'confirm', result: err(apiError(503)) }, NOW + 100).state;
      expect(nextWakeMs(retrying, NOW + 100)).to.equal(NOW + 600);
      const leaving = answer(leavingState('login', 'preIdentification'), { kind: 'reject', result: err(apiError(503)) }, NOW + 100).state;
      expect(nextWakeMs(leaving, NOW + 100)).to.equal(NOW + 600);
      const starting = answer(
        pendingOn(startingState({ decision: { kind: 'unclear' } }), { kind: 'confirm' }),
        { kind: 'confirm', result: err(apiError(503)) },
        NOW + 100,
      ).state;
      expect(nextWakeMs(starting, NOW + 100)).to.equal(NOW + 600);
    });

    it('once confirmed only the success return; once ended only the exit offered again (DESIGN §3.2), then nothing; nothing while leaving without a retry, on a failure page or decided elsewhere', () => {
      expect(nextWakeMs(confirmedState(), NOW)).to.equal(NOW + 2_500);
      const left = run(withModal(flowState('login'), 'serviceUnavailable'), { type: 'modalPrimary' }).state;
      expect(nextWakeMs(left, NOW)).to.equal(NOW + EXIT_OFFER_MS);
      expect(nextWakeMs(run(left, { type: 'tick' }, NOW + EXIT_OFFER_MS).state, NOW + EXIT_OFFER_MS)).to.equal(undefined);
      expect(nextWakeMs(leavingState('login', 'rejected'), NOW)).to.equal(undefined);
      expect(nextWakeMs(failedState('incorrect_jwt'), NOW)).to.equal(undefined);
      expect(nextWakeMs(decidedElsewhereState('approved'), NOW)).to.equal(undefined);
    });

    it('property: never before now, and always the earliest deadline that is still ahead', () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 120_000 }), fc.integer({ min: 0, max: 400_000 }), (fallbackIn, elapsed) => {
          const now = NOW + elapsed;
          const state = settled({ ...base(), journey: { ...base().journey, expiry: { kind: 'fallback', returnAtMs: NOW + fallbackIn } } });
          const withToken = { ...state, journey: { ...state.journey, expiry: { kind: 'running' as const } } };
          const wake = nextWakeMs(state, now);
          const inactivity = elapsed < 240_000 ? [NOW + 240_000] : elapsed < 300_000 ? [NOW + (Math.floor(elapsed / 1000) + 1) * 1000] : [];
          const fallbackAhead = NOW + fallbackIn > now ? [NOW + fallbackIn] : [];
          const both = [...fallbackAhead, ...inactivity];
          expect(wake).to.equal(both.length === 0 ? undefined : Math.min(...both));
          if (wake !== undefined) expect(wake, 'never before now').to.be.above(now);
          const tokenDeadline = now < SHORT_EXP_MS - 10_000 ? [SHORT_EXP_MS - 10_000] : now < SHORT_EXP_MS ? [SHORT_EXP_MS] : [];
          const expected = [...tokenDeadline, ...inactivity];
          expect(nextWakeMs(withToken, now)).to.equal(expected.length === 0 ? undefined : Math.min(...expected));
        }),
      );
    });
  });
});
