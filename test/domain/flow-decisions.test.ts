import { expect } from 'chai';
import {
  DECISION_ATTEMPTS, DECISION_DEADLINE_MS, decisionRetryDelayMs, isAlreadyDecided, isUnclearOutcome,
} from '../../domain/flow-decisions';
import type { FlowEvent } from '../../domain/flow-events';
import { NO_TIMERS, type FlowState } from '../../domain/flow-state';
import {
  ACCESS_DENIED_URL, JWT, NOW, REDIRECT_URI, STATE, amendmentConsent, answer, apiError, at, bankConsent, err, flowState, loadingState,
  modalsWith, ok, pendingOn, run, sentCall, settled, tokenPayload, withModal, withoutWake,
} from './fixtures/flow-state.fixture';

/** CONTRACT §3: the bank's 409 when a decision is committed already, naming it in its first cause. */
const alreadyDecided = (decision: string) => apiError(409, 'consent_already_decided', [JSON.stringify({ decision })]);

/** Confirming on the review (call id 9, first sent at NOW). */
const confirming = (overrides: Partial<FlowState> = {}): FlowState =>
  pendingOn(flowState('confirmation', { approvalAsked: true, ...overrides }), { kind: 'confirm' });

/** The exit's reject under way (call id 9) after Cancel was confirmed. */
const rejecting = (): FlowState =>
  settled({ ...pendingOn(flowState('selectAccounts', { rejected: true }), { kind: 'reject' }, { exitStage: 'rejected' }), timers: NO_TIMERS });

const launched = (decided: 'approve' | 'reject' | undefined): FlowEvent => ({
  type: 'launched', route: 'demo_accc_aisp', jwtFromAddress: undefined, jwtFromStorage: JWT, errorParam: undefined, decided,
});

describe('domain/flow-decisions: a decision is never lost, never taken twice (DESIGN §3.11, §3.15, CONTRACT §3)', () => {
  describe('what an answer means', () => {
    it('an unclear outcome: no answer, or a gateway\'s 502, 503, 504 (the bank may have committed)', () => {
      for (const status of [0, 502, 503, 504]) expect(isUnclearOutcome(apiError(status)), String(status)).to.equal(true);
      for (const status of [400, 401, 409, 422, 500, 501]) expect(isUnclearOutcome(apiError(status)), String(status)).to.equal(false);
    });

    it('already decided: a 409 with the code consent_already_decided, nothing else', () => {
      expect(isAlreadyDecided(alreadyDecided('approved'))).to.equal(true);
      expect(isAlreadyDecided(apiError(409, 'other'))).to.equal(false);
      expect(isAlreadyDecided(apiError(400, 'consent_already_decided'))).to.equal(false);
    });

    it('three tries in all, within 30 s; waits of 500 ms, then 1 s', () => {
      expect(DECISION_ATTEMPTS).to.equal(3);
      expect(DECISION_DEADLINE_MS).to.equal(30_000);
      expect([1, 2, 3].map(decisionRetryDelayMs)).to.deep.equal([500, 1000, 2000]);
    });
  });

  describe('an unclear outcome is asked again with the same key', () => {
    it('a 503 to the confirmation: the same call waits 500 ms (nothing opens), then goes again with a new id', () => {
      const before = confirming();
      const first = answer(before, { kind: 'confirm', result: err(apiError(503)) }, NOW + 100);
      expect(first.effects).to.deep.equal([{ type: 'wakeAt', atMs: NOW + 600 }]);
      expect(first.state.pending).to.deep.equal({ ...sentCall(9, { kind: 'confirm' }), retryAtMs: NOW + 600, unclear: true });
      expect(first.state.modals).to.deep.equal(modalsWith(undefined));
      expect(run(first.state, { type: 'tick' }, NOW + 599).effects).to.deep.equal([{ type: 'wakeAt', atMs: NOW + 600 }]);
      const again = run(first.state, { type: 'tick' }, NOW + 600);
      expect(withoutWake(again.effects)).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'confirm' } }]);
      expect(again.state.pending).to.deep.equal({ ...sentCall(10, { kind: 'confirm' }), attempt: 2, unclear: true });
    });

    it('a late answer to the first try, once the second is out, changes nothing', () => {
      const first = answer(confirming(), { kind: 'confirm', result: err(apiError(0)) }, NOW + 100);
      const again = run(first.state, { type: 'tick' }, NOW + 600).state;
      const late = run(again, { type: 'answered', id: 9, answer: { kind: 'confirm', result: ok({ auth_code: 'late' }) } }, NOW + 700);
      expect(late.state).to.equal(again);
    });

    it('the code of a later try is the success (the same key gave the committed code)', () => {
      const first = answer(confirming(), { kind: 'confirm', result: err(apiError(504)) }, NOW + 100);
      const again = run(first.state, { type: 'tick' }, NOW + 600).state;
      const { state } = answer(again, { kind: 'confirm', result: ok({ auth_code: 'code-1', state: STATE }) }, NOW + 800);
      expect(state.confirmation).to.deep.equal({ auth_code: 'code-1', state: STATE });
      expect(state.modals).to.deep.equal(modalsWith('successConfirm'));
      expect(state.decisionUnclear).to.equal(false);
    });

    it('after the third try its modal opens and the outcome stays unclear; the modal\'s button asks the bank to reject first', () => {
      let state = confirming();
      for (const [answeredAt, wakeAt] of [[NOW + 100, NOW + 600], [NOW + 700, NOW + 1_700]]) {
        state = answer(state, { kind: 'confirm', result: err(apiError(503)) }, answeredAt).state;
        state = run(state, { type: 'tick' }, wakeAt).state;
      }
      expect(state.pending?.attempt).to.equal(3);
      const last = answer(state, { kind: 'confirm', result: err(apiError(503)) }, NOW + 1_800);
      expect(last.state.pending).to.equal(undefined);
      expect(last.state.decisionUnclear).to.equal(true);
      expect(last.state.modals.base).to.equal('serviceUnavailable');
      const pressed = run(last.state, { type: 'modalPrimary' }, NOW + 2_000);
      expect(withoutWake(pressed.effects)).to.deep.equal([{ type: 'call', id: 12, call: { kind: 'reject' } }]);
      expect(pressed.state.decisionUnclear).to.equal(true);
      // Rejected: nothing was committed, access_denied is the truth.
      const rejected = answer(pressed.state, { kind: 'reject', result: ok({}) }, NOW + 2_100);
      expect(rejected.effects.filter((effect) => effect.type === 'leave')).to.deep.equal([{ type: 'leave', url: ACCESS_DENIED_URL }]);
      // The reject failed too: the bank could not tell; the plain address (never access_denied after a possible code).
      const untold = answer(pressed.state, { kind: 'reject', result: err(apiError(500)) }, NOW + 2_100);
      expect(untold.effects.filter((effect) => effect.type === 'leave')).to.deep.equal([{ type: 'leave', url: REDIRECT_URI }]);
      expect(untold.state.ended).to.equal(true);
    });

    it('no try again past the deadline: an unclear answer 29.6 s after the first try opens its modal, the outcome unclear', () => {
      const { state, effects } = answer(confirming(), { kind: 'confirm', result: err(apiError(0)) }, NOW + 29_600);
      expect(withoutWake(effects)).to.deep.equal([]);
      expect(state.pending).to.equal(undefined);
      expect(state.modals.base).to.equal('serviceUnavailable');
      expect(state.decisionUnclear).to.equal(true);
    });

    it('the deadline is exclusive: a retry due 29.999 s after the first try goes, one due at 30 s does not', () => {
      const inTime = answer(confirming(), { kind: 'confirm', result: err(apiError(503)) }, NOW + 29_499);
      expect(inTime.state.pending?.retryAtMs).to.equal(NOW + 29_999);
      const late = answer(confirming(), { kind: 'confirm', result: err(apiError(503)) }, NOW + 29_500);
      expect(late.state.pending).to.equal(undefined);
      expect(late.state.modals.base).to.equal('serviceUnavailable');
    });

    it('a clear refusal (a 4xx) is not asked again and is no unclear outcome', () => {
      const { state } = answer(confirming(), { kind: 'confirm', result: err(apiError(400, 'A09')) }, NOW + 100);
      expect(state.pending).to.equal(undefined);
      expect(state.modals.base).to.equal('noEligibleAccounts');
      expect(state.decisionUnclear).to.equal(false);
    });

    it('a refusal after an unclear try stays unclear (the first try may have committed)', () => {
      const first = answer(confirming(), { kind: 'confirm', result: err(apiError(502)) }, NOW + 100);
      const again = run(first.state, { type: 'tick' }, NOW + 600).state;
      expect(answer(again, { kind: 'confirm', result: err(apiError(500)) }, NOW + 700).state.decisionUnclear).to.equal(true);
    });

    it('the exit\'s reject too: a 503 waits and goes again; nothing else is asked meanwhile', () => {
      const first = answer(rejecting(), { kind: 'reject', result: err(apiError(503)) }, NOW + 100);
      expect(first.state.pending?.retryAtMs).to.equal(NOW + 600);
      expect(run(first.state, { type: 'modalPrimary' }, NOW + 200).state).to.equal(first.state);
      const again = run(first.state, { type: 'tick' }, NOW + 600);
      expect(withoutWake(again.effects)).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'reject' } }]);
    });

    it('only decisions are asked again: an unclear answer to the accounts opens its modal', () => {
      const before = pendingOn(flowState('selectAccounts'), { kind: 'accounts' });
      const { state } = answer(before, { kind: 'accounts', result: err(apiError(503)) }, NOW + 100);
      expect(state.pending).to.equal(undefined);
      expect(state.modals.base).to.equal('serviceUnavailable');
    });
  });

  describe('decided elsewhere: the bank answers 409 consent_already_decided (another tab, or another key)', () => {
    for (const decision of ['approved', 'rejected', 'something else'] as const) {
      it(`named "${decision}": "already completed" alone, nothing timed, nothing asked again`, () => {
        const before = settled({ ...pendingOn(flowState('confirmation'), { kind: 'confirm' }), modals: modalsWith('forgotUsername', 30, true) });
        const { state, effects } = answer(before, { kind: 'confirm', result: err(alreadyDecided(decision)) }, NOW + 100);
        expect(withoutWake(effects)).to.deep.equal([]);
        expect(state.decidedElsewhere).to.equal(decision === 'something else' ? 'unknown' : decision);
        expect(state.modals).to.deep.equal(modalsWith('alreadyCompleted'));
        expect(state.timers).to.deep.equal(NO_TIMERS);
        expect(state.pending).to.equal(undefined);
      });
    }

    it('a cause that is not JSON: decided, the decision unknown', () => {
      const { state } = answer(confirming({ approvalAsked: false }), { kind: 'confirm', result: err(apiError(409, 'consent_already_decided', ['oops'])) });
      expect(state.decidedElsewhere).to.equal('unknown');
    });

    it('the button returns as decided: rejected → access_denied; approved or unknown → the plain address (never access_denied after a code)', () => {
      const rows: [string, string][] = [['rejected', ACCESS_DENIED_URL], ['approved', REDIRECT_URI], ['unknown', REDIRECT_URI]];
      for (const [decision, url] of rows) {
        const told = answer(confirming({ approvalAsked: false }), { kind: 'confirm', result: err(alreadyDecided(decision)) }).state;
        const { state, effects } = run(told, { type: 'modalPrimary' });
        expect(effects, decision).to.deep.equal([{ type: 'leave', url }, { type: 'clearToken' }]);
        expect(state.ended).to.equal(true);
      }
    });

    it('nothing else can start once told: Cancel, Back, Confirm, stepUnavailable, the lapse', () => {
      const told = answer(confirming({ approvalAsked: false }), { kind: 'confirm', result: err(alreadyDecided('rejected')) }).state;
      for (const event of [{ type: 'cancel' }, { type: 'back' }, { type: 'confirm' }, { type: 'stepUnavailable' }, { type: 'modalDismiss' }] as const) {
        expect(run(told, event).state, event.type).to.equal(told);
      }
      expect(run(told, { type: 'tick' }, NOW + 10_000_000).effects).to.deep.equal([{ type: 'wakeAt', atMs: undefined }]);
    });

    it('this tab asked for the approval and lost its answer: its reject meets "approved", so the approval is asked again (same key: the committed code)', () => {
      const before = settled({ ...pendingOn(flowState('confirmation', { approvalAsked: true }), { kind: 'reject' }, { exitStage: 'preAuthorisation' }), timers: NO_TIMERS });
      const { state, effects } = answer(before, { kind: 'reject', result: err(alreadyDecided('approved')) });
      expect(withoutWake(effects)).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'confirm' } }]);
      expect(state.decidedElsewhere).to.equal(undefined);
      const coded = answer(state, { kind: 'confirm', result: ok({ auth_code: 'code-1', state: STATE }) });
      expect(coded.state.modals.base).to.equal('successConfirm');
    });

    it('the approval the bank holds, its code asked again and refused: every way out is the plain address (never access_denied, nothing rejected)', () => {
      const before = settled({ ...pendingOn(flowState('confirmation', { approvalAsked: true }), { kind: 'reject' }, { exitStage: 'preAuthorisation' }), timers: NO_TIMERS });
      const asked = answer(before, { kind: 'reject', result: err(alreadyDecided('approved')) }).state;
      expect(asked.approvalCommitted).to.equal(true);
      const refused = answer(asked, { kind: 'confirm', result: err(apiError(500, 'server_error')) }).state;
      expect(refused.modals.base).to.equal('serviceUnavailable');
      const { state, effects } = run(refused, { type: 'modalPrimary' });
      expect(effects).to.deep.equal([{ type: 'leave', url: REDIRECT_URI }, { type: 'clearToken' }]);
      expect(state.ended).to.equal(true);
    });

    it('the reject meets "rejected": told, the approval not asked (only an approval this tab asked for is asked again)', () => {
      const before = settled({ ...pendingOn(flowState('confirmation', { approvalAsked: true }), { kind: 'reject' }, { exitStage: 'preAuthorisation' }), timers: NO_TIMERS });
      const { state, effects } = answer(before, { kind: 'reject', result: err(alreadyDecided('rejected')) });
      expect(withoutWake(effects)).to.deep.equal([]);
      expect(state.decidedElsewhere).to.equal('rejected');
      expect(state.modals.base).to.equal('alreadyCompleted');
    });

    it('the reject meets "approved" but this tab never asked for an approval (another tab did): told, nothing asked', () => {
      const before = settled({ ...pendingOn(flowState('confirmation', { approvalAsked: false }), { kind: 'reject' }, { exitStage: 'preAuthorisation' }), timers: NO_TIMERS });
      const { state, effects } = answer(before, { kind: 'reject', result: err(alreadyDecided('approved')) });
      expect(withoutWake(effects)).to.deep.equal([]);
      expect(state.decidedElsewhere).to.equal('approved');
      expect(state.approvalCommitted).to.equal(false);
    });

    it('the approval the bank holds: a button that rejects first (the session ended) rejects nothing, it returns to the plain address', () => {
      const before = withModal(flowState('confirmation', { approvalAsked: true, approvalCommitted: true }), 'redirectionToTpp');
      const { state, effects } = run(before, { type: 'modalPrimary' });
      expect(withoutWake(effects)).to.deep.equal([{ type: 'leave', url: REDIRECT_URI }, { type: 'clearToken' }]);
      expect(state.ended).to.equal(true);
    });

    it('but a 409 "approved" to the confirmation itself is told, not asked a third time', () => {
      const { state } = answer(confirming(), { kind: 'confirm', result: err(alreadyDecided('approved')) });
      expect(state.modals.base).to.equal('alreadyCompleted');
    });
  });

  describe('an approval made before a reload (DESIGN §3.11)', () => {
    const verifyingAfterReload = (decided: 'approve' | 'reject' | undefined): FlowState => run(loadingState(), launched(decided)).state;

    it('is asked again with its key first, instead of the consent; its code is the success', () => {
      const before = verifyingAfterReload('approve');
      expect(before.replayDecision).to.equal(true);
      const verified = run(before, { type: 'verified', id: 1, result: ok(tokenPayload()) });
      expect(withoutWake(verified.effects)).to.deep.equal([{ type: 'storeToken', jwt: JWT }, { type: 'call', id: 2, call: { kind: 'confirm' } }]);
      expect(verified.state.pending?.replay).to.equal(true);
      expect(verified.state.replayDecision).to.equal(false);
      const { state } = answer(verified.state, { kind: 'confirm', result: ok({ auth_code: 'code-1', state: STATE }) });
      expect(state.confirmation).to.deep.equal({ auth_code: 'code-1', state: STATE });
      expect(state.modals.base).to.equal('successConfirm');
    });

    it('refused plainly (4xx): the flow starts as usual with the consent, nothing unclear', () => {
      const verified = run(verifyingAfterReload('approve'), { type: 'verified', id: 1, result: ok(tokenPayload()) }).state;
      const { state, effects } = answer(verified, { kind: 'confirm', result: err(apiError(400)) });
      expect(withoutWake(effects)).to.deep.equal([{ type: 'call', id: 3, call: { kind: 'consentDetails' } }]);
      expect(state.decisionUnclear).to.equal(false);
    });

    it('a 500 is no plain refusal (only a 4xx is): the flow starts as usual, the outcome unclear', () => {
      const verified = run(verifyingAfterReload('approve'), { type: 'verified', id: 1, result: ok(tokenPayload()) }).state;
      const { state, effects } = answer(verified, { kind: 'confirm', result: err(apiError(500, 'server_error')) });
      expect(withoutWake(effects)).to.deep.equal([{ type: 'call', id: 3, call: { kind: 'consentDetails' } }]);
      expect(state.decisionUnclear).to.equal(true);
    });

    it('the last 4xx (499) is a plain refusal: nothing unclear', () => {
      const verified = run(verifyingAfterReload('approve'), { type: 'verified', id: 1, result: ok(tokenPayload()) }).state;
      expect(answer(verified, { kind: 'confirm', result: err(apiError(499)) }).state.decisionUnclear).to.equal(false);
    });

    it('no answer: the flow starts as usual, the outcome unclear (the way out asks the bank first)', () => {
      const verified = run(verifyingAfterReload('approve'), { type: 'verified', id: 1, result: ok(tokenPayload()) }).state;
      let state = answer(verified, { kind: 'confirm', result: err(apiError(0)) }, NOW).state;
      for (const wake of [NOW + 500, NOW + 1_500]) {
        state = run(state, { type: 'tick' }, wake).state;
        state = answer(state, { kind: 'confirm', result: err(apiError(0)) }, wake).state;
      }
      expect(state.decisionUnclear).to.equal(true);
      expect(state.pending?.call).to.deep.equal({ kind: 'consentDetails' });
    });

    it('a rejection made before the reload is not replayed: the consent is read as usual', () => {
      const verified = run(verifyingAfterReload('reject'), { type: 'verified', id: 1, result: ok(tokenPayload()) });
      expect(withoutWake(verified.effects)).to.deep.equal([{ type: 'storeToken', jwt: JWT }, { type: 'call', id: 2, call: { kind: 'consentDetails' } }]);
    });
  });

  describe('offline (DESIGN §3.15 "Offline is a state, not an error")', () => {
    it('a call started offline is held, not sent; it goes, with a new id, when the connection is back', () => {
      const offline = run(flowState('confirmation'), { type: 'connectivity', online: false }).state;
      expect(offline.online).to.equal(false);
      const started = run(offline, { type: 'confirm' });
      expect(withoutWake(started.effects)).to.deep.equal([]);
      expect(started.state.pending).to.deep.equal({ ...sentCall(10, { kind: 'confirm' }), held: true });
      const back = run(started.state, { type: 'connectivity', online: true });
      expect(withoutWake(back.effects)).to.deep.equal([{ type: 'call', id: 11, call: { kind: 'confirm' } }]);
      expect(back.state.pending?.held).to.equal(false);
    });

    it('no answer while offline is no failure: the call is held and sent again when back', () => {
      const before = pendingOn(flowState('selectAccounts', { online: false }), { kind: 'accounts' });
      const { state } = answer(before, { kind: 'accounts', result: err(apiError(0)) });
      expect(state.pending?.held).to.equal(true);
      expect(state.modals.base).to.equal(undefined);
      expect(withoutWake(run(state, { type: 'connectivity', online: true }).effects)).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'accounts' } }]);
    });

    it('an answer with a status while offline is an answer, not a lost one: nothing held, its modal opens', () => {
      const before = pendingOn(flowState('selectAccounts', { online: false }), { kind: 'accounts' });
      const { state } = answer(before, { kind: 'accounts', result: err(apiError(500, 'server_error')) });
      expect(state.pending).to.equal(undefined);
      expect(state.modals.base).to.equal('serviceUnavailable');
    });

    it('a login whose answer was lost offline goes back to the form (a login is not sent twice), saying so', () => {
      const before = pendingOn(flowState('login', { online: false }), {
        kind: 'authenticate', request: { authType: 'SECURE_CODE', username: 'jane', secureCode: '123456' },
      });
      const { state } = answer(before, { kind: 'authenticate', result: err(apiError(0)) });
      expect(state.pending).to.equal(undefined);
      expect(state.login.answerLost).to.equal(true);
      expect(state.modals.base).to.equal(undefined);
    });

    it('the keep-alive is not sent offline; back online with nothing held, nothing is sent', () => {
      const warned = run(flowState('selectAccounts', { online: false }), { type: 'tick' }, NOW + 250_000).state;
      const extended = run(warned, { type: 'modalPrimary' }, NOW + 251_000);
      expect(withoutWake(extended.effects)).to.deep.equal([]);
      expect(extended.state.modals.timeoutSeconds).to.equal(undefined);
      expect(withoutWake(run(extended.state, { type: 'connectivity', online: true }).effects)).to.deep.equal([]);
    });
  });

  describe('the clock is judged before the event (a throttled tab)', () => {
    it('a Confirm that comes after the lapse the tick missed meets the lapse: the consent is rejected, not confirmed', () => {
      const { state, effects } = run(flowState('confirmation'), { type: 'confirm' }, NOW + 300_000);
      expect(withoutWake(effects)).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'reject' } }]);
      expect(state.approvalAsked).to.equal(false);
    });

    it('a Confirm that comes after the warning was due meets the warning: the page behind it is inert', () => {
      const { state, effects } = run(flowState('confirmation'), { type: 'confirm' }, NOW + 299_999);
      expect(withoutWake(effects)).to.deep.equal([]);
      expect(state.modals).to.deep.equal(modalsWith(undefined, 1));
    });

    it('a Confirm before the warning is sent, and no lapse ends it', () => {
      const { state, effects } = run(flowState('confirmation'), { type: 'confirm' }, NOW + 239_999);
      expect(withoutWake(effects)).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'confirm' } }]);
      expect(run(state, { type: 'tick' }, NOW + 300_500).state.pending?.call).to.deep.equal({ kind: 'confirm' });
    });

    it('an event that changes nothing keeps the very state, its clock too', () => {
      const before = flowState('confirmation');
      const login = flowState('login');
      expect(run(login, { type: 'describe', text: 'ignored off the review' }, NOW + 5).state).to.equal(login);
      expect(run(before, { type: 'activity' }, NOW + 5).state).to.deep.equal({ ...at(before, NOW + 5), timers: { ...before.timers, lastActivityMs: NOW + 5 }, wakeAtMs: NOW + 240_005 });
    });
  });

  describe('an amendment\'s consent read again after its owner logs in (CONTRACT §3: the shared accounts are named to them only)', () => {
    const authenticatingAmendment = (): FlowState => pendingOn(flowState('login', { consent: amendmentConsent(null), verified: { authenticated: false, consentAfterLogin: false, customerDetails: false, businesses: false } }), {
      kind: 'authenticate', request: { authType: 'SECURE_CODE', username: 'jane', secureCode: '123456' },
    });

    it('after the login the consent is read again, before the customer details', () => {
      const { effects } = answer(authenticatingAmendment(), { kind: 'authenticate', result: ok(undefined) });
      expect(withoutWake(effects)).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'consentDetails', afterLogin: true } }]);
    });

    it('read: the new consent and its description are kept, then the customer details', () => {
      const asked = answer(authenticatingAmendment(), { kind: 'authenticate', result: ok(undefined) }).state;
      const consent = amendmentConsent('Holidays');
      const { state, effects } = answer(asked, { kind: 'consentDetails', result: ok(consent) });
      expect(withoutWake(effects)).to.deep.equal([{ type: 'call', id: 11, call: { kind: 'customerDetails' } }]);
      expect(state.consent).to.deep.equal(consent);
      expect(state.description).to.equal('Holidays');
      expect(state.verified.consentAfterLogin).to.equal(true);
    });

    it('read without a nickname: the description stays empty', () => {
      const asked = answer(authenticatingAmendment(), { kind: 'authenticate', result: ok(undefined) }).state;
      expect(answer(asked, { kind: 'consentDetails', result: ok(amendmentConsent(null)) }).state.description).to.equal('');
    });

    it('a description typed already is kept', () => {
      const asked = answer(authenticatingAmendment(), { kind: 'authenticate', result: ok(undefined) }).state;
      expect(answer({ ...asked, description: 'Mine' }, { kind: 'consentDetails', result: ok(amendmentConsent('Holidays')) }).state.description).to.equal('Mine');
    });

    it('not read: back to the login with Service unavailable (spec §8 "anything else")', () => {
      const asked = answer(authenticatingAmendment(), { kind: 'authenticate', result: ok(undefined) }).state;
      const { state } = answer(asked, { kind: 'consentDetails', result: err(apiError(500)) });
      expect(state.step).to.equal('login');
      expect(state.modals.base).to.equal('serviceUnavailable');
      expect(state.verified.consentAfterLogin).to.equal(false);
    });

    it('a first consent is not read again', () => {
      const before = pendingOn(flowState('login', { consent: bankConsent(), verified: { authenticated: false, consentAfterLogin: false, customerDetails: false, businesses: false } }), {
        kind: 'authenticate', request: { authType: 'SECURE_CODE', username: 'jane', secureCode: '123456' },
      });
      expect(withoutWake(answer(before, { kind: 'authenticate', result: ok(undefined) }).effects)).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'customerDetails' } }]);
    });
  });
});
