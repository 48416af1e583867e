// DESIGN §3.18 (issue 23): an ending the customer did not choose (the inactivity lapse, the token's
// expiry) says so before the exit: the ending notice (sessionEndedInactive / sessionEndedExpired)
// shows for ENDING_NOTICE_MS, then the one exit it announced (DESIGN §3.2) is taken; its button
// (returnNow) or Back takes it at once. At its start the token is forgotten but the decision keys
// kept (DESIGN §3.3: a reload while it shows must still know an approval was asked).
import { expect } from 'chai';
import { copy, modalText } from '../../domain/copy';
import type { FlowEvent } from '../../domain/flow-events';
import { ENDING_NOTICE_MS, EXIT_OFFER_MS, leaveAfterNotice } from '../../domain/flow-exits';
import type { BankDecision } from '../../domain/bank-decision';
import type { FlowState } from '../../domain/flow-state';
import { nextWakeMs } from '../../domain/flow-model';
import { inState } from '../support/in-state';
import { isFinished, modalButtonsBusy, openModalsOf, pageIsActionable, screenOf, topModalOf } from '../../domain/flow-view';
import { knownOutcome } from '../../domain/outcome';
import {
  ACCESS_DENIED_URL,
  NOW,
  REDIRECT_URI,
  STATE,
  answer,
  apiError,
  err,
  flowState,
  endedPhase,
  leavingTo,
  leftFor,
  ok,
  pendingOn,
  phaseOf,
  run,
  startingState,
  token,
  withModal,
  withoutWake,
} from './fixtures/flow-state.fixture';

/** Inactivity: 300 s limit (CONFIG): the lapse at NOW + 300 s. */
const LAPSE_MS = NOW + 300_000;
/** The token of these tests expires 100 s after NOW. */
const EXP_MS = NOW + 100_000;
const shortToken = () => token({ exp: EXP_MS / 1000 });
const TPP = 'Budget Buddy';

/** The notice's start: the token forgotten, the decision keys kept; the wake at its return. */
const noticeStart = (atMs: number) => [
  { type: 'clearToken', keepDecisionKeys: true },
  { type: 'wakeAt', atMs: atMs + ENDING_NOTICE_MS },
];

/** The lapse on the account step at LAPSE_MS: the bank asked to reject (call id 10), the lapse explained later. */
const lapsed = (decision: BankDecision = { kind: 'none' }): FlowState => run(flowState('selectAccounts', { decision }), { type: 'tick' }, LAPSE_MS).state;

/** The lapse, the bank's rejection answered at LAPSE_MS + 1 s: the inactivity notice. */
const inactivityNotice = (redirectUri?: string): FlowState =>
  answer(lapsed(), { kind: 'reject', result: ok(redirectUri === undefined ? {} : { redirect_uri: redirectUri }) }, LAPSE_MS + 1_000).state;

/** The token's expiry on the account step: the expiry notice, from EXP_MS. */
const expiryNotice = (decision: BankDecision = { kind: 'none' }): FlowState =>
  run(flowState('selectAccounts', { token: shortToken(), decision }), { type: 'tick' }, EXP_MS).state;

/** What the notice's modal says, in the words of the outcome the journey knows (DESIGN §3.16). */
function said(state: FlowState): string {
  const top = topModalOf(state.phase);
  if (top === undefined) throw new Error('no modal');
  const context = { tppName: TPP, isPar: false, outcome: knownOutcome(state.decision, state.journey.token !== undefined) };
  return copy.modals[top.name].paragraphs.map((paragraph) => modalText(paragraph, context)).join(' ');
}

describe('domain/flow-exits: the ending notice (DESIGN §3.18, issue 23)', () => {
  describe('the inactivity lapse', () => {
    it('the lapse asks the bank to reject first (spec §4), the ending to be explained; no notice yet, nothing forgotten', () => {
      const state = lapsed();
      expect(phaseOf(state, 'leaving')).to.include({ explain: 'inactivity', stage: 'preAccountSelection' });
      expect(run(flowState('selectAccounts'), { type: 'tick' }, LAPSE_MS).effects.map((effect) => effect.type)).to.not.include('clearToken');
    });

    it('the rejection answered: the notice sessionEndedInactive over the step, the token forgotten but the decision keys kept, no exit yet', () => {
      const before = lapsed();
      const { state, effects } = answer(before, { kind: 'reject', result: ok({}) }, LAPSE_MS + 1_000);
      expect(effects).to.deep.equal(noticeStart(LAPSE_MS + 1_000));
      expect(state.phase).to.deep.equal({
        kind: 'endingNotice',
        reason: 'inactivity',
        url: ACCESS_DENIED_URL,
        stage: 'preAccountSelection',
        returnAtMs: LAPSE_MS + 1_000 + ENDING_NOTICE_MS,
        screen: { kind: 'flow', step: 'selectAccounts' },
      });
      expect(state.decision).to.deep.equal({ kind: 'rejected' });
      expect(openModalsOf(state.phase)).to.deep.equal([{ name: 'sessionEndedInactive' }]);
      expect(screenOf(state.phase)).to.deep.equal({ kind: 'flow', step: 'selectAccounts' });
    });

    it("the rejection's own address, when the token allows it (DESIGN §3.12), is where the notice returns", () => {
      expect(phaseOf(inactivityNotice(REDIRECT_URI), 'endingNotice').url).to.equal(ACCESS_DENIED_URL);
      const other = phaseOf(inactivityNotice('https://elsewhere.example/cb'), 'endingNotice');
      expect(other.url, "an address the token does not allow: the token's").to.equal(ACCESS_DENIED_URL);
    });

    it("the rejection refused while an approval's outcome is unclear: the notice, returning to the plain address, no abandonment (DESIGN §3.11)", () => {
      const { state, effects } = answer(lapsed({ kind: 'unclear' }), { kind: 'reject', result: err(apiError(400, 'invalid')) }, LAPSE_MS + 1_000);
      expect(effects).to.deep.equal(noticeStart(LAPSE_MS + 1_000));
      expect(phaseOf(state, 'endingNotice')).to.include({ reason: 'inactivity', url: REDIRECT_URI, stage: undefined });
      expect(said(state)).to.contain('We could not confirm whether your data sharing was set up.');
    });

    it('the rejection refused outright while nothing was asked: Service unavailable over the step (the customer then chooses); no notice', () => {
      const { state, effects } = answer(lapsed(), { kind: 'reject', result: err(apiError(400, 'invalid')) }, LAPSE_MS + 1_000);
      expect(withoutWake(effects)).to.deep.equal([]);
      expect(topModalOf(state.phase)).to.deep.equal({ name: 'serviceUnavailable' });
    });

    it("the bank holds this journey's approval (committed): nothing to reject; the notice at once, to the plain address", () => {
      const { state, effects } = run(flowState('selectAccounts', { decision: { kind: 'committed' } }), { type: 'tick' }, LAPSE_MS);
      expect(effects).to.deep.equal(noticeStart(LAPSE_MS));
      expect(phaseOf(state, 'endingNotice')).to.include({ reason: 'inactivity', url: REDIRECT_URI, stage: undefined });
    });

    it("the outcome it may state: nothing shared after the bank's rejection; unknown or not handed on when the bank may hold the approval", () => {
      expect(said(inactivityNotice())).to.contain('No data has been shared.');
      const committed = run(flowState('selectAccounts', { decision: { kind: 'committed' } }), { type: 'tick' }, LAPSE_MS).state;
      expect(said(committed)).to.contain(`Your data sharing was confirmed, but we could not pass the result to ${TPP}.`);
      expect(said(committed)).to.not.contain('No data has been shared');
      expect(said(inactivityNotice())).to.contain('no activity');
    });
  });

  describe("the token's expiry", () => {
    it('at exp: the notice sessionEndedExpired over the step (no bank call: the token can no longer call it), the keys kept', () => {
      const { state, effects } = run(flowState('selectAccounts', { token: shortToken() }), { type: 'tick' }, EXP_MS);
      expect(effects).to.deep.equal(noticeStart(EXP_MS));
      expect(state.phase).to.deep.equal({
        kind: 'endingNotice',
        reason: 'tokenExpiry',
        url: ACCESS_DENIED_URL,
        stage: 'preAccountSelection',
        returnAtMs: EXP_MS + ENDING_NOTICE_MS,
        screen: { kind: 'flow', step: 'selectAccounts' },
      });
      expect(openModalsOf(state.phase)).to.deep.equal([{ name: 'sessionEndedExpired' }]);
    });

    it('while starting: the notice over the loading screen', () => {
      const reading = pendingOn(startingState({ token: shortToken() }), { kind: 'consentDetails' });
      const state = run(reading, { type: 'tick' }, EXP_MS).state;
      expect(phaseOf(state, 'endingNotice')).to.include({ reason: 'tokenExpiry', stage: 'preIdentification' });
      expect(screenOf(state.phase)).to.deep.equal({ kind: 'loading' });
    });

    it('when the bank may hold the approval (unclear): the plain address, no abandonment, and the modal says the outcome is unknown', () => {
      const state = expiryNotice({ kind: 'unclear' });
      expect(phaseOf(state, 'endingNotice')).to.include({ url: REDIRECT_URI, stage: undefined });
      expect(said(state)).to.contain('We could not confirm whether your data sharing was set up.');
    });

    it('the outcome it may state when nothing was asked: nothing shared; the time has run out', () => {
      const state = expiryNotice();
      expect(knownOutcome(state.decision, state.journey.token !== undefined)).to.equal('nothingShared');
      expect(said(state)).to.contain('No data has been shared.');
      expect(said(state)).to.contain(`The time allowed for ${TPP}'s request has run out.`);
    });
  });

  describe('the notice leaves: after 5 s, or at once by returnNow (its button) or Back; exactly one exit', () => {
    for (const [name, notice, stage] of [
      ['inactivity', inactivityNotice, 'preAccountSelection'],
      ['token expiry', expiryNotice, 'preAccountSelection'],
    ] as const) {
      it(`${name}: nothing before its time; at ${ENDING_NOTICE_MS} ms the exit it announced, the token and its keys forgotten, the abandonment reported`, () => {
        const before = notice();
        const returnAt = phaseOf(before, 'endingNotice').returnAtMs;
        expect(before.wakeAtMs).to.equal(returnAt);
        expect(nextWakeMs(before, returnAt - 1)).to.equal(returnAt);
        const early = run(before, { type: 'tick' }, returnAt - 1);
        expect(early.state).to.deep.equal(before);
        expect(early.effects).to.deep.equal([{ type: 'wakeAt', atMs: returnAt }]);
        const { state, effects } = run(before, { type: 'tick' }, returnAt);
        expect(effects).to.deep.equal(leftFor(ACCESS_DENIED_URL, returnAt, stage));
        expect(state.phase).to.deep.equal(endedPhase({ kind: 'flow', step: 'selectAccounts' }, openModalsOf(before.phase), ACCESS_DENIED_URL, returnAt));
      });

      for (const event of [{ type: 'modalPrimary' }, { type: 'browserBack' }] as const) {
        it(`${name}: ${event.type} returns at once, the same exit`, () => {
          const before = notice();
          const { state, effects } = run(before, event, phaseOf(before, 'endingNotice').returnAtMs - 4_000);
          expect(withoutWake(effects)).to.deep.equal(leavingTo(ACCESS_DENIED_URL, stage));
          expect(state.phase.kind).to.equal('ended');
        });
      }

      it(`${name}: after the exit, its time, its button and Back do nothing (one exit, DESIGN §3.2); a page still here ${EXIT_OFFER_MS} ms later offers the same exit`, () => {
        const before = notice();
        const returnAt = phaseOf(before, 'endingNotice').returnAtMs;
        const leftAt = returnAt - 1_000;
        const ended = run(before, { type: 'modalPrimary' }, leftAt).state;
        for (const event of [{ type: 'modalPrimary' }, { type: 'browserBack' }] as const) {
          const result = run(ended, event, leftAt + EXIT_OFFER_MS - 1);
          expect(result.state).to.equal(ended);
          expect(result.effects).to.deep.equal([]);
        }
        expect(withoutWake(run(ended, { type: 'tick' }, returnAt).effects)).to.deep.equal([]);
        const offered = run(ended, { type: 'tick' }, leftAt + EXIT_OFFER_MS);
        expect(openModalsOf(offered.state.phase).at(-1)).to.deep.equal({ name: 'exitNotTaken' });
        expect(withoutWake(run(offered.state, { type: 'browserBack' }, leftAt + EXIT_OFFER_MS + 1).effects)).to.deep.equal([]);
        expect(run(offered.state, { type: 'modalPrimary' }, leftAt + EXIT_OFFER_MS + 1).effects).to.deep.equal([{ type: 'leave', url: ACCESS_DENIED_URL }]);
      });
    }

    it('a late tick (a throttled tab) long after the time: the exit once', () => {
      const before = expiryNotice();
      const { effects } = run(before, { type: 'tick' }, EXP_MS + 3_600_000);
      expect(effects.filter((effect) => effect.type === 'leave')).to.have.length(1);
    });

    it('no abandonment when the notice returns to the plain address (the bank may hold the approval)', () => {
      const before = expiryNotice({ kind: 'unclear' });
      expect(withoutWake(run(before, { type: 'modalPrimary' }).effects)).to.deep.equal(leavingTo(REDIRECT_URI));
    });

    it("leaveAfterNotice on its own: the ended phase keeps what was on screen and the notice's modal", () => {
      const before = expiryNotice();
      const notice = phaseOf(before, 'endingNotice');
      const { state, effects } = leaveAfterNotice(inState(before, 'endingNotice'));
      expect(effects).to.deep.equal(leavingTo(ACCESS_DENIED_URL, 'preAccountSelection'));
      expect(state).to.deep.equal({ ...before, phase: endedPhase(notice.screen, [{ name: 'sessionEndedExpired' }], ACCESS_DENIED_URL, before.nowMs) });
      const plain = leaveAfterNotice({ ...inState(before, 'endingNotice'), phase: { ...notice, stage: undefined, url: REDIRECT_URI as never } });
      expect(plain.effects).to.deep.equal(leavingTo(REDIRECT_URI));
    });
  });

  describe('what the notice ignores (DESIGN §3.9: the very same state, no effects)', () => {
    const IGNORED: readonly FlowEvent[] = [
      { type: 'usernameTyped', value: 'jane' },
      { type: 'secureCodeTyped', value: '123456' },
      { type: 'dateOfBirthTyped', parts: { day: '1' } },
      { type: 'submitLogin' },
      { type: 'openHelp', modal: 'forgotUsername' },
      { type: 'chooseProfile', id: 'PERSONAL' },
      { type: 'toggleAccount', id: 'acc-0001' },
      { type: 'toggleSubAccount', parentId: 'x', subId: 'y' },
      { type: 'toggleAll' },
      { type: 'describe', text: 'x' },
      { type: 'continue' },
      { type: 'back' },
      { type: 'confirm' },
      { type: 'cancel' },
      { type: 'modalDismiss' },
      { type: 'leaveFailurePage' },
      { type: 'stepUnavailable' },
      { type: 'activity' },
      { type: 'launched', route: 'demo_accc_aisp', jwtFromAddress: undefined, jwtFromStorage: 'a.b.c', errorParam: undefined, decided: 'approve' },
      { type: 'verified', id: 10, result: ok({}) },
      { type: 'answered', id: 10, answer: { kind: 'reject', result: ok({}) } },
      { type: 'answered', id: 9, answer: { kind: 'confirm', result: ok({ auth_code: 'late', state: STATE }) } },
    ];

    for (const [name, notice] of [
      ['inactivity', inactivityNotice],
      ['token expiry', expiryNotice],
    ] as const) {
      it(`${name}: the customer's other events, a relaunch, a verification and late answers (a code too) change nothing before its time`, () => {
        const before = notice();
        const now = phaseOf(before, 'endingNotice').returnAtMs - 1;
        for (const event of IGNORED) {
          const result = run(before, event, now);
          expect(result.state, event.type).to.equal(before);
          expect(result.effects, event.type).to.deep.equal([]);
        }
      });
    }

    it('activity does not extend it (the session has ended): the exit still at its time', () => {
      const before = inactivityNotice();
      const returnAt = phaseOf(before, 'endingNotice').returnAtMs;
      const after = run(before, { type: 'activity' }, returnAt - 1).state;
      expect(run(after, { type: 'tick' }, returnAt).state.phase.kind).to.equal('ended');
    });

    it('the connection lost or back: noted, no exit, the notice unchanged', () => {
      const before = expiryNotice();
      const { state, effects } = run(before, { type: 'connectivity', online: false }, EXP_MS + 1);
      expect(state.online).to.equal(false);
      expect(state.phase).to.equal(before.phase);
      expect(effects.map((effect) => effect.type)).to.not.include('leave');
    });

    it('its page is finished: nothing on it can be used, and its buttons are not busy', () => {
      const state = expiryNotice();
      expect(isFinished(state)).to.equal(true);
      expect(pageIsActionable(state)).to.equal(false);
      expect(modalButtonsBusy(state)).to.equal(false);
    });

    // flow-exits.ts pressMain: returnNow, returnWithSuccess and returnAsDecided belong to their phases' own buttons.
    it("a step's main button never acts for the notice's modal (nor the success's or \"already completed\"), were one in its stack", () => {
      for (const name of ['sessionEndedInactive', 'sessionEndedExpired', 'successConfirm', 'alreadyCompleted'] as const) {
        const before = withModal(flowState('login'), name);
        const result = run(before, { type: 'modalPrimary' });
        expect(result.state, name).to.equal(before);
        expect(result.effects, name).to.deep.equal([]);
      }
    });

    it('a help text open when the lapse came: the notice replaces everything on top', () => {
      const withHelp = run(withModal(flowState('login', { decision: { kind: 'committed' } }), 'forgotUsername'), { type: 'tick' }, LAPSE_MS).state;
      expect(openModalsOf(withHelp.phase)).to.deep.equal([{ name: 'sessionEndedInactive' }]);
    });
  });
});
