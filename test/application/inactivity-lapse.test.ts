// Moved from test/browser/timers.test.ts (issue 32 item 2): an inactivity lapse ends the journey
// once, with the rejection, the return and the token forgotten (spec §4 "Inactivity timer",
// DESIGN §3.3, §3.5, §3.18). The warning and the ending notice in Chromium on the page clock (the
// web root's real timers and activity events, the native dialog, axe):
// test/browser/accessibility.test.ts and test/browser/modals.test.ts.
import { expect } from 'chai';
import { janeAccounts, newConsent, TOKEN } from '../fixtures/journey.fixture';
import { FakeCustomerAuthApi } from '../support/fakes';
import { journey } from './journey-driver';

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('application: letting the inactivity warning run out (spec §4, DESIGN §3.5)', () => {
  it('on the account step: one rejection, access_denied with the exact state, and the token forgotten (DESIGN §3.3)', async () => {
    const api = new FakeCustomerAuthApi({ consentDetail: newConsent(), accounts: janeAccounts() });
    const j = journey({ api });
    await j.start();
    await j.logIn();
    expect(j.session.step).to.equal('selectAccounts');
    expect(j.ports.storage.token, 'kept while the journey runs (a reload)').to.equal(TOKEN);
    j.ports.clock.advance(241_000);
    expect(j.modal.current?.name).to.equal('timeoutWarning');
    j.ports.clock.advance(60_000);
    await flush();
    expect(j.modal.current?.name).to.equal('sessionEndedInactive');
    j.ports.clock.advance(5_000);
    await flush();
    expect(j.ports.redirector.urls).to.deep.equal([
      'https://tpp.example/cb?error=access_denied&respCode=401&respMessage=Authentication%20failure&state=af0ifjsldkj',
    ]);
    expect(
      api.calls.filter((call) => call.name === 'confirmation'),
      'the consent rejected on the server, once',
    ).to.deep.equal([{ name: 'confirmation', body: false }]);
    expect(j.ports.storage.token, 'the token is gone after the timeout').to.equal(undefined);
    j.ports.clock.advance(600_000);
    await flush();
    expect(j.ports.redirector.urls, 'one exit').to.have.length(1);
    expect(api.count('confirmation')).to.equal(1);
  });
});
