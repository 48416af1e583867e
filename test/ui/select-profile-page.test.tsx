import './setup-dom';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { expect } from 'chai';
import { act } from 'react';
import { janeAccounts, newConsent, trustBusinesses } from '../fixtures/journey.fixture';
import { FakeCustomerAuthApi } from '../support/fakes';
import { journey } from '../application/journey-driver';
import { SelectProfilePage } from '../../ui/web/pages/select-profile-page';
import { ServicesProvider } from '../../ui/web/services-context';

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

  it('explains the step and lists the profiles as radios in a named group, the first checked', async () => {
    await atSelectProfile();
    expect(screen.getByText(/Select the profile you would like to share data from\./)).to.be.instanceOf(Element);
    const group = screen.getByRole('group', { name: 'Profiles you can share data from' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => (r as HTMLInputElement).labels?.[0]?.textContent)).to.deep.equal(['Jane Citizen', 'Citizen Family Trust']);
    expect(within(group).getByRole<HTMLInputElement>('radio', { name: 'Jane Citizen' }).checked).to.equal(true);
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
