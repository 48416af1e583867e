import { expect } from 'chai';
import fc from 'fast-check';
import type { FlowEvent } from '../../domain/flow-events';
import { NO_TIMERS, type FlowState } from '../../domain/flow-state';
import { evaluateTimers, nextWakeMs } from '../../domain/flow-timers';
import {
  ACCESS_DENIED_URL, EXP_SECONDS, NOW, at, REDIRECT_URI, STATE, answer, apiError, err, flowState, loadingState, modalsWith, ok, pendingOn, run, settled, token,
} from './fixtures/flow-state.fixture';

/** The token of these tests expires 100 s after NOW: its warning opens at NOW + 90 s (spec §4, §9: 10 s). */
const SHORT_EXP_MS = NOW + 100_000;
const shortToken = () => token({ exp: SHORT_EXP_MS / 1000 });
/** An event the page ignores on the login step (the description belongs to the review): only the clock is judged. */
const NOTHING: FlowEvent = { type: 'describe', text: 'ignored' };

const leaving = (stage: string) => [
  { type: 'leave', url: ACCESS_DENIED_URL }, { type: 'clearToken' }, { type: 'abandoned', stage }, { type: 'wakeAt', atMs: undefined },
];
const rejectCall = [{ type: 'call', id: 10, call: { kind: 'reject' } }, { type: 'wakeAt', atMs: undefined }];

describe('domain/flow-timers: inactivity, token expiry, success return, wake-ups (spec §4, §9, DESIGN §3.5, §3.10)', () => {
  describe('activity (spec §4: any mouse, key, scroll or touch event resets the inactivity timer)', () => {
    it('restarts the timer now; the wake moves to the new warning time', () => {
      const before = flowState('selectAccounts');
      const now = NOW + 10_000;
      const { state, effects } = run(before, { type: 'activity' }, now);
      expect(effects).to.deep.equal([{ type: 'wakeAt', atMs: now + 240_000 }]);
      expect(state).to.deep.equal({ ...at(before, now), timers: { ...before.timers, lastActivityMs: now }, wakeAtMs: now + 240_000 });
    });

    it('does not dismiss the open warning (WCAG 2.2.1: the customer extends with its button)', () => {
      const warned = run(flowState('login'), { type: 'tick' }, NOW + 250_000).state;
      const result = run(warned, { type: 'activity' }, NOW + 250_100);
      expect(result.state).to.equal(warned);
      expect(result.effects).to.deep.equal([]);
    });

    it('changes nothing with no timer running (loading, failure page), after a confirmation or after the exit', () => {
      for (const before of [
        loadingState(), settled({ ...flowState('confirmation'), confirmation: { auth_code: 'c' }, timers: { ...NO_TIMERS, successReturnAtMs: NOW + 2500 } }),
        settled({ ...flowState('confirmation'), confirmation: { auth_code: 'c' }, timers: { ...NO_TIMERS, lastActivityMs: NOW, successReturnAtMs: NOW + 2500 } }),
        { ...flowState('login'), ended: true, timers: NO_TIMERS, wakeAtMs: undefined },
      ]) {
        const result = run(before, { type: 'activity' }, NOW + 1000);
        expect(result.state).to.equal(before);
        expect(result.effects).to.deep.equal([]);
      }
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
        expect(state).to.deep.equal({ ...at(before, clock), modals: modalsWith(undefined, seconds), wakeAtMs: NOW + wake });
        expect(effects).to.deep.equal([{ type: 'wakeAt', atMs: NOW + wake }]);
      });
    }

    it('the warning opens over an ordinary modal (DESIGN §3.10, issue 11 defect 3)', () => {
      const before = settled({ ...flowState('login'), modals: modalsWith('lostSecureKey') });
      expect(run(before, { type: 'tick' }, NOW + 250_000).state.modals).to.deep.equal(modalsWith('lostSecureKey', 50));
    });

    it('at zero the consent is rejected first, at the stage reached; the warning stays at 0 s (its buttons busy) until the bank answers, the timers stop (spec §4)', () => {
      const before = run(flowState('selectAccounts'), { type: 'tick' }, NOW + 299_000).state;
      const { state, effects } = run(before, { type: 'tick' }, NOW + 300_000);
      expect(effects).to.deep.equal(rejectCall);
      expect(state).to.deep.equal({
        ...at(before, NOW + 300_000), modals: modalsWith(undefined, 0), timers: NO_TIMERS, nextCallId: 11, wakeAtMs: undefined,
        pending: { id: 10, call: { kind: 'reject' }, keep: undefined, exitStage: 'preAccountSelection', attempt: 1, firstSentAtMs: NOW + 300_000, retryAtMs: undefined, held: false, replay: false, unclear: false },
      });
    });

    it('a late tick (a throttled tab) is judged by the time that really passed: straight to the lapse', () => {
      const { effects } = run(flowState('confirmation'), { type: 'tick' }, NOW + 3_000_000);
      expect(effects).to.deep.equal(rejectCall);
    });

    it('any event is judged against the clock, not only a tick', () => {
      const { state } = run(flowState('login'), NOTHING, NOW + 250_000);
      expect(state.modals).to.deep.equal(modalsWith(undefined, 50));
    });

    it('an unchanged countdown leaves the state as it was (same seconds, same wake: no effect)', () => {
      const warned = run(flowState('login'), { type: 'tick' }, NOW + 250_000).state;
      const result = run(warned, NOTHING, NOW + 250_500);
      expect(result.state).to.equal(warned);
      expect(result.effects).to.deep.equal([]);
    });

    it('is judged only on the flow\'s screen', () => {
      const onFailure = settled({ ...flowState('login'), screen: { kind: 'failure', route: 'consent_fetch_failure' }, timers: { ...NO_TIMERS, lastActivityMs: NOW } });
      expect(onFailure.wakeAtMs).to.equal(undefined);
      const result = run(onFailure, NOTHING, NOW + 400_000);
      expect(result.state).to.equal(onFailure);
      expect(result.effects).to.deep.equal([]);
    });

    it('does not run before the consent is loaded (no last activity)', () => {
      expect(run(loadingState(), { type: 'tick' }, NOW + 400_000).effects).to.deep.equal([{ type: 'wakeAt', atMs: undefined }]);
    });
  });

  describe('token expiry (spec §4 "Token expiry timer": 10 s before, the redirect modal; at exp, the return)', () => {
    const expiring = (overrides: Partial<FlowState> = {}): FlowState => flowState('selectAccounts', { token: shortToken(), ...overrides });

    it('more than 10 s left: nothing; the wake is set for 10 s before exp', () => {
      const before = expiring();
      expect(before.wakeAtMs).to.equal(SHORT_EXP_MS - 10_000);
      const { state, effects } = run(before, { type: 'tick' }, SHORT_EXP_MS - 10_001);
      expect(state).to.deep.equal(before);
      expect(effects).to.deep.equal([{ type: 'wakeAt', atMs: SHORT_EXP_MS - 10_000 }]);
    });

    it('10 s left: the redirect modal opens over everything; the wake moves to exp', () => {
      const before = settled({ ...expiring(), modals: modalsWith('forgotUsername', undefined) });
      const { state, effects } = run(before, { type: 'tick' }, SHORT_EXP_MS - 10_000);
      expect(state).to.deep.equal({ ...at(before, SHORT_EXP_MS - 10_000), modals: modalsWith('forgotUsername', undefined, true), wakeAtMs: SHORT_EXP_MS });
      expect(effects).to.deep.equal([{ type: 'wakeAt', atMs: SHORT_EXP_MS }]);
    });

    it('the redirect modal already open: the state is left as it was', () => {
      const open = run(expiring(), { type: 'tick' }, SHORT_EXP_MS - 5_000).state;
      const result = run(open, NOTHING, SHORT_EXP_MS - 4_000);
      expect(result.state).to.equal(open);
      expect(result.effects).to.deep.equal([]);
    });

    it('at exp: the return without the server (the token can no longer call it), at the stage reached', () => {
      const before = expiring();
      const { state, effects } = run(before, { type: 'tick' }, SHORT_EXP_MS);
      expect(effects).to.deep.equal(leaving('preAccountSelection'));
      expect(state).to.deep.equal({ ...at(before, SHORT_EXP_MS), ended: true, pending: undefined, timers: NO_TIMERS, wakeAtMs: undefined });
    });

    it('at exp with the inactivity lapsed too: the return without the server, no reject', () => {
      const { effects } = run(flowState('login', { token: token({ exp: (NOW + 400_000) / 1000 }) }), { type: 'tick' }, NOW + 400_000);
      expect(effects).to.deep.equal(leaving('preIdentification'));
    });

    it('not started (an exp already past at verification): never judged', () => {
      const before = expiring({ timers: { ...NO_TIMERS, lastActivityMs: NOW, tokenExpiry: false } });
      const result = run(before, NOTHING, SHORT_EXP_MS + 1);
      expect(result.state).to.equal(before);
      expect(before.wakeAtMs).to.equal(NOW + 240_000);
    });

    it('without a token: never judged', () => {
      const before = flowState('login', { token: undefined });
      expect(run(before, NOTHING, SHORT_EXP_MS + 1).state).to.equal(before);
    });
  });

  describe('the expiry timer that could not be set (spec §4: the modal, then the return after 10 s)', () => {
    const fallback = (overrides: Partial<FlowState> = {}): FlowState =>
      flowState('login', { timers: { ...NO_TIMERS, lastActivityMs: NOW, fallbackReturnAtMs: NOW + 10_000 }, modals: modalsWith(undefined, undefined, true), ...overrides });

    it('before the time: nothing; the wake is the fallback time', () => {
      const before = fallback();
      expect(before.wakeAtMs).to.equal(NOW + 10_000);
      expect(run(before, NOTHING, NOW + 9_999).state).to.equal(before);
    });

    it('at the time: the return without the server', () => {
      expect(run(fallback(), { type: 'tick' }, NOW + 10_000).effects).to.deep.equal(leaving('preIdentification'));
    });
  });

  describe('nothing ends the flow while a confirmation is being decided (its answer, a code, must not be lost)', () => {
    const confirming = (overrides: Partial<FlowState> = {}): FlowState =>
      pendingOn(flowState('confirmation', { token: shortToken(), ...overrides }), { kind: 'confirm' });

    it('at exp: no return; the redirect modal shows', () => {
      const before = confirming();
      const { state, effects } = run(before, { type: 'tick' }, SHORT_EXP_MS);
      expect(state.ended).to.equal(false);
      expect(state.modals).to.deep.equal(modalsWith(undefined, undefined, true));
      expect(effects).to.deep.equal([{ type: 'wakeAt', atMs: NOW + 240_000 }]);
    });

    it('saving the description before confirming counts too', () => {
      const before = pendingOn(flowState('confirmation', { token: shortToken() }), { kind: 'saveSelection', request: { permissions: [] }, then: 'confirm' });
      expect(run(before, { type: 'tick' }, SHORT_EXP_MS).state.ended).to.equal(false);
    });

    it('at the inactivity lapse: no reject; the warning stays at 0 s', () => {
      const before = confirming({ token: token() });
      const { state, effects } = run(before, { type: 'tick' }, NOW + 300_000);
      expect(effects).to.deep.equal([{ type: 'wakeAt', atMs: EXP_SECONDS * 1000 - 10_000 }]);
      expect(state.modals).to.deep.equal(modalsWith(undefined, 0));
      expect(state.pending?.call).to.deep.equal({ kind: 'confirm' });
    });

    it('past the fallback time: no return', () => {
      const before = confirming({ timers: { ...NO_TIMERS, fallbackReturnAtMs: NOW + 10_000 } });
      expect(run(before, { type: 'tick' }, NOW + 10_000).state.ended).to.equal(false);
    });

    it('confirmed after the lapse: the success return, not a rejection', () => {
      const lapsed = run(confirming({ token: token() }), { type: 'tick' }, NOW + 300_000).state;
      const { state, effects } = answer(lapsed, { kind: 'confirm', result: ok({ auth_code: 'code-1' }) }, NOW + 300_001);
      expect(effects).to.deep.equal([{ type: 'wakeAt', atMs: NOW + 302_501 }]);
      expect(state.modals).to.deep.equal(modalsWith('successConfirm'));
    });

    it('refused after the lapse: its modal opens under the warning at 0 s and the lapse rejects the consent (then returns)', () => {
      const lapsed = run(confirming({ token: token() }), { type: 'tick' }, NOW + 300_000).state;
      const { state, effects } = answer(lapsed, { kind: 'confirm', result: err(apiError(400)) }, NOW + 300_001);
      expect(effects).to.deep.equal(rejectCall);
      expect(state.modals).to.deep.equal(modalsWith('serviceUnavailable', 0));
      expect(state.pending?.exitStage).to.equal('preAuthorisation');
    });
  });

  describe('the success return (spec §4 Success)', () => {
    const confirmed = (overrides: Partial<FlowState> = {}): FlowState => settled({
      ...flowState('confirmation'), confirmation: { auth_code: 'code-1', state: STATE }, modals: modalsWith('successConfirm'),
      timers: { ...NO_TIMERS, successReturnAtMs: NOW + 2_500 }, ...overrides,
    });

    it('before its time: nothing (the wake is its time)', () => {
      const before = confirmed();
      expect(before.wakeAtMs).to.equal(NOW + 2_500);
      expect(run(before, NOTHING, NOW + 2_499).state).to.equal(before);
    });

    it('at its time: the return with the code, no abandonment; the other timers are not judged any more', () => {
      const before = confirmed({ timers: { ...NO_TIMERS, lastActivityMs: NOW - 1_000_000, tokenExpiry: true, fallbackReturnAtMs: NOW, successReturnAtMs: NOW + 2_500 } });
      expect(run(before, NOTHING, NOW + 2_499).state.ended).to.equal(false);
      const { state, effects } = run(before, { type: 'tick' }, NOW + 2_500);
      expect(effects).to.deep.equal([{ type: 'leave', url: `${REDIRECT_URI}#code=code-1&state=${STATE}` }, { type: 'clearToken' }, { type: 'wakeAt', atMs: undefined }]);
      expect(state.ended).to.equal(true);
    });

    it('a confirmation without a return time waits for the button', () => {
      const before = confirmed({ timers: NO_TIMERS });
      expect(before.wakeAtMs).to.equal(undefined);
      expect(run(before, NOTHING, NOW + 1_000_000).state).to.equal(before);
    });
  });

  describe('evaluateTimers directly', () => {
    it('opens no warning once the flow has ended or while its exit is under way', () => {
      for (const at of [NOW + 250_000, EXP_SECONDS * 1000 - 5_000]) {
        for (const state of [
          { ...flowState('login'), ended: true },
          pendingOn(flowState('login'), { kind: 'reject' }, { exitStage: 'preIdentification' }),
        ]) {
          const result = evaluateTimers(state, at);
          expect(result.state).to.equal(state);
          expect(result.effects).to.deep.equal([]);
        }
      }
    });

    it('leaves an ended flow and an exit under way alone', () => {
      const lapsedAt = NOW + 1_000_000;
      for (const state of [
        { ...flowState('login'), ended: true },
        pendingOn(flowState('login'), { kind: 'reject' }, { exitStage: 'preIdentification' }),
      ]) {
        const result = evaluateTimers(state, lapsedAt);
        expect(result.state).to.equal(state);
        expect(result.effects).to.deep.equal([]);
      }
    });
  });

  describe('nextWakeMs (DESIGN §3.5: when the model next needs the clock)', () => {
    const base = (): FlowState => flowState('login', { token: shortToken() });

    it('the earliest deadline: inactivity warning, token warning, fallback', () => {
      expect(nextWakeMs(base(), NOW)).to.equal(SHORT_EXP_MS - 10_000);
      expect(nextWakeMs({ ...base(), token: token() }, NOW)).to.equal(NOW + 240_000);
      expect(nextWakeMs({ ...base(), timers: { ...base().timers, fallbackReturnAtMs: NOW + 5 } }, NOW)).to.equal(NOW + 5);
    });

    it('the token\'s deadline is exp once its warning is on, none once past', () => {
      const withoutInactivity = { ...base(), timers: { ...NO_TIMERS, tokenExpiry: true } };
      expect(nextWakeMs(withoutInactivity, SHORT_EXP_MS - 10_000)).to.equal(SHORT_EXP_MS);
      expect(nextWakeMs(withoutInactivity, SHORT_EXP_MS)).to.equal(undefined);
      expect(nextWakeMs({ ...withoutInactivity, token: undefined }, NOW)).to.equal(undefined);
      expect(nextWakeMs({ ...withoutInactivity, timers: NO_TIMERS }, NOW)).to.equal(undefined);
    });

    it('inactivity counts only on the flow\'s screen, and not once lapsed', () => {
      const inactivityOnly = { ...base(), timers: { ...NO_TIMERS, lastActivityMs: NOW } };
      expect(nextWakeMs(inactivityOnly, NOW + 250_000)).to.equal(NOW + 251_000);
      expect(nextWakeMs(inactivityOnly, NOW + 300_000)).to.equal(undefined);
      expect(nextWakeMs({ ...inactivityOnly, screen: { kind: 'loading' } }, NOW)).to.equal(undefined);
    });

    it('after a confirmation only the success return; nothing after the exit or while exiting', () => {
      const confirmedState = { ...base(), confirmation: { auth_code: 'c' }, timers: { ...base().timers, successReturnAtMs: NOW + 2_500 } };
      expect(nextWakeMs(confirmedState, NOW)).to.equal(NOW + 2_500);
      expect(nextWakeMs({ ...base(), ended: true }, NOW)).to.equal(undefined);
      expect(nextWakeMs(pendingOn(base(), { kind: 'reject' }, { exitStage: 'rejected' }), NOW)).to.equal(undefined);
    });

    it('property: never before now, and always the earliest deadline that is still ahead', () => {
      fc.assert(fc.property(fc.integer({ min: 0, max: 120_000 }), fc.integer({ min: 0, max: 400_000 }), (fallbackIn, elapsed) => {
        const now = NOW + elapsed;
        const state = { ...base(), timers: { ...base().timers, fallbackReturnAtMs: NOW + fallbackIn } };
        const wake = nextWakeMs(state, now);
        const expected = Math.min(
          NOW + fallbackIn,
          ...(now < SHORT_EXP_MS - 10_000 ? [SHORT_EXP_MS - 10_000] : now < SHORT_EXP_MS ? [SHORT_EXP_MS] : []),
          ...(elapsed < 240_000 ? [NOW + 240_000] : elapsed < 300_000 ? [NOW + (Math.floor(elapsed / 1000) + 1) * 1000] : []),
        );
        expect(wake).to.equal(expected);
      }));
    });
  });
});
