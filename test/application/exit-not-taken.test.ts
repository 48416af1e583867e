// DESIGN §3.2 "An exit the browser did not take": the exit to the recipient is made, but the page
// stays (the navigation aborted, or the recipient's address answered 204 No Content: either way
// the page is still there). EXIT_OFFER_MS (5 s) after its exit, and not before, the page offers
// the same exit, and its button takes it: the same address, nothing asked of the bank again.
// Moved from test/browser/exit-not-taken.test.ts (issue 32 item 2), which keeps an aborted
// navigation in Chromium (the notice's focus and axe); the rule itself: test/domain/flow-endings.test.ts.
import { expect } from 'chai';
import { EXIT_OFFER_MS } from '../../domain/flow-exits';
import { janeAccounts, newConsent } from '../fixtures/journey.fixture';
import { FakeCustomerAuthApi } from '../support/fakes';
import { settle } from '../support/journey-world';
import { journey } from './journey-driver';

describe('application: an exit the browser did not take is offered again (DESIGN §3.2)', () => {
  it('Cancel, "Yes, leave": no notice on the way; a page still there 5 s later offers the same exit, and its button takes it, with no second rejection', async () => {
    const api = new FakeCustomerAuthApi({ consentDetail: newConsent(), accounts: janeAccounts() });
    const j = journey({ api });
    await j.start();
    await j.logIn('jane.citizen');
    expect(j.session.step).to.equal('selectAccounts');
    j.selection.cancel();
    expect(j.modal.current?.name).to.equal('sharingIncomplete');
    await j.modal.activate();
    const urls = j.ports.redirector.urls;
    expect(urls, 'the exit is made').to.have.length(1);
    expect(urls[0]).to.match(/^https:\/\/tpp\.example\/cb\?error=access_denied.*&state=af0ifjsldkj$/);
    expect(api.count('confirmation'), 'the bank was asked to reject').to.equal(1);

    // An exit that goes: the page is gone before its time; until then it shows no notice.
    j.ports.clock.advance(EXIT_OFFER_MS - 1);
    await settle();
    expect(j.modal.isOpen('exitNotTaken'), 'not before its time').to.equal(false);

    // The page is still there: the notice, over what the page showed.
    j.ports.clock.advance(1);
    await settle();
    expect(j.modal.current?.name).to.equal('exitNotTaken');
    expect(urls, 'one exit so far').to.have.length(1);
    await j.modal.activate();
    expect(urls, 'the same address again').to.have.length(2);
    expect(urls[1]).to.equal(urls[0]);
    expect(api.count('confirmation'), 'the bank was asked to reject once').to.equal(1);
    expect(j.ports.analytics.abandonments, 'reported once').to.deep.equal(['rejected']);
  });
});
