import { expect } from 'chai';
import type { AbandonmentStage } from '../../domain/abandonment';
import type { BankDecision } from '../../domain/bank-decision';
import type { FlowState } from '../../domain/flow-state';
import { EXIT_OFFER_MS, leaveWithoutServer } from '../../domain/flow-exits';
import { openModalsOf, screenOf } from '../../domain/flow-view';
import type { ModalName } from '../../domain/modal';
import { NO_MODALS } from '../../domain/modal-stack';
import {
  ACCESS_DENIED_URL,
  CONFIG,
  NOW,
  PUBLIC_SITE,
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
  leavingTo,
  leftFor,
  loadingState,
  modals,
  modalsWith,
  ok,
  pending,
  pendingOn,
  phaseOf,
  run,
  runAll,
  sentCall,
  startingState,
  stepOn,
  token,
  trustProfiles,
  withModal,
  withoutWake,
} from './fixtures/flow-state.fixture';

/** The bank asked to reject (call id 9) from the login step, at the stage reached. */
const rejecting = (stage: AbandonmentStage, decision: BankDecision = { kind: 'none' }, base?: ModalName): FlowState =>
  leavingState('login', stage, { decision, modals: modalsWith(base) });

/** Idle long enough for the inactivity warning (300 s limit, 60 s warning): 250 s after NOW, 50 s left. */
const WARNED_AT = NOW + 250_000;
const warned = (state: FlowState): FlowState => run(state, { type: 'tick' }, WARNED_AT).state;

describe("domain/flow-exits: the modals' buttons, cancel, the one exit, the failure page (spec §2, §4, §8, DESIGN §3.2)", () => {
  describe('Cancel (spec §2: it asks first)', () => {
    for (const step of ['login', 'selectProfile', 'selectAccounts', 'confirmation'] as const) {
      it(`on ${step}: the sharing-incomplete question opens, nothing is sent`, () => {
        const before = flowState(step);
        const { state, effects } = run(before, { type: 'cancel' });
        expect(effects).to.deep.equal([]);
        expect(state).to.deep.equal(withModal(before, 'sharingIncomplete'));
      });
    }

    it('is ignored behind a modal, under the spinner mask, on the loading screen, on a failure page and while leaving', () => {
      for (const before of [
        withModal(flowState('login'), 'forgotUsername'),
        pendingOn(flowState('login'), { kind: 'authenticate', request: { authType: 'SECURE_CODE', username: 'u', secureCode: '123456' } }),
        loadingState(),
        startingState(),
        failedState('consent_fetch_failure'),
        rejecting('preIdentification'),
      ]) {
        const result = run(before, { type: 'cancel' });
        expect(result.state).to.equal(before);
        expect(result.effects).to.deep.equal([]);
      }
    });
  });

  describe('the sharing-incomplete question', () => {
    it('"Yes, leave" (pendingRefreshFlow): an active rejection; the bank is asked to reject first; what is on screen stays, busy; nothing timed', () => {
      const before = withModal(flowState('selectAccounts'), 'sharingIncomplete');
      const { state, effects } = run(before, { type: 'modalPrimary' });
      expect(effects).to.deep.equal([
        { type: 'call', id: 10, call: { kind: 'reject' } },
        { type: 'wakeAt', atMs: undefined },
      ]);
      expect(state).to.deep.equal({
        ...before,
        nextCallId: 11,
        wakeAtMs: undefined,
        phase: {
          kind: 'leaving',
          step: 'selectAccounts',
          call: sentCall(10, { kind: 'reject' }),
          modals: modalsWith('sharingIncomplete'),
          stage: 'rejected',
          explain: undefined,
        },
        journey: { ...before.journey, stage: 'rejected' },
      });
      expect(screenOf(state.phase)).to.deep.equal({ kind: 'flow', step: 'selectAccounts' });
      expect(openModalsOf(state.phase)).to.deep.equal([{ name: 'sharingIncomplete' }]);
    });

    it("then the bank's answer: back to the third party with access_denied and the state; the stage is rejected (issue 11 defect 13)", () => {
      const { state, effects } = runAll(withModal(flowState('login'), 'sharingIncomplete'), [
        { type: 'modalPrimary' },
        (s) => ({ type: 'answered', id: pending(s)?.id ?? -1, answer: { kind: 'reject', result: ok({}) } }),
      ]);
      expect(withoutWake(effects).slice(1)).to.deep.equal(leavingTo(ACCESS_DENIED_URL, 'rejected'));
      expect(state.phase).to.deep.equal(endedPhase({ kind: 'flow', step: 'login' }, [{ name: 'sharingIncomplete' }], ACCESS_DENIED_URL, NOW));
      expect(state.decision).to.deep.equal({ kind: 'rejected' });
    });

    it('"No, stay" (dismiss): the question closes, nothing is sent', () => {
      const before = withModal(flowState('confirmation'), 'sharingIncomplete');
      const { state, effects } = run(before, { type: 'modalDismiss' });
      expect(effects).to.deep.equal([]);
      expect(state).to.deep.equal(withModal(before, undefined));
    });
  });

  describe("the exit's reject call answered (spec §4 returnAfterReject, DESIGN §3.2)", () => {
    it("rejected: the exit to the token's address (access_denied, 401, the message, the state); the ended phase keeps the screen; the decision rejected", () => {
      const before = rejecting('preAuthentication', { kind: 'none' }, 'temporaryLockout');
      const { state, effects } = answer(before, { kind: 'reject', result: ok({}) });
      expect(effects).to.deep.equal(leftFor(ACCESS_DENIED_URL, NOW, 'preAuthentication'));
      expect(state).to.deep.equal({
        ...before,
        decision: { kind: 'rejected' },
        phase: endedPhase({ kind: 'flow', step: 'login' }, [{ name: 'temporaryLockout' }], ACCESS_DENIED_URL, NOW),
        wakeAtMs: NOW + EXIT_OFFER_MS,
      });
    });

    it("the bank's redirect_uri is preferred when it is the token's address with another query (DESIGN §3.2, §3.12)", () => {
      const { effects } = answer(rejecting('preIdentification'), { kind: 'reject', result: ok({ redirect_uri: `${REDIRECT_URI}?from=bank` }) });
      expect(withoutWake(effects)).to.deep.equal(
        leavingTo(`${REDIRECT_URI}?from=bank&error=access_denied&respCode=401&respMessage=Authentication%20failure&state=${STATE}`, 'preIdentification'),
      );
    });

    it("a redirect_uri other than the token's address (another host) is not followed: the token's address is used, the refusal logged (DESIGN §3.12)", () => {
      const { effects } = answer(rejecting('preIdentification'), { kind: 'reject', result: ok({ redirect_uri: 'https://attacker.example/cb' }) });
      expect(withoutWake(effects)).to.deep.equal([
        {
          type: 'log',
          message: "Returned to the token's redirectUri: the bank's redirect_uri https://attacker.example/cb is not the token's https://tpp.example/cb",
        },
        ...leavingTo(ACCESS_DENIED_URL, 'preIdentification'),
      ]);
    });

    it("an empty redirect_uri in the reject answer: the token's address is used (DESIGN §3.12)", () => {
      const { effects } = answer(rejecting('preIdentification'), { kind: 'reject', result: ok({ redirect_uri: '' }) });
      expect(withoutWake(effects).filter((effect) => effect.type !== 'log')).to.deep.equal(leavingTo(ACCESS_DENIED_URL, 'preIdentification'));
    });

    it('an active rejection stays a rejection however the exit was reached', () => {
      const before = leavingState('login', 'preAccountSelection', { stage: 'rejected' });
      const { effects } = answer({ ...before, phase: { ...phaseOf(before, 'leaving'), stage: 'preAccountSelection' } }, { kind: 'reject', result: ok({}) });
      expect(withoutWake(effects)).to.deep.equal(leavingTo(ACCESS_DENIED_URL, 'rejected'));
    });

    it("an address that is not http(s) is never followed: the token's address is used, the refusal logged (DESIGN §3.12)", () => {
      const before = rejecting('preIdentification');
      const { state, effects } = answer(before, { kind: 'reject', result: ok({ redirect_uri: 'javascript:alert(1)' }) });
      expect(withoutWake(effects)).to.deep.equal([
        { type: 'log', message: "Returned to the token's redirectUri: the bank's redirect_uri javascript:alert(1) is not an http(s) URL" },
        ...leavingTo(ACCESS_DENIED_URL, 'preIdentification'),
      ]);
      expect(state.phase.kind).to.equal('ended');
    });

    it('refused by the bank (a 4xx with its envelope): Service unavailable over what was on screen (spec §8 "Reject failure also opens service unavailable"), the warnings that led here closed, nothing timed; its button returns without the bank', () => {
      const before = leavingState('selectAccounts', 'preAccountSelection', { modals: modalsWith('temporaryLockout', 0, true) });
      const failed = answer(before, { kind: 'reject', result: err(apiError(400, 'bad_request')) });
      expect(failed.effects).to.deep.equal([]);
      expect(failed.state).to.deep.equal({
        ...before,
        phase: { kind: 'steps', step: 'selectAccounts', call: undefined, modals: modalsWith('serviceUnavailable'), lastActivityMs: undefined },
        journey: { ...before.journey, expiry: { kind: 'off' } },
      });
      expect(failed.state.decision).to.deep.equal({ kind: 'none' });
      const { state, effects } = run(failed.state, { type: 'modalPrimary' });
      expect(withoutWake(effects)).to.deep.equal(leavingTo(ACCESS_DENIED_URL, 'preAccountSelection'));
      expect(state.phase.kind).to.equal('ended');
    });

    it('refused while leaving from the loading screen: Service unavailable over the loading screen', () => {
      const before = leavingState(undefined, 'preIdentification', { modals: modalsWith(undefined, undefined, true) });
      const { state } = answer(before, { kind: 'reject', result: err(apiError(403, 'forbidden')) });
      expect(state.phase).to.deep.equal({ kind: 'starting', task: 'reading', call: undefined, modals: modalsWith('serviceUnavailable') });
      expect(screenOf(state.phase)).to.deep.equal({ kind: 'loading' });
    });

    it('failing while the outcome of an approval is unclear: the plain address, no access_denied, no abandonment (DESIGN §3.11)', () => {
      const before = rejecting('preAuthorisation', { kind: 'unclear' });
      const { state, effects } = answer(before, { kind: 'reject', result: err(apiError(400, 'bad_request')) });
      expect(withoutWake(effects)).to.deep.equal(leavingTo(REDIRECT_URI));
      expect(state.phase.kind).to.equal('ended');
      expect(state.decision).to.deep.equal({ kind: 'unclear' });
    });

    it('a reject answer while no exit is under way (a reject pending on a step) changes nothing', () => {
      const before = pendingOn(flowState('login'), { kind: 'reject' });
      const result = answer(before, { kind: 'reject', result: ok({}) });
      expect(result.state).to.equal(before);
      expect(result.effects).to.deep.equal([]);
    });
  });

  describe('the modals\' main button (spec §4 "Button behaviours")', () => {
    for (const name of [
      'ageLimitation',
      'sanctionCountryError',
      'permanentLockout',
      'temporaryLockout',
      'ecareSuspension',
      'secureKeyNotActivated',
      'unavailableResource',
      'wentWrong',
    ] as const) {
      it(`${name} (returnAfterReject): the consent is rejected first, at the stage reached`, () => {
        const before = withModal(flowState('login', { stage: 'preAuthentication' }), name);
        const { state, effects } = run(before, { type: 'modalPrimary' });
        expect(effects).to.deep.equal([
          { type: 'call', id: 10, call: { kind: 'reject' } },
          { type: 'wakeAt', atMs: undefined },
        ]);
        expect(state.phase).to.deep.equal({
          kind: 'leaving',
          step: 'login',
          call: sentCall(10, { kind: 'reject' }),
          modals: modalsWith(name),
          stage: 'preAuthentication',
          explain: undefined,
        });
        expect(state.journey.stage).to.equal('preAuthentication');
      });
    }

    it('the token-expiry redirect on top (returnAfterReject): what is on screen stays, its buttons busy, until the bank answers', () => {
      const before = withModal(flowState('selectAccounts'), 'forgotUsername', 12, true);
      const { state, effects } = run(before, { type: 'modalPrimary' });
      expect(effects).to.deep.equal([
        { type: 'call', id: 10, call: { kind: 'reject' } },
        { type: 'wakeAt', atMs: undefined },
      ]);
      const leaving = phaseOf(state, 'leaving');
      expect(leaving.modals).to.deep.equal(modalsWith('forgotUsername', 12, true));
      expect(leaving.stage).to.equal('preAccountSelection');
    });

    it('the token-expiry redirect while the consent is read (the starting phase): the bank is asked to reject over the loading screen', () => {
      const before = pendingOn(startingState({ modals: modalsWith(undefined, undefined, true) }), { kind: 'consentDetails' });
      const { state, effects } = run(before, { type: 'modalPrimary' });
      expect(withoutWake(effects)).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'reject' } }]);
      expect(state.phase).to.deep.equal({
        kind: 'leaving',
        step: undefined,
        call: sentCall(10, { kind: 'reject' }),
        modals: modalsWith(undefined, undefined, true),
        stage: 'preIdentification',
        explain: undefined,
      });
      expect(screenOf(state.phase)).to.deep.equal({ kind: 'loading' });
    });

    for (const name of ['serviceUnavailable', 'noEligibleAccounts'] as const) {
      it(`${name} (onlyReturn, spec §8 "return only"): back to the third party without the server, at the stage reached`, () => {
        const before = withModal(flowState('confirmation'), name);
        const { state, effects } = run(before, { type: 'modalPrimary' });
        expect(effects).to.deep.equal(leftFor(ACCESS_DENIED_URL, NOW, 'preAuthorisation'));
        expect(state).to.deep.equal({
          ...before,
          wakeAtMs: NOW + EXIT_OFFER_MS,
          phase: endedPhase({ kind: 'flow', step: 'confirmation' }, [{ name }], ACCESS_DENIED_URL, NOW),
        });
      });
    }

    it('serviceUnavailable while the outcome of an approval is unclear (onlyReturn): the bank is asked to reject first, so that a code is never followed by access_denied (DESIGN §3.11)', () => {
      const before = withModal(flowState('confirmation', { decision: { kind: 'unclear' } }), 'serviceUnavailable');
      const { state, effects } = run(before, { type: 'modalPrimary' });
      expect(withoutWake(effects)).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'reject' } }]);
      expect(phaseOf(state, 'leaving').stage).to.equal('preAuthorisation');
    });

    for (const name of [
      'forgotUsername',
      'notRegistered',
      'lostSecureKey',
      'incorrectSecurityCodeLockout',
      'invalidUsernameLastAttempt',
      'notArrangementOwner',
    ] as const) {
      it(`${name} (close): the modal closes, nothing is sent`, () => {
        const before = withModal(flowState('login'), name);
        const { state, effects } = run(before, { type: 'modalPrimary' });
        expect(effects).to.deep.equal([]);
        expect(state).to.deep.equal(withModal(before, undefined));
      });
    }

    it("changeSelectedProfile OK (previousStep): back to select-profile, this profile's choices dropped (spec §4)", () => {
      const before = withModal(flowState('selectAccounts', { profiles: trustProfiles() }), 'changeSelectedProfile');
      const { state, effects } = run(before, { type: 'modalPrimary' });
      expect(effects).to.deep.equal([{ type: 'pageView', step: 'selectProfile' }]);
      expect(state).to.deep.equal({
        ...before,
        phase: { ...phaseOf(before, 'steps'), step: 'selectProfile', modals: NO_MODALS },
        journey: { ...before.journey, accounts: undefined },
      });
      expect(state.journey.bankProfile).to.equal('PERSONAL');
    });

    it('changeSelectedProfile dismissed (Cancel): it closes, the step stays', () => {
      const before = withModal(flowState('selectAccounts', { profiles: trustProfiles() }), 'changeSelectedProfile');
      expect(run(before, { type: 'modalDismiss' }).state).to.deep.equal(withModal(before, undefined));
    });

    it("the success and already-completed modals on a step (constructed: they are the confirmed and decided-elsewhere phases') do nothing there", () => {
      for (const name of ['successConfirm', 'alreadyCompleted'] as const) {
        const before = withModal(flowState('confirmation'), name);
        const result = run(before, { type: 'modalPrimary' });
        expect(result.state, name).to.equal(before);
        expect(result.effects).to.deep.equal([]);
      }
    });

    it('no modal, or an exit under way (the leaving phase takes no button): nothing', () => {
      for (const before of [flowState('login'), rejecting('preIdentification', { kind: 'none' }, 'sharingIncomplete')]) {
        for (const type of ['modalPrimary', 'modalDismiss'] as const) {
          const result = run(before, { type });
          expect(result.state).to.equal(before);
          expect(result.effects).to.deep.equal([]);
        }
      }
    });

    it("a modal's buttons change nothing while leaving (its buttons busy) or on the failure page (no modal): those states take no such event", () => {
      for (const before of [rejecting('preIdentification', { kind: 'none' }, 'serviceUnavailable'), failedState('incorrect_jwt')]) {
        expect(run(before, { type: 'modalPrimary' }).state).to.equal(before);
        expect(run(before, { type: 'modalDismiss' }).state).to.equal(before);
      }
    });
  });

  describe('the success modal (the confirmed phase: spec §4 Success, CONTRACT §6)', () => {
    it('its button: the code, state and id_token in the fragment; no abandonment; the success modal stays on screen as the browser leaves', () => {
      const before = confirmedState({ auth_code: 'code-1', state: STATE, id_token: 'idt' });
      const { state, effects } = run(before, { type: 'modalPrimary' });
      expect(effects).to.deep.equal(leftFor(`${REDIRECT_URI}#code=code-1&state=${STATE}&id_token=idt`, NOW));
      expect(state).to.deep.equal({
        ...before,
        wakeAtMs: NOW + EXIT_OFFER_MS,
        phase: endedPhase({ kind: 'flow', step: 'confirmation' }, [{ name: 'successConfirm' }], `${REDIRECT_URI}#code=code-1&state=${STATE}&id_token=idt`, NOW),
      });
    });

    it('with a JARM response: the response as a query parameter of the returned redirect_uri', () => {
      expect(run(confirmedState({ response: 'jarm.jwt', redirect_uri: `${REDIRECT_URI}?x=1` }), { type: 'modalPrimary' }).effects).to.deep.equal([
        ...leftFor(`${REDIRECT_URI}?x=1&response=jarm.jwt`, NOW),
      ]);
    });

    it("with a redirect_uri other than the token's address: the token's address is used, the refusal logged (DESIGN §3.12)", () => {
      const { effects } = run(confirmedState({ auth_code: 'code-1', state: STATE, redirect_uri: 'https://attacker.example/cb' }), { type: 'modalPrimary' });
      expect(effects[0]?.type).to.equal('log');
      expect(withoutWake(effects).filter((effect) => effect.type !== 'log')).to.deep.equal(leavingTo(`${REDIRECT_URI}#code=code-1&state=${STATE}`));
    });

    it('with an answer that holds no result: never followed, the failure page (logged); the token forgotten, the rest of the journey kept', () => {
      const before = confirmedState({});
      const { state, effects } = run(before, { type: 'modalPrimary' });
      expect(withoutWake(effects)).to.deep.equal([{ type: 'log', message: 'Refused to return to {"kind":"noAuthorisationResult"}' }, { type: 'clearToken' }]);
      expect(state.phase).to.deep.equal({ kind: 'failed', route: 'incorrect_jwt' });
      expect(state.journey).to.deep.equal({ ...before.journey, token: undefined, expiry: { kind: 'off' } });
      expect(state.config).to.equal(before.config);
    });

    it('nothing else can act under it: dismiss, Cancel, Back, Confirm, stepUnavailable, activity, typing', () => {
      const before = confirmedState();
      for (const event of [
        { type: 'modalDismiss' },
        { type: 'cancel' },
        { type: 'back' },
        { type: 'confirm' },
        { type: 'stepUnavailable' },
        { type: 'activity' },
        { type: 'usernameTyped', value: 'x' },
        { type: 'leaveFailurePage' },
      ] as const) {
        const result = run(before, event);
        expect(result.state, event.type).to.equal(before);
        expect(result.effects).to.deep.equal([]);
      }
    });
  });

  describe('a confirmation being decided (DESIGN §3.11 "A confirmation is never lost", flow-view isConfirming)', () => {
    /** Confirming with a token that expires 100 s after NOW; its redirect modal opens over the spinner 10 s before. */
    const confirmingAtExpiryWarning = (): FlowState => {
      const warnedState = run(confirming({ token: token({ exp: (NOW + 100_000) / 1000 }) }), { type: 'tick' }, NOW + 95_000).state;
      expect(modals(warnedState)).to.deep.equal(modalsWith(undefined, undefined, true));
      expect(pending(warnedState)?.call).to.deep.equal({ kind: 'confirm' });
      return warnedState;
    };

    it("the redirect modal's button does not reject a consent whose confirmation is under way; its code is still returned", () => {
      const warnedState = confirmingAtExpiryWarning();
      const pressed = run(warnedState, { type: 'modalPrimary' }, NOW + 96_000);
      expect(
        pressed.effects.filter((effect) => effect.type === 'call'),
        'no reject while confirming',
      ).to.deep.equal([]);
      expect(pending(pressed.state)?.call).to.deep.equal({ kind: 'confirm' });
      const confirmed = answer(pressed.state, { kind: 'confirm', result: ok({ auth_code: 'code-1', state: STATE }) }, NOW + 97_000);
      expect(confirmed.state.decision).to.deep.equal({ kind: 'approved' });
      expect(confirmed.state.phase).to.deep.include({ kind: 'confirmed', answer: { auth_code: 'code-1', state: STATE } });
      expect(openModalsOf(confirmed.state.phase)).to.deep.equal([{ name: 'successConfirm' }]);
    });

    it("the timeout warning's button while confirming only extends the session (keep-alive aside, the confirmation still awaited)", () => {
      const before = confirming();
      const warnedState = run(before, { type: 'tick' }, WARNED_AT).state;
      const { state, effects } = run(warnedState, { type: 'modalPrimary' }, WARNED_AT);
      expect(effects).to.deep.equal([
        { type: 'call', id: 10, call: { kind: 'keepAlive' } },
        { type: 'wakeAt', atMs: WARNED_AT + 240_000 },
      ]);
      expect(pending(state)).to.deep.equal(pending(before));
    });
  });

  describe('the timeout warning (spec §4, WCAG 2.2.1: the customer extends the session)', () => {
    for (const type of ['modalPrimary', 'modalDismiss'] as const) {
      it(`${type}: the warning closes, the timer starts again now and the bank's session is kept alive (a call not waited for)`, () => {
        const before = warned(withModal(flowState('selectAccounts'), 'forgotUsername'));
        expect(modals(before)).to.deep.equal(modalsWith('forgotUsername', 50));
        const now = WARNED_AT + 3_000;
        const { state, effects } = run(before, { type }, now);
        expect(effects).to.deep.equal([
          { type: 'call', id: 10, call: { kind: 'keepAlive' } },
          { type: 'wakeAt', atMs: now + 240_000 },
        ]);
        expect(state).to.deep.equal({
          ...at(before, now),
          nextCallId: 11,
          wakeAtMs: now + 240_000,
          phase: { ...phaseOf(before, 'steps'), modals: modalsWith('forgotUsername'), lastActivityMs: now },
        });
      });
    }

    it('offline, the warning closes and the timer starts again, but no keep-alive is sent (spec §7: a call nobody waits for)', () => {
      const before = warned(flowState('login', { online: false }));
      const { state, effects } = run(before, { type: 'modalPrimary' }, WARNED_AT);
      expect(effects).to.deep.equal([{ type: 'wakeAt', atMs: WARNED_AT + 240_000 }]);
      expect(state.nextCallId).to.equal(before.nextCallId);
      expect(modals(state)).to.deep.equal(modalsWith(undefined));
      expect(phaseOf(state, 'steps').lastActivityMs).to.equal(WARNED_AT);
    });

    it("the keep-alive's answer changes nothing", () => {
      const extended = run(warned(flowState('login')), { type: 'modalPrimary' }, WARNED_AT);
      const result = run(extended.state, { type: 'answered', id: 10, answer: { kind: 'keepAlive', result: ok(undefined) } }, WARNED_AT);
      expect(result.state).to.equal(extended.state);
      expect(result.effects).to.deep.equal([]);
    });
  });

  describe('dismissing (close button, Escape)', () => {
    it('closes only closable modals: an end of the journey stays', () => {
      for (const name of ['serviceUnavailable', 'ageLimitation', 'noEligibleAccounts', 'temporaryLockout'] as const) {
        const before = withModal(flowState('login'), name);
        expect(run(before, { type: 'modalDismiss' }).state).to.equal(before);
      }
    });

    it('the token-expiry redirect cannot be dismissed, even over a closable modal', () => {
      const before = withModal(flowState('login'), 'forgotUsername', undefined, true);
      expect(run(before, { type: 'modalDismiss' }).state).to.equal(before);
    });

    it('nothing to dismiss: nothing changes', () => {
      const before = flowState('login');
      expect(run(before, { type: 'modalDismiss' }).state).to.equal(before);
    });

    it('a closable modal while confirming: its buttons are busy (DESIGN §3.11)', () => {
      const before = withModal(confirming(), 'forgotUsername');
      expect(run(before, { type: 'modalDismiss' }).state).to.equal(before);
      expect(run(before, { type: 'modalPrimary' }).state).to.equal(before);
    });
  });

  describe('a step that cannot be shown (spec §8 "any other error opens Service unavailable")', () => {
    it('opens Service unavailable, under any time-critical modal; the request under way is still awaited (its answer may be a decision: DESIGN §3.11)', () => {
      const before = pendingOn(withModal(flowState('selectAccounts'), undefined, 30), { kind: 'accounts' });
      const { state, effects } = run(before, { type: 'stepUnavailable' });
      expect(effects).to.deep.equal([]);
      expect(state).to.deep.equal({ ...before, phase: { ...phaseOf(before, 'steps'), modals: modalsWith('serviceUnavailable', 30) } });
    });

    it('is ignored on the loading screen, on a failure page, while leaving, after a confirmation and once decided elsewhere', () => {
      for (const before of [
        loadingState(),
        failedState('incorrect_jwt'),
        rejecting('preIdentification'),
        confirmedState(),
        decidedElsewhereState('approved'),
      ]) {
        expect(run(before, { type: 'stepUnavailable' }).state).to.equal(before);
      }
    });
  });

  describe('decided elsewhere (DESIGN §3.11: its button returns as the bank decided)', () => {
    const rows: ['approved' | 'rejected' | 'unknown', string][] = [
      ['rejected', ACCESS_DENIED_URL],
      ['approved', REDIRECT_URI],
      ['unknown', REDIRECT_URI],
    ];
    for (const [as, url] of rows) {
      it(`decided "${as}": ${url === REDIRECT_URI ? 'the plain address (never access_denied after a code)' : 'access_denied'}; this tab's journey was not abandoned`, () => {
        const { state, effects } = run(decidedElsewhereState(as), { type: 'modalPrimary' });
        expect(withoutWake(effects)).to.deep.equal(leavingTo(url));
        expect(state.phase).to.deep.equal(endedPhase({ kind: 'flow', step: 'confirmation' }, [{ name: 'alreadyCompleted' }], url, NOW));
      });
    }
  });

  describe("the failure page's button (spec §2 failure page, DESIGN §3.1)", () => {
    it('with a verified token: Go Back to its address with access_denied; a started journey is abandoned at the stage it reached', () => {
      const before = failedState('consent_fetch_failure');
      const { state, effects } = run(before, { type: 'leaveFailurePage' });
      expect(withoutWake(effects)).to.deep.equal(leavingTo(ACCESS_DENIED_URL, 'preIdentification'));
      expect(state.phase).to.deep.equal(endedPhase({ kind: 'failure', route: 'consent_fetch_failure' }, [], ACCESS_DENIED_URL, NOW));
    });

    it('a customer who chose to leave is reported as rejected there too', () => {
      expect(withoutWake(run(failedState('service_unavailable', { stage: 'rejected' }), { type: 'leaveFailurePage' }).effects)).to.deep.equal(
        leavingTo(ACCESS_DENIED_URL, 'rejected'),
      );
    });

    it("the bank may hold this journey's approval (a committed approval whose code could not be had): the plain address, no abandonment", () => {
      const { effects } = run(failedState('service_unavailable', { decision: { kind: 'committed' } }), { type: 'leaveFailurePage' });
      expect(withoutWake(effects)).to.deep.equal(leavingTo(REDIRECT_URI));
    });

    it("without one: Leave Page to the bank's public site, no abandonment (no journey had started)", () => {
      const failed = run(loadingState(), {
        type: 'launched',
        route: 'x',
        jwtFromAddress: undefined,
        jwtFromStorage: undefined,
        errorParam: undefined,
        decided: undefined,
      }).state;
      const { state, effects } = run(failed, { type: 'leaveFailurePage' });
      expect(withoutWake(effects)).to.deep.equal(leavingTo(`${PUBLIC_SITE}/`));
      expect(phaseOf(state, 'ended').exit).to.deep.equal({ url: `${PUBLIC_SITE}/`, to: 'publicSite' });
    });

    it('a public site that is not http(s) is not followed: the failure page stays', () => {
      const failed = run(loadingState({ ...CONFIG, publicSiteUrl: 'ftp://bank.example' }), {
        type: 'launched',
        route: 'x',
        jwtFromAddress: undefined,
        jwtFromStorage: undefined,
        errorParam: undefined,
        decided: undefined,
      }).state;
      const { state, effects } = run(failed, { type: 'leaveFailurePage' });
      expect(effects).to.deep.equal([
        { type: 'log', message: 'Refused to return to {"kind":"notHttpUrl","target":"ftp://bank.example"}' },
        { type: 'clearToken' },
      ]);
      expect(state.phase).to.deep.equal({ kind: 'failed', route: 'incorrect_jwt' });
    });

    it('is ignored anywhere but on a failure page', () => {
      for (const before of [flowState('login'), loadingState(), rejecting('preIdentification'), confirmedState()])
        expect(run(before, { type: 'leaveFailurePage' }).state).to.equal(before);
    });
  });

  describe("the exits and the bank's decision (DESIGN §3.11: never access_denied when the bank may hold this journey's approval)", () => {
    const decisions: [BankDecision, 'accessDenied' | 'plain'][] = [
      [{ kind: 'none' }, 'accessDenied'],
      [{ kind: 'rejected' }, 'accessDenied'],
      [{ kind: 'unclear' }, 'plain'],
      [{ kind: 'committed' }, 'plain'],
      [{ kind: 'approved' }, 'plain'],
    ];
    for (const [decision, expected] of decisions) {
      it(`leaveWithoutServer with the decision ${decision.kind}: ${expected === 'plain' ? 'the plain address, no abandonment' : 'access_denied at the stage'}`, () => {
        const before = flowState('confirmation', { decision });
        const { state, effects } = leaveWithoutServer(before, 'preAuthorisation');
        expect(effects).to.deep.equal(expected === 'plain' ? leavingTo(REDIRECT_URI) : leavingTo(ACCESS_DENIED_URL, 'preAuthorisation'));
        expect(state.phase.kind).to.equal('ended');
      });
    }

    it('a committed approval: an exit that would reject first asks the bank nothing, it returns to the plain address', () => {
      for (const name of ['redirectionToTpp', 'sharingIncomplete', 'temporaryLockout', 'serviceUnavailable'] as const) {
        const before = withModal(flowState('confirmation', { decision: { kind: 'committed' } }), name);
        const { state, effects } = run(before, { type: 'modalPrimary' });
        expect(withoutWake(effects), name).to.deep.equal(leavingTo(REDIRECT_URI));
        expect(state.phase.kind).to.equal('ended');
      }
    });

    it('an unclear outcome: the exits that would reject first do ask the bank (its answer tells whether a code was issued)', () => {
      for (const name of ['redirectionToTpp', 'sharingIncomplete', 'temporaryLockout', 'serviceUnavailable'] as const) {
        const { state } = run(withModal(flowState('confirmation', { decision: { kind: 'unclear' } }), name), { type: 'modalPrimary' });
        expect(pending(state)?.call, name).to.deep.equal({ kind: 'reject' });
      }
    });
  });

  it("a rejected journey's stage, then a step on screen (the leaving phase keeps it)", () => {
    const before = withModal(flowState('confirmation'), 'sharingIncomplete');
    const { state } = run(before, { type: 'modalPrimary' });
    expect(phaseOf(state, 'leaving').step).to.equal('confirmation');
    expect(stepOn(flowState('confirmation'))).to.equal('confirmation');
  });
});
