import { expect } from 'chai';
import type { FlowCall, FlowEffect } from '../../domain/flow-effects';
import {
  andThen, emit, isAwaited, isConfirming, isExiting, isFinished, modalButtonsBusy, openModal, pageIsActionable, reach, sendAside, showStep, startCall, unchanged,
} from '../../domain/flow-transition';
import { customerWording, flowFlags } from '../../domain/flow-view';
import {
  NOW, accounts, amendmentConsent, bankConsent, customerOnlyConsent, flowState, loadingState, modalsWith, pendingOn, personalProfile,
  sentCall, trustProfiles, trustRawAccounts,
} from './fixtures/flow-state.fixture';
import { selectProfile } from '../../domain/profiles';

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
    const result = andThen(emit({ ...state, description: 'one' }, { type: 'clearToken' }), (after) => {
      expect(after.description).to.equal('one');
      return emit({ ...after, description: 'two' }, { type: 'forgetAddressToken' });
    });
    expect(result.state.description).to.equal('two');
    expect(result.effects).to.deep.equal([{ type: 'clearToken' }, { type: 'forgetAddressToken' }]);
  });

  describe('startCall (spec §7: the flow waits for it, DESIGN §3.4 the spinner mask)', () => {
    it('takes the next call id, counts it, waits for it, and emits the call with that id', () => {
      const state = flowState('confirmation', { nextCallId: 41 });
      const result = startCall(state, CONFIRM);
      expect(result.state.nextCallId).to.equal(42);
      expect(result.state.pending).to.deep.equal(sentCall(41, CONFIRM));
      expect(result.effects).to.deep.equal([{ type: 'call', id: 41, call: CONFIRM }]);
      // DESIGN §3.11: asking for the approval is remembered (a committed one is then this tab's own).
      expect({ ...result.state, nextCallId: 41, pending: undefined }).to.deep.equal({ ...state, approvalAsked: true });
    });

    it('remembers only an approval as asked; any other call leaves that alone', () => {
      const state = flowState('confirmation');
      expect(startCall(state, { kind: 'accounts' }).state.approvalAsked).to.equal(false);
      expect(startCall(state, { kind: 'reject' }).state.approvalAsked).to.equal(false);
    });

    it('keeps the ticks to restore and the stage of an exit', () => {
      const state = flowState('confirmation', { nextCallId: 3 });
      const keep = accounts().data;
      expect(startCall(state, { kind: 'accounts' }, { keep }).state.pending).to.deep.equal(sentCall(3, { kind: 'accounts' }, { keep }));
      expect(startCall(state, { kind: 'reject' }, { exitStage: 'rejected' }).state.pending).to.deep.equal(sentCall(3, { kind: 'reject' }, { exitStage: 'rejected' }));
    });
  });

  it('sendAside: a call the flow does not wait for (keep-alive): a new id, nothing pending', () => {
    const state = flowState('login', { nextCallId: 7 });
    const result = sendAside(state, { kind: 'keepAlive' });
    expect(result.state).to.deep.equal({ ...state, nextCallId: 8 });
    expect(result.effects).to.deep.equal([{ type: 'call', id: 7, call: { kind: 'keepAlive' } }]);
  });

  describe('isAwaited: an answer counts only for the call the flow waits for, by id and by kind', () => {
    it('the pending id and kind → true', () => {
      expect(isAwaited(pendingOn(flowState('confirmation'), CONFIRM), 9, 'confirm')).to.equal(true);
      expect(isAwaited(pendingOn(loadingState(), { kind: 'verify' }), 9, 'verify')).to.equal(true);
    });
    it('another id, another kind, or nothing pending → false', () => {
      const state = pendingOn(flowState('confirmation'), CONFIRM);
      expect(isAwaited(state, 8, 'confirm')).to.equal(false);
      expect(isAwaited(state, 9, 'reject')).to.equal(false);
      expect(isAwaited(flowState('confirmation'), 9, 'confirm')).to.equal(false);
    });
  });

  it('showStep: the flow screen on that step, the request over, one page view (DESIGN §3.8)', () => {
    const state = pendingOn(loadingState(), { kind: 'consentDetails' });
    const result = showStep(state, 'selectAccounts');
    expect(result.state).to.deep.equal({ ...state, screen: { kind: 'flow' }, step: 'selectAccounts', pending: undefined });
    expect(result.effects).to.deep.equal([{ type: 'pageView', step: 'selectAccounts' }]);
  });

  it('openModal: an ordinary modal under the time-critical ones; the request that led to it is over; no effect', () => {
    const state = pendingOn({ ...flowState('login'), modals: modalsWith(undefined, 30, true) }, { kind: 'customerDetails' });
    const result = openModal(state, 'ageLimitation');
    expect(result.state).to.deep.equal({ ...state, pending: undefined, modals: modalsWith('ageLimitation', 30, true) });
    expect(result.effects).to.deep.equal([]);
  });

  it('reach: the furthest stage, never back (DESIGN §3.8)', () => {
    const state = flowState('confirmation');
    expect(reach(state, 'preAuthentication')).to.deep.equal(state);
    expect(reach(flowState('login'), 'preAccountSelection').stage).to.equal('preAccountSelection');
  });

  it('isFinished: the exit taken or the consent confirmed', () => {
    const state = flowState('confirmation');
    expect(isFinished(state)).to.equal(false);
    expect(isFinished({ ...state, ended: true })).to.equal(true);
    expect(isFinished({ ...state, confirmation: { auth_code: 'c' } })).to.equal(true);
  });

  describe('pageIsActionable: the flow screen, nothing finished, no request under way, no modal over it', () => {
    it('a plain step → true', () => {
      expect(pageIsActionable(flowState('selectAccounts'))).to.equal(true);
    });
    const blocked: [string, (s: ReturnType<typeof flowState>) => ReturnType<typeof flowState>][] = [
      ['the loading screen', (s) => ({ ...s, screen: { kind: 'loading' } })],
      ['a failure page', (s) => ({ ...s, screen: { kind: 'failure', route: 'incorrect_jwt' } })],
      ['ended', (s) => ({ ...s, ended: true })],
      ['confirmed', (s) => ({ ...s, confirmation: { auth_code: 'c' } })],
      ['a request under way', (s) => pendingOn(s, { kind: 'accounts' })],
      ['an ordinary modal', (s) => ({ ...s, modals: modalsWith('forgotUsername') })],
      ['the timeout warning', (s) => ({ ...s, modals: modalsWith(undefined, 10) })],
      ['the expiry redirect', (s) => ({ ...s, modals: modalsWith(undefined, undefined, true) })],
    ];
    for (const [label, change] of blocked) {
      it(`${label} → false`, () => expect(pageIsActionable(change(flowState('selectAccounts')))).to.equal(false));
    }
  });

  describe('isConfirming: a confirmation is being decided (its description saved first, spec §7)', () => {
    const rows: [string, FlowCall | { kind: 'verify' } | undefined, boolean][] = [
      ['the confirm call', CONFIRM, true],
      ['saving the description before confirming', { kind: 'saveSelection', request: { permissions: [] }, then: 'confirm' }, true],
      ['saving the selection on the way to the review', { kind: 'saveSelection', request: { permissions: [] }, then: 'confirmationStep' }, false],
      ['the reject call', { kind: 'reject' }, false],
      ['the accounts call', { kind: 'accounts' }, false],
      ['nothing pending', undefined, false],
    ];
    for (const [label, call, expected] of rows) {
      it(`${label} → ${expected}`, () => {
        const state = call === undefined ? flowState('confirmation') : pendingOn(flowState('confirmation'), call);
        expect(isConfirming(state)).to.equal(expected);
      });
    }
  });

  it('modalButtonsBusy: while a confirmation is decided, with or without a modal open, except the timeout warning', () => {
    expect(modalButtonsBusy(pendingOn(flowState('confirmation'), CONFIRM))).to.equal(true);
    expect(modalButtonsBusy({ ...pendingOn(flowState('confirmation'), CONFIRM), modals: modalsWith(undefined, 30) })).to.equal(false);
    expect(modalButtonsBusy(flowState('confirmation'))).to.equal(false);
  });

  it('isExiting: the exit\'s reject call is under way', () => {
    expect(isExiting(pendingOn(flowState('login'), { kind: 'reject' }, { exitStage: 'rejected' }))).to.equal(true);
    expect(isExiting(pendingOn(flowState('login'), CONFIRM))).to.equal(false);
    expect(isExiting(flowState('login'))).to.equal(false);
  });
});

describe('domain/flow-view: the flags and the wording the views project (spec §2, §3, §4)', () => {
  it('flowFlags: skipStep only with a consent of customer scopes only; isPar from the consent; singleProfile under 2 profiles', () => {
    expect(flowFlags(flowState('login', { consent: undefined, profiles: [] }))).to.deep.equal({ skipStep: false, isPar: false, singleProfile: true });
    expect(flowFlags(flowState('login', { consent: customerOnlyConsent() }))).to.deep.equal({ skipStep: true, isPar: false, singleProfile: true });
    expect(flowFlags(flowState('login', { consent: amendmentConsent(), profiles: trustProfiles() }))).to.deep.equal({ skipStep: false, isPar: true, singleProfile: false });
    expect(flowFlags(flowState('login', { consent: bankConsent(), profiles: personalProfile() }))).to.deep.equal({ skipStep: false, isPar: false, singleProfile: true });
  });

  describe('customerWording (spec §3 individualAccount): whose data the customer clusters describe', () => {
    it('the accounts\' ownership decides when there are accounts: individual', () => {
      const state = flowState('confirmation', { profiles: selectOrThrow('BC1001') });
      expect(customerWording(state)).to.equal('individual');
    });
    it('the accounts\' ownership decides when there are accounts: a TrustUser account is an organisation, even under PERSONAL', () => {
      expect(customerWording(flowState('confirmation', { accounts: accounts(trustRawAccounts()) }))).to.equal('organisation');
    });
    it('no accounts (or an empty list): PAR is the individual wording', () => {
      expect(customerWording(flowState('confirmation', { accounts: undefined, consent: amendmentConsent(), profiles: selectOrThrow('BC1001') }))).to.equal('individual');
      expect(customerWording(flowState('confirmation', { accounts: accounts([]), consent: amendmentConsent(), profiles: selectOrThrow('BC1001') }))).to.equal('individual');
    });
    it('no consent loaded yet: the chosen profile decides', () => {
      expect(customerWording(flowState('confirmation', { consent: undefined, accounts: undefined, profiles: trustProfiles() }))).to.equal('individual');
      expect(customerWording(flowState('confirmation', { consent: undefined, accounts: undefined, profiles: selectOrThrow('BC1001') }))).to.equal('organisation');
    });
    it('no accounts and no profile chosen: individual', () => {
      expect(customerWording(flowState('confirmation', { accounts: undefined, profiles: [] }))).to.equal('individual');
    });
    it('no accounts: the chosen profile decides, PERSONAL individual, any other an organisation', () => {
      expect(customerWording(flowState('confirmation', { accounts: undefined, profiles: trustProfiles() }))).to.equal('individual');
      expect(customerWording(flowState('confirmation', { accounts: accounts([]), profiles: selectOrThrow('BC1001') }))).to.equal('organisation');
    });
  });

  it('the states are at NOW', () => expect(flowState('login').arrivedAtMs).to.equal(NOW));
});

function selectOrThrow(id: string) {
  const result = selectProfile(trustProfiles(), id);
  if (!result.ok) throw new Error(id);
  return result.value;
}
