import { expect } from 'chai';
import type { AbandonmentStage } from '../../domain/abandonment';
import { NO_TIMERS, type FlowState } from '../../domain/flow-state';
import type { ModalName } from '../../domain/modal';
import { NO_MODALS } from '../../domain/modal-stack';
import { onRejected } from '../../domain/flow-exits';
import {
  ACCESS_DENIED_URL, CONFIG, NOW, PUBLIC_SITE, REDIRECT_URI, STATE, answer, apiError, at, err, flowState, loadingState, modalsWith, ok,
  pendingOn, run, runAll, sentCall, settled, token, trustProfiles,
} from './fixtures/flow-state.fixture';

/** The flow ended this way: the exit, the token forgotten, then the stage if abandoned (DESIGN §3.2, §3.3, §3.8). */
const leaving = (url: string, stage?: AbandonmentStage) => [
  { type: 'leave', url },
  { type: 'clearToken' },
  ...(stage === undefined ? [] : [{ type: 'abandoned', stage }]),
];

const withBase = (state: FlowState, base: ModalName | undefined, timeoutSeconds?: number, expiry = false): FlowState =>
  settled({ ...state, modals: modalsWith(base, timeoutSeconds, expiry) });

/** Waiting for the exit's reject call (id 9), at the stage reached (an active rejection: rejected at login). */
const rejecting = (stage: AbandonmentStage, overrides: Partial<FlowState> = {}): FlowState => {
  const reached = stage === 'rejected' ? { rejected: true } : { stage };
  return settled({ ...pendingOn(flowState('login', { ...reached, ...overrides }), { kind: 'reject' }, { exitStage: stage }), timers: NO_TIMERS });
};

/** Idle long enough for the inactivity warning (300 s limit, 60 s warning): 250 s after NOW, 50 s left. */
const WARNED_AT = NOW + 250_000;
const warned = (state: FlowState): FlowState => run(state, { type: 'tick' }, WARNED_AT).state;

describe('domain/flow-exits: the modals\' buttons, cancel, the one exit, the failure page (spec §2, §4, §8, DESIGN §3.2)', () => {
  describe('Cancel (spec §2: it asks first)', () => {
    for (const step of ['login', 'selectProfile', 'selectAccounts', 'confirmation'] as const) {
      it(`on ${step}: the sharing-incomplete question opens, nothing is sent`, () => {
        const before = flowState(step);
        const { state, effects } = run(before, { type: 'cancel' });
        expect(effects).to.deep.equal([]);
        expect(state).to.deep.equal({ ...before, modals: modalsWith('sharingIncomplete') });
      });
    }

    it('is ignored behind a modal, under the spinner mask, on the loading screen and on a failure page', () => {
      for (const before of [
        withBase(flowState('login'), 'forgotUsername'), pendingOn(flowState('login'), { kind: 'authenticate', request: { authType: 'SECURE_CODE', username: 'u', secureCode: '123456' } }),
        loadingState(), settled({ ...flowState('login'), screen: { kind: 'failure', route: 'consent_fetch_failure' } }),
      ]) {
        const result = run(before, { type: 'cancel' });
        expect(result.state).to.equal(before);
        expect(result.effects).to.deep.equal([]);
      }
    });
  });

  describe('the sharing-incomplete question', () => {
    it('"Yes, leave" (pendingRefreshFlow): an active rejection; the consent is rejected on the server first; timers and warnings stop', () => {
      const before = withBase(flowState('selectAccounts'), 'sharingIncomplete');
      const { state, effects } = run(before, { type: 'modalPrimary' });
      expect(effects).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'reject' } }, { type: 'wakeAt', atMs: undefined }]);
      expect(state).to.deep.equal({
        ...before,
        rejected: true,
        timers: NO_TIMERS,
        nextCallId: 11,
        pending: { id: 10, call: { kind: 'reject' }, keep: undefined, exitStage: 'rejected', attempt: 1, firstSentAtMs: NOW, retryAtMs: undefined, held: false, replay: false, unclear: false },
        wakeAtMs: undefined,
      });
    });

    it('then the bank\'s answer: back to the third party with access_denied and the state; the stage is rejected (issue 11 defect 13)', () => {
      const { state, effects } = runAll(withBase(flowState('login'), 'sharingIncomplete'), [
        { type: 'modalPrimary' }, (s) => ({ type: 'answered', id: s.pending?.id ?? -1, answer: { kind: 'reject', result: ok({}) } }),
      ]);
      expect(effects.slice(2)).to.deep.equal(leaving(ACCESS_DENIED_URL, 'rejected'));
      expect(state.ended).to.equal(true);
    });

    it('"No, stay" (dismiss): the question closes, nothing is sent', () => {
      const before = withBase(flowState('confirmation'), 'sharingIncomplete');
      const { state, effects } = run(before, { type: 'modalDismiss' });
      expect(effects).to.deep.equal([]);
      expect(state).to.deep.equal({ ...before, modals: NO_MODALS });
    });
  });

  describe('the exit\'s reject call answered (spec §4 returnAfterReject, DESIGN §3.2)', () => {
    it('rejected: the exit to the token\'s address (access_denied, 401, the message, the state); ended, nothing timed', () => {
      const before = rejecting('preAuthentication');
      const { state, effects } = answer(before, { kind: 'reject', result: ok({}) });
      expect(effects).to.deep.equal(leaving(ACCESS_DENIED_URL, 'preAuthentication'));
      expect(state).to.deep.equal({ ...before, ended: true, pending: undefined, timers: NO_TIMERS });
    });

    it('the bank\'s redirect_uri is preferred when it is the token\'s address with another query (DESIGN §3.2, §3.12)', () => {
      const { effects } = answer(rejecting('preIdentification'), { kind: 'reject', result: ok({ redirect_uri: `${REDIRECT_URI}?from=bank` }) });
      expect(effects).to.deep.equal(leaving(`${REDIRECT_URI}?from=bank&error=access_denied&respCode=401&respMessage=Authentication%20failure&state=${STATE}`, 'preIdentification'));
    });

    it('a redirect_uri other than the token\'s address (another host) is not followed: the token\'s address is used, the refusal logged (DESIGN §3.12)', () => {
      const { effects } = answer(rejecting('preIdentification'), { kind: 'reject', result: ok({ redirect_uri: 'https://attacker.example/cb' }) });
      expect(effects).to.deep.equal([
        { type: 'log', message: 'Returned to the token\'s redirectUri: the bank\'s redirect_uri https://attacker.example/cb is not the token\'s https://tpp.example/cb' },
        ...leaving(ACCESS_DENIED_URL, 'preIdentification'),
      ]);
    });

    it('an empty redirect_uri in the reject answer: the token\'s address is used (DESIGN §3.12)', () => {
      const { effects } = answer(rejecting('preIdentification'), { kind: 'reject', result: ok({ redirect_uri: '' }) });
      expect(effects.filter((effect) => effect.type !== 'log')).to.deep.equal(leaving(ACCESS_DENIED_URL, 'preIdentification'));
    });

    it('an active rejection stays a rejection however the exit was reached', () => {
      const { effects } = answer(rejecting('preAccountSelection', { rejected: true }), { kind: 'reject', result: ok({}) });
      expect(effects).to.deep.equal(leaving(ACCESS_DENIED_URL, 'rejected'));
    });

    it('refused (a 4xx): Service unavailable (spec §8 "Reject failure also opens service unavailable"); its button returns without the server', () => {
      const before = rejecting('preAuthentication', { modals: modalsWith('temporaryLockout') });
      const failed = answer(before, { kind: 'reject', result: err(apiError(400)) });
      expect(failed.effects).to.deep.equal([]);
      expect(failed.state).to.deep.equal({ ...before, pending: undefined, modals: modalsWith('serviceUnavailable') });
      const { state, effects } = run(failed.state, { type: 'modalPrimary' });
      expect(effects).to.deep.equal(leaving(ACCESS_DENIED_URL, 'preAuthentication'));
      expect(state.ended).to.equal(true);
    });

    it('an address that is not http(s) is never followed: the token\'s address is used, the refusal logged (DESIGN §3.12)', () => {
      const before = rejecting('preIdentification');
      const { state, effects } = answer(before, { kind: 'reject', result: ok({ redirect_uri: 'javascript:alert(1)' }) });
      expect(effects).to.deep.equal([
        { type: 'log', message: 'Returned to the token\'s redirectUri: the bank\'s redirect_uri javascript:alert(1) is not an http(s) URL' },
        ...leaving(ACCESS_DENIED_URL, 'preIdentification'),
      ]);
      expect(state).to.deep.equal({ ...before, pending: undefined, ended: true });
    });

    it('onRejected on its own: nothing pending, nothing to do', () => {
      const before = settled({ ...flowState('login'), timers: NO_TIMERS });
      const result = onRejected(before, { kind: 'reject', result: ok({}) });
      expect(result.state).to.equal(before);
      expect(result.effects).to.deep.equal([]);
    });

    it('a reject answer without an exit under way, or with no token, changes nothing', () => {
      for (const before of [
        settled({ ...pendingOn(flowState('login'), { kind: 'reject' }), timers: NO_TIMERS }),
        rejecting('preIdentification', { token: undefined }),
      ]) {
        const result = answer(before, { kind: 'reject', result: ok({}) });
        expect(result.state).to.equal(before);
        expect(result.effects).to.deep.equal([]);
      }
    });
  });

  describe('the modals\' main button (spec §4 "Button behaviours")', () => {
    for (const name of ['ageLimitation', 'sanctionCountryError', 'permanentLockout', 'temporaryLockout', 'ecareSuspension', 'secureKeyNotActivated', 'unavailableResource', 'wentWrong'] as const) {
      it(`${name} (returnAfterReject): the consent is rejected first, at the stage reached`, () => {
        const before = withBase(flowState('login', { stage: 'preAuthentication' }), name);
        const { state, effects } = run(before, { type: 'modalPrimary' });
        expect(effects).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'reject' } }, { type: 'wakeAt', atMs: undefined }]);
        expect(state.pending).to.deep.equal(sentCall(10, { kind: 'reject' }, { exitStage: 'preAuthentication' }));
        expect(state.rejected).to.equal(false);
        expect(state.modals).to.deep.equal(modalsWith(name));
      });
    }

    it('the token-expiry redirect on top (returnAfterReject): what is on screen stays, its buttons busy, until the bank answers', () => {
      const before = withBase(flowState('selectAccounts'), 'forgotUsername', 12, true);
      const { state, effects } = run(before, { type: 'modalPrimary' });
      expect(effects).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'reject' } }, { type: 'wakeAt', atMs: undefined }]);
      expect(state.modals).to.deep.equal(modalsWith('forgotUsername', 12, true));
      expect(state.timers).to.deep.equal(NO_TIMERS);
      expect(state.pending?.exitStage).to.equal('preAccountSelection');
    });

    for (const name of ['serviceUnavailable', 'noEligibleAccounts'] as const) {
      it(`${name} (onlyReturn, spec §8 "return only"): back to the third party without the server, at the stage reached`, () => {
        const before = withBase(flowState('confirmation'), name);
        const { state, effects } = run(before, { type: 'modalPrimary' });
        expect(effects).to.deep.equal([...leaving(ACCESS_DENIED_URL, 'preAuthorisation'), { type: 'wakeAt', atMs: undefined }]);
        expect(state).to.deep.equal({ ...before, ended: true, pending: undefined, timers: NO_TIMERS, wakeAtMs: undefined });
      });
    }

    for (const name of ['forgotUsername', 'notRegistered', 'lostSecureKey', 'incorrectSecurityCodeLockout', 'invalidUsernameLastAttempt'] as const) {
      it(`${name} (close): the modal closes, nothing is sent`, () => {
        const before = withBase(flowState('login'), name);
        const { state, effects } = run(before, { type: 'modalPrimary' });
        expect(effects).to.deep.equal([]);
        expect(state).to.deep.equal({ ...before, modals: NO_MODALS });
      });
    }

    it('changeSelectedProfile OK (previousStep): back to select-profile, this profile\'s choices dropped (spec §4)', () => {
      const before = withBase(flowState('selectAccounts', { profiles: trustProfiles() }), 'changeSelectedProfile');
      const { state, effects } = run(before, { type: 'modalPrimary' });
      expect(effects).to.deep.equal([{ type: 'pageView', step: 'selectProfile' }]);
      expect(state).to.deep.equal({ ...before, modals: NO_MODALS, accounts: undefined, step: 'selectProfile' });
      expect(state.bankProfile).to.equal('PERSONAL');
    });

    it('changeSelectedProfile dismissed (Cancel): it closes, the step stays', () => {
      const before = withBase(flowState('selectAccounts', { profiles: trustProfiles() }), 'changeSelectedProfile');
      expect(run(before, { type: 'modalDismiss' }).state).to.deep.equal({ ...before, modals: NO_MODALS });
    });

    it('successConfirm (returnWithSuccess): the code, state and id_token in the fragment (spec §4 Success, CONTRACT §6); no abandonment', () => {
      const before = settled({ ...flowState('confirmation'), confirmation: { auth_code: 'code-1', state: STATE, id_token: 'idt' }, modals: modalsWith('successConfirm'), timers: { ...NO_TIMERS, successReturnAtMs: NOW + 2500 } });
      const { state, effects } = run(before, { type: 'modalPrimary' });
      expect(effects).to.deep.equal([...leaving(`${REDIRECT_URI}#code=code-1&state=${STATE}&id_token=idt`), { type: 'wakeAt', atMs: undefined }]);
      expect(state).to.deep.equal({ ...before, ended: true, pending: undefined, timers: NO_TIMERS, wakeAtMs: undefined });
    });

    it('successConfirm with a JARM response: the response as a query parameter of the returned redirect_uri', () => {
      const before = settled({ ...flowState('confirmation'), confirmation: { response: 'jarm.jwt', redirect_uri: `${REDIRECT_URI}?x=1` }, modals: modalsWith('successConfirm'), timers: NO_TIMERS });
      expect(run(before, { type: 'modalPrimary' }).effects).to.deep.equal(leaving(`${REDIRECT_URI}?x=1&response=jarm.jwt`));
    });

    it('successConfirm with a redirect_uri other than the token\'s address: the token\'s address is used (DESIGN §3.12)', () => {
      const before = settled({ ...flowState('confirmation'), confirmation: { auth_code: 'code-1', state: STATE, redirect_uri: 'https://attacker.example/cb' }, modals: modalsWith('successConfirm'), timers: NO_TIMERS });
      expect(run(before, { type: 'modalPrimary' }).effects.filter((effect) => effect.type !== 'log')).to.deep.equal(leaving(`${REDIRECT_URI}#code=code-1&state=${STATE}`));
    });

    it('successConfirm with an answer that holds no result: never followed, the failure page (logged)', () => {
      const before = settled({ ...flowState('confirmation'), confirmation: {}, modals: modalsWith('successConfirm'), timers: NO_TIMERS });
      const { state, effects } = run(before, { type: 'modalPrimary' });
      expect(effects).to.deep.equal([{ type: 'log', message: 'Refused to return to {"kind":"noAuthorisationResult"}' }, { type: 'clearToken' }]);
      expect(state.screen).to.deep.equal({ kind: 'failure', route: 'incorrect_jwt' });
      expect(state.token).to.equal(undefined);
    });

    it('after a confirmation only the success button does anything (no other exit may follow a code)', () => {
      const confirmed = { ...flowState('confirmation'), confirmation: { auth_code: 'c' }, timers: NO_TIMERS };
      for (const name of ['serviceUnavailable', 'sharingIncomplete', 'forgotUsername', 'ageLimitation'] as const) {
        const before = withBase(confirmed, name);
        const result = run(before, { type: 'modalPrimary' });
        expect(result.state, name).to.equal(before);
        expect(result.effects).to.deep.equal([]);
      }
    });

    it('the success button needs a token and a confirmation', () => {
      for (const before of [
        settled({ ...flowState('confirmation', { token: undefined }), confirmation: { auth_code: 'c' }, modals: modalsWith('successConfirm'), timers: NO_TIMERS }),
        withBase(flowState('confirmation'), 'successConfirm'),
      ]) {
        const result = run(before, { type: 'modalPrimary' });
        expect(result.state).to.equal(before);
        expect(result.effects).to.deep.equal([]);
      }
    });

    it('no modal, or an exit under way (the buttons are busy): nothing', () => {
      for (const before of [flowState('login'), settled({ ...rejecting('preIdentification'), modals: modalsWith('sharingIncomplete') })]) {
        for (const type of ['modalPrimary', 'modalDismiss'] as const) {
          const result = run(before, { type });
          expect(result.state).to.equal(before);
          expect(result.effects).to.deep.equal([]);
        }
      }
    });

    it('an exit that needs the token does nothing without one', () => {
      for (const name of ['serviceUnavailable', 'temporaryLockout', 'sharingIncomplete'] as const) {
        const before = withBase(flowState('login', { token: undefined, timers: NO_TIMERS }), name);
        const result = run(before, { type: 'modalPrimary' });
        expect(result.effects, name).to.deep.equal([]);
        expect(result.state.ended).to.equal(false);
        expect(result.state.pending).to.equal(undefined);
      }
    });
  });

  describe('a confirmation being decided (DESIGN §3.11 "A confirmation is never lost", flow-transition isConfirming)', () => {
    /** Confirming with a token that expires 100 s after NOW; its redirect modal opens over the spinner 10 s before. */
    const confirmingAtExpiryWarning = (): FlowState => {
      const confirming = pendingOn(flowState('confirmation', { token: token({ exp: (NOW + 100_000) / 1000 }) }), { kind: 'confirm' });
      const warned = run(confirming, { type: 'tick' }, NOW + 95_000).state;
      expect(warned.modals).to.deep.equal(modalsWith(undefined, undefined, true));
      expect(warned.pending?.call).to.deep.equal({ kind: 'confirm' });
      return warned;
    };

    // DESIGN §3.11: while a decision is being asked, the modals' buttons are busy (flow-exits ignores them).
    it('the redirect modal\'s button does not reject a consent whose confirmation is under way; its code is still returned', () => {
      const warned = confirmingAtExpiryWarning();
      const pressed = run(warned, { type: 'modalPrimary' }, NOW + 96_000);
      expect(pressed.effects.filter((effect) => effect.type === 'call'), 'no reject while confirming').to.deep.equal([]);
      expect(pressed.state.pending?.call).to.deep.equal({ kind: 'confirm' });
      const confirmed = answer(pressed.state, { kind: 'confirm', result: ok({ auth_code: 'code-1', state: STATE }) }, NOW + 97_000);
      expect(confirmed.state.confirmation).to.deep.equal({ auth_code: 'code-1', state: STATE });
      expect(confirmed.state.modals.base).to.equal('successConfirm');
    });

    it('the timeout warning\'s button while confirming only extends the session (keep-alive aside, the confirmation still awaited)', () => {
      const confirming = pendingOn(flowState('confirmation'), { kind: 'confirm' });
      const warned = run(confirming, { type: 'tick' }, WARNED_AT).state;
      const { state, effects } = run(warned, { type: 'modalPrimary' }, WARNED_AT);
      expect(effects).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'keepAlive' } }, { type: 'wakeAt', atMs: WARNED_AT + 240_000 }]);
      expect(state.pending).to.deep.equal(confirming.pending);
    });
  });

  describe('the timeout warning (spec §4, WCAG 2.2.1: the customer extends the session)', () => {
    for (const type of ['modalPrimary', 'modalDismiss'] as const) {
      it(`${type}: the warning closes, the timer starts again now and the bank's session is kept alive (a call not waited for)`, () => {
        const before = warned(withBase(flowState('selectAccounts'), 'forgotUsername'));
        expect(before.modals).to.deep.equal(modalsWith('forgotUsername', 50));
        const now = WARNED_AT + 3_000;
        const { state, effects } = run(before, { type }, now);
        expect(effects).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'keepAlive' } }, { type: 'wakeAt', atMs: now + 240_000 }]);
        expect(state).to.deep.equal({
          ...at(before, now), modals: modalsWith('forgotUsername'), timers: { ...before.timers, lastActivityMs: now }, nextCallId: 11, pending: undefined, wakeAtMs: now + 240_000,
        });
      });
    }

    it('the keep-alive\'s answer changes nothing', () => {
      const extended = run(warned(flowState('login')), { type: 'modalPrimary' }, WARNED_AT);
      const result = run(extended.state, { type: 'answered', id: 10, answer: { kind: 'keepAlive', result: ok(undefined) } }, WARNED_AT);
      expect(result.state).to.equal(extended.state);
      expect(result.effects).to.deep.equal([]);
    });
  });

  describe('dismissing (close button, Escape)', () => {
    it('closes only closable modals: an end of the journey stays', () => {
      for (const name of ['serviceUnavailable', 'ageLimitation', 'noEligibleAccounts', 'temporaryLockout'] as const) {
        const before = withBase(flowState('login'), name);
        expect(run(before, { type: 'modalDismiss' }).state).to.equal(before);
      }
    });

    it('the token-expiry redirect cannot be dismissed, even over a closable modal', () => {
      const before = withBase(flowState('login'), 'forgotUsername', undefined, true);
      expect(run(before, { type: 'modalDismiss' }).state).to.equal(before);
    });

    it('after a confirmation nothing is dismissed', () => {
      const before = settled({ ...flowState('confirmation'), confirmation: { auth_code: 'c' }, modals: modalsWith('forgotUsername'), timers: NO_TIMERS });
      expect(run(before, { type: 'modalDismiss' }).state).to.equal(before);
    });
  });

  describe('a step that cannot be shown (spec §8 "any other error opens Service unavailable")', () => {
    it('opens Service unavailable, under any time-critical modal; the request under way is still awaited (its answer may be a decision: DESIGN §3.11)', () => {
      const before = settled({ ...pendingOn(flowState('selectAccounts'), { kind: 'accounts' }), modals: modalsWith(undefined, 30) });
      const { state, effects } = run(before, { type: 'stepUnavailable' });
      expect(effects).to.deep.equal([]);
      expect(state).to.deep.equal({ ...before, modals: modalsWith('serviceUnavailable', 30) });
    });

    it('is ignored on the loading screen, on a failure page, after a confirmation and after the exit', () => {
      for (const before of [
        loadingState(), settled({ ...flowState('login'), screen: { kind: 'failure', route: 'incorrect_jwt' } }),
        settled({ ...flowState('confirmation'), confirmation: { auth_code: 'c' }, timers: NO_TIMERS }),
      ]) {
        expect(run(before, { type: 'stepUnavailable' }).state).to.equal(before);
      }
    });
  });

  describe('the failure page\'s button (spec §2 failure page, DESIGN §3.1)', () => {
    it('with a verified token: Go Back to its address with access_denied; a started flow is abandoned before identification', () => {
      const before = settled({ ...flowState('login'), screen: { kind: 'failure', route: 'consent_fetch_failure' }, timers: NO_TIMERS });
      const { state, effects } = run(before, { type: 'leaveFailurePage' });
      expect(effects).to.deep.equal(leaving(ACCESS_DENIED_URL, 'preIdentification'));
      expect(state).to.deep.equal({ ...before, ended: true });
    });

    it('a customer who chose to leave is reported as rejected there too', () => {
      const before = settled({ ...flowState('login'), screen: { kind: 'failure', route: 'service_unavailable' }, timers: NO_TIMERS, rejected: true });
      expect(run(before, { type: 'leaveFailurePage' }).effects).to.deep.equal(leaving(ACCESS_DENIED_URL, 'rejected'));
    });

    it('without one: Leave Page to the bank\'s public site, no abandonment (no flow had started)', () => {
      const failed = run(loadingState(), { type: 'launched', route: 'x', jwtFromAddress: undefined, jwtFromStorage: undefined, errorParam: undefined, decided: undefined }).state;
      const { state, effects } = run(failed, { type: 'leaveFailurePage' });
      expect(effects).to.deep.equal(leaving(`${PUBLIC_SITE}/`));
      expect(state.ended).to.equal(true);
    });

    it('a public site that is not http(s) is not followed', () => {
      const failed = run(loadingState({ ...CONFIG, publicSiteUrl: 'ftp://bank.example' }), { type: 'launched', route: 'x', jwtFromAddress: undefined, jwtFromStorage: undefined, errorParam: undefined, decided: undefined }).state;
      const { state, effects } = run(failed, { type: 'leaveFailurePage' });
      expect(effects).to.deep.equal([{ type: 'log', message: 'Refused to return to {"kind":"notHttpUrl","target":"ftp://bank.example"}' }, { type: 'clearToken' }]);
      expect(state.ended).to.equal(false);
    });

    it('is ignored anywhere but on a failure page', () => {
      for (const before of [flowState('login'), loadingState()]) expect(run(before, { type: 'leaveFailurePage' }).state).to.equal(before);
    });
  });
});
