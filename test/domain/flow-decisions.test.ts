import { expect } from 'chai';
import { MALFORMED_ANSWER, NO_ANSWER, TIMED_OUT, type ApiError } from '../../domain/api-error';
import {
  DECISION_ATTEMPTS,
  DECISION_DEADLINE_MS,
  decidedElsewhere,
  decisionRetryDelayMs,
  isAlreadyDecided,
  isProvenRefusal,
  isUnclearOutcome,
  onConnectivity,
  sendDueRetry,
} from '../../domain/flow-decisions';
import type { FlowEvent } from '../../domain/flow-events';
import type { FlowState } from '../../domain/flow-state';
import { asking } from '../support/in-state';
import { openModalsOf, screenOf, topModalOf } from '../../domain/flow-view';
import {
  ACCESS_DENIED_URL,
  JWT,
  NOW,
  REDIRECT_URI,
  STATE,
  alreadyDecided,
  answer,
  apiError,
  at,
  bankConsent,
  confirmedState,
  confirming,
  err,
  failedState,
  flowState,
  leavingState,
  leavingTo,
  loadingState,
  modals,
  modalsWith,
  ok,
  pending,
  pendingOn,
  phaseOf,
  run,
  sentCall,
  startingState,
  tokenPayload,
  withModal,
  withoutWake,
} from './fixtures/flow-state.fixture';

/** The exit's reject under way (call id 9) after Cancel was confirmed, with this decision known. */
const rejecting = (decision: FlowState['decision'] = { kind: 'none' }): FlowState => leavingState('confirmation', 'rejected', { decision, stage: 'rejected' });

const launched = (decided: 'approve' | 'reject' | undefined): FlowEvent => ({
  type: 'launched',
  route: 'demo_accc_aisp',
  jwtFromAddress: undefined,
  jwtFromStorage: JWT,
  errorParam: undefined,
  decided,
});

const CODE = { auth_code: 'code-1', state: STATE };

/** Answers the decision under way with `error` until its tries are used up (each retry at its wake). */
function exhaust(state: FlowState, kind: 'confirm' | 'reject', error: ApiError): FlowState {
  let current = state;
  let now = current.nowMs;
  for (let tries = 0; tries < DECISION_ATTEMPTS; tries += 1) {
    now += 100;
    current = answer(current, { kind, result: err(error) }, now).state;
    const retryAt = pending(current)?.retryAtMs;
    if (retryAt === undefined) break;
    now = retryAt;
    current = run(current, { type: 'tick' }, now).state;
  }
  return current;
}

describe('domain/flow-decisions: a decision is never lost, never taken twice (DESIGN §3.11, §3.15, CONTRACT §3)', () => {
  describe('what an answer proves (isProvenRefusal, isUnclearOutcome, isAlreadyDecided)', () => {
    const rows: [label: string, error: ApiError, proven: boolean, unclear: boolean][] = [
      ['no answer', apiError(0, NO_ANSWER), false, true],
      ['a timeout', apiError(0, TIMED_OUT), false, true],
      ['no answer, no code', apiError(0), false, true],
      ["500 with the bank's code (a bank can commit and then fail)", apiError(500, 'server_error'), false, true],
      ['501', apiError(501), false, true],
      ["a gateway's 502", apiError(502), false, true],
      ['503 with a code', apiError(503, 'unavailable'), false, true],
      ['504', apiError(504), false, true],
      ["a 200 that is not the contract's", apiError(200, MALFORMED_ANSWER), false, true],
      ["a 400 whose body is not the contract's", apiError(400, MALFORMED_ANSWER), false, true],
      ["a 400 without the bank's envelope (an HTML page)", apiError(400), false, true],
      ['a 3xx with a code', apiError(399, 'moved'), false, true],
      ["400 A05, the bank's envelope", apiError(400, 'A05'), true, false],
      ["401 with the bank's code", apiError(401, 'unauthorised'), true, false],
      ["422 with the bank's code", apiError(422, 'unprocessable'), true, false],
      ["499 with the bank's code (the last 4xx)", apiError(499, 'x'), true, false],
      ['409 with another code', apiError(409, 'conflict'), true, false],
      ['409 consent_already_decided (decides, but is no refusal)', alreadyDecided('approved'), false, false],
    ];
    for (const [label, error, proven, unclear] of rows) {
      it(`${label}: ${proven ? 'a proven refusal' : unclear ? 'proves nothing' : 'already decided'}`, () => {
        expect(isProvenRefusal(error)).to.equal(proven);
        expect(isUnclearOutcome(error)).to.equal(unclear);
      });
    }

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

  describe("the bank's decision through an approval (DESIGN §3.11, §3.16)", () => {
    it("none → unclear on sending the approval; the bank's code → approved, the confirmed phase", () => {
      const review = flowState('confirmation');
      expect(review.decision).to.deep.equal({ kind: 'none' });
      const sent = run(review, { type: 'confirm' }).state;
      expect(sent.decision).to.deep.equal({ kind: 'unclear' });
      const { state } = answer(sent, { kind: 'confirm', result: ok(CODE) });
      expect(state.decision).to.deep.equal({ kind: 'approved' });
      expect(state.phase).to.deep.include({ kind: 'confirmed', answer: CODE });
      expect(state.phase.kind).to.equal('confirmed');
    });

    it('a proven refusal of the first try → none again: nothing was committed; its modal says so', () => {
      const { state } = answer(confirming(), { kind: 'confirm', result: err(apiError(400, 'A09')) }, NOW + 100);
      expect(state.decision).to.deep.equal({ kind: 'none' });
      expect(modals(state)).to.deep.equal(modalsWith('noEligibleAccounts'));
      expect(pending(state)).to.equal(undefined);
    });

    it('an answer that proves nothing → asked again (the decision stays unclear); past its tries, Service unavailable and still unclear', () => {
      const first = answer(confirming(), { kind: 'confirm', result: err(apiError(503)) }, NOW + 100);
      expect(first.state.decision).to.deep.equal({ kind: 'unclear' });
      const last = exhaust(confirming(), 'confirm', apiError(503));
      expect(last.decision).to.deep.equal({ kind: 'unclear' });
      expect(modals(last)).to.deep.equal(modalsWith('serviceUnavailable'));
    });

    it('a refusal after an unclear try does not prove nothing was committed: the outcome stays unclear, Service unavailable', () => {
      const first = answer(confirming(), { kind: 'confirm', result: err(apiError(502)) }, NOW + 100);
      const again = run(first.state, { type: 'tick' }, NOW + 600).state;
      const { state } = answer(again, { kind: 'confirm', result: err(apiError(400, 'A05')) }, NOW + 700);
      expect(state.decision).to.deep.equal({ kind: 'unclear' });
      expect(modals(state)).to.deep.equal(modalsWith('serviceUnavailable'));
    });

    it('the description saved first: the decision is unclear only once the approval itself is sent', () => {
      const saving = pendingOn(flowState('confirmation', { description: 'Mine' }), { kind: 'saveSelection', request: { permissions: [] }, then: 'confirm' });
      expect(saving.decision).to.deep.equal({ kind: 'none' });
      expect(answer(saving, { kind: 'saveSelection', result: ok(undefined) }).state.decision).to.deep.equal({ kind: 'unclear' });
    });
  });

  describe('an unclear outcome is asked again with the same key', () => {
    it('a 503 to the confirmation: the same call waits 500 ms (nothing opens), then goes again with a new id', () => {
      const first = answer(confirming(), { kind: 'confirm', result: err(apiError(503)) }, NOW + 100);
      expect(first.effects).to.deep.equal([{ type: 'wakeAt', atMs: NOW + 600 }]);
      expect(pending(first.state)).to.deep.equal({ ...sentCall(9, { kind: 'confirm' }), retryAtMs: NOW + 600 });
      expect(modals(first.state)).to.deep.equal(modalsWith(undefined));
      expect(run(first.state, { type: 'tick' }, NOW + 599).effects).to.deep.equal([{ type: 'wakeAt', atMs: NOW + 600 }]);
      const again = run(first.state, { type: 'tick' }, NOW + 600);
      expect(withoutWake(again.effects)).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'confirm' } }]);
      expect(pending(again.state)).to.deep.equal({ ...sentCall(10, { kind: 'confirm' }), attempt: 2 });
    });

    it("a body that is not the contract's (malformed_answer) is asked again too, even with a 4xx status", () => {
      const { state } = answer(confirming(), { kind: 'confirm', result: err(apiError(400, MALFORMED_ANSWER)) }, NOW + 100);
      expect(pending(state)?.retryAtMs).to.equal(NOW + 600);
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
      const { state } = answer(again, { kind: 'confirm', result: ok(CODE) }, NOW + 800);
      expect(state.decision).to.deep.equal({ kind: 'approved' });
      expect(state.phase).to.deep.include({ kind: 'confirmed', answer: CODE });
      expect(openModalsOf(state.phase)).to.deep.equal([{ name: 'successConfirm' }]);
    });

    it("after the third try its modal opens and the outcome stays unclear; the modal's button asks the bank to reject first", () => {
      let state: FlowState = confirming();
      for (const [answeredAt, wakeAt] of [
        [NOW + 100, NOW + 600],
        [NOW + 700, NOW + 1_700],
      ] as const) {
        state = answer(state, { kind: 'confirm', result: err(apiError(503)) }, answeredAt).state;
        state = run(state, { type: 'tick' }, wakeAt).state;
      }
      expect(pending(state)?.attempt).to.equal(3);
      const last = answer(state, { kind: 'confirm', result: err(apiError(503)) }, NOW + 1_800);
      expect(pending(last.state)).to.equal(undefined);
      expect(last.state.decision).to.deep.equal({ kind: 'unclear' });
      expect(modals(last.state).base).to.equal('serviceUnavailable');
      const pressed = run(last.state, { type: 'modalPrimary' }, NOW + 2_000);
      expect(withoutWake(pressed.effects)).to.deep.equal([{ type: 'call', id: 12, call: { kind: 'reject' } }]);
      expect(pressed.state.phase.kind).to.equal('leaving');
      // Rejected: the bank recorded the rejection, access_denied is the truth.
      const rejected = answer(pressed.state, { kind: 'reject', result: ok({}) }, NOW + 2_100);
      expect(rejected.effects.filter((effect) => effect.type === 'leave')).to.deep.equal([{ type: 'leave', url: ACCESS_DENIED_URL }]);
      expect(rejected.state.decision).to.deep.equal({ kind: 'rejected' });
      // The bank refused the reject: it could not tell; the plain address (never access_denied after a possible code).
      const untold = answer(pressed.state, { kind: 'reject', result: err(apiError(400, 'invalid')) }, NOW + 2_100);
      expect(withoutWake(untold.effects)).to.deep.equal(leavingTo(REDIRECT_URI));
      expect(untold.state.phase.kind).to.equal('ended');
    });

    it('no try again past the deadline: an unclear answer 29.6 s after the first try opens its modal, the outcome unclear', () => {
      const { state, effects } = answer(confirming(), { kind: 'confirm', result: err(apiError(0)) }, NOW + 29_600);
      expect(withoutWake(effects)).to.deep.equal([]);
      expect(pending(state)).to.equal(undefined);
      expect(modals(state).base).to.equal('serviceUnavailable');
      expect(state.decision).to.deep.equal({ kind: 'unclear' });
    });

    it('the deadline is exclusive: a retry due 29.999 s after the first try goes, one due at 30 s does not', () => {
      const inTime = answer(confirming(), { kind: 'confirm', result: err(apiError(503)) }, NOW + 29_499);
      expect(pending(inTime.state)?.retryAtMs).to.equal(NOW + 29_999);
      const late = answer(confirming(), { kind: 'confirm', result: err(apiError(503)) }, NOW + 29_500);
      expect(pending(late.state)).to.equal(undefined);
      expect(modals(late.state).base).to.equal('serviceUnavailable');
    });

    it("the exit's reject too: a 503 waits and goes again; nothing else is asked meanwhile", () => {
      const first = answer(rejecting(), { kind: 'reject', result: err(apiError(503)) }, NOW + 100);
      expect(first.state.phase.kind).to.equal('leaving');
      expect(pending(first.state)?.retryAtMs).to.equal(NOW + 600);
      expect(first.effects).to.deep.equal([{ type: 'wakeAt', atMs: NOW + 600 }]);
      expect(run(first.state, { type: 'modalPrimary' }, NOW + 200).state).to.equal(first.state);
      const again = run(first.state, { type: 'tick' }, NOW + 600);
      expect(withoutWake(again.effects)).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'reject' } }]);
      expect(pending(again.state)?.attempt).to.equal(2);
    });

    it('the reject failing past its tries with nothing asked: Service unavailable over the step (its button returns with access_denied)', () => {
      const state = exhaust(rejecting(), 'reject', apiError(503));
      expect(state.phase.kind).to.equal('steps');
      expect(modals(state)).to.deep.equal(modalsWith('serviceUnavailable'));
      expect(withoutWake(run(state, { type: 'modalPrimary' }).effects)).to.deep.equal(leavingTo(ACCESS_DENIED_URL, 'rejected'));
    });

    it('the reject failing past its tries while the outcome is unclear: the plain address (DESIGN §3.11)', () => {
      const state = exhaust(rejecting({ kind: 'unclear' }), 'reject', apiError(503));
      expect(state.phase.kind).to.equal('ended');
    });

    it('only decisions are asked again: an unclear answer to the accounts opens its modal', () => {
      const before = pendingOn(flowState('selectProfile'), { kind: 'accounts' });
      const { state } = answer(before, { kind: 'accounts', result: err(apiError(503)) }, NOW + 100);
      expect(pending(state)).to.equal(undefined);
      expect(modals(state).base).to.equal('serviceUnavailable');
    });

    it('sendDueRetry on its own: nothing before the retry is due', () => {
      const waiting = asking(answer(confirming(), { kind: 'confirm', result: err(apiError(503)) }, NOW + 100).state);
      expect(sendDueRetry(at(waiting, NOW + 599))).to.equal(undefined);
      expect(sendDueRetry(confirming())).to.equal(undefined);
      expect(sendDueRetry(at(waiting, NOW + 600))?.state.nextCallId).to.equal(11);
    });
  });

  describe('decided elsewhere: the bank answers 409 consent_already_decided (another tab, or another key)', () => {
    for (const decision of ['approved', 'rejected', 'something else'] as const) {
      it(`to the confirmation, named "${decision}": "already completed" alone over the step, nothing timed, nothing asked again`, () => {
        const before = pendingOn(withModal(flowState('confirmation'), 'forgotUsername', 30, true), { kind: 'confirm' });
        const { state, effects } = answer(before, { kind: 'confirm', result: err(alreadyDecided(decision)) }, NOW + 100);
        expect(effects).to.deep.equal([{ type: 'wakeAt', atMs: undefined }]);
        expect(state.decision).to.deep.equal({ kind: 'elsewhere' });
        expect(state.phase).to.deep.equal({
          kind: 'decidedElsewhere',
          as: decision === 'something else' ? 'unknown' : decision,
          screen: { kind: 'flow', step: 'confirmation' },
        });
        expect(openModalsOf(state.phase)).to.deep.equal([{ name: 'alreadyCompleted' }]);
        expect(pending(state)).to.equal(undefined);
      });
    }

    const causes: [string, readonly string[]][] = [
      ['not JSON', ['oops']],
      ['no cause', []],
      ['JSON that is no record', ['"approved"']],
      ['a record without the decision', ['{"x":1}']],
    ];
    for (const [label, list] of causes) {
      it(`a cause that is ${label}: decided, the decision unknown`, () => {
        const { state } = answer(confirming(), { kind: 'confirm', result: err(apiError(409, 'consent_already_decided', list)) });
        expect(state.decision).to.deep.equal({ kind: 'elsewhere' });
        expect(state.phase).to.deep.include({ kind: 'decidedElsewhere', as: 'unknown' });
      });
    }

    it('a 409 to any call the journey waits for tells the same (the accounts, the consent read at start)', () => {
      const accountsState = answer(pendingOn(flowState('selectProfile'), { kind: 'accounts' }), {
        kind: 'accounts',
        result: err(alreadyDecided('rejected')),
      }).state;
      expect(accountsState.decision).to.deep.equal({ kind: 'elsewhere' });
      expect(accountsState.phase).to.deep.include({ kind: 'decidedElsewhere', as: 'rejected' });
      const starting = answer(pendingOn(startingState(), { kind: 'consentDetails' }), {
        kind: 'consentDetails',
        result: err(alreadyDecided('approved')),
      }).state;
      expect(starting.phase).to.deep.equal({ kind: 'decidedElsewhere', as: 'approved', screen: { kind: 'loading' } });
    });

    it('nothing else can start once told: Cancel, Back, Confirm, stepUnavailable, dismiss, the lapse', () => {
      const told = answer(confirming(), { kind: 'confirm', result: err(alreadyDecided('rejected')) }).state;
      for (const event of [
        { type: 'cancel' },
        { type: 'back' },
        { type: 'confirm' },
        { type: 'stepUnavailable' },
        { type: 'modalDismiss' },
        { type: 'activity' },
      ] as const) {
        expect(run(told, event).state, event.type).to.equal(told);
      }
      expect(run(told, { type: 'tick' }, NOW + 10_000_000).effects).to.deep.equal([{ type: 'wakeAt', atMs: undefined }]);
    });

    it('409 "approved" to our own reject (an approval this tab asked whose answer was lost): committed; its code is asked again with the same key, still leaving', () => {
      const before = rejecting({ kind: 'unclear' });
      const { state, effects } = answer(before, { kind: 'reject', result: err(alreadyDecided('approved')) });
      expect(withoutWake(effects)).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'confirm' } }]);
      expect(state.decision).to.deep.equal({ kind: 'committed' });
      expect(phaseOf(state, 'leaving').call).to.deep.equal(sentCall(10, { kind: 'confirm' }));
      const coded = answer(state, { kind: 'confirm', result: ok(CODE) });
      expect(coded.state.decision).to.deep.equal({ kind: 'approved' });
      expect(coded.state.phase).to.deep.include({ kind: 'confirmed', answer: CODE });
      expect(coded.state.phase.kind).to.equal('confirmed');
    });

    it("the committed approval's code refused while leaving: the plain address, nothing rejected (never access_denied)", () => {
      const asked = answer(rejecting({ kind: 'unclear' }), { kind: 'reject', result: err(alreadyDecided('approved')) }).state;
      const { state, effects } = answer(asked, { kind: 'confirm', result: err(apiError(400, 'refused')) });
      expect(withoutWake(effects)).to.deep.equal(leavingTo(REDIRECT_URI));
      expect(state.phase.kind).to.equal('ended');
      expect(state.decision).to.deep.equal({ kind: 'committed' });
    });

    it("the committed approval's code answered 503: asked again (same key); past its tries, the plain address", () => {
      const asked = answer(rejecting({ kind: 'unclear' }), { kind: 'reject', result: err(alreadyDecided('approved')) }).state;
      const first = answer(asked, { kind: 'confirm', result: err(apiError(503)) }, NOW + 100).state;
      expect(pending(first)?.retryAtMs).to.equal(NOW + 600);
      const ended = exhaust(asked, 'confirm', apiError(503));
      expect(ended.phase.kind).to.equal('ended');
    });

    it('the code of a committed approval asked on a step and refused: Service unavailable, whose button returns to the plain address', () => {
      const before = confirming({ decision: { kind: 'committed' } });
      const refused = answer(before, { kind: 'confirm', result: err(apiError(400, 'refused')) }).state;
      expect(modals(refused).base).to.equal('serviceUnavailable');
      expect(refused.decision).to.deep.equal({ kind: 'committed' });
      expect(withoutWake(run(refused, { type: 'modalPrimary' }).effects)).to.deep.equal(leavingTo(REDIRECT_URI));
    });

    it('409 "rejected" to our own reject: told, the approval not asked (it was not committed)', () => {
      const { state, effects } = answer(rejecting({ kind: 'unclear' }), { kind: 'reject', result: err(alreadyDecided('rejected')) });
      expect(effects, 'leaving had no wake').to.deep.equal([]);
      expect(state.decision).to.deep.equal({ kind: 'elsewhere' });
      expect(state.phase).to.deep.equal({ kind: 'decidedElsewhere', as: 'rejected', screen: { kind: 'flow', step: 'confirmation' } });
    });

    it('409 "approved" to a reject when this journey asked no approval (another tab did): told, nothing asked', () => {
      const { state, effects } = answer(rejecting({ kind: 'none' }), { kind: 'reject', result: err(alreadyDecided('approved')) });
      expect(effects, 'leaving had no wake').to.deep.equal([]);
      expect(state.decision).to.deep.equal({ kind: 'elsewhere' });
      expect(state.phase).to.deep.include({ kind: 'decidedElsewhere', as: 'approved' });
    });

    it('but a 409 "approved" to the confirmation itself is told, not asked a third time', () => {
      const { state } = answer(confirming(), { kind: 'confirm', result: err(alreadyDecided('approved')) });
      expect(state.decision).to.deep.equal({ kind: 'elsewhere' });
      expect(state.phase).to.deep.include({ kind: 'decidedElsewhere', as: 'approved' });
      expect(topModalOf(state.phase)?.name).to.equal('alreadyCompleted');
    });

    it('decidedElsewhere on its own: a committed approval finding "approved" on another call asks the code again; "unknown" is told', () => {
      const committed = pendingOn(flowState('confirmation', { decision: { kind: 'committed' } }), { kind: 'accounts' });
      expect(pending(decidedElsewhere(committed, alreadyDecided('approved')).state)?.call).to.deep.equal({ kind: 'confirm' });
      expect(decidedElsewhere(committed, alreadyDecided('maybe')).state.phase).to.deep.include({ kind: 'decidedElsewhere', as: 'unknown' });
      expect(screenOf(decidedElsewhere(committed, alreadyDecided('maybe')).state.phase)).to.deep.equal({ kind: 'flow', step: 'confirmation' });
    });
  });

  describe('an approval made before a reload (DESIGN §3.11)', () => {
    const replaying = (): FlowState => run(run(loadingState(), launched('approve')).state, { type: 'verified', id: 1, result: ok(tokenPayload()) }).state;

    it('is asked again with its key first, instead of the consent; its code is the success', () => {
      const before = run(loadingState(), launched('approve'));
      expect(before.state.decision).to.deep.equal({ kind: 'unclear' });
      const verified = run(before.state, { type: 'verified', id: 1, result: ok(tokenPayload()) });
      expect(withoutWake(verified.effects)).to.deep.equal([
        { type: 'storeToken', jwt: JWT },
        { type: 'call', id: 2, call: { kind: 'confirm' } },
      ]);
      expect(verified.state.phase.kind).to.equal('starting');
      const { state } = answer(verified.state, { kind: 'confirm', result: ok(CODE) });
      expect(state.decision).to.deep.equal({ kind: 'approved' });
      expect(state.phase).to.deep.equal({ kind: 'confirmed', answer: CODE, returnAtMs: NOW + 2_500, screen: { kind: 'loading' } });
    });

    it('refused by the bank (a 4xx with its envelope): the journey starts as usual with the consent, and the outcome stays unclear (the try before the reload may have committed)', () => {
      const { state, effects } = answer(replaying(), { kind: 'confirm', result: err(apiError(400, 'A05')) });
      expect(withoutWake(effects)).to.deep.equal([{ type: 'call', id: 3, call: { kind: 'consentDetails' } }]);
      expect(state.decision).to.deep.equal({ kind: 'unclear' });
      expect(state.phase.kind).to.equal('starting');
    });

    it('a 500 is asked again (it proves nothing); past its tries, the journey starts as usual, the outcome unclear', () => {
      const first = answer(replaying(), { kind: 'confirm', result: err(apiError(500, 'server_error')) }, NOW + 100).state;
      expect(pending(first)?.retryAtMs).to.equal(NOW + 600);
      const state = exhaust(replaying(), 'confirm', apiError(500, 'server_error'));
      expect(pending(state)?.call).to.deep.equal({ kind: 'consentDetails' });
      expect(state.decision).to.deep.equal({ kind: 'unclear' });
    });

    it('no answer: the journey starts as usual, the outcome unclear; the login step then shows (no pre-rendered form while replaying)', () => {
      const state = exhaust(replaying(), 'confirm', apiError(0));
      expect(state.decision).to.deep.equal({ kind: 'unclear' });
      const onLogin = answer(state, { kind: 'consentDetails', result: ok(bankConsent()) }).state;
      expect(phaseOf(onLogin, 'steps').step).to.equal('login');
      expect(onLogin.decision).to.deep.equal({ kind: 'unclear' });
    });

    it('the consent then read answers 409 "approved": the approval is this tab\'s, committed; its code is asked while starting', () => {
      const reading = exhaust(replaying(), 'confirm', apiError(0));
      const { state, effects } = answer(reading, { kind: 'consentDetails', result: err(alreadyDecided('approved')) });
      expect(withoutWake(effects)).to.deep.equal([{ type: 'call', id: 6, call: { kind: 'confirm' } }]);
      expect(state.decision).to.deep.equal({ kind: 'committed' });
      expect(state.phase.kind).to.equal('starting');
      // Its code, or (DESIGN §3.11) Service unavailable over the loading screen, whose button returns to the plain address.
      expect(answer(state, { kind: 'confirm', result: ok(CODE) }).state.phase.kind).to.equal('confirmed');
      const failed = answer(state, { kind: 'confirm', result: err(apiError(400, 'refused')) }).state;
      expect(failed.phase.kind).to.equal('starting');
      expect(modals(failed)).to.deep.equal(modalsWith('serviceUnavailable'));
      expect(withoutWake(run(failed, { type: 'modalPrimary' }).effects)).to.deep.equal(leavingTo(REDIRECT_URI));
    });

    it('a new Confirm after the replay, refused by the bank on its own first try: the outcome stays unclear (the try before the reload may have committed: same key)', () => {
      const reading = answer(replaying(), { kind: 'confirm', result: err(apiError(400, 'A05')) }).state;
      const onReview = { ...flowState('confirmation', { decision: reading.decision, nextCallId: reading.nextCallId }) };
      const sent = run(onReview, { type: 'confirm' }).state;
      expect(pending(sent)?.attempt).to.equal(1);
      const { state } = answer(sent, { kind: 'confirm', result: err(apiError(400, 'A05')) });
      expect(state.decision).to.deep.equal({ kind: 'unclear' });
      expect(modals(state)).to.deep.equal(modalsWith('serviceUnavailable'));
      expect(pending(run(state, { type: 'modalPrimary' }).state)?.call, 'its button asks the bank to reject first').to.deep.equal({ kind: 'reject' });
    });

    it('a rejection made before the reload is not replayed: the consent is read as usual, nothing asked of the decision', () => {
      const verified = run(run(loadingState(), launched('reject')).state, { type: 'verified', id: 1, result: ok(tokenPayload()) });
      expect(withoutWake(verified.effects)).to.deep.equal([
        { type: 'storeToken', jwt: JWT },
        { type: 'call', id: 2, call: { kind: 'consentDetails' } },
      ]);
      expect(verified.state.decision).to.deep.equal({ kind: 'none' });
    });
  });

  describe('offline (DESIGN §3.15 "Offline is a state, not an error")', () => {
    it('a call started offline is held, not sent; it goes, with a new id, when the connection is back', () => {
      const offline = run(flowState('confirmation'), { type: 'connectivity', online: false }).state;
      expect(offline.online).to.equal(false);
      const started = run(offline, { type: 'confirm' });
      expect(withoutWake(started.effects)).to.deep.equal([]);
      expect(pending(started.state)).to.deep.equal({ ...sentCall(10, { kind: 'confirm' }), held: true });
      expect(started.state.decision, 'an approval held is not sent: still asked').to.deep.equal({ kind: 'unclear' });
      const back = run(started.state, { type: 'connectivity', online: true });
      expect(withoutWake(back.effects)).to.deep.equal([{ type: 'call', id: 11, call: { kind: 'confirm' } }]);
      expect(pending(back.state)?.held).to.equal(false);
    });

    it('no answer while offline is no failure: the call is held and sent again when back', () => {
      const before = pendingOn(flowState('selectProfile', { online: false }), { kind: 'accounts' });
      const { state } = answer(before, { kind: 'accounts', result: err(apiError(0)) });
      expect(pending(state)?.held).to.equal(true);
      expect(modals(state).base).to.equal(undefined);
      expect(withoutWake(run(state, { type: 'connectivity', online: true }).effects)).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'accounts' } }]);
    });

    it('the same while starting and while leaving', () => {
      const starting = answer(pendingOn(startingState({ online: false }), { kind: 'consentDetails' }), {
        kind: 'consentDetails',
        result: err(apiError(0)),
      }).state;
      expect(pending(starting)?.held).to.equal(true);
      expect(starting.phase.kind).to.equal('starting');
      const leaving = answer(leavingState('login', 'preIdentification', { online: false }), { kind: 'reject', result: err(apiError(0)) }).state;
      expect(pending(leaving)?.held).to.equal(true);
      expect(leaving.phase.kind).to.equal('leaving');
    });

    it('an answer with a status while offline is an answer, not a lost one: nothing held, its modal opens', () => {
      const before = pendingOn(flowState('selectProfile', { online: false }), { kind: 'accounts' });
      const { state } = answer(before, { kind: 'accounts', result: err(apiError(500, 'server_error')) });
      expect(pending(state)).to.equal(undefined);
      expect(modals(state).base).to.equal('serviceUnavailable');
    });

    it('a login whose answer was lost offline goes back to the form (a login is not sent twice), saying so', () => {
      const before = pendingOn(flowState('login', { online: false }), {
        kind: 'authenticate',
        request: { authType: 'SECURE_CODE', username: 'jane', secureCode: '123456' },
      });
      const { state } = answer(before, { kind: 'authenticate', result: err(apiError(0)) });
      expect(pending(state)).to.equal(undefined);
      expect(state.journey.login.answerLost).to.equal(true);
      expect(modals(state).base).to.equal(undefined);
    });

    it('the keep-alive is not sent offline; back online with nothing held, nothing is sent', () => {
      const warned = run(flowState('selectAccounts', { online: false }), { type: 'tick' }, NOW + 250_000).state;
      const extended = run(warned, { type: 'modalPrimary' }, NOW + 251_000);
      expect(withoutWake(extended.effects)).to.deep.equal([]);
      expect(modals(extended.state).timeoutSeconds).to.equal(undefined);
      expect(withoutWake(run(extended.state, { type: 'connectivity', online: true }).effects)).to.deep.equal([]);
    });

    it('the connection is noted in every phase that takes it, even with nothing to send', () => {
      for (const before of [failedState('incorrect_jwt'), confirmedState(), leavingState('login', 'preIdentification')]) {
        const { state } = run(before, { type: 'connectivity', online: false });
        expect(state.online, before.phase.kind).to.equal(false);
        expect(state.phase).to.equal(before.phase);
      }
      const offline = flowState('login', { online: false });
      expect(onConnectivity(offline, true).state.online).to.equal(true);
      expect(onConnectivity(offline, true).effects).to.deep.equal([]);
    });
  });

  describe('the clock is judged before the event (a throttled tab)', () => {
    it('a Confirm that comes after the lapse the tick missed meets the lapse: the consent is rejected, not confirmed', () => {
      const { state, effects } = run(flowState('confirmation'), { type: 'confirm' }, NOW + 300_000);
      expect(withoutWake(effects)).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'reject' } }]);
      expect(state.decision).to.deep.equal({ kind: 'none' });
      expect(state.phase.kind).to.equal('leaving');
    });

    it('a Confirm that comes after the warning was due meets the warning: the page behind it is inert', () => {
      const { state, effects } = run(flowState('confirmation'), { type: 'confirm' }, NOW + 299_999);
      expect(withoutWake(effects)).to.deep.equal([]);
      expect(modals(state)).to.deep.equal(modalsWith(undefined, 1));
    });

    it('a Confirm before the warning is sent, and no lapse ends it', () => {
      const { state, effects } = run(flowState('confirmation'), { type: 'confirm' }, NOW + 239_999);
      expect(withoutWake(effects)).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'confirm' } }]);
      expect(pending(run(state, { type: 'tick' }, NOW + 300_500).state)?.call).to.deep.equal({ kind: 'confirm' });
    });

    it('an event that changes nothing keeps the very state, its clock too', () => {
      const login = flowState('login');
      expect(run(login, { type: 'describe', text: 'ignored off the review' }, NOW + 5).state).to.equal(login);
      const before = flowState('confirmation');
      expect(run(before, { type: 'activity' }, NOW + 5).state).to.deep.equal({
        ...at(before, NOW + 5),
        wakeAtMs: NOW + 240_005,
        phase: { ...phaseOf(before, 'steps'), lastActivityMs: NOW + 5 },
      });
    });
  });

  it('failure pages take no answer: a late one changes nothing', () => {
    const before = failedState('consent_fetch_failure');
    const result = run(before, { type: 'answered', id: 9, answer: { kind: 'reject', result: ok({}) } });
    expect(result.state).to.equal(before);
  });
});
