import { expect } from 'chai';
import { janeAccounts, newConsent, NOW_MS, TOKEN, tokenPayload } from '../fixtures/journey.fixture';
import { FakeCustomerAuthApi, FakeTokenVerifier } from '../support/fakes';
import { journey } from './journey-driver';

const bank = () => new FakeCustomerAuthApi({ consentDetail: newConsent(), accounts: janeAccounts() });
const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('application: the inactivity timer (spec §4, DESIGN §3.5)', () => {
  it('warns when 60 s remain, counts down each second, and any activity before then resets it', async () => {
    const j = journey({ api: bank() });
    await j.start();
    j.ports.clock.advance(239_000);
    expect(j.modal.current).to.equal(undefined);
    j.ports.activity.act();
    j.ports.clock.advance(239_000);
    expect(j.modal.current, 'reset by activity').to.equal(undefined);
    j.ports.clock.advance(1_000);
    expect(j.modal.current).to.deep.equal({ name: 'timeoutWarning', seconds: 60 });
    j.ports.clock.advance(1_000);
    expect(j.modal.current?.seconds).to.equal(59);
    j.ports.clock.advance(9_000);
    expect(j.modal.current?.seconds).to.equal(50);
  });

  it('extending closes the warning, keeps the selection and the bank session alive', async () => {
    const api = bank();
    const j = journey({ api });
    await j.start();
    await j.logIn();
    j.selection.toggle('acc-0001');
    j.ports.clock.advance(250_000);
    expect(j.modal.current?.name).to.equal('timeoutWarning');
    j.ports.activity.act();
    expect(j.modal.current?.name, 'a stray mouse move does not dismiss the warning').to.equal('timeoutWarning');
    await j.modal.dismiss();
    expect(j.modal.current).to.equal(undefined);
    expect(api.count('keepAlive')).to.equal(1);
    expect(j.selection.accounts.find((a) => a.id === 'acc-0001')?.selected).to.equal(true);
    j.ports.clock.advance(239_000);
    expect(j.modal.current).to.equal(undefined);
  });

  it('at zero the consent is rejected, the ending notice says so, and 5 s later the customer is returned with access_denied (DESIGN §3.18)', async () => {
    const api = bank();
    const j = journey({ api });
    await j.start();
    j.ports.clock.advance(300_000);
    await flush();
    expect(api.calls.at(-1)).to.deep.equal({ name: 'confirmation', body: false });
    expect(j.modal.current?.name).to.equal('sessionEndedInactive');
    j.ports.clock.advance(4_999);
    expect(j.ports.redirector.urls).to.deep.equal([]);
    j.ports.clock.advance(1);
    expect(j.ports.redirector.urls[0]).to.equal(
      'https://tpp.example/cb?error=access_denied&respCode=401&respMessage=Authentication%20failure&state=af0ifjsldkj',
    );
  });

  it('a throttled background tab is judged by the deadline when it becomes visible again', async () => {
    const api = bank();
    const j = journey({ api });
    await j.start();
    j.ports.clock.jump(400_000);
    j.ports.activity.becomeVisible();
    await flush();
    expect(j.modal.current?.name, 'the ending notice, from the moment the tab is seen again').to.equal('sessionEndedInactive');
    j.ports.clock.advance(5_000);
    expect(j.ports.redirector.urls).to.have.length(1);
  });
});

describe('application: the token-expiry timer (spec §4, §9)', () => {
  it('opens the redirection modal 10 s before expiry; at expiry the ending notice, and the return 5 s later', async () => {
    const exp = NOW_MS / 1000 + 100;
    const j = journey({ api: bank(), verifier: new FakeTokenVerifier({ [TOKEN]: tokenPayload({ exp }) }) });
    await j.start();
    j.ports.clock.advance(89_000);
    expect(j.modal.current).to.equal(undefined);
    j.ports.clock.advance(1_000);
    expect(j.modal.current?.name).to.equal('redirectionToTpp');
    j.ports.clock.advance(10_000);
    expect(j.modal.current?.name).to.equal('sessionEndedExpired');
    expect(j.ports.redirector.urls).to.deep.equal([]);
    j.ports.clock.advance(5_000);
    expect(j.ports.redirector.urls[0]).to.match(/^https:\/\/tpp\.example\/cb\?error=access_denied/);
  });

  it('cannot be set (no usable exp) → the modal, then after 10000 ms the ending notice and the return 5 s later', async () => {
    const j = journey({ api: bank(), verifier: new FakeTokenVerifier({ [TOKEN]: tokenPayload({ exp: Number.MAX_VALUE }) }) });
    await j.start();
    expect(j.modal.current?.name).to.equal('redirectionToTpp');
    j.ports.clock.advance(9_999);
    expect(j.ports.redirector.urls).to.deep.equal([]);
    j.ports.clock.advance(1);
    expect(j.modal.current?.name).to.equal('sessionEndedExpired');
    j.ports.clock.advance(5_000);
    expect(j.ports.redirector.urls).to.have.length(1);
  });
});
