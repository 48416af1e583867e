// Issue 33 item 11: "This arrangement belongs to another customer" names only its own buttons, and
// after its Try again the focus is on the username (log in as the arrangement's owner), not the page.
import './setup-dom';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'chai';
import { copy, modalText } from '../../domain/copy';
import { err } from '../../domain/result';
import { janeAccounts, newConsent } from '../fixtures/journey.fixture';
import { FakeCustomerAuthApi } from '../support/fakes';
import { settle, startApp } from './render-app';

const form = () => screen.getByRole('form', { name: 'Account Login' });
const title = modalText(copy.modals.notArrangementOwner.title, { tppName: 'Budget Buddy', isPar: true, outcome: 'nothingShared' });

describe('ui: not the arrangement owner (issue 33 item 11)', () => {
  afterEach(cleanup);

  it('the dialog has Try again and Close this message, no Cancel; Try again puts the focus on the username', async () => {
    const api = new FakeCustomerAuthApi({ consentDetail: newConsent(), accounts: janeAccounts() }).answer(
      'authenticate',
      err(FakeCustomerAuthApi.error(403, 'arrangement_owner_mismatch')),
    );
    await startApp({ api });
    fireEvent.change(within(form()).getByRole('textbox', { name: copy.login.usernameLabel }), { target: { value: 'other.customer' } });
    fireEvent.change(within(form()).getByRole('textbox', { name: copy.login.secureCodeLabel }), { target: { value: '123456' } });
    await settle(() => fireEvent.click(within(form()).getByRole('button', { name: copy.login.continue })));
    const dialog = screen.getByRole('dialog', { name: title });
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label') ?? button.textContent),
    ).to.have.members([copy.shell.closeModal, 'Try again']);
    expect(dialog.textContent).to.contain('choose Cancel on the login page');
    await settle(() => fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' })));
    expect(screen.queryByRole('dialog', { name: title })).to.equal(null);
    expect(document.activeElement, 'focus on the username, not the page').to.equal(within(form()).getByRole('textbox', { name: copy.login.usernameLabel }));
  });
});
