import { expect } from 'chai';
import type { FlowEvent } from '../../domain/flow-events';
import { initialFlowState, NO_TIMERS, type FlowState } from '../../domain/flow-state';
import { showFailure } from '../../domain/flow-start';
import { awaitingLogin, type Transition } from '../../domain/flow-transition';
import { NO_MODALS, topModal } from '../../domain/modal-stack';
import type { TokenVerificationError } from '../../domain/redirect-token';
import type { Result } from '../../domain/result';
import {
  CONFIG, EXP_SECONDS, JWT, NOW, amendmentConsent, answer, apiError, bankConsent, err, flowState, loadingState, modalsWith, ok,
  pendingOn, run, runAll, token, tokenPayload,
} from './fixtures/flow-state.fixture';

const launched = (overrides: Partial<Extract<FlowEvent, { type: 'launched' }>> = {}): FlowEvent => ({
  type: 'launched', route: 'demo_accc_aisp', jwtFromAddress: JWT, jwtFromStorage: undefined, errorParam: undefined, decided: undefined, ...overrides,
});

/** The state while the token is being verified (call id 1). */
const verifying = (): FlowState => run(loadingState(), launched()).state;

const verified = (result: Result<unknown, TokenVerificationError>, id = 1): FlowEvent => ({ type: 'verified', id, result });

const base64url = (value: unknown): string => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

describe('domain/flow-state: initialFlowState (DESIGN §3.9: the state before anything happened)', () => {
  it('the loading screen on the login step, nothing known, nothing verified, open, pending or timed; call ids from 1; preIdentification', () => {
    expect(initialFlowState(CONFIG, NOW)).to.deep.equal({
      config: CONFIG,
      screen: { kind: 'loading' },
      step: 'login',
      arrivedAtMs: NOW,
      unverifiedJwt: undefined,
      token: undefined,
      consent: undefined,
      customer: undefined,
      profiles: [],
      bankProfile: undefined,
      accounts: undefined,
      login: { form: { username: '', secureCode: '', dob: { day: '', month: '', year: '' } }, requireDob: false, loginError: false, failures: 0, remainingAttempts: undefined, answerLost: false, codeCleared: undefined, dobStepUp: false, early: undefined },
      description: '',
      verified: { authenticated: false, consentAfterLogin: false, customerDetails: false, businesses: false },
      modals: { base: undefined, timeoutSeconds: undefined, expiry: false },
      pending: undefined,
      nextCallId: 1,
      timers: { lastActivityMs: undefined, tokenExpiry: false, fallbackReturnAtMs: undefined, successReturnAtMs: undefined },
      stage: 'preIdentification',
      rejected: false,
      online: true,
      decidedElsewhere: undefined,
      decisionUnclear: false,
      approvalCommitted: false,
      approvalAsked: false,
      replayDecision: false,
      nowMs: NOW,
      wakeAtMs: undefined,
      confirmation: undefined,
      ended: false,
    });
  });
});

describe('domain/flow-start: launch, token verification, consent (spec §2 loading screen, §4 consent guard, DESIGN §3.1, §3.3)', () => {
  describe('launched', () => {
    it('the token from the address leaves the address bar first, then it is verified (nothing else before: DESIGN §3.1)', () => {
      const before = loadingState();
      const { state, effects } = run(before, launched());
      expect(effects).to.deep.equal([{ type: 'forgetAddressToken' }, { type: 'verify', id: 1, jwt: JWT }]);
      expect(state).to.deep.equal({
        ...before, unverifiedJwt: JWT, nextCallId: 2, pending: { id: 1, call: { kind: 'verify' }, keep: undefined, exitStage: undefined, attempt: 1, firstSentAtMs: NOW, retryAtMs: undefined, held: false, replay: false, unclear: false },
      });
    });

    it('after a reload the stored token is verified, and there is no address token to forget (DESIGN §3.3)', () => {
      const { state, effects } = run(loadingState(), launched({ jwtFromAddress: undefined, jwtFromStorage: 'stored.jwt.sig' }));
      expect(effects).to.deep.equal([{ type: 'verify', id: 1, jwt: 'stored.jwt.sig' }]);
      expect(state.unverifiedJwt).to.equal('stored.jwt.sig');
    });

    it('the address token wins over a stored one', () => {
      const { effects } = run(loadingState(), launched({ jwtFromStorage: 'stored.jwt.sig' }));
      expect(effects).to.deep.equal([{ type: 'forgetAddressToken' }, { type: 'verify', id: 1, jwt: JWT }]);
    });

    it('no token at all → incorrect_jwt, and the (absent) token is cleared (spec §2 "A missing redirectJwt also goes to incorrect_jwt")', () => {
      const before = loadingState();
      const { state, effects } = run(before, launched({ jwtFromAddress: undefined }));
      expect(effects).to.deep.equal([{ type: 'clearToken' }]);
      expect(state).to.deep.equal({ ...before, screen: { kind: 'failure', route: 'incorrect_jwt' } });
    });

    it('authorize_failure shows its page with the decoded error parameter; the token leaves the address and is cleared (DESIGN §3.13)', () => {
      const error = { fisp: 'FISP01', respCode: '403', respMessage: 'Consent has expired.', respTime: '2026-06-15T10:00:00Z' };
      const { state, effects } = run(loadingState(), launched({ route: 'authorize_failure', errorParam: base64url(error) }));
      expect(state.screen).to.deep.equal({ kind: 'failure', route: 'authorize_failure', details: error });
      expect(effects).to.deep.equal([{ type: 'forgetAddressToken' }, { type: 'clearToken' }]);
      expect(state.pending).to.equal(undefined);
      expect(state.nextCallId).to.equal(1);
    });

    it('authorize_failure without a parameter: the undecodable page (spec §8: code 500, the default text)', () => {
      const { state, effects } = run(loadingState(), launched({ route: 'authorize_failure', jwtFromAddress: undefined }));
      expect(state.screen).to.deep.equal({
        kind: 'failure', route: 'authorize_failure', details: { respMessage: 'We are unable to process your request.', respCode: '500', undecodable: true },
      });
      expect(effects).to.deep.equal([{ type: 'clearToken' }]);
    });

    for (const route of ['incorrect_jwt', 'consent_fetch_failure'] as const) {
      it(`the error route ${route} shows its page (no details) without verifying anything`, () => {
        const before = loadingState();
        const { state, effects } = run(before, launched({ route, errorParam: base64url({ respCode: '1' }) }));
        expect(state).to.deep.equal({ ...before, screen: { kind: 'failure', route } });
        expect(effects).to.deep.equal([{ type: 'forgetAddressToken' }, { type: 'clearToken' }]);
      });
    }

    it('service_unavailable is not an address route: the token is verified as on any other path', () => {
      const { effects } = run(loadingState(), launched({ route: 'service_unavailable' }));
      expect(effects).to.deep.equal([{ type: 'forgetAddressToken' }, { type: 'verify', id: 1, jwt: JWT }]);
    });

    it('changes nothing once started: while verifying, or past the loading screen', () => {
      const waiting = verifying();
      expect(run(waiting, launched()).state).to.equal(waiting);
      expect(run(waiting, launched()).effects).to.deep.equal([]);
      const onLogin = flowState('login');
      expect(run(onLogin, launched()).state).to.equal(onLogin);
      expect(run(onLogin, launched()).effects).to.deep.equal([]);
      const failed = run(loadingState(), launched({ jwtFromAddress: undefined })).state;
      expect(run(failed, launched()).state).to.equal(failed);
    });
  });

  describe('verified (DESIGN §3.1: trusted once its signature, expiry, claims, route and redirectUri are checked)', () => {
    it('a good token is trusted, kept for this tab, the expiry timer starts and the consent is loaded; the wake is set 10 s before exp', () => {
      const before = verifying();
      const { state, effects } = run(before, verified(ok(tokenPayload())));
      expect(effects).to.deep.equal([
        { type: 'storeToken', jwt: JWT },
        { type: 'call', id: 2, call: { kind: 'consentDetails' } },
        { type: 'wakeAt', atMs: EXP_SECONDS * 1000 - 10_000 },
      ]);
      expect(state).to.deep.equal({
        ...before,
        token: token(),
        unverifiedJwt: undefined,
        timers: { ...NO_TIMERS, tokenExpiry: true },
        nextCallId: 3,
        pending: { id: 2, call: { kind: 'consentDetails' }, keep: undefined, exitStage: undefined, attempt: 1, firstSentAtMs: NOW, retryAtMs: undefined, held: false, replay: false, unclear: false },
        wakeAtMs: EXP_SECONDS * 1000 - 10_000,
      });
    });

    it('an exp the timer cannot hold: the redirect modal opens, no expiry timer, the page returns 10 s later (spec §4)', () => {
      const before = verifying();
      const now = NOW + 5;
      const { state, effects } = run(before, verified(ok(tokenPayload({ exp: 0 }))), now);
      expect(state.timers).to.deep.equal({ ...NO_TIMERS, tokenExpiry: false, fallbackReturnAtMs: now + 10_000 });
      expect(state.modals).to.deep.equal(modalsWith(undefined, undefined, true));
      expect(effects.at(-1)).to.deep.equal({ type: 'wakeAt', atMs: now + 10_000 });
      expect(state.pending?.call).to.deep.equal({ kind: 'consentDetails' });
    });

    it('an exp already past: the expiry timer is not started (spec §4), no fallback, no modal, no wake', () => {
      const before = verifying();
      const { state, effects } = run(before, verified(ok(tokenPayload({ exp: NOW / 1000 }))));
      expect(state.timers).to.deep.equal(NO_TIMERS);
      expect(state.modals).to.deep.equal(NO_MODALS);
      expect(effects).to.deep.equal([{ type: 'storeToken', jwt: JWT }, { type: 'call', id: 2, call: { kind: 'consentDetails' } }]);
    });

    it('a refused token → incorrect_jwt, logged with the reason, token cleared, nothing sent', () => {
      for (const kind of ['malformed', 'badSignature', 'unknownKey', 'expired'] as const) {
        const before = verifying();
        const { state, effects } = run(before, verified(err({ kind })));
        expect(effects).to.deep.equal([{ type: 'log', message: `The redirect token was refused: ${kind}` }, { type: 'clearToken' }]);
        expect(state).to.deep.equal({ ...before, screen: { kind: 'failure', route: 'incorrect_jwt' }, pending: undefined, unverifiedJwt: undefined });
      }
    });

    it('the bank\'s keys could not be fetched → Service unavailable; the token is kept for a reload, not cleared (issue 11 defect 5)', () => {
      const before = verifying();
      const error: TokenVerificationError = { kind: 'keysUnavailable', detail: 'HTTP 503' };
      const { state, effects } = run(before, verified(err(error)));
      expect(effects).to.deep.equal([
        { type: 'log', message: 'The bank\'s keys could not be fetched: HTTP 503' },
        { type: 'storeToken', jwt: JWT },
      ]);
      expect(state).to.deep.equal({ ...before, screen: { kind: 'failure', route: 'service_unavailable' }, pending: undefined, unverifiedJwt: undefined });
    });

    const refusals: [string, Record<string, unknown>, string, boolean?][] = [
      ['unusable claims', { tppName: undefined }, 'The redirect token\'s claims are unusable: {"kind":"missingClaim","claim":"tppName"}'],
      ['a brand that is not configured (spec §2: no such route)', { brand: 'Acme' }, 'No flow route acme_accc_aisp is configured'],
      ['another standard than accc', { standard: 'cds' }, 'No flow route demo_cds_aisp is configured'],
      ['another consent type than aisp', { consentType: 'pisp' }, 'No flow route demo_accc_pisp is configured'],
      ['a redirectUri that is not http(s) (never followed, even signed)', { redirectUri: 'javascript:alert(1)' }, 'The redirect token\'s redirectUri cannot be followed'],
      ['http on localhost in production', { redirectUri: 'http://localhost:3000/cb' }, 'The redirect token\'s redirectUri cannot be followed', true],
    ];
    for (const [label, overrides, message, production] of refusals) {
      it(`${label} → incorrect_jwt, logged, token cleared`, () => {
        const before = production === true ? run(loadingState({ ...CONFIG, production: true }), launched()).state : verifying();
        const payload = { ...tokenPayload(), ...overrides };
        const { state, effects } = run(before, verified(ok(payload)));
        expect(effects).to.deep.equal([{ type: 'log', message }, { type: 'clearToken' }]);
        expect(state.screen).to.deep.equal({ kind: 'failure', route: 'incorrect_jwt' });
        expect(state.token).to.equal(undefined);
        expect(state.pending).to.equal(undefined);
      });
    }

    it('http on localhost outside production is followed (DESIGN §3.1)', () => {
      const before = verifying();
      const { state } = run(before, verified(ok(tokenPayload({ redirectUri: 'http://localhost:3000/cb' }))));
      expect(state.token?.redirectUri).to.equal('http://localhost:3000/cb');
      expect(state.pending?.call).to.deep.equal({ kind: 'consentDetails' });
    });

    it('the second configured brand is accepted too', () => {
      const before = verifying();
      expect(run(before, verified(ok(tokenPayload({ brand: 'OTHER' })))).state.token?.brand).to.equal('other');
    });

    it('changes nothing unless it answers the verification under way (another id, not verifying, no token held)', () => {
      const before = verifying();
      for (const state of [before, flowState('login'), pendingOn(flowState('login'), { kind: 'customerDetails' })]) {
        const result = run(state, verified(ok(tokenPayload()), 2));
        expect(result.state).to.equal(state);
        expect(result.effects).to.deep.equal([]);
      }
      const noJwt = { ...before, unverifiedJwt: undefined };
      expect(run(noJwt, verified(ok(tokenPayload()))).state).to.equal(noJwt);
      const otherCall = pendingOn(flowState('login'), { kind: 'customerDetails' });
      expect(run(otherCall, verified(ok(tokenPayload()), 9)).state).to.equal(otherCall);
    });
  });

  describe('consent details (spec §4 consent guard)', () => {
    const loadingConsent = (payload: Record<string, unknown> = {}): FlowState => {
      const before = verifying();
      return run(before, verified(ok(tokenPayload(payload)))).state;
    };

    it('loaded → the login step (one page view), the inactivity timer starts now; the wake moves to its warning', () => {
      const before = loadingConsent();
      const consent = bankConsent();
      const now = NOW + 1_000;
      const { state, effects } = answer(before, { kind: 'consentDetails', result: ok(consent) }, now);
      expect(effects).to.deep.equal([{ type: 'pageView', step: 'login' }, { type: 'wakeAt', atMs: now + 240_000 }]);
      expect(state).to.deep.equal({
        ...before,
        consent,
        description: '',
        screen: { kind: 'flow' },
        step: 'login',
        pending: undefined,
        timers: { ...before.timers, lastActivityMs: now },
        nowMs: now,
        wakeAtMs: now + 240_000,
      });
    });

    it('an amendment starts with the arrangement\'s description (issue 11 defect 6)', () => {
      const { state } = answer(loadingConsent(), { kind: 'consentDetails', result: ok(amendmentConsent()) });
      expect(state.description).to.equal('Budgeting');
    });

    it('not loaded → consent_fetch_failure: token cleared, no timer, no modal, no wake (spec §8)', () => {
      const before = loadingConsent({ exp: 0 });
      expect(before.modals.expiry).to.equal(true);
      const { state, effects } = answer(before, { kind: 'consentDetails', result: err(apiError(500)) });
      expect(effects).to.deep.equal([{ type: 'clearToken' }, { type: 'wakeAt', atMs: undefined }]);
      expect(state).to.deep.equal({
        ...before, screen: { kind: 'failure', route: 'consent_fetch_failure' }, pending: undefined, modals: NO_MODALS, timers: NO_TIMERS, wakeAtMs: undefined,
      });
    });
  });

  describe('showFailure (spec §2 failure page: a non-closable page of its own)', () => {
    it('closes every modal, stops every timer, forgets the request and the unverified token; the given effects, then clearToken', () => {
      const before = pendingOn({ ...flowState('selectAccounts'), modals: modalsWith('forgotUsername', 30, true), unverifiedJwt: 'x' }, { kind: 'accounts' });
      const { state, effects } = showFailure(before, 'consent_fetch_failure', undefined, { type: 'log', message: 'm' });
      expect(state).to.deep.equal({
        ...before, screen: { kind: 'failure', route: 'consent_fetch_failure' }, pending: undefined, unverifiedJwt: undefined, modals: NO_MODALS, timers: NO_TIMERS,
      });
      expect(effects).to.deep.equal([{ type: 'log', message: 'm' }, { type: 'clearToken' }]);
    });

    it('with details, the screen carries them; service_unavailable keeps the token (no clearToken)', () => {
      const { state, effects } = showFailure(flowState('login'), 'service_unavailable', { respCode: '1' });
      expect(state.screen).to.deep.equal({ kind: 'failure', route: 'service_unavailable', details: { respCode: '1' } });
      expect(effects).to.deep.equal([]);
    });
  });
});

describe('domain/flow-transition: awaitingLogin (issue 15: the pre-rendered login form while the token is verified)', () => {
  it('is true while the token of a launch is verified and while its consent is read, then false on the login step', () => {
    expect(awaitingLogin(loadingState()), 'before the launch').to.equal(false);
    const verifyingToken = verifying();
    expect(awaitingLogin(verifyingToken)).to.equal(true);
    const reading = run(verifyingToken, verified(ok(tokenPayload()))).state;
    expect(reading.pending?.call.kind).to.equal('consentDetails');
    expect(awaitingLogin(reading)).to.equal(true);
    const onLogin = answer(reading, { kind: 'consentDetails', result: ok(bankConsent()) }).state;
    expect(onLogin.screen.kind).to.equal('flow');
    expect(awaitingLogin(onLogin)).to.equal(false);
  });

  it('is false for a launch that replays a decision after a reload, an error route, no token, and a refused token', () => {
    expect(awaitingLogin(run(loadingState(), launched({ decided: 'approve' })).state), 'replay').to.equal(false);
    expect(awaitingLogin(run(loadingState(), launched({ decided: 'reject' })).state), 'a reject key is not replayed').to.equal(true);
    expect(awaitingLogin(run(loadingState(), launched({ route: 'incorrect_jwt' })).state)).to.equal(false);
    expect(awaitingLogin(run(loadingState(), launched({ jwtFromAddress: undefined })).state)).to.equal(false);
    expect(awaitingLogin(run(verifying(), verified(err({ kind: 'expired' }))).state)).to.equal(false);
  });

  it('takes what the customer types while it waits (the form is on screen); sends nothing before the login step', () => {
    const typed = runAll(verifying(), [
      { type: 'usernameTyped', value: 'jane.citizen' },
      { type: 'secureCodeTyped', value: '123456' },
      { type: 'dateOfBirthTyped', parts: { day: '25' } },
    ]).state;
    expect(typed.login.form).to.deep.equal({ username: 'jane.citizen', secureCode: '123456', dob: { day: '25', month: '', year: '' } });
    for (const event of [{ type: 'submitLogin' }, { type: 'cancel' }, { type: 'openHelp', modal: 'forgotUsername' }] as const) {
      const after = run(typed, event);
      expect(after.effects, event.type).to.deep.equal([]);
      expect(after.state.pending, event.type).to.equal(typed.pending);
      expect(after.state.modals, event.type).to.equal(typed.modals);
    }
    const onLogin = answer(run(typed, verified(ok(tokenPayload()))).state, { kind: 'consentDetails', result: ok(bankConsent()) }).state;
    expect(onLogin.login.form.username, 'kept on the login step').to.equal('jane.citizen');
  });

  describe('issue 20 "an early Continue is not lost": a press while it waits is remembered and carried out once the login step shows', () => {
    const complete = (): FlowState => runAll(verifying(), [{ type: 'usernameTyped', value: 'jane.citizen' }, { type: 'secureCodeTyped', value: '123456' }]).state;
    const loginShown = (state: FlowState): Transition => answer(run(state, verified(ok(tokenPayload()))).state, { kind: 'consentDetails', result: ok(bankConsent()) });

    it('Continue on a complete form: remembered (the last press wins), then one login with exactly what was typed', () => {
      const pressed = runAll(complete(), [{ type: 'submitLogin' }, { type: 'submitLogin' }]).state;
      expect(pressed.login.early).to.equal('submit');
      const shown = loginShown(pressed);
      const calls = shown.effects.filter((effect) => effect.type === 'call');
      expect(calls.map((effect) => effect.type === 'call' && effect.call)).to.deep.equal([
        { kind: 'authenticate', request: { authType: 'SECURE_CODE', username: 'jane.citizen', secureCode: '123456' } },
      ]);
      expect(shown.state.login.early).to.equal(undefined);
      expect(run(shown.state, { type: 'submitLogin' }).effects.filter((effect) => effect.type === 'call'), 'a press while it logs in sends nothing more').to.deep.equal([]);
    });

    it('Continue on an incomplete form is not remembered (the form names what is missing)', () => {
      const partial = runAll(verifying(), [{ type: 'usernameTyped', value: 'jane.citizen' }, { type: 'secureCodeTyped', value: '123' }, { type: 'submitLogin' }]).state;
      expect(partial.login.early).to.equal(undefined);
      expect(loginShown(partial).effects.filter((effect) => effect.type === 'call')).to.deep.equal([]);
    });

    it('a form changed after the press is checked again when the step shows: incomplete, nothing is sent', () => {
      const changed = runAll(complete(), [{ type: 'submitLogin' }, { type: 'secureCodeTyped', value: '12' }]).state;
      expect(changed.login.early).to.equal('submit');
      const shown = loginShown(changed);
      expect(shown.effects.filter((effect) => effect.type === 'call')).to.deep.equal([]);
      expect(shown.state.login.early).to.equal(undefined);
    });

    it('Cancel and the help links open their modal once the step shows', () => {
      expect(topModal(loginShown(run(complete(), { type: 'cancel' }).state).state.modals)?.name).to.equal('sharingIncomplete');
      expect(topModal(loginShown(run(complete(), { type: 'openHelp', modal: 'lostSecureKey' }).state).state.modals)?.name).to.equal('lostSecureKey');
    });

    it('a launch that fails forgets the press (nothing is sent)', () => {
      const refused = run(run(complete(), { type: 'submitLogin' }).state, verified(err({ kind: 'badSignature' })));
      expect(refused.state.screen.kind).to.equal('failure');
      expect(refused.effects.filter((effect) => effect.type === 'call')).to.deep.equal([]);
    });
  });

  it('ignores typing under a modal while it waits (the redirect modal of a token whose expiry timer cannot be set, while the consent is read)', () => {
    const underModal = run(verifying(), verified(ok(tokenPayload({ exp: 0 }))), NOW + 5).state;
    expect(underModal.modals.expiry).to.equal(true);
    expect(awaitingLogin(underModal)).to.equal(true);
    expect(run(underModal, { type: 'usernameTyped', value: 'x' }).state.login.form.username).to.equal('');
  });
});
