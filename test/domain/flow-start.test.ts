import { expect } from 'chai';
import type { FlowEvent } from '../../domain/flow-events';
import { initialFlowState, type FlowState } from '../../domain/flow-state';
import { ADDRESS_FAILURE_ROUTES, showFailure } from '../../domain/flow-start';
import type { Transition } from '../../domain/flow-transition';
import { awaitingLogin, brandIdOf, isLoading, screenOf, topModalOf } from '../../domain/flow-view';
import { failureTitles } from '../../domain/error-page';
import { NO_MODALS } from '../../domain/modal-stack';
import type { TokenVerificationError } from '../../domain/redirect-token';
import type { Result } from '../../domain/result';
import {
  CONFIG,
  EXP_SECONDS,
  JWT,
  NOW,
  amendmentConsent,
  answer,
  apiError,
  bankConsent,
  err,
  flowState,
  leavingState,
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
  token,
  tokenPayload,
  withModal,
} from './fixtures/flow-state.fixture';

const launched = (overrides: Partial<Extract<FlowEvent, { type: 'launched' }>> = {}): FlowEvent => ({
  type: 'launched',
  route: 'demo_accc_aisp',
  jwtFromAddress: JWT,
  jwtFromStorage: undefined,
  errorParam: undefined,
  decided: undefined,
  ...overrides,
});

/** The state while the token is being verified (call id 1). */
const verifying = (): FlowState => run(loadingState(), launched()).state;

const verified = (result: Result<unknown, TokenVerificationError>, id = 1): FlowEvent => ({ type: 'verified', id, result });

const base64url = (value: unknown): string => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

describe('domain/flow-state: initialFlowState (DESIGN §3.9: the state before anything happened)', () => {
  it('the starting phase before the launch (no token, no call, no modal), no decision, nothing known, verified or timed; call ids from 1; preIdentification', () => {
    expect(initialFlowState(CONFIG, NOW)).to.deep.equal({
      config: CONFIG,
      nowMs: NOW,
      arrivedAtMs: NOW,
      online: true,
      nextCallId: 1,
      wakeAtMs: undefined,
      phase: { kind: 'starting', task: 'verifying', jwt: undefined, call: undefined, modals: { base: undefined, timeoutSeconds: undefined, expiry: false } },
      decision: { kind: 'none' },
      journey: {
        token: undefined,
        consent: undefined,
        customer: undefined,
        profiles: [],
        bankProfile: undefined,
        accounts: undefined,
        login: {
          form: { username: '', secureCode: '', dob: { day: '', month: '', year: '' } },
          requireDob: false,
          loginError: false,
          failures: 0,
          remainingAttempts: undefined,
          answerLost: false,
          codeCleared: undefined,
          dobStepUp: false,
          early: undefined,
        },
        description: '',
        verified: { customerDetails: false, businesses: false },
        stage: 'preIdentification',
        expiry: { kind: 'off' },
      },
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
        ...before,
        nextCallId: 2,
        phase: { kind: 'starting', task: 'verifying', jwt: JWT, call: sentCall(1, { kind: 'verify' }), modals: NO_MODALS },
      });
    });

    it('after a reload the stored token is verified, and there is no address token to forget (DESIGN §3.3)', () => {
      const { state, effects } = run(loadingState(), launched({ jwtFromAddress: undefined, jwtFromStorage: 'stored.jwt.sig' }));
      expect(effects).to.deep.equal([{ type: 'verify', id: 1, jwt: 'stored.jwt.sig' }]);
      expect(state.phase).to.include({ task: 'verifying', jwt: 'stored.jwt.sig' });
    });

    it('the address token wins over a stored one', () => {
      const { effects } = run(loadingState(), launched({ jwtFromStorage: 'stored.jwt.sig' }));
      expect(effects).to.deep.equal([{ type: 'forgetAddressToken' }, { type: 'verify', id: 1, jwt: JWT }]);
    });

    it('no token at all → incorrect_jwt, and the (absent) token is cleared (spec §2 "A missing redirectJwt also goes to incorrect_jwt")', () => {
      const before = loadingState();
      const { state, effects } = run(before, launched({ jwtFromAddress: undefined }));
      expect(effects).to.deep.equal([{ type: 'clearToken' }]);
      expect(state).to.deep.equal({ ...before, phase: { kind: 'failed', route: 'incorrect_jwt' } });
    });

    describe('a tab whose flow already left for the recipient (issue 33 item 5: Back from the recipient)', () => {
      it('no token, a finished flow of a served brand: "This request has already been completed" under that brand; nothing sent, nothing cleared', () => {
        const before = loadingState();
        const { state, effects } = run(before, launched({ jwtFromAddress: undefined, finished: 'demo' }));
        expect(effects).to.deep.equal([]);
        expect(state.phase).to.deep.equal({ kind: 'failed', route: 'already_completed', brand: 'demo' });
        expect(screenOf(state.phase)).to.deep.equal({ kind: 'failure', route: 'already_completed', brand: 'demo' });
        expect(brandIdOf(state), 'the page is branded though no token names the brand').to.equal('demo');
        expect(failureTitles('already_completed').title).to.equal('This request has already been completed');
      });

      it('a finished brand this deployment does not serve: the ordinary failure page (incorrect_jwt), unbranded', () => {
        const { state } = run(loadingState(), launched({ jwtFromAddress: undefined, finished: 'elsewhere' }));
        expect(state.phase).to.deep.equal({ kind: 'failed', route: 'incorrect_jwt' });
        expect(brandIdOf(state)).to.equal(undefined);
      });

      it('a new request (a token in the address) is verified as usual, and the finished record forgotten', () => {
        const { effects } = run(loadingState(), launched({ finished: 'demo' }));
        expect(effects).to.deep.equal([{ type: 'forgetAddressToken' }, { type: 'rememberFinished', brand: undefined }, { type: 'verify', id: 1, jwt: JWT }]);
      });

      it('a reload of a live flow (the token in the tab) continues it: the stored token wins', () => {
        const { effects } = run(loadingState(), launched({ jwtFromAddress: undefined, jwtFromStorage: JWT, finished: 'demo' }));
        expect(effects).to.deep.equal([{ type: 'verify', id: 1, jwt: JWT }]);
      });
    });

    it('authorize_failure shows its page with the decoded error parameter; the token leaves the address and is cleared (DESIGN §3.13)', () => {
      const error = { fisp: 'FISP01', respCode: '403', respMessage: 'Consent has expired.', respTime: '2026-06-15T10:00:00Z' };
      const { state, effects } = run(loadingState(), launched({ route: 'authorize_failure', errorParam: base64url(error) }));
      expect(state.phase).to.deep.equal({ kind: 'failed', route: 'authorize_failure', details: error });
      expect(screenOf(state.phase)).to.deep.equal({ kind: 'failure', route: 'authorize_failure', details: error });
      expect(effects).to.deep.equal([{ type: 'forgetAddressToken' }, { type: 'clearToken' }]);
      expect(state.nextCallId).to.equal(1);
    });

    it('authorize_failure without a parameter: the undecodable page (spec §8: code 500, the default text)', () => {
      const { state, effects } = run(loadingState(), launched({ route: 'authorize_failure', jwtFromAddress: undefined }));
      expect(state.phase).to.deep.equal({
        kind: 'failed',
        route: 'authorize_failure',
        details: { respMessage: 'We are unable to process your request.', respCode: '500', undecodable: true },
      });
      expect(effects).to.deep.equal([{ type: 'clearToken' }]);
    });

    for (const route of ['incorrect_jwt', 'consent_fetch_failure'] as const) {
      it(`the error route ${route} shows its page (no details) without verifying anything`, () => {
        const before = loadingState();
        const { state, effects } = run(before, launched({ route, errorParam: base64url({ respCode: '1' }) }));
        expect(state).to.deep.equal({ ...before, phase: { kind: 'failed', route } });
        expect(effects).to.deep.equal([{ type: 'forgetAddressToken' }, { type: 'clearToken' }]);
      });
    }

    it('the routes an address can name: authorize_failure, incorrect_jwt, consent_fetch_failure', () => {
      expect(ADDRESS_FAILURE_ROUTES).to.deep.equal(['authorize_failure', 'incorrect_jwt', 'consent_fetch_failure']);
    });

    it('service_unavailable is not an address route: the token is verified as on any other path', () => {
      const { effects } = run(loadingState(), launched({ route: 'service_unavailable' }));
      expect(effects).to.deep.equal([{ type: 'forgetAddressToken' }, { type: 'verify', id: 1, jwt: JWT }]);
    });

    it('an approval this tab asked before a reload makes the decision unclear from the start (DESIGN §3.11); a rejection does not', () => {
      expect(run(loadingState(), launched({ decided: 'approve' })).state.decision).to.deep.equal({ kind: 'unclear' });
      expect(run(loadingState(), launched({ decided: 'reject' })).state.decision).to.deep.equal({ kind: 'none' });
      expect(
        run(loadingState(), launched({ decided: 'approve', jwtFromAddress: undefined })).state.decision,
        'no token: the failure page, nothing asked',
      ).to.deep.equal({ kind: 'none' });
    });

    it('changes nothing once started: while verifying, on a step, on a failure page', () => {
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
    it('a good token is trusted, kept for this tab, the expiry timer starts and the consent is read; the wake is set 10 s before exp', () => {
      const before = verifying();
      const { state, effects } = run(before, verified(ok(tokenPayload())));
      expect(effects).to.deep.equal([
        { type: 'storeToken', jwt: JWT },
        { type: 'call', id: 2, call: { kind: 'consentDetails' } },
        { type: 'wakeAt', atMs: EXP_SECONDS * 1000 - 10_000 },
      ]);
      expect(state).to.deep.equal({
        ...before,
        nextCallId: 3,
        wakeAtMs: EXP_SECONDS * 1000 - 10_000,
        phase: { kind: 'starting', task: 'reading', call: sentCall(2, { kind: 'consentDetails' }), modals: NO_MODALS },
        journey: { ...before.journey, token: token(), expiry: { kind: 'running' } },
      });
    });

    it('an exp the timer cannot hold: the redirect modal opens, the fallback return 10 s later (spec §4); the consent is still read', () => {
      const before = verifying();
      const now = NOW + 5;
      const { state, effects } = run(before, verified(ok(tokenPayload({ exp: 0 }))), now);
      expect(state.journey.expiry).to.deep.equal({ kind: 'fallback', returnAtMs: now + 10_000 });
      expect(modals(state)).to.deep.equal(modalsWith(undefined, undefined, true));
      expect(topModalOf(state.phase)).to.deep.equal({ name: 'redirectionToTpp' });
      expect(effects.at(-1)).to.deep.equal({ type: 'wakeAt', atMs: now + 10_000 });
      expect(pending(state)?.call).to.deep.equal({ kind: 'consentDetails' });
    });

    it('an exp already past: the expiry timer is not started (spec §4), no fallback, no modal, no wake', () => {
      const before = verifying();
      const { state, effects } = run(before, verified(ok(tokenPayload({ exp: NOW / 1000 }))));
      expect(state.journey.expiry).to.deep.equal({ kind: 'off' });
      expect(modals(state)).to.deep.equal(NO_MODALS);
      expect(effects).to.deep.equal([
        { type: 'storeToken', jwt: JWT },
        { type: 'call', id: 2, call: { kind: 'consentDetails' } },
      ]);
    });

    it('a refused token → incorrect_jwt, logged with the reason, token cleared, nothing sent', () => {
      for (const kind of ['malformed', 'badSignature', 'unknownKey', 'expired'] as const) {
        const before = verifying();
        const { state, effects } = run(before, verified(err({ kind })));
        expect(effects).to.deep.equal([{ type: 'log', message: `The redirect token was refused: ${kind}` }, { type: 'clearToken' }]);
        expect(state).to.deep.equal({ ...before, phase: { kind: 'failed', route: 'incorrect_jwt' } });
      }
    });

    it("the bank's keys could not be fetched → Service unavailable; the token is kept for a reload, not cleared (issue 11 defect 5)", () => {
      const before = verifying();
      const error: TokenVerificationError = { kind: 'keysUnavailable', detail: 'HTTP 503' };
      const { state, effects } = run(before, verified(err(error)));
      expect(effects).to.deep.equal([
        { type: 'log', message: "The bank's keys could not be fetched: HTTP 503" },
        { type: 'storeToken', jwt: JWT },
      ]);
      expect(state).to.deep.equal({ ...before, phase: { kind: 'failed', route: 'service_unavailable' } });
    });

    const refusals: [string, Record<string, unknown>, string, boolean?][] = [
      ['unusable claims', { tppName: undefined }, 'The redirect token\'s claims are unusable: {"kind":"missingClaim","claim":"tppName"}'],
      ['a brand that is not configured (spec §2: no such route)', { brand: 'Acme' }, 'No flow route acme_accc_aisp is configured'],
      ['another standard than accc', { standard: 'cds' }, 'No flow route demo_cds_aisp is configured'],
      ['another consent type than aisp', { consentType: 'pisp' }, 'No flow route demo_accc_pisp is configured'],
      [
        'a redirectUri that is not http(s) (never followed, even signed)',
        { redirectUri: 'javascript:alert(1)' },
        "The redirect token's redirectUri cannot be followed",
      ],
      ['http on localhost in production', { redirectUri: 'http://localhost:3000/cb' }, "The redirect token's redirectUri cannot be followed", true],
    ];
    for (const [label, overrides, message, production] of refusals) {
      it(`${label} → incorrect_jwt, logged, token cleared`, () => {
        const before = production === true ? run(loadingState({ ...CONFIG, production: true }), launched()).state : verifying();
        const payload = { ...tokenPayload(), ...overrides };
        const { state, effects } = run(before, verified(ok(payload)));
        expect(effects).to.deep.equal([{ type: 'log', message }, { type: 'clearToken' }]);
        expect(state.phase).to.deep.equal({ kind: 'failed', route: 'incorrect_jwt' });
        expect(state.journey.token).to.equal(undefined);
        expect(pending(state)).to.equal(undefined);
      });
    }

    it('http on localhost outside production is followed (DESIGN §3.1)', () => {
      const { state } = run(verifying(), verified(ok(tokenPayload({ redirectUri: 'http://localhost:3000/cb' }))));
      expect(state.journey.token?.redirectUri).to.equal('http://localhost:3000/cb');
      expect(pending(state)?.call).to.deep.equal({ kind: 'consentDetails' });
    });

    it('the second configured brand is accepted too', () => {
      expect(run(verifying(), verified(ok(tokenPayload({ brand: 'OTHER' })))).state.journey.token?.brand).to.equal('other');
    });

    it('changes nothing unless it answers the verification under way (another id, another call, no token held, another phase)', () => {
      const before = verifying();
      for (const state of [before, flowState('login'), pendingOn(startingState(), { kind: 'consentDetails' })]) {
        const result = run(state, verified(ok(tokenPayload()), 2));
        expect(result.state).to.equal(state);
        expect(result.effects).to.deep.equal([]);
      }
      const noJwt = { ...before, phase: { ...phaseOf(before, 'starting'), jwt: undefined } };
      expect(run(noJwt, verified(ok(tokenPayload()))).state).to.equal(noJwt);
      const otherCall = pendingOn(startingState(), { kind: 'consentDetails' });
      expect(run(otherCall, verified(ok(tokenPayload()), 9)).state).to.equal(otherCall);
    });
  });

  describe('consent details (spec §4 consent guard: the consent is read once)', () => {
    const readingConsent = (payload: Record<string, unknown> = {}): FlowState => run(verifying(), verified(ok(tokenPayload(payload)))).state;

    it('read → the login step (one page view), the inactivity timer starts now; the wake moves to its warning', () => {
      const before = readingConsent();
      const consent = bankConsent();
      const now = NOW + 1_000;
      const { state, effects } = answer(before, { kind: 'consentDetails', result: ok(consent) }, now);
      // DESIGN §3.18: the first step makes the browser's Back the journey's.
      expect(effects).to.deep.equal([{ type: 'guardBack' }, { type: 'pageView', step: 'login' }, { type: 'wakeAt', atMs: now + 240_000 }]);
      expect(state).to.deep.equal({
        ...before,
        nowMs: now,
        wakeAtMs: now + 240_000,
        phase: { kind: 'steps', step: 'login', call: undefined, modals: NO_MODALS, lastActivityMs: now },
        journey: { ...before.journey, consent, description: '' },
      });
    });

    it("an amendment starts with the arrangement's description (issue 11 defect 6); without one the description is empty", () => {
      expect(answer(readingConsent(), { kind: 'consentDetails', result: ok(amendmentConsent()) }).state.journey.description).to.equal('Budgeting');
      expect(answer(readingConsent(), { kind: 'consentDetails', result: ok(amendmentConsent(null)) }).state.journey.description).to.equal('');
    });

    it('the redirect modal opened while reading stays over the login step', () => {
      const { state } = answer(readingConsent({ exp: 0 }), { kind: 'consentDetails', result: ok(bankConsent()) });
      expect(phaseOf(state, 'steps').step).to.equal('login');
      expect(modals(state)).to.deep.equal(modalsWith(undefined, undefined, true));
    });

    it('not read → consent_fetch_failure: token cleared, no timer, no modal, no wake (spec §8)', () => {
      const before = readingConsent({ exp: 0 });
      expect(modals(before).expiry).to.equal(true);
      const { state, effects } = answer(before, { kind: 'consentDetails', result: err(apiError(500)) });
      expect(effects).to.deep.equal([{ type: 'clearToken' }, { type: 'wakeAt', atMs: undefined }]);
      expect(state).to.deep.equal({
        ...before,
        wakeAtMs: undefined,
        phase: { kind: 'failed', route: 'consent_fetch_failure' },
        journey: { ...before.journey, expiry: { kind: 'off' } },
      });
    });

    it("an amendment's consent is not read again after its owner logs in (issue 21: read once): the customer details follow the login", () => {
      const consent = amendmentConsent();
      const authenticating = pendingOn(flowState('login', { consent, customer: undefined, verified: { customerDetails: false, businesses: false } }), {
        kind: 'authenticate',
        request: { authType: 'SECURE_CODE', username: 'jane', secureCode: '123456' },
      });
      const { state, effects } = answer(authenticating, { kind: 'authenticate', result: ok(undefined) });
      expect(effects).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'customerDetails' } }]);
      expect(state.journey.consent).to.equal(consent);
    });
  });

  describe('showFailure (spec §2 failure page: a non-closable page of its own)', () => {
    it('leaves the phase (its modals, its call, the unverified token), stops the expiry timer; the given effects, then clearToken', () => {
      const before = pendingOn(withModal(flowState('selectAccounts'), 'forgotUsername', 30, true), { kind: 'accounts' });
      const { state, effects } = showFailure(before, 'consent_fetch_failure', undefined, { type: 'log', message: 'm' });
      expect(state).to.deep.equal({
        ...before,
        phase: { kind: 'failed', route: 'consent_fetch_failure' },
        journey: { ...before.journey, expiry: { kind: 'off' } },
      });
      expect(effects).to.deep.equal([{ type: 'log', message: 'm' }, { type: 'clearToken' }]);
      expect(pending(state)).to.equal(undefined);
      expect(topModalOf(state.phase)).to.equal(undefined);
    });

    it('with details, the page carries them; service_unavailable keeps the token (no clearToken)', () => {
      const { state, effects } = showFailure(flowState('login'), 'service_unavailable', { respCode: '1' });
      expect(state.phase).to.deep.equal({ kind: 'failed', route: 'service_unavailable', details: { respCode: '1' } });
      expect(effects).to.deep.equal([]);
    });
  });
});

describe('domain/flow-view: awaitingLogin (issue 15: the pre-rendered login form while the token is verified)', () => {
  it('is true while the token of a launch is verified and while its consent is read, then false on the login step', () => {
    expect(awaitingLogin(loadingState()), 'before the launch').to.equal(false);
    const verifyingToken = verifying();
    expect(awaitingLogin(verifyingToken)).to.equal(true);
    expect(isLoading(verifyingToken), 'the form takes input: no spinner').to.equal(false);
    const reading = run(verifyingToken, verified(ok(tokenPayload()))).state;
    expect(pending(reading)?.call.kind).to.equal('consentDetails');
    expect(awaitingLogin(reading)).to.equal(true);
    const onLogin = answer(reading, { kind: 'consentDetails', result: ok(bankConsent()) }).state;
    expect(onLogin.phase.kind).to.equal('steps');
    expect(awaitingLogin(onLogin)).to.equal(false);
  });

  it('is false for a launch that replays an approval after a reload, an error route, no token, a refused token, and while leaving from the start', () => {
    const replaying = run(loadingState(), launched({ decided: 'approve' })).state;
    expect(awaitingLogin(replaying), 'replay').to.equal(false);
    expect(isLoading(replaying), 'the replay is under the spinner').to.equal(true);
    expect(awaitingLogin(run(loadingState(), launched({ decided: 'reject' })).state), 'a reject key is not replayed').to.equal(true);
    expect(awaitingLogin(run(loadingState(), launched({ route: 'incorrect_jwt' })).state)).to.equal(false);
    expect(awaitingLogin(run(loadingState(), launched({ jwtFromAddress: undefined })).state)).to.equal(false);
    expect(awaitingLogin(run(verifying(), verified(err({ kind: 'expired' }))).state)).to.equal(false);
    expect(awaitingLogin(leavingState(undefined, 'preIdentification'))).to.equal(false);
    expect(awaitingLogin(pendingOn(startingState(), { kind: 'confirm' })), 'the code of an approval asked while starting').to.equal(false);
  });

  it('takes what the customer types while it waits (the form is on screen); sends nothing before the login step', () => {
    const typed = runAll(verifying(), [
      { type: 'usernameTyped', value: 'jane.citizen' },
      { type: 'secureCodeTyped', value: '123456' },
      { type: 'dateOfBirthTyped', parts: { day: '25' } },
    ]).state;
    expect(typed.journey.login.form).to.deep.equal({ username: 'jane.citizen', secureCode: '123456', dob: { day: '25', month: '', year: '' } });
    for (const event of [{ type: 'submitLogin' }, { type: 'cancel' }, { type: 'openHelp', modal: 'forgotUsername' }] as const) {
      const after = run(typed, event);
      expect(after.effects, event.type).to.deep.equal([]);
      expect(pending(after.state), event.type).to.equal(pending(typed));
      expect(modals(after.state), event.type).to.equal(modals(typed));
    }
    const onLogin = answer(run(typed, verified(ok(tokenPayload()))).state, { kind: 'consentDetails', result: ok(bankConsent()) }).state;
    expect(onLogin.journey.login.form.username, 'kept on the login step').to.equal('jane.citizen');
  });

  it('takes no typing while the start replays an approval (the form is not on screen)', () => {
    const replaying = run(loadingState(), launched({ decided: 'approve' })).state;
    const result = run(replaying, { type: 'usernameTyped', value: 'x' });
    expect(result.state).to.equal(replaying);
  });

  describe('issue 20 "an early Continue is not lost": a press while it waits is remembered and carried out once the login step shows', () => {
    const complete = (): FlowState =>
      runAll(verifying(), [
        { type: 'usernameTyped', value: 'jane.citizen' },
        { type: 'secureCodeTyped', value: '123456' },
      ]).state;
    const loginShown = (state: FlowState): Transition =>
      answer(run(state, verified(ok(tokenPayload()))).state, { kind: 'consentDetails', result: ok(bankConsent()) });

    it('Continue on a complete form: remembered (the last press wins), then one login with exactly what was typed', () => {
      const pressed = runAll(complete(), [{ type: 'submitLogin' }, { type: 'submitLogin' }]).state;
      expect(pressed.journey.login.early).to.equal('submit');
      const shown = loginShown(pressed);
      const calls = shown.effects.filter((effect) => effect.type === 'call');
      expect(calls.map((effect) => effect.type === 'call' && effect.call)).to.deep.equal([
        { kind: 'authenticate', request: { authType: 'SECURE_CODE', username: 'jane.citizen', secureCode: '123456' } },
      ]);
      expect(shown.state.journey.login.early).to.equal(undefined);
      expect(
        run(shown.state, { type: 'submitLogin' }).effects.filter((effect) => effect.type === 'call'),
        'a press while it logs in sends nothing more',
      ).to.deep.equal([]);
    });

    it('a second press of the same kind keeps the very state', () => {
      const pressed = run(complete(), { type: 'submitLogin' }).state;
      expect(run(pressed, { type: 'submitLogin' }).state).to.equal(pressed);
    });

    it('Continue on an incomplete form is not remembered (the form names what is missing)', () => {
      const partial = runAll(verifying(), [
        { type: 'usernameTyped', value: 'jane.citizen' },
        { type: 'secureCodeTyped', value: '123' },
        { type: 'submitLogin' },
      ]).state;
      expect(partial.journey.login.early).to.equal(undefined);
      expect(loginShown(partial).effects.filter((effect) => effect.type === 'call')).to.deep.equal([]);
    });

    it('a form changed after the press is checked again when the step shows: incomplete, nothing is sent', () => {
      const changed = runAll(complete(), [{ type: 'submitLogin' }, { type: 'secureCodeTyped', value: '12' }]).state;
      expect(changed.journey.login.early).to.equal('submit');
      const shown = loginShown(changed);
      expect(shown.effects.filter((effect) => effect.type === 'call')).to.deep.equal([]);
      expect(shown.state.journey.login.early).to.equal(undefined);
    });

    it('Cancel and the help links open their modal once the step shows (the last press wins)', () => {
      expect(topModalOf(loginShown(run(complete(), { type: 'cancel' }).state).state.phase)?.name).to.equal('sharingIncomplete');
      expect(topModalOf(loginShown(run(complete(), { type: 'openHelp', modal: 'lostSecureKey' }).state).state.phase)?.name).to.equal('lostSecureKey');
      const both = runAll(complete(), [{ type: 'cancel' }, { type: 'openHelp', modal: 'notRegistered' }]).state;
      expect(both.journey.login.early).to.equal('notRegistered');
    });

    it('an early Cancel shown under the redirect modal opens nothing (the page is not usable); the press is used up', () => {
      const pressed = run(complete(), { type: 'cancel' }).state;
      const reading = run(pressed, verified(ok(tokenPayload({ exp: 0 })))).state;
      const { state } = answer(reading, { kind: 'consentDetails', result: ok(bankConsent()) });
      expect(modals(state)).to.deep.equal(modalsWith(undefined, undefined, true));
      expect(state.journey.login.early).to.equal(undefined);
    });

    it('a launch that fails forgets the press (nothing is sent)', () => {
      const refused = run(run(complete(), { type: 'submitLogin' }).state, verified(err({ kind: 'badSignature' })));
      expect(refused.state.phase.kind).to.equal('failed');
      expect(refused.effects.filter((effect) => effect.type === 'call')).to.deep.equal([]);
    });
  });

  it('ignores typing and presses under a modal while it waits (the redirect modal of a token whose expiry timer cannot be set, while the consent is read)', () => {
    const underModal = run(verifying(), verified(ok(tokenPayload({ exp: 0 }))), NOW + 5).state;
    expect(modals(underModal).expiry).to.equal(true);
    expect(awaitingLogin(underModal)).to.equal(true);
    expect(run(underModal, { type: 'usernameTyped', value: 'x' }).state).to.equal(underModal);
    expect(run(underModal, { type: 'cancel' }).state).to.equal(underModal);
  });
});
