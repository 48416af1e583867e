import { expect } from 'chai';
import type { FlowState, OnStep, Phase } from '../../domain/flow-state';
import { carryOutEarlyAction } from '../../domain/flow-login';
import { EMPTY_LOGIN_FORM, type LoginForm } from '../../domain/login-form';
import type { LoginState, SecureCodeCleared } from '../../domain/login-state';
import type { ModalName } from '../../domain/modal';
import { parseConsentDetail } from '../../adapters/consent-detail.reader';
import {
  NOW,
  amendmentConsent,
  answer,
  apiError,
  customerOnlyConsent,
  err,
  failedState,
  flowState,
  modals,
  modalsWith,
  ok,
  pending,
  pendingOn,
  personalProfile,
  phaseOf,
  run,
  sentCall,
  settled,
  startingState,
  stepOn,
  trustProfiles,
  TRUST_BUSINESSES,
  unchosenTrustProfiles,
  withModal,
  type FlowOverrides,
} from './fixtures/flow-state.fixture';

const VALID_FORM: LoginForm = { username: 'jane.citizen', secureCode: '123456', dob: { day: '', month: '', year: '' } };

const withLogin = <P extends Phase>(state: FlowState<P>, login: Partial<LoginState>): FlowState<P> => ({
  ...state,
  journey: { ...state.journey, login: { ...state.journey.login, ...login } },
});

const onLogin = (login: Partial<LoginState> = {}, overrides: FlowOverrides = {}): FlowState<OnStep<'login'>> => withLogin(flowState('login', overrides), login);

/** Waiting for the authenticate call (id 9) on the login step, the form filled. */
const authenticating = (login: Partial<LoginState> = {}, overrides: FlowOverrides = {}): FlowState =>
  pendingOn(onLogin({ form: VALID_FORM, ...login }, overrides), {
    kind: 'authenticate',
    request: { authType: 'SECURE_CODE', username: 'jane.citizen', secureCode: '123456' },
  });

const NOTHING = { customerDetails: false, businesses: false };
const ALL = { customerDetails: true, businesses: true };

/** A PAR whose only scopes are customer scopes: skip-step and amendment. */
function customerOnlyAmendment() {
  const parsed = parseConsentDetail({ detail: { permissions: [{ permission: 'common:customer.basic:read', claims: '{"cdr_arrangement_id":"arr-1"}' }] } });
  if (!parsed.ok) throw new Error('fixture');
  return parsed.value;
}

describe('domain/flow-login: the login form, authenticate and the entry guard chain (spec §3, §4, §5, §8)', () => {
  describe('typing (spec §3 "Login info")', () => {
    it('the username, the secure code and the date of birth parts go into the form; nothing is emitted', () => {
      const before = onLogin();
      const typed = run(before, { type: 'usernameTyped', value: ' jane ' });
      expect(typed.effects).to.deep.equal([]);
      expect(typed.state).to.deep.equal(withLogin(before, { form: { ...EMPTY_LOGIN_FORM, username: ' jane ' } }));
      const coded = run(typed.state, { type: 'secureCodeTyped', value: '12' });
      expect(coded.state.journey.login.form).to.deep.equal({ ...EMPTY_LOGIN_FORM, username: ' jane ', secureCode: '12' });
      const day = run(coded.state, { type: 'dateOfBirthTyped', parts: { day: '25' } });
      const month = run(day.state, { type: 'dateOfBirthTyped', parts: { month: '12' } });
      expect(month.state.journey.login.form).to.deep.equal({ username: ' jane ', secureCode: '12', dob: { day: '25', month: '12', year: '' } });
      expect(month.effects).to.deep.equal([]);
    });

    const unreachable: [string, () => FlowState][] = [
      ['on another step', () => flowState('selectProfile')],
      ['under a help modal', () => withModal(onLogin(), 'forgotUsername')],
      ['under the timeout warning', () => withModal(onLogin(), undefined, 30)],
      ['while a request is under way', () => authenticating()],
      ['on a failure page', () => failedState('incorrect_jwt')],
      ['on the loading screen before the launch', () => startingState()],
    ];
    for (const [label, build] of unreachable) {
      it(`is ignored ${label} (the form cannot be reached)`, () => {
        const before = settled(build());
        for (const event of [
          { type: 'usernameTyped', value: 'x' },
          { type: 'secureCodeTyped', value: '1' },
          { type: 'dateOfBirthTyped', parts: { day: '1' } },
          { type: 'openHelp', modal: 'notRegistered' },
          { type: 'submitLogin' },
        ] as const) {
          const result = run(before, event);
          expect(result.state, event.type).to.equal(before);
          expect(result.effects).to.deep.equal([]);
        }
      });
    }
  });

  it('the login links open their help modal (spec §2 login links)', () => {
    for (const modal of ['forgotUsername', 'notRegistered', 'lostSecureKey'] as const) {
      const before = onLogin();
      const { state, effects } = run(before, { type: 'openHelp', modal });
      expect(state).to.deep.equal(withModal(before, modal));
      expect(effects).to.deep.equal([]);
    }
  });

  describe('submitLogin (spec §4 "Continue on login clears the login error, sets loading", §5 only with a valid form)', () => {
    it("a valid form: the login error, the lost answer, the cleared code's reason and the step-up notice are cleared and authenticate is called with the trimmed username (SECURE_CODE)", () => {
      const before = onLogin({
        form: { ...VALID_FORM, username: '  jane.citizen ' },
        loginError: true,
        failures: 2,
        codeCleared: 'notAccepted',
        dobStepUp: true,
        answerLost: true,
      });
      const { state, effects } = run(before, { type: 'submitLogin' });
      const request = { authType: 'SECURE_CODE', username: 'jane.citizen', secureCode: '123456' } as const;
      expect(effects).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'authenticate', request } }]);
      const cleared = withLogin(before, { loginError: false, codeCleared: undefined, dobStepUp: false, answerLost: false });
      expect(state).to.deep.equal({
        ...cleared,
        nextCallId: 11,
        phase: { ...phaseOf(before, 'steps'), call: sentCall(10, { kind: 'authenticate', request }) },
      });
      expect(state.journey.login.failures, 'the counter stays').to.equal(2);
      expect(state.decision).to.deep.equal({ kind: 'none' });
    });

    it('with the date of birth asked for: DOB_SECURE_CODE with the date as YYYY-MM-DD', () => {
      const before = onLogin({ form: { ...VALID_FORM, dob: { day: '25', month: '12', year: '1966' } }, requireDob: true });
      const { effects } = run(before, { type: 'submitLogin' });
      expect(effects).to.deep.equal([
        {
          type: 'call',
          id: 10,
          call: { kind: 'authenticate', request: { authType: 'DOB_SECURE_CODE', username: 'jane.citizen', secureCode: '123456', dateOfBirth: '1966-12-25' } },
        },
      ]);
    });

    const invalid: [string, Partial<LoginState>][] = [
      ['no username', { form: { ...VALID_FORM, username: '   ' } }],
      ['a five-digit code', { form: { ...VALID_FORM, secureCode: '12345' } }],
      ['the date of birth asked for but not typed', { form: VALID_FORM, requireDob: true }],
      ['an impossible date of birth', { form: { ...VALID_FORM, dob: { day: '31', month: '02', year: '1966' } }, requireDob: true }],
    ];
    for (const [label, login] of invalid) {
      it(`is ignored with ${label} (Continue is disabled)`, () => {
        const before = onLogin(login);
        const result = run(before, { type: 'submitLogin' });
        expect(result.state).to.equal(before);
        expect(result.effects).to.deep.equal([]);
      });
    }

    it("a date of birth is judged against the event's day: tomorrow is in the future, the day after it is not", () => {
      // No timer runs here: two days later the inactivity would have ended the flow.
      const before = onLogin(
        { form: { ...VALID_FORM, dob: { day: '24', month: '11', year: '2026' } }, requireDob: true },
        { lastActivityMs: undefined, expiry: { kind: 'off' } },
      );
      expect(run(before, { type: 'submitLogin' }).state).to.equal(before);
      const later = NOW + 2 * 86_400_000;
      expect(pending(run(settled(before, later), { type: 'submitLogin' }, later).state)?.call.kind).to.equal('authenticate');
    });
  });

  describe('authenticate answered (spec §4 entry guard chain, §8 login errors, DESIGN §3.8)', () => {
    it('success: the login state is reset, the stage is preAccountSelection, customer details are asked for', () => {
      const before = authenticating(
        { failures: 3, remainingAttempts: 2, loginError: true, requireDob: true, codeCleared: 'notAccepted', dobStepUp: true },
        { verified: NOTHING, customer: undefined },
      );
      const { state, effects } = answer(before, { kind: 'authenticate', result: ok(undefined) });
      expect(effects).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'customerDetails' } }]);
      expect(state.journey.login).to.deep.equal({
        form: VALID_FORM,
        requireDob: true,
        loginError: false,
        failures: 0,
        remainingAttempts: undefined,
        answerLost: false,
        codeCleared: undefined,
        dobStepUp: false,
        early: undefined,
      });
      expect(state.journey.verified).to.deep.equal(NOTHING);
      expect(state.journey.stage).to.equal('preAccountSelection');
      expect(state.nextCallId).to.equal(11);
      expect(phaseOf(state, 'steps')).to.deep.equal({ ...phaseOf(before, 'steps'), call: sentCall(10, { kind: 'customerDetails' }) });
    });

    it('success with customer details already verified: the business list next; both verified: the business step', () => {
      const detailsKnown = authenticating({}, { verified: { ...NOTHING, customerDetails: true } });
      expect(answer(detailsKnown, { kind: 'authenticate', result: ok(undefined) }).effects).to.deep.equal([
        { type: 'call', id: 10, call: { kind: 'businesses' } },
      ]);
      const allKnown = authenticating({}, { verified: { ...NOTHING, customerDetails: true, businesses: true }, profiles: trustProfiles() });
      const { state, effects } = answer(allKnown, { kind: 'authenticate', result: ok(undefined) });
      expect(effects).to.deep.equal([{ type: 'pageView', step: 'selectProfile' }]);
      expect(stepOn(state)).to.equal('selectProfile');
      expect(pending(state)).to.equal(undefined);
      expect(state.journey.verified).to.deep.equal(ALL);
    });

    type Row = [
      label: string,
      code: string | undefined,
      causes: string[],
      before: Partial<LoginState>,
      expected: {
        modal: ModalName | undefined;
        requireDob: boolean;
        loginError: boolean;
        failures: number;
        remaining: number | undefined;
        identified: boolean;
        cleared?: SecureCodeCleared;
        stepUp?: boolean;
      },
    ];
    const rows: Row[] = [
      [
        'a wrong code: the banner, the counter',
        'otp_failure_001',
        [],
        { failures: 0 },
        { modal: undefined, requireDob: false, loginError: true, failures: 1, remaining: undefined, identified: true, cleared: 'notAccepted' },
      ],
      [
        'the fifth wrong code: the last-attempt message (spec §9: 5)',
        'otp_failure_001',
        [],
        { failures: 4 },
        {
          modal: 'invalidUsernameLastAttempt',
          requireDob: false,
          loginError: true,
          failures: 5,
          remaining: undefined,
          identified: true,
          cleared: 'notAccepted',
        },
      ],
      [
        '2 attempts left: the date of birth is asked for (a step-up), the banner (a wrong code)',
        'otp_failure_001',
        ['{"remainingOTPattempts":2}'],
        {},
        { modal: undefined, requireDob: true, loginError: true, failures: 1, remaining: 2, identified: true, cleared: 'notAccepted', stepUp: true },
      ],
      [
        '0 left: the lockout (issue 11 defect 4)',
        'otp_failure_001',
        ['{"remainingOTPattempts":0}'],
        { loginError: true },
        { modal: 'temporaryLockout', requireDob: true, loginError: false, failures: 1, remaining: 0, identified: true, cleared: 'notAccepted', stepUp: true },
      ],
      [
        'otp_failure_008: date of birth, a step-up (the notice, not the banner)',
        'otp_failure_008',
        [],
        { failures: 2 },
        { modal: undefined, requireDob: true, loginError: false, failures: 2, remaining: undefined, identified: true, stepUp: true },
      ],
      [
        'otp_failure_008 with the date of birth already asked for: the banner',
        'otp_failure_008',
        [],
        { failures: 2, requireDob: true },
        { modal: undefined, requireDob: true, loginError: true, failures: 2, remaining: undefined, identified: true },
      ],
      [
        'otp_failure_002: permanent lockout; the date of birth stays asked for',
        'otp_failure_002',
        [],
        { requireDob: true, loginError: true },
        { modal: 'permanentLockout', requireDob: true, loginError: false, failures: 0, remaining: undefined, identified: true },
      ],
      [
        'sanction_failed_001',
        'sanction_failed_001',
        [],
        {},
        { modal: 'sanctionCountryError', requireDob: false, loginError: false, failures: 0, remaining: undefined, identified: true },
      ],
      [
        'otp_failure_004: service unavailable, not identified',
        'otp_failure_004',
        [],
        { loginError: true },
        { modal: 'serviceUnavailable', requireDob: false, loginError: false, failures: 0, remaining: undefined, identified: false },
      ],
      [
        'no answer: service unavailable, not identified',
        undefined,
        [],
        {},
        { modal: 'serviceUnavailable', requireDob: false, loginError: false, failures: 0, remaining: undefined, identified: false },
      ],
    ];
    for (const [label, code, causes, login, expected] of rows) {
      it(`failure, ${label}; the code field is cleared, the username kept`, () => {
        const before = authenticating({ ...login, early: 'cancel' });
        const { state, effects } = answer(before, { kind: 'authenticate', result: err(apiError(code === undefined ? 0 : 401, code, causes)) });
        expect(effects).to.deep.equal([]);
        expect(state.journey.login).to.deep.equal({
          form: { ...VALID_FORM, secureCode: '' },
          requireDob: expected.requireDob,
          loginError: expected.loginError,
          failures: expected.failures,
          remainingAttempts: expected.remaining,
          answerLost: false,
          codeCleared: expected.cleared ?? 'usedOnce',
          dobStepUp: expected.stepUp ?? false,
          early: undefined,
        });
        expect(phaseOf(state, 'steps')).to.deep.equal({ ...phaseOf(before, 'steps'), call: undefined, modals: modalsWith(expected.modal) });
        expect(state.journey.stage).to.equal(expected.identified ? 'preAuthentication' : 'preIdentification');
        expect({ ...state.journey, login: before.journey.login, stage: before.journey.stage }, 'nothing else of the journey').to.deep.equal(before.journey);
      });
    }
  });

  it('a banner-only login error opens no modal and closes none (a constructed state: an ordinary modal left open under the request)', () => {
    const before = pendingOn(withModal(onLogin({ form: VALID_FORM }), 'forgotUsername'), {
      kind: 'authenticate',
      request: { authType: 'SECURE_CODE', username: 'jane.citizen', secureCode: '123456' },
    });
    const { state } = answer(before, { kind: 'authenticate', result: err(apiError(401, 'otp_failure_001')) });
    expect(modals(state)).to.deep.equal(modalsWith('forgotUsername'));
    expect(state.journey.login.loginError).to.equal(true);
  });

  it("a login error keeps a rejected journey rejected (DESIGN §3.8: the customer's choice stands)", () => {
    const { state } = answer(authenticating({}, { stage: 'rejected' }), { kind: 'authenticate', result: err(apiError(401, 'otp_failure_001')) });
    expect(state.journey.stage).to.equal('rejected');
  });

  describe('customer details answered (spec §8 "Customer details")', () => {
    const askingDetails = (overrides: FlowOverrides = {}): FlowState =>
      pendingOn(
        flowState('login', {
          verified: NOTHING,
          customer: undefined,
          profiles: [],
          bankProfile: undefined,
          stage: 'preAccountSelection',
          ...overrides,
        }),
        { kind: 'customerDetails' },
      );

    it('loaded: kept, remembered as verified, then the business list', () => {
      const before = askingDetails();
      const { state, effects } = answer(before, { kind: 'customerDetails', result: ok({ fullLegalName: 'Jane Citizen' }) });
      expect(effects).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'businesses' } }]);
      expect(state.journey.customer).to.deep.equal({ fullLegalName: 'Jane Citizen' });
      expect(state.journey.verified).to.deep.equal({ ...NOTHING, customerDetails: true });
      expect(pending(state)).to.deep.equal(sentCall(10, { kind: 'businesses' }));
      expect(stepOn(state)).to.equal('login');
    });

    it('issue 33 item 13, spec §4 "if PAR go straight to select-and-confirm": an amendment loads no business list, the accounts next', () => {
      const before = askingDetails({ consent: amendmentConsent() });
      const { state, effects } = answer(before, { kind: 'customerDetails', result: ok({ fullLegalName: 'Jane Citizen' }) });
      expect(effects).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'accounts' } }]);
      expect(pending(state)).to.deep.equal(sentCall(10, { kind: 'accounts' }));
      expect(state.journey.profiles).to.deep.equal([]);
    });

    it('issue 33 item 13: an amendment of customer data only loads no business list either, straight to the review', () => {
      const before = askingDetails({ consent: customerOnlyAmendment() });
      const { state, effects } = answer(before, { kind: 'customerDetails', result: ok({ fullLegalName: 'Jane Citizen' }) });
      expect(effects).to.deep.equal([{ type: 'pageView', step: 'confirmation' }]);
      expect(stepOn(state)).to.equal('confirmation');
    });

    for (const [status, modal] of [
      [422, 'ageLimitation'],
      [500, 'serviceUnavailable'],
      [0, 'serviceUnavailable'],
      [400, 'serviceUnavailable'],
    ] as const) {
      it(`failure ${status} → guard failure: back to login, flags cleared, ${modal} (spec §4 "Guard failure")`, () => {
        const before = askingDetails({ customer: { fullLegalName: 'Old' }, accounts: undefined });
        const { state, effects } = answer(before, { kind: 'customerDetails', result: err(apiError(status)) });
        expect(effects).to.deep.equal([{ type: 'pageView', step: 'login' }]);
        expect(phaseOf(state, 'steps')).to.deep.equal({ ...phaseOf(before, 'steps'), step: 'login', call: undefined, modals: modalsWith(modal) });
        expect(state.journey).to.deep.equal({ ...before.journey, customer: undefined, accounts: undefined, verified: NOTHING });
      });
    }

    it('guard failure with several profiles and not PAR: back to select-profile, every flag kept verified (spec §4)', () => {
      const before = askingDetails({ profiles: trustProfiles(), verified: { ...ALL, customerDetails: false } });
      const { state, effects } = answer(before, { kind: 'customerDetails', result: err(apiError(422)) });
      expect(effects).to.deep.equal([{ type: 'pageView', step: 'selectProfile' }]);
      expect(stepOn(state)).to.equal('selectProfile');
      expect(state.journey.verified).to.deep.equal(ALL);
      expect(modals(state)).to.deep.equal(modalsWith('ageLimitation'));
      expect(state.journey.customer).to.equal(undefined);
    });

    it('guard failure with several profiles in a PAR: back to login', () => {
      const before = askingDetails({ profiles: trustProfiles(), consent: amendmentConsent() });
      const { state } = answer(before, { kind: 'customerDetails', result: err(apiError(500)) });
      expect(stepOn(state)).to.equal('login');
      expect(state.journey.verified).to.deep.equal(NOTHING);
    });

    it("the guard failure's modal opens under a time-critical one", () => {
      const before = pendingOn(withModal(flowState('login', { verified: NOTHING }), undefined, 20), { kind: 'customerDetails' });
      expect(modals(answer(before, { kind: 'customerDetails', result: err(apiError(422)) }).state)).to.deep.equal(modalsWith('ageLimitation', 20));
    });
  });

  describe('business list answered (spec §3 "Customer info", §4 "Business step")', () => {
    const askingBusinesses = (overrides: FlowOverrides = {}): FlowState =>
      pendingOn(
        flowState('login', {
          verified: { ...NOTHING, customerDetails: true },
          customer: { fullLegalName: 'Jane Citizen' },
          profiles: [],
          bankProfile: undefined,
          stage: 'preAccountSelection',
          ...overrides,
        }),
        { kind: 'businesses' },
      );

    it('several profiles (a trust profile): select-profile, none chosen yet (issue 33 item 8: no pre-selected profile)', () => {
      const before = askingBusinesses();
      const { state, effects } = answer(before, { kind: 'businesses', result: ok(TRUST_BUSINESSES) });
      expect(effects).to.deep.equal([{ type: 'pageView', step: 'selectProfile' }]);
      expect(state.journey).to.deep.equal({ ...before.journey, profiles: unchosenTrustProfiles(), verified: ALL });
      expect(phaseOf(state, 'steps')).to.deep.equal({ ...phaseOf(before, 'steps'), step: 'selectProfile', call: undefined });
    });

    it('one profile: on to the account step, which first tells the bank the profile (business-contract put)', () => {
      const before = askingBusinesses();
      const { state, effects } = answer(before, { kind: 'businesses', result: ok([{ companyId: 'PERSONAL', businessName: 'Jane Citizen' }]) });
      expect(effects).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'confirmBusinessProfile', request: { bcin: 'PERSONAL' } } }]);
      expect(state.journey.profiles).to.deep.equal(personalProfile());
      expect(state.journey.verified).to.deep.equal(ALL);
      expect(pending(state)).to.deep.equal(sentCall(10, { kind: 'confirmBusinessProfile', request: { bcin: 'PERSONAL' } }));
    });

    it('a PAR with several profiles goes straight to the accounts (no select-profile, no put)', () => {
      const before = askingBusinesses({ consent: amendmentConsent() });
      const { state, effects } = answer(before, { kind: 'businesses', result: ok(TRUST_BUSINESSES) });
      expect(effects).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'accounts' } }]);
      expect(stepOn(state)).to.equal('login');
    });

    it('a PAR of customer scopes only goes straight to the review (skip-step), reaching preAuthorisation', () => {
      const before = askingBusinesses({ consent: customerOnlyAmendment() });
      const { state, effects } = answer(before, { kind: 'businesses', result: ok(TRUST_BUSINESSES) });
      expect(effects).to.deep.equal([{ type: 'pageView', step: 'confirmation' }]);
      expect(stepOn(state)).to.equal('confirmation');
      expect(state.journey.stage).to.equal('preAuthorisation');
    });

    it('no business at all: no profile to confirm, the accounts are loaded', () => {
      const { state, effects } = answer(askingBusinesses(), { kind: 'businesses', result: ok([]) });
      expect(effects).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'accounts' } }]);
      expect(state.journey.profiles).to.deep.equal([]);
    });

    it('one profile of customer scopes only: the put, then (not tested here) the review', () => {
      const { effects } = answer(askingBusinesses({ consent: customerOnlyConsent() }), {
        kind: 'businesses',
        result: ok([{ companyId: 'BC1', businessName: 'Co' }]),
      });
      expect(effects).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'confirmBusinessProfile', request: { bcin: 'BC1' } } }]);
    });

    it('failure → guard failure with Service unavailable, back to login (spec §8 "Business list failure")', () => {
      const before = askingBusinesses();
      const { state, effects } = answer(before, { kind: 'businesses', result: err(apiError(503)) });
      expect(effects).to.deep.equal([{ type: 'pageView', step: 'login' }]);
      expect(phaseOf(state, 'steps')).to.deep.equal({ ...phaseOf(before, 'steps'), step: 'login', call: undefined, modals: modalsWith('serviceUnavailable') });
      expect(state.journey).to.deep.equal({ ...before.journey, customer: undefined, accounts: undefined, verified: NOTHING });
    });
  });

  describe('the early press on its own (issue 20: rememberEarlyAction, carryOutEarlyAction)', () => {
    it('nothing remembered: carrying out changes nothing', () => {
      const before = onLogin();
      const result = carryOutEarlyAction(before, NOW);
      expect(result.state).to.equal(before);
      expect(result.effects).to.deep.equal([]);
    });

    it('on the login page itself a press is not remembered: it acts at once', () => {
      const { state } = run(onLogin({ form: VALID_FORM }), { type: 'submitLogin' });
      expect(state.journey.login.early).to.equal(undefined);
      expect(pending(state)?.call.kind).to.equal('authenticate');
    });

    it('a remembered Cancel carried out where the login page is not usable (under a modal) only forgets it', () => {
      const before = withLogin(withModal(flowState('login'), 'forgotUsername'), { early: 'cancel' });
      const { state, effects } = carryOutEarlyAction(before, NOW);
      expect(effects).to.deep.equal([]);
      expect(state.journey.login.early).to.equal(undefined);
      expect(modals(state)).to.deep.equal(modalsWith('forgotUsername'));
    });
  });
});
