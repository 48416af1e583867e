import { expect } from 'chai';
import type { FlowCall, FlowEffect } from '../../domain/flow-effects';
import {
  andThen,
  callOf,
  callOver,
  emit,
  isAwaited,
  modalsOf,
  newCall,
  openModal,
  reach,
  sendPending,
  showStep,
  startCall,
  unchanged,
  withJourney,
  withModals,
} from '../../domain/flow-transition';
import { NO_MODALS } from '../../domain/modal-stack';
import { calling } from '../support/in-state';
import {
  JWT,
  NOW,
  accounts,
  bankConsent,
  confirmedState,
  decidedElsewhereState,
  failedState,
  flowState,
  leavingState,
  loadingState,
  modals,
  modalsWith,
  pending,
  pendingOn,
  phaseOf,
  run,
  sentCall,
  startingState,
  token,
  withModal,
} from './fixtures/flow-state.fixture';

const CONFIRM: FlowCall = { kind: 'confirm' };

describe('domain/flow-transition: the helpers every transition is made of (DESIGN §3.9)', () => {
  it('unchanged: the same state, no effect', () => {
    const state = flowState('login');
    const result = unchanged(state);
    expect(result.state).to.equal(state);
    expect(result.effects).to.deep.equal([]);
  });

  it('emit: the state with these effects, in order', () => {
    const state = flowState('login');
    const effects: FlowEffect[] = [{ type: 'clearToken' }, { type: 'pageView', step: 'login' }];
    expect(emit(state, ...effects)).to.deep.equal({ state, effects });
  });

  it('andThen: the second step runs on the state the first arrived at; the effects of both, first ones first', () => {
    const state = flowState('login');
    const result = andThen(emit(withJourney(state, { description: 'one' }), { type: 'clearToken' }), (after) => {
      expect(after.journey.description).to.equal('one');
      return emit(withJourney(after, { description: 'two' }), { type: 'forgetAddressToken' });
    });
    expect(result.state.journey.description).to.equal('two');
    expect(result.effects).to.deep.equal([{ type: 'clearToken' }, { type: 'forgetAddressToken' }]);
  });

  it("withJourney: only the journey's fields given change", () => {
    const state = flowState('login');
    const changed = withJourney(state, { description: 'x' });
    expect(changed).to.deep.equal({ ...state, journey: { ...state.journey, description: 'x' } });
    expect(state.journey.description, 'the state given is not changed').to.equal('');
  });

  it('reach: the furthest stage, never back (DESIGN §3.8); a rejection stays one', () => {
    const state = flowState('confirmation');
    expect(reach(state, 'preAuthentication')).to.deep.equal(state);
    expect(reach(flowState('login'), 'preAccountSelection').journey.stage).to.equal('preAccountSelection');
    const rejected = flowState('login', { stage: 'rejected' });
    expect(reach(rejected, 'preAuthorisation')).to.equal(rejected);
  });

  describe('callOf and modalsOf: only the phases that wait for calls and show a stack have them', () => {
    it('starting, a step and leaving: their call and their stack', () => {
      const starting = pendingOn(startingState({ modals: modalsWith(undefined, undefined, true) }), { kind: 'consentDetails' });
      expect(callOf(starting.phase)).to.deep.equal(sentCall(9, { kind: 'consentDetails' }));
      expect(modalsOf(starting.phase)).to.deep.equal(modalsWith(undefined, undefined, true));
      const step = pendingOn(withModal(flowState('login'), 'forgotUsername'), { kind: 'customerDetails' });
      expect(callOf(step.phase)?.call).to.deep.equal({ kind: 'customerDetails' });
      expect(modalsOf(step.phase)).to.deep.equal(modalsWith('forgotUsername'));
      const leaving = leavingState('login', 'rejected', { modals: modalsWith('sharingIncomplete') });
      expect(callOf(leaving.phase)?.call).to.deep.equal({ kind: 'reject' });
      expect(modalsOf(leaving.phase)).to.deep.equal(modalsWith('sharingIncomplete'));
    });

    it('the failure page, the confirmed, decided-elsewhere and ended phases: none', () => {
      const endedState = run(withModal(flowState('login'), 'serviceUnavailable'), { type: 'modalPrimary' }).state;
      for (const state of [failedState('incorrect_jwt'), confirmedState(), decidedElsewhereState('rejected'), endedState]) {
        expect(callOf(state.phase), state.phase.kind).to.equal(undefined);
        expect(modalsOf(state.phase), state.phase.kind).to.equal(undefined);
      }
    });
  });

  describe('startCall (spec §7: the phase waits for it, DESIGN §3.4 the spinner mask)', () => {
    it('takes the next call id, counts it, waits for it, and emits the call with that id', () => {
      const state = flowState('selectAccounts', { nextCallId: 41 });
      const result = startCall(state, { kind: 'accounts' });
      expect(result.state).to.deep.equal({ ...state, nextCallId: 42, phase: { ...phaseOf(state, 'steps'), call: sentCall(41, { kind: 'accounts' }) } });
      expect(result.effects).to.deep.equal([{ type: 'call', id: 41, call: { kind: 'accounts' } }]);
    });

    it('an approval makes the decision unclear (DESIGN §3.11: from the moment it is sent, the bank may hold it)', () => {
      const result = startCall(flowState('confirmation'), CONFIRM);
      expect(result.state.decision).to.deep.equal({ kind: 'unclear' });
      expect(result.effects).to.deep.equal([{ type: 'call', id: 10, call: CONFIRM }]);
    });

    it('the code of a committed approval asked again: still committed; any other call leaves the decision alone', () => {
      expect(startCall(flowState('confirmation', { decision: { kind: 'committed' } }), CONFIRM).state.decision).to.deep.equal({ kind: 'committed' });
      expect(startCall(flowState('confirmation'), { kind: 'accounts' }).state.decision).to.deep.equal({ kind: 'none' });
      expect(startCall(flowState('confirmation'), { kind: 'reject' }).state.decision).to.deep.equal({ kind: 'none' });
    });

    // DESIGN §3.11: only an approval asked again while an earlier try's outcome is unclear is marked so (its refusal undoes nothing).
    it('afterUnclear marks only an approval asked while the outcome is unclear; no other call, whatever the decision', () => {
      expect(callOf(startCall(flowState('confirmation', { decision: { kind: 'unclear' } }), CONFIRM).state.phase)?.afterUnclear).to.equal(true);
      expect(callOf(startCall(flowState('confirmation', { decision: { kind: 'unclear' } }), { kind: 'accounts' }).state.phase)).to.not.have.property(
        'afterUnclear',
      );
      expect(callOf(startCall(flowState('confirmation', { decision: { kind: 'unclear' } }), { kind: 'reject' }).state.phase)).to.not.have.property(
        'afterUnclear',
      );
      expect(callOf(startCall(flowState('confirmation'), CONFIRM).state.phase)).to.not.have.property('afterUnclear');
    });

    it('keeps the ticks to restore, first sent now', () => {
      const keep = accounts().data;
      const state = flowState('confirmation', { nextCallId: 3 });
      const later = { ...state, nowMs: NOW + 42 };
      expect(pending(startCall(later, { kind: 'accounts' }, keep).state)).to.deep.equal(sentCall(3, { kind: 'accounts' }, keep, NOW + 42));
      expect(newCall(later, CONFIRM)).to.deep.equal(sentCall(0, CONFIRM, undefined, NOW + 42));
    });

    it('offline: nothing is sent, the call waits (held) with its id taken', () => {
      const result = startCall(flowState('selectAccounts', { online: false }), { kind: 'accounts' });
      expect(result.effects).to.deep.equal([]);
      expect(pending(result.state)).to.deep.equal({ ...sentCall(10, { kind: 'accounts' }), held: true });
      expect(result.state.nextCallId).to.equal(11);
    });
  });

  describe('sendPending (a call sent, or sent again with a new id)', () => {
    it('a new id, the retry time cleared, held again only when offline; attempt and first try kept', () => {
      const state = flowState('confirmation');
      const again = { ...sentCall(4, CONFIRM, undefined, NOW - 1_000), attempt: 2, retryAtMs: NOW, held: true };
      const result = sendPending(state, again);
      expect(pending(result.state)).to.deep.equal({ ...again, id: 10, retryAtMs: undefined, held: false });
      expect(result.effects).to.deep.equal([{ type: 'call', id: 10, call: CONFIRM }]);
    });

    it("the token's verification is sent with the token held by the starting phase", () => {
      const starting = { ...loadingState(), phase: { kind: 'starting' as const, task: 'verifying' as const, jwt: JWT, call: undefined, modals: NO_MODALS } };
      expect(sendPending(starting, sentCall(0, { kind: 'verify' })).effects).to.deep.equal([{ type: 'verify', id: 1, jwt: JWT }]);
      const noJwt = sendPending(calling(loadingState()), sentCall(0, { kind: 'verify' }));
      expect(noJwt.effects, 'no token to verify: nothing sent').to.deep.equal([]);
      expect(pending(noJwt.state)?.id).to.equal(1);
    });
  });

  describe('isAwaited: an answer counts only for the call the phase waits for, by id and by kind', () => {
    it('the pending id and kind → true', () => {
      expect(isAwaited(pendingOn(flowState('confirmation'), CONFIRM).phase, 9, 'confirm')).to.equal(true);
      expect(isAwaited(pendingOn(startingState(), { kind: 'verify' }).phase, 9, 'verify')).to.equal(true);
      expect(isAwaited(leavingState('login', 'rejected').phase, 9, 'reject')).to.equal(true);
    });
    it('another id, another kind, nothing pending, or a phase without calls → false', () => {
      const state = pendingOn(flowState('confirmation'), CONFIRM);
      expect(isAwaited(state.phase, 8, 'confirm')).to.equal(false);
      expect(isAwaited(state.phase, 9, 'reject')).to.equal(false);
      expect(isAwaited(flowState('confirmation').phase, 9, 'confirm')).to.equal(false);
      expect(isAwaited(confirmedState().phase, 9, 'confirm')).to.equal(false);
    });
  });

  describe('showStep: the steps phase on that step, the request over, one page view (DESIGN §3.8)', () => {
    it('from a step: the modals and the inactivity timer kept', () => {
      const onProfiles = pendingOn(withModal(flowState('selectProfile', { lastActivityMs: NOW - 5 }), undefined, 30), { kind: 'accounts' });
      const state = { ...onProfiles, journey: { ...onProfiles.journey, accounts: accounts() } };
      const result = showStep(state, 'selectAccounts');
      expect(result.state).to.deep.equal({
        ...state,
        phase: { kind: 'steps', step: 'selectAccounts', call: undefined, modals: modalsWith(undefined, 30), lastActivityMs: NOW - 5 },
      });
      expect(result.effects).to.deep.equal([{ type: 'pageView', step: 'selectAccounts' }]);
    });

    it("from the start: the starting phase's modals kept, the inactivity timer starts now", () => {
      const reading = { ...pendingOn(startingState({ modals: modalsWith(undefined, undefined, true) }), { kind: 'consentDetails' }), nowMs: NOW + 3 };
      const state = { ...reading, journey: { ...reading.journey, consent: bankConsent() } };
      expect(showStep(state, 'login').state.phase).to.deep.equal({
        kind: 'steps',
        step: 'login',
        call: undefined,
        modals: modalsWith(undefined, undefined, true),
        lastActivityMs: NOW + 3,
      });
    });

    it('from a phase without a stack (a constructed call: the model never does): no modal', () => {
      const failed = failedState('incorrect_jwt');
      const withData = { ...failed, journey: { ...failed.journey, token: token(), consent: bankConsent() } };
      expect(phaseOf(showStep(withData, 'login').state, 'steps').modals).to.deep.equal(NO_MODALS);
    });
  });

  describe('withModals, callOver, openModal', () => {
    it('withModals changes the stack of the phases that show one (the others have none to change: issue 34, by their type)', () => {
      for (const state of [calling(startingState()), calling(flowState('login')), calling(leavingState('login', 'rejected'))])
        expect(modals(withModals(state, (stack) => ({ ...stack, base: 'forgotUsername' }))).base, state.phase.kind).to.equal('forgotUsername');
    });

    it('callOver: no call pending on a step or while starting', () => {
      expect(pending(callOver(pendingOn(flowState('login'), { kind: 'customerDetails' })))).to.equal(undefined);
      expect(pending(callOver(pendingOn(startingState(), { kind: 'consentDetails' })))).to.equal(undefined);
    });

    it('openModal: an ordinary modal under the time-critical ones; the request that led to it is over; no effect', () => {
      const state = pendingOn(withModal(flowState('login'), undefined, 30, true), { kind: 'customerDetails' });
      const result = openModal(state, 'ageLimitation');
      expect(result.state).to.deep.equal({ ...state, phase: { ...phaseOf(state, 'steps'), call: undefined, modals: modalsWith('ageLimitation', 30, true) } });
      expect(result.effects).to.deep.equal([]);
    });
  });
});
