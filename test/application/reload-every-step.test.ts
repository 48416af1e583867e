// DESIGN §3.3 "The token leaves the address bar": the token waits in the tab's session storage, so
// a reload on any step (login, profile, accounts, review) starts the same authorisation again at
// its login step, its guards run again, instead of losing it; the customer then finishes. Moved
// from test/browser/attacks.test.ts (issue 32 item 2). A page here is a container over the tab's
// storage; that a real reload keeps the tab's session storage, and replays a decision from it, is
// shown in Chromium by test/browser/outcome-integrity.test.ts, and the storage adapter's part by
// test/adapters/session-token-storage.test.ts.
import { expect } from 'chai';
import { NOW_MS, TOKEN, tokenPayload } from '../fixtures/journey.fixture';
import { FakeLaunchParameters, FakeTokenVerifier, ManualClock, MemoryTokenStorage, RecordingRedirector } from '../support/fakes';
import { settle } from '../support/journey-world';
import { StatefulFakeBank } from '../support/stateful-fake-bank';
import { journey } from './journey-driver';

describe('application: a reload on every step starts the same authorisation again at login (DESIGN §3.3)', () => {
  it('reload on login, profile, accounts and the review: back at login each time, with the token kept; then the customer finishes', async () => {
    const clock = new ManualClock(NOW_MS);
    const bank = new StatefulFakeBank(
      { scopes: ['bank:accounts.basic:read', 'common:customer.basic:read'], redirectUri: 'https://tpp.example/cb', state: 'af0ifjsldkj' },
      clock,
    );
    const storage = new MemoryTokenStorage();
    const redirector = new RecordingRedirector();
    const open = (launch: FakeLaunchParameters) =>
      journey<StatefulFakeBank>({ api: bank, clock, storage, redirector, launch, verifier: new FakeTokenVerifier({ [TOKEN]: tokenPayload() }) });

    // The recipient's address: the token is in it, and the first page takes it out.
    const entry = new FakeLaunchParameters(TOKEN);
    let page = open(entry);
    await page.start();
    expect(entry.forgotten, 'the token left the address bar').to.equal(true);

    const reloadBackToLogin = async (from: string): Promise<void> => {
      page.flow.dispose();
      // The reloaded address has no token any more: it comes from the tab's storage.
      page = open(new FakeLaunchParameters(undefined));
      await page.start();
      await settle();
      expect(page.session.screen, `reload on ${from}`).to.deep.equal({ kind: 'flow', step: 'login' });
      expect(page.modal.current, `reload on ${from}: nothing open`).to.equal(undefined);
      expect(storage.token, `reload on ${from}: the token kept`).to.equal(TOKEN);
    };
    const toProfiles = async (): Promise<void> => {
      await page.logIn('trust.owner');
      expect(page.session.step).to.equal('selectProfile');
    };
    const toAccounts = async (): Promise<void> => {
      await toProfiles();
      page.profile.select('BC1001');
      await page.profile.continue();
      expect(page.session.step).to.equal('selectAccounts');
      expect(page.session.selectedProfile?.profileName).to.equal('Owner Family Trust');
    };
    const toReview = async (): Promise<void> => {
      await toAccounts();
      await page.selection.continue();
      expect(page.session.step).to.equal('confirmation');
    };

    await reloadBackToLogin('login');
    await toProfiles();
    await reloadBackToLogin('select profile');
    await toAccounts();
    await reloadBackToLogin('select accounts');
    await toReview();
    await reloadBackToLogin('confirmation');
    await toReview();
    await page.confirmation.confirm();
    expect(page.modal.current?.name).to.equal('successConfirm');
    clock.advance(2500);
    expect(redirector.urls, 'one return, for the same authorisation').to.deep.equal([
      'https://tpp.example/cb#code=code-trust.owner&state=af0ifjsldkj&id_token=id.token.sig',
    ]);
    expect(bank.decision).to.equal('approved');
    expect(storage.token, 'forgotten once returned').to.equal(undefined);
  });
});
