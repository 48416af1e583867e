import './setup-dom';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { expect } from 'chai';
import { act } from 'react';
import { janeAccounts, newConsent, trustBusinesses } from '../fixtures/journey.fixture';
import { FakeCustomerAuthApi } from '../support/fakes';
import { journey } from '../application/journey-driver';
import { SelectProfilePage } from '../../ui/web/pages/select-profile-page';
import { ServicesProvider } from '../../ui/web/services-context';
import { settle, startApp, stepOnScreen } from './render-app';

// Mocha has no global beforeAll, so Testing Library does not flag the act environment itself.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

async function atSelectProfile() {
  const api = new FakeCustomerAuthApi({ consentDetail: newConsent(), accounts: janeAccounts(), businesses: trustBusinesses });
  const j = journey({ api });
  await j.start();
  await j.logIn();
  expect(j.session.step).to.equal('selectProfile');
  render(
    <ServicesProvider container={j.container}>
      <SelectProfilePage />
    </ServicesProvider>,
  );
  return { j, api };
}

describe('ui: select profile', () => {
  afterEach(cleanup);

  it('explains the step and lists the profiles as radios in a named group, none checked (issue 33 item 8: no pre-selected radio)', async () => {
    await atSelectProfile();
    expect(screen.getByText(/Select the profile you would like to share data from\./)).to.be.instanceOf(Element);
    const group = screen.getByRole('group', { name: 'Profiles you can share data from' });
    const radios = within(group).getAllByRole<HTMLInputElement>('radio');
    expect(radios.map((r) => r.labels?.[0]?.textContent)).to.deep.equal(['Jane Citizen', 'Citizen Family Trust']);
    expect(radios.map((r) => r.checked)).to.deep.equal([false, false]);
  });

  it('issue 33 item 8: Continue with no profile chosen stays, says "Select a profile to continue." in the group, and moves focus to the radios', async () => {
    const { j, api } = await atSelectProfile();
    const group = screen.getByRole('group', { name: 'Profiles you can share data from' });
    expect(within(group).queryByText('Select a profile to continue.')).to.equal(null);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    });
    expect(j.session.step).to.equal('selectProfile');
    expect(api.count('confirmBusinessProfile')).to.equal(0);
    const message = within(group).getByText('Select a profile to continue.');
    expect(message.className).to.equal('field-error');
    expect(group.getAttribute('aria-describedby')?.split(' ')).to.include(message.id);
    expect(document.activeElement).to.equal(within(group).getByRole('radio', { name: 'Jane Citizen' }));
    fireEvent.click(within(group).getByRole('radio', { name: 'Citizen Family Trust' }));
    expect(within(group).queryByText('Select a profile to continue.'), 'a choice clears the message').to.equal(null);
  });

  it('issue 33 item 8: the profile step says with whom the data is shared, as the other steps do', async () => {
    const app = await startApp({ api: new FakeCustomerAuthApi({ consentDetail: newConsent(), accounts: janeAccounts(), businesses: trustBusinesses }) });
    await settle(() => app.logIn());
    await stepOnScreen();
    expect(app.session.step).to.equal('selectProfile');
    expect(within(screen.getByRole('main')).getByText('You are about to share your data with Budget Buddy')).to.be.instanceOf(Element);
  });

  it('selecting a profile updates the store; Continue confirms that profile and reaches the account step', async () => {
    const { j, api } = await atSelectProfile();
    fireEvent.click(screen.getByRole('radio', { name: 'Citizen Family Trust' }));
    expect(j.profile.selectedId).to.equal('BC1001');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Citizen Family Trust' }).checked).to.equal(true);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Jane Citizen' }).checked).to.equal(false);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    });
    expect(api.calls.find((c) => c.name === 'confirmBusinessProfile')?.body).to.deep.equal({ bcin: 'BC1001' });
    expect(j.session.step).to.equal('selectAccounts');
  });

  it('has no Back; Cancel opens the sharing-incomplete modal', async () => {
    const { j } = await atSelectProfile();
    expect(screen.queryByRole('button', { name: 'Back' })).to.equal(null);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(j.modal.current?.name).to.equal('sharingIncomplete');
  });
});
