// DESIGN §3.18 (issue 23, revised by issue 33 item 4): the browser's (the phone's) Back button.
// From the first step on it is the journey's (the `guardBack` effect): where the page has Back it
// is that Back; where it has none it asks the leave question with staying as its main button; it
// closes a modal that can be closed; and where the page's one button leaves anyway it is that button.
import { expect } from 'chai';
import { copy } from '../../domain/copy';
import { stepButtons, type Step } from '../../domain/flow';
import type { FlowEvent } from '../../domain/flow-events';
import type { FlowState } from '../../domain/flow-state';
import {
  ACCESS_DENIED_URL,
  accounts,
  ALL_FLAGS,
  JWT,
  NOW,
  PUBLIC_SITE,
  REDIRECT_URI,
  answer,
  bankConsent,
  confirmedState,
  confirming,
  decidedElsewhereState,
  failedState,
  flowState,
  leavingState,
  leavingTo,
  loadingState,
  modals,
  modalsWith,
  ok,
  overridesFor,
  stepUnder,
  pendingOn,
  phaseOf,
  run,
  runAll,
  token,
  tokenPayload,
  withModal,
  withoutWake,
} from './fixtures/flow-state.fixture';

const BACK: FlowEvent = { type: 'browserBack' };
const STEPS: readonly Step[] = ['login', 'selectProfile', 'selectAccounts', 'confirmation'];
const LAUNCH: FlowEvent = {
  type: 'launched',
  route: 'demo_accc_aisp',
  jwtFromAddress: JWT,
  jwtFromStorage: undefined,
  errorParam: undefined,
  decided: undefined,
};

/** The pre-rendered login form while the token is verified (issue 15): the launch's verify (id 1) under way. */
const verifying = (): FlowState => run(loadingState(), LAUNCH).state;
/** The pre-rendered form while the consent is read (id 2 under way). */
const readingConsent = (): FlowState => run(verifying(), { type: 'verified', id: 1, result: ok(tokenPayload()) }).state;

/** Back and the event it stands for give the very same result (DESIGN §3.18: "it asks, as Cancel does"). */
function expectSameAs(before: FlowState, event: FlowEvent, nowMs: number = NOW): void {
  expect(run(before, BACK, nowMs), `${before.phase.kind}: Back as ${event.type}`).to.deep.equal(run(before, event, nowMs));
}

/** Back changes nothing: the very same state, no effects (DESIGN §3.9). */
function expectIgnored(before: FlowState, nowMs: number = NOW): void {
  const result = run(before, BACK, nowMs);
  expect(result.state, before.phase.kind).to.equal(before);
  expect(result.effects, before.phase.kind).to.deep.equal([]);
}

describe("domain/flow-exits: the browser's Back button (DESIGN §3.18, issue 23)", () => {
  describe("on a step: the page's Back where the page has one, else the leave question, staying by default (issue 33 item 4)", () => {
    for (const step of STEPS) {
      for (const flags of ALL_FLAGS()) {
        const offersBack = stepButtons(step, flags).back !== undefined;
        it(`on ${step} (${JSON.stringify(flags)}): ${offersBack ? "the page's Back" : "the leave question of the phone's Back, nothing sent"}`, () => {
          const before = stepUnder(step, flags);
          if (offersBack) {
            expectSameAs(before, { type: 'back' });
            expect(modals(run(before, BACK).state).base).to.not.be.oneOf(['leaveOnBack', 'sharingIncomplete']);
            return;
          }
          const { state, effects } = run(before, BACK);
          expect(effects).to.deep.equal([]);
          expect(state).to.deep.equal(withModal(before, 'leaveOnBack'));
        });
      }
    }

    it("on the review of a new arrangement: Back goes to the accounts step (the account guard runs again, the ticks kept), as the page's Back; no question", () => {
      const before = flowState('confirmation');
      const { state, effects } = run(before, BACK);
      expect(withoutWake(effects)).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'accounts' } }]);
      expect(modals(state)).to.deep.equal(modalsWith(undefined));
      const shown = answer(state, { kind: 'accounts', result: ok(accounts()) });
      expect(phaseOf(shown.state, 'steps').step).to.equal('selectAccounts');
    });

    it("on the accounts step with several profiles: the change-profile warning, as the page's Back", () => {
      const before = flowState('selectAccounts', overridesFor({ skipStep: false, isPar: false, singleProfile: false }));
      expect(modals(run(before, BACK).state)).to.deep.equal(modalsWith('changeSelectedProfile'));
    });

    it('the question the phone\'s Back asks is Cancel\'s, with "No, stay" as its main button, shown first', () => {
      const back = copy.modals.leaveOnBack;
      const cancel = copy.modals.sharingIncomplete;
      expect([back.title, back.paragraphs, back.primary, back.secondary]).to.deep.equal([cancel.title, cancel.paragraphs, cancel.primary, cancel.secondary]);
      expect(back.secondary).to.equal('No, stay');
      expect(back.secondaryIsMain).to.equal(true);
      expect(cancel.secondaryIsMain, "Cancel's question: the customer chose to leave").to.equal(undefined);
    });

    it('"Yes, leave" after Back on the login: the active rejection Cancel leads to (the bank asked to reject, the stage "rejected")', () => {
      const { state, effects } = runAll(flowState('login'), [BACK, { type: 'modalPrimary' }]);
      expect(withoutWake(effects)).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'reject' } }]);
      expect(phaseOf(state, 'leaving')).to.include({ step: 'login', stage: 'rejected', explain: undefined });
    });

    it('does not restart the inactivity timer (Back is not activity: spec §4 lists mouse, key, scroll and touch)', () => {
      const before = flowState('login');
      const { state } = run(before, BACK, NOW + 10_000);
      expect(phaseOf(state, 'steps').lastActivityMs).to.equal(NOW);
    });
  });

  describe('with a modal open: Back closes what can be closed, never more', () => {
    for (const name of ['sharingIncomplete', 'leaveOnBack'] as const) {
      it(`the leave question open (${name}): Back closes it ("No, stay"); the step is back, nothing sent`, () => {
        const before = withModal(flowState('confirmation'), name);
        const { state, effects } = run(before, BACK);
        expect(effects).to.deep.equal([]);
        expect(modals(state)).to.deep.equal(modalsWith(undefined));
        expect(state.phase.kind).to.equal('steps');
        expectSameAs(before, { type: 'modalDismiss' });
      });
    }

    it('Back twice on a step without Back: the question, then closed again (it never leaves by itself)', () => {
      const before = flowState('selectAccounts');
      const { state, effects } = runAll(before, [BACK, BACK]);
      expect(effects).to.deep.equal([]);
      expect(state).to.deep.equal(before);
    });

    for (const name of ['forgotUsername', 'notRegistered', 'lostSecureKey', 'changeSelectedProfile', 'incorrectSecurityCodeLockout'] as const) {
      it(`${name} (closable): Back closes it, as its close button`, () => {
        const before = withModal(flowState(name === 'changeSelectedProfile' ? 'selectAccounts' : 'login'), name);
        const { state, effects } = run(before, BACK);
        expect(effects).to.deep.equal([]);
        expect(modals(state)).to.deep.equal(modalsWith(undefined));
        expectSameAs(before, { type: 'modalDismiss' });
      });
    }

    it('changeSelectedProfile: Back closes it without going back a step (its OK does that)', () => {
      const before = withModal(flowState('selectAccounts'), 'changeSelectedProfile');
      expect(phaseOf(run(before, BACK).state, 'steps').step).to.equal('selectAccounts');
    });

    it('the inactivity warning on top: Back extends the session as "Stay logged in" (the timer restarts, the bank\'s session kept alive)', () => {
      const before = withModal(flowState('login'), 'forgotUsername', 30);
      const { state, effects } = run(before, BACK, NOW + 270_000);
      expect(withoutWake(effects)).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'keepAlive' } }]);
      expect(modals(state)).to.deep.equal(modalsWith('forgotUsername'));
      expect(phaseOf(state, 'steps').lastActivityMs).to.equal(NOW + 270_000);
      expectSameAs(before, { type: 'modalDismiss' }, NOW + 270_000);
    });

    for (const name of ['serviceUnavailable', 'ageLimitation', 'noEligibleAccounts', 'temporaryLockout'] as const) {
      it(`${name} (not closable): Back changes nothing (only its button returns)`, () => {
        expectIgnored(withModal(flowState('login'), name));
      });
    }

    it('the token-expiry redirect on top (not closable): Back changes nothing, even over a closable modal', () => {
      expectIgnored(withModal(flowState('selectAccounts'), 'forgotUsername', undefined, true));
      expectIgnored(withModal(flowState('selectAccounts'), undefined, undefined, true));
    });
  });

  describe('while a request is under way (the spinner mask)', () => {
    it('while confirming: Back changes nothing (DESIGN §3.11: nothing ends a confirmation being decided)', () => {
      expectIgnored(confirming());
    });

    it('while confirming with the inactivity warning open: Back only extends the session; the confirmation goes on', () => {
      const before = withModal(confirming(), undefined, 20);
      const { state, effects } = run(before, BACK, NOW + 280_000);
      expect(withoutWake(effects)).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'keepAlive' } }]);
      expect(phaseOf(state, 'steps').call).to.deep.equal(phaseOf(before, 'steps').call);
      expect(state.decision).to.deep.equal({ kind: 'unclear' });
    });

    it('under any other request (the accounts being read): Back changes nothing', () => {
      expectIgnored(pendingOn(flowState('selectProfile'), { kind: 'accounts' }));
    });
  });

  describe('before the first step (the loading screen, the pre-rendered login form)', () => {
    it('the pre-rendered form waiting for the login step: Back is remembered (issue 20), and the question of the login (no Back) opens with the step, staying by default', () => {
      for (const before of [verifying(), readingConsent()]) {
        const { state, effects } = run(before, BACK);
        expect(effects).to.deep.equal([]);
        expect(state.journey.login.early).to.equal('browserBack');
      }
      const remembered = run(readingConsent(), BACK).state;
      const shown = answer(remembered, { kind: 'consentDetails', result: ok(bankConsent()) });
      expect(phaseOf(shown.state, 'steps').step).to.equal('login');
      expect(modals(shown.state)).to.deep.equal(modalsWith('leaveOnBack'));
      expect(shown.state.journey.login.early).to.equal(undefined);
    });

    it('Back twice while waiting: one Back remembered (the very same state the second time)', () => {
      const once = run(readingConsent(), BACK).state;
      expectIgnored(once);
    });

    it('the loading screen before the launch, and with the token-expiry redirect over it: Back changes nothing', () => {
      expectIgnored(loadingState());
      const expiring = { ...readingConsent(), phase: { ...phaseOf(readingConsent(), 'starting'), modals: modalsWith(undefined, undefined, true) } };
      expectIgnored(expiring);
    });

    it('an approval asked again after a reload (DESIGN §3.11, not the login form): Back changes nothing', () => {
      const replaying = run(run(loadingState(), { ...LAUNCH, decided: 'approve' }).state, { type: 'verified', id: 1, result: ok(tokenPayload()) }).state;
      expect(phaseOf(replaying, 'starting').call?.call.kind).to.equal('confirm');
      expectIgnored(replaying);
    });
  });

  describe("where the page's one button leaves anyway, Back is that button", () => {
    it('a failure page with a verified token: Go Back (access_denied, abandoned before identification)', () => {
      const before = failedState('consent_fetch_failure');
      const { state, effects } = run(before, BACK);
      expect(withoutWake(effects)).to.deep.equal(leavingTo(ACCESS_DENIED_URL, 'preIdentification'));
      expect(state.phase.kind).to.equal('ended');
      expectSameAs(before, { type: 'leaveFailurePage' });
    });

    it("a failure page without a verified token: Leave Page to the bank's public site, no abandonment", () => {
      const before = failedState('incorrect_jwt', { token: undefined });
      expect(withoutWake(run(before, BACK).effects)).to.deep.equal(leavingTo(`${PUBLIC_SITE}/`));
      expectSameAs(before, { type: 'leaveFailurePage' });
    });

    it("a failure page when the bank may hold this journey's approval: the plain address (DESIGN §3.11)", () => {
      const before = failedState('consent_fetch_failure', { decision: { kind: 'unclear' } });
      expect(withoutWake(run(before, BACK).effects)).to.deep.equal(leavingTo(REDIRECT_URI));
    });

    it('the success modal: the return with the code, as its button', () => {
      const before = confirmedState();
      expect(withoutWake(run(before, BACK).effects)).to.deep.equal(leavingTo(`${REDIRECT_URI}#code=code-1&state=af0ifjsldkj`));
      expectSameAs(before, { type: 'modalPrimary' });
    });

    for (const as of ['approved', 'rejected', 'unknown'] as const) {
      it(`"already completed" (decided elsewhere, ${as}): the return as decided, as its button`, () => {
        const before = decidedElsewhereState(as);
        expect(withoutWake(run(before, BACK).effects)).to.deep.equal(leavingTo(as === 'rejected' ? ACCESS_DENIED_URL : REDIRECT_URI));
        expectSameAs(before, { type: 'modalPrimary' });
      });
    }
  });

  describe('where Back does nothing', () => {
    it('while leaving (the bank asked to reject): the leaving phase does not take it', () => {
      expectIgnored(leavingState('confirmation', 'rejected', { stage: 'rejected' }));
      expectIgnored(leavingState(undefined, 'preIdentification'));
    });

    it('after the exit: nothing changes, nothing is sent', () => {
      const ended = run(failedState('consent_fetch_failure'), BACK).state;
      expect(ended.phase.kind).to.equal('ended');
      expectIgnored(ended);
      expectIgnored(run(confirmedState(), BACK).state);
    });

    // DESIGN §3.18: where the page's one button leaves anyway, Back is that button (issue 34 item 2: one row each).
    it('on a failure page, the success, "already completed" and the ending notice: Back is that page\'s button', () => {
      const notice = run(flowState('selectAccounts', { token: token({ exp: (NOW + 100_000) / 1000 }) }), { type: 'tick' }, NOW + 100_000).state;
      for (const [before, button] of [
        [failedState('consent_fetch_failure'), { type: 'leaveFailurePage' }],
        [confirmedState(), { type: 'modalPrimary' }],
        [decidedElsewhereState('rejected'), { type: 'modalPrimary' }],
        [notice, { type: 'modalPrimary' }],
      ] as const) {
        const direct = run(before, BACK, before.nowMs);
        const pressed = run(before, button, before.nowMs);
        expect(direct.state, before.phase.kind).to.deep.equal(pressed.state);
        expect(direct.effects, before.phase.kind).to.deep.equal(pressed.effects);
        expect(
          direct.effects.map((effect) => effect.type),
          before.phase.kind,
        ).to.include('leave');
      }
    });

    it('while leaving, and once ended, Back changes nothing (those states take no Back)', () => {
      const leaving = leavingState('login', 'preIdentification');
      expect(run(leaving, BACK, NOW).state).to.equal(leaving);
      const ended = run(failedState('consent_fetch_failure'), BACK).state;
      expect(run(ended, BACK, ended.nowMs)).to.deep.equal({ state: ended, effects: [] });
    });
  });

  describe("the guardBack effect: from the first step on, Back is the journey's", () => {
    it('emitted once, as the first step is shown, before its page view', () => {
      const { effects } = answer(readingConsent(), { kind: 'consentDetails', result: ok(bankConsent()) });
      expect(withoutWake(effects)).to.deep.equal([{ type: 'guardBack' }, { type: 'pageView', step: 'login' }]);
    });

    it('not before the first step: the launch, the verification and the failure page do not guard Back', () => {
      const launched = run(loadingState(), LAUNCH);
      const verified = run(launched.state, { type: 'verified', id: 1, result: ok(tokenPayload()) });
      const refused = run(verifying(), { type: 'verified', id: 1, result: { ok: false, error: { kind: 'badSignature' } } });
      for (const { effects } of [launched, verified, refused]) expect(effects.map((effect) => effect.type)).to.not.include('guardBack');
      expect(refused.state.phase.kind).to.equal('failed');
    });

    it('not on the later steps: the profile, account and review steps only report their page view', () => {
      const withCustomer = pendingOn(flowState('login', { verified: { customerDetails: true, businesses: false } }), {
        kind: 'businesses',
      });
      const { effects } = answer(withCustomer, {
        kind: 'businesses',
        result: ok([
          { companyId: 'PERSONAL', businessName: 'Jane Citizen' },
          { companyId: 'BC1001', businessName: 'Trust' },
        ]),
      });
      expect(withoutWake(effects)).to.deep.equal([{ type: 'pageView', step: 'selectProfile' }]);
      const { effects: back } = run(flowState('confirmation'), { type: 'back' });
      expect(back.map((effect) => effect.type)).to.not.include('guardBack');
    });
  });
});
