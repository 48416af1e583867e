import { expect } from 'chai';
import { copy } from '../../domain/copy';
import { err } from '../../domain/result';
import { janeAccounts, newConsent, TOKEN, tokenPayload, trustBusinesses } from '../fixtures/journey.fixture';
import { FakeCustomerAuthApi, FakeLaunchParameters, FakeTokenVerifier, MemoryTokenStorage } from '../support/fakes';
import { showModal } from '../support/flow-state';
import { settle } from '../support/journey-world';
import { journey } from './journey-driver';

const { error } = FakeCustomerAuthApi;
const bank = (extra: Partial<ConstructorParameters<typeof FakeCustomerAuthApi>[0]> = {}) =>
  new FakeCustomerAuthApi({ consentDetail: newConsent(), accounts: janeAccounts(), ...extra });

describe('application: starting the flow (spec §2, DESIGN §3.1, §3.3)', () => {
  it('a missing token goes to incorrect_jwt', async () => {
    const j = journey({ launch: new FakeLaunchParameters(undefined) });
    await j.start();
    expect(j.session.screen).to.deep.equal({ kind: 'failure', route: 'incorrect_jwt' });
    expect(j.session.failureLeavesToThirdParty).to.equal(false);
  });

  it('a forged token goes to incorrect_jwt, is removed from storage, and the failure page leaves to the public site', async () => {
    const j = journey({ launch: new FakeLaunchParameters('forged') });
    await j.start();
    expect(j.session.screen).to.deep.equal({ kind: 'failure', route: 'incorrect_jwt' });
    expect(j.ports.storage.token).to.equal(undefined);
    expect(j.ports.api.calls).to.deep.equal([]);
    await j.session.leaveFailurePage();
    expect(j.ports.redirector.urls).to.deep.equal(['https://www.bank.example/']);
  });

  const badTokens: [string, Record<string, unknown>][] = [
    ['a claim missing', (({ tppName: _t, ...rest }) => rest)(tokenPayload())],
    ['an unconfigured brand', tokenPayload({ brand: 'Other' })],
    ['another consent type', tokenPayload({ consentType: 'pisp' })],
    ['a javascript: redirectUri', tokenPayload({ redirectUri: 'javascript:alert(1)' })],
    ['a data: redirectUri', tokenPayload({ redirectUri: 'data:text/html,hi' })],
  ];
  for (const [name, payload] of badTokens) {
    it(`a verified token with ${name} goes to incorrect_jwt`, async () => {
      const j = journey({ verifier: new FakeTokenVerifier({ [TOKEN]: payload }) });
      await j.start();
      expect(j.session.screen).to.deep.equal({ kind: 'failure', route: 'incorrect_jwt' });
    });
  }

  it('an expired token (rejected by the verifier) goes to incorrect_jwt', async () => {
    const j = journey({ verifier: new FakeTokenVerifier({}, { kind: 'expired' }) });
    await j.start();
    expect(j.session.screen).to.deep.equal({ kind: 'failure', route: 'incorrect_jwt' });
  });

  it('after a reload the token comes from session storage', async () => {
    const j = journey({ launch: new FakeLaunchParameters(undefined), storage: new MemoryTokenStorage(TOKEN) });
    await j.start();
    expect(j.session.screen).to.deep.equal({ kind: 'flow', step: 'login' });
  });

  it('a consent that cannot be loaded goes to consent_fetch_failure', async () => {
    const j = journey({ api: bank().answer('consentDetails', err(error(500))) });
    await j.start();
    expect(j.session.screen).to.deep.equal({ kind: 'failure', route: 'consent_fetch_failure' });
  });

  it('the authorize_failure route decodes its error parameter', async () => {
    const param = Buffer.from(JSON.stringify({ fisp: 'x', respCode: '403', respMessage: 'Consent expired', respTime: 't' })).toString('base64url');
    const j = journey({ launch: new FakeLaunchParameters(undefined, 'authorize_failure', param) });
    await j.start();
    expect(j.session.screen).to.deep.include({ kind: 'failure', route: 'authorize_failure' });
    expect((j.session.screen as { details: { respMessage: string } }).details.respMessage).to.equal('Consent expired');
  });
});

describe('application: login errors (spec §8)', () => {
  const modalFor: [string, string][] = [
    ['sanction_failed_001', 'sanctionCountryError'],
    ['otp_failure_002', 'permanentLockout'],
    ['otp_failure_003', 'temporaryLockout'],
    ['dob_failure_004', 'temporaryLockout'],
    ['otp_failure_004', 'serviceUnavailable'],
    ['tds_otp_failure_003', 'serviceUnavailable'],
    ['dob_failure_003', 'serviceUnavailable'],
    ['otp_failure_005', 'secureKeyNotActivated'],
    ['otp_failure_006', 'ecareSuspension'],
    ['tds_otp_failure_004', 'ecareSuspension'],
    ['tds_otp_failure_002', 'incorrectSecurityCodeLockout'],
    ['something_new_999', 'serviceUnavailable'],
  ];
  for (const [code, modal] of modalFor) {
    it(`${code} opens ${modal}`, async () => {
      const j = journey({ api: bank().answer('authenticate', err(error(401, code))) });
      await j.start();
      await j.logIn();
      expect(j.modal.current?.name).to.equal(modal);
      expect(j.session.step).to.equal('login');
      expect(j.session.loading).to.equal(false);
    });
  }

  it('no error stack opens service unavailable', async () => {
    const j = journey({ api: bank().answer('authenticate', err(error(500))) });
    await j.start();
    await j.logIn();
    expect(j.modal.current?.name).to.equal('serviceUnavailable');
  });

  it('otp_failure_008 asks for the date of birth; the next try sends DOB_SECURE_CODE', async () => {
    const api = bank().answer('authenticate', err(error(401, 'otp_failure_008')));
    const j = journey({ api });
    await j.start();
    await j.logIn('dob.required');
    expect(j.login.requireDob).to.equal(true);
    // A step-up: the neutral notice, not the error banner (docs/login-feedback.md).
    expect(j.login.loginError).to.equal(false);
    expect(j.login.dobStepUpNotice).to.equal(copy.login.dobStepUpWithExpiry(120));
    expect(j.login.focus).to.equal('dateOfBirth');
    expect(j.login.canContinue).to.equal(false);
    j.login.setSecureCode('123456');
    j.login.setDobPart('day', '25');
    j.login.setDobPart('month', '12');
    j.login.setDobPart('year', '1966');
    expect(j.login.canContinue).to.equal(true);
    await j.login.submit();
    expect(api.calls.filter((c) => c.name === 'authenticate')[1]?.body).to.deep.equal({
      authType: 'DOB_SECURE_CODE',
      username: 'dob.required',
      secureCode: '123456',
      dateOfBirth: '1966-12-25',
    });
    expect(j.session.step).to.equal('selectAccounts');
  });

  it('issue 33 item 3: at the step-up, Continue with the date of birth empty or half filled says what is missing, marks those parts, sends the focus to the first, and sends nothing', async () => {
    const api = bank().answer('authenticate', err(error(401, 'otp_failure_008')));
    const j = journey({ api });
    await j.start();
    await j.logIn('dob.required');
    j.login.setSecureCode('123456');
    expect(j.login.dobError, 'not before Continue').to.equal(undefined);
    const marked = () => (['day', 'month', 'year'] as const).filter((part) => j.login.dobPartInvalid(part));
    await j.login.submit();
    expect([j.login.dobError, marked(), j.login.fieldFocus?.field, j.login.dobFocusPart]).to.deep.equal([
      'Enter your date of birth.',
      ['day', 'month', 'year'],
      'dob',
      'day',
    ]);
    j.login.setDobPart('day', '25');
    await j.login.submit();
    expect([j.login.dobError, marked(), j.login.dobFocusPart]).to.deep.equal(['Date of birth must include a month and a year.', ['month', 'year'], 'month']);
    j.login.setDobPart('month', '12');
    expect([j.login.dobError, marked()], 'as the customer types').to.deep.equal(['Date of birth must include a year.', ['year']]);
    expect(
      api.calls.filter((c) => c.name === 'authenticate'),
      'only the first login was sent',
    ).to.have.length(1);
    j.login.setDobPart('year', '1966');
    expect([j.login.dobError, marked()]).to.deep.equal([undefined, []]);
  });

  it('wrong codes count down; under 3 remaining asks for DOB; 1 left opens the last-attempt modal, 0 left the lockout (issue 11 defect 4)', async () => {
    const wrong = (remaining: number) => err(error(401, 'otp_failure_001', [JSON.stringify({ remainingOTPattempts: remaining })]));
    const api = bank().answer('authenticate', wrong(4), wrong(3), wrong(2), wrong(1), wrong(0));
    const j = journey({ api });
    await j.start();
    await j.logIn('jane.citizen', '000000');
    expect(j.login.failures).to.equal(1);
    expect(j.login.requireDob).to.equal(false);
    expect(j.login.usernameError).to.equal(undefined);
    expect(j.login.loginError).to.equal(true);
    await j.logIn('jane.citizen', '000000');
    await j.logIn('jane.citizen', '000000');
    expect(j.login.requireDob, 'remaining 2 < 3').to.equal(true);
    expect(j.login.secureCodeError).to.equal(copy.login.secureCodeNotAccepted(2));
    for (const part of [
      ['day', '25'],
      ['month', '12'],
      ['year', '1966'],
    ] as const)
      j.login.setDobPart(part[0], part[1]);
    await j.logIn('jane.citizen', '000000');
    expect(j.modal.current?.name, 'the bank says 1 attempt is left').to.equal('invalidUsernameLastAttempt');
    await j.modal.dismiss();
    await j.logIn('jane.citizen', '000000');
    expect(j.login.failures).to.equal(5);
    expect(j.modal.current?.name, 'the bank says 0 are left: it has locked the username').to.equal('temporaryLockout');
  });

  it('a temporary lockout ends the journey: its button rejects on the server, then returns (spec §4 returnAfterReject)', async () => {
    const api = bank().answer('authenticate', err(error(401, 'otp_failure_003')));
    const j = journey({ api });
    await j.start();
    await j.logIn();
    expect(j.modal.current?.name).to.equal('temporaryLockout');
    await j.modal.dismiss();
    expect(j.modal.current?.name, 'not closable').to.equal('temporaryLockout');
    await j.modal.activate();
    expect(api.calls.at(-1)).to.deep.equal({ name: 'confirmation', body: false });
    expect(j.ports.redirector.urls).to.have.length(1);
    expect(j.ports.analytics.abandonments, 'identified, never authenticated').to.deep.equal(['preAuthentication']);
  });
});

describe('application: entry guards and the account step (spec §4, §8)', () => {
  it('customer details 422 opens age limitation and resets the guards', async () => {
    const j = journey({ api: bank().answer('customerDetails', err(error(422))) });
    await j.start();
    await j.logIn('minor.customer');
    expect(j.modal.current?.name).to.equal('ageLimitation');
    expect(j.session.step).to.equal('login');
    expect(j.flow.state.journey.verified, 'the guards start again').to.deep.equal({ customerDetails: false, businesses: false });
  });

  it('customer details failure otherwise, and business list failure, open service unavailable', async () => {
    for (const call of ['customerDetails', 'businesses'] as const) {
      const j = journey({ api: bank().answer(call, err(error(500))) });
      await j.start();
      await j.logIn();
      expect(j.modal.current?.name, call).to.equal('serviceUnavailable');
    }
  });

  const accountFailures: [string, ReturnType<typeof error>, string | undefined][] = [
    ['422', error(422), 'unavailableResource'],
    ['500 with AISVAL0009', error(500, '500', ['AISVAL0009']), 'wentWrong'],
    ['500 otherwise', error(500, '500', ['other']), 'serviceUnavailable'],
    ['a timeout', error(0, 'timed_out'), 'serviceUnavailable'],
    ['400 A09 (navigation continues)', error(400, 'A09'), undefined],
  ];
  for (const [name, failure, modal] of accountFailures) {
    it(`accounts failing with ${name}`, async () => {
      const j = journey({ api: bank().answer('accounts', err(failure)) });
      await j.start();
      await j.logIn();
      expect(j.modal.current?.name).to.equal(modal);
      if (modal === undefined) {
        expect(j.session.step).to.equal('selectAccounts');
        expect(j.selection.showNoneEligibleWarning).to.equal(true);
      }
      expect(j.session.loading).to.equal(false);
    });
  }

  it('a null account entry fails the account step with service unavailable (status 400)', async () => {
    const j = journey({ api: bank({ accounts: [...janeAccounts(), null] }) });
    await j.start();
    await j.logIn();
    expect(j.modal.current?.name).to.equal('serviceUnavailable');
  });

  it('Back on select-and-confirm warns, then OK returns to select-profile and clears the choices', async () => {
    const j = journey({ api: bank({ businesses: trustBusinesses }) });
    await j.start();
    await j.logIn();
    j.profile.select('PERSONAL');
    await j.profile.continue();
    j.selection.toggle('acc-0001');
    j.selection.back();
    expect(j.modal.current?.name).to.equal('changeSelectedProfile');
    await j.modal.activate();
    expect(j.session.step).to.equal('selectProfile');
    expect(j.session.accounts, "this profile's choices are dropped").to.equal(undefined);
    expect(j.modal.current).to.equal(undefined);
  });

  it("Back from confirmation reloads the accounts and keeps the customer's ticks", async () => {
    const api = bank();
    const j = journey({ api });
    await j.start();
    await j.logIn();
    j.selection.toggle('acc-0002');
    await j.selection.continue();
    await j.confirmation.back();
    expect(j.session.step).to.equal('selectAccounts');
    expect(api.count('accounts')).to.equal(2);
    expect(j.selection.accounts.find((a) => a.id === 'acc-0002')?.selected).to.equal(true);
    expect(api.count('confirmBusinessProfile'), 'PERSONAL confirmed once').to.equal(1);
  });
});

describe('application: save, confirm and reject failures (spec §8)', () => {
  for (const code of ['A09', 'A05']) {
    it(`save failing with 400 ${code} opens no eligible accounts`, async () => {
      const j = journey({ api: bank().answer('saveSelection', err(error(400, code))) });
      await j.start();
      await j.logIn();
      await j.selection.continue();
      expect(j.modal.current?.name).to.equal('noEligibleAccounts');
      expect(j.session.step).to.equal('selectAccounts');
      // Issue 11 defect 10: spec §8 says "return only": the bank is not asked to reject first.
      await j.modal.activate();
      expect(j.ports.api.count('confirmation'), 'no reject call').to.equal(0);
      expect(j.ports.redirector.urls).to.have.length(1);
      expect(j.ports.redirector.urls[0]).to.match(/error=access_denied.*state=af0ifjsldkj$/);
    });
    it(`confirm failing with 400 ${code} opens no eligible accounts`, async () => {
      const j = journey({ api: bank().answer('confirmation', err(error(400, code))) });
      await j.start();
      await j.logIn();
      await j.selection.continue();
      await j.confirmation.confirm();
      expect(j.modal.current?.name).to.equal('noEligibleAccounts');
    });
  }

  it('confirm refused by the bank (its own error envelope) opens service unavailable, says nothing was shared, and nothing is re-sent', async () => {
    const api = bank().answer('confirmation', err(error(403, 'consent_refused')));
    const j = journey({ api });
    await j.start();
    await j.logIn();
    await j.selection.continue();
    await j.confirmation.confirm();
    await j.confirmation.confirm();
    expect(j.modal.current?.name).to.equal('serviceUnavailable');
    expect(j.session.outcome, 'DESIGN §3.16: the refusal proves nothing was shared').to.equal('nothingShared');
    expect(api.count('confirmation')).to.equal(1);
    await j.modal.activate();
    expect(j.ports.redirector.urls).to.deep.equal([
      'https://tpp.example/cb?error=access_denied&respCode=401&respMessage=Authentication%20failure&state=af0ifjsldkj',
    ]);
  });

  it('issue 21 "only a proven answer decides": a confirm answered 500 is asked again with its key; still 500, Service unavailable says the outcome is unknown; leaving asks the bank first, and when it cannot tell returns to the plain address', async () => {
    const api = bank().answer('confirmation', ...Array.from({ length: 6 }, () => err(error(500))));
    const j = journey({ api });
    await j.start();
    await j.logIn();
    await j.selection.continue();
    await j.confirmation.confirm();
    await settle();
    for (const ms of [500, 1000]) {
      j.ports.clock.advance(ms);
      await settle();
    }
    expect(api.count('confirmation'), 'asked three times in all').to.equal(3);
    expect(j.modal.current?.name).to.equal('serviceUnavailable');
    expect(j.session.outcome).to.equal('unknown');
    await j.modal.activate();
    await settle();
    for (const ms of [500, 1000]) {
      j.ports.clock.advance(ms);
      await settle();
    }
    expect(api.calls.filter((call) => call.name === 'confirmation').map((call) => call.body)).to.deep.equal([true, true, true, false, false, false]);
    expect(j.ports.redirector.urls, 'never access_denied when the bank may hold a code').to.deep.equal(['https://tpp.example/cb']);
  });

  it('Confirm triggered many times while in flight sends one request', async () => {
    const api = bank();
    api.holdConfirmation = true;
    const j = journey({ api });
    await j.start();
    await j.logIn();
    await j.selection.continue();
    const clicks = [j.confirmation.confirm(), j.confirmation.confirm(), j.confirmation.confirm()];
    expect(api.count('confirmation')).to.equal(1);
    api.pendingConfirmation?.({ ok: true, value: { auth_code: 'c', redirect_uri: 'https://tpp.example/cb', state: 's', id_token: 'i' } });
    await Promise.all(clicks);
    expect(api.count('confirmation')).to.equal(1);
    expect(j.modal.current?.name).to.equal('successConfirm');
  });

  it("Cancel rejects on the server and returns to its redirect_uri (the token's address, its own query) with access_denied and the exact state", async () => {
    const state = 'a-._~&#=% ü'.repeat(100);
    const api = bank().answer('confirmation', { ok: true, value: { redirect_uri: 'https://tpp.example/cb?x=1' } });
    const j = journey({ api, verifier: new FakeTokenVerifier({ [TOKEN]: tokenPayload({ state }) }) });
    await j.start();
    j.login.cancel();
    expect(j.modal.current?.name).to.equal('sharingIncomplete');
    await j.modal.activate();
    expect(api.calls.at(-1)).to.deep.equal({ name: 'confirmation', body: false });
    const url = new URL(j.ports.redirector.urls[0] ?? '');
    expect(url.origin + url.pathname).to.equal('https://tpp.example/cb');
    expect(url.searchParams.get('x')).to.equal('1');
    expect(url.searchParams.get('error')).to.equal('access_denied');
    expect(url.searchParams.get('state')).to.equal(state);
    expect(j.ports.storage.token).to.equal(undefined);
    // Issue 11 defect 13: an explicit Cancel is an active rejection (DESIGN §3.8).
    expect(j.ports.analytics.abandonments).to.deep.equal(['rejected']);
  });

  it('a failed reject (asked again while it proves nothing) opens service unavailable, whose button returns without the server', async () => {
    const api = bank().answer('confirmation', ...Array.from({ length: 3 }, () => err(error(500))));
    const j = journey({ api });
    await j.start();
    j.login.cancel();
    await j.modal.activate();
    await settle();
    for (const ms of [500, 1000]) {
      j.ports.clock.advance(ms);
      await settle();
    }
    expect(j.modal.current?.name).to.equal('serviceUnavailable');
    expect(j.ports.redirector.urls).to.deep.equal([]);
    await j.modal.activate();
    expect(api.count('confirmation')).to.equal(3);
    expect(j.ports.redirector.urls[0]).to.match(/^https:\/\/tpp\.example\/cb\?error=access_denied/);
  });

  it('non-closable modals ignore dismiss; closable ones close', async () => {
    const j = journey();
    await j.start();
    showModal(j.flow, 'serviceUnavailable');
    await j.modal.dismiss();
    expect(j.modal.current?.name).to.equal('serviceUnavailable');
    const k = journey();
    await k.start();
    showModal(k.flow, 'forgotUsername');
    await k.modal.dismiss();
    expect(k.modal.current).to.equal(undefined);
  });
});
