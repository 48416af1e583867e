// Issue 33 item 5 "Back from the recipient after a success reads as a failure". The exit replaces
// the app's history entry and forgets the token (DESIGN §3.2, §3.3), so the customer's Back on the
// recipient's page loads the app again with no token in the address or the tab. A page here is a
// container over the tab's storage (as in reload-every-step.test.ts); that Chromium's Back reaches
// it is test/browser/back-and-endings.test.ts.
import { expect } from 'chai';
import { copy } from '../../domain/copy';
import { failureTitles, failurePageText } from '../../domain/error-page';
import { NOW_MS, TOKEN, tokenPayload } from '../fixtures/journey.fixture';
import { FakeLaunchParameters, FakeTokenVerifier, ManualClock, MemoryTokenStorage, RecordingRedirector } from '../support/fakes';
import { settle } from '../support/journey-world';
import { StatefulFakeBank } from '../support/stateful-fake-bank';
import { journey } from './journey-driver';

describe('application: Back from the recipient after the flow finished (issue 33 item 5)', () => {
  function tab() {
    const clock = new ManualClock(NOW_MS);
    const bank = new StatefulFakeBank({ scopes: ['bank:accounts.basic:read'], redirectUri: 'https://tpp.example/cb', state: 'af0ifjsldkj' }, clock);
    const storage = new MemoryTokenStorage();
    const redirector = new RecordingRedirector();
    const open = (launch: FakeLaunchParameters) =>
      journey<StatefulFakeBank>({ api: bank, clock, storage, redirector, launch, verifier: new FakeTokenVerifier({ [TOKEN]: tokenPayload() }) });
    return { clock, bank, storage, redirector, open };
  }

  /** The page the recipient's Back loads: the entry address without its token, over the same tab. */
  async function backFromRecipient(world: ReturnType<typeof tab>, page: ReturnType<ReturnType<typeof tab>['open']>) {
    page.flow.dispose();
    const again = world.open(new FakeLaunchParameters(undefined));
    await again.start();
    await settle();
    return again;
  }

  it('after a success: "This request has already been completed" under the bank\'s brand, not "We are unable to continue"; nothing is sent, nothing leaves', async () => {
    const world = tab();
    const page = world.open(new FakeLaunchParameters(TOKEN));
    await page.start();
    await page.logIn('jane.citizen');
    await settle();
    page.selection.toggleAll();
    await page.selection.continue();
    await settle();
    await page.confirmation.confirm();
    await settle();
    expect(page.modal.current?.name).to.equal('successConfirm');
    await page.modal.activate();
    expect(world.redirector.urls, 'the success return').to.have.length(1);
    expect(world.storage.token, 'the token forgotten (DESIGN §3.3)').to.equal(undefined);
    const callsBefore = world.bank.calls.length;

    const back = await backFromRecipient(world, page);
    const screen = back.session.screen;
    expect(screen).to.deep.include({ kind: 'failure', route: 'already_completed' });
    const route = screen.kind === 'failure' ? screen.route : undefined;
    expect(failureTitles(route).title).to.equal(copy.modals.alreadyCompleted.title);
    expect(failureTitles(route).windowTitle).to.equal('This request has already been completed | Open Banking');
    expect(failurePageText(screen.kind === 'failure' ? screen : undefined, {}).message).to.equal(copy.failure.completed);
    expect(back.session.brand.displayName, 'the finished flow\'s brand, not "Open Banking"').to.equal('Demo Bank');
    expect(back.session.failureOutcome, 'no words about an outcome it cannot know').to.equal('');
    expect(world.bank.calls.length, 'nothing sent to the bank').to.equal(callsBefore);
    expect(world.redirector.urls, 'no second exit').to.have.length(1);

    // A reload of that page says the same.
    const reloaded = await backFromRecipient(world, back);
    expect(reloaded.session.screen).to.deep.include({ kind: 'failure', route: 'already_completed' });
  });

  it('after "Yes, leave" (access_denied) the request is finished too; a new request arriving in the tab is not', async () => {
    const world = tab();
    const page = world.open(new FakeLaunchParameters(TOKEN));
    await page.start();
    await settle();
    page.login.cancel();
    await page.modal.activate();
    await settle();
    expect(world.redirector.urls[0]).to.include('error=access_denied');
    const back = await backFromRecipient(world, page);
    expect(back.session.screen).to.deep.include({ kind: 'failure', route: 'already_completed' });
    expect(back.session.brand.displayName).to.equal('Demo Bank');

    // The recipient sends the customer back with a new request (a token in the address): the finished record is forgotten.
    back.flow.dispose();
    const next = world.open(new FakeLaunchParameters(TOKEN));
    await next.start();
    await settle();
    expect(next.session.screen, 'the new request goes its own way (this bank has decided the old one)').to.not.deep.include({ route: 'already_completed' });
    expect(world.storage.finished(), 'a new request: no longer finished').to.equal(undefined);
  });

  it('without a finished flow, no token is still the failure page ("We are unable to continue", no brand)', async () => {
    const world = tab();
    const page = world.open(new FakeLaunchParameters(undefined));
    await page.start();
    expect(page.session.screen).to.deep.include({ kind: 'failure', route: 'incorrect_jwt' });
    expect(failureTitles('incorrect_jwt').title).to.equal(copy.failure.title);
    expect(page.session.brand.displayName).to.equal('Open Banking');
  });
});
