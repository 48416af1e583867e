import './setup-dom';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { expect } from 'chai';
import { act } from 'react';
import type { RawAccount } from '../../contract/customer-auth.wire';
import { amendedConsent, janeAccounts, newConsent, trustBusinesses } from '../fixtures/journey.fixture';
import { rawAccount } from '../fixtures/raw-accounts.fixture';
import { FakeCustomerAuthApi } from '../support/fakes';
import { journey } from '../application/journey-driver';
import { SelectAccountsPage } from '../../ui/web/pages/select-accounts-page';
import { ServicesProvider } from '../../ui/web/services-context';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const EGA_ID = 'EGA:011000 99990001';

async function atSelectAccounts(options: { accounts?: RawAccount[]; trust?: boolean; par?: boolean } = {}) {
  const api = new FakeCustomerAuthApi({
    consentDetail: options.par === true ? amendedConsent() : newConsent(),
    accounts: options.accounts ?? janeAccounts(),
    ...(options.trust === true ? { businesses: trustBusinesses } : {}),
  });
  const j = journey({ api });
  await j.start();
  await j.logIn();
  if (j.session.step === 'selectProfile') {
    j.profile.select('PERSONAL');
    await j.profile.continue();
  }
  expect(j.session.step).to.equal('selectAccounts');
  render(
    <ServicesProvider container={j.container}>
      <SelectAccountsPage />
    </ServicesProvider>,
  );
  const fieldset = (): HTMLElement => screen.getByRole('group', { name: 'Select accounts to share data' });
  const box = (name: RegExp): HTMLInputElement => within(fieldset()).getByRole<HTMLInputElement>('checkbox', { name });
  const tile = (name: RegExp): HTMLElement => {
    const li = box(name).closest('li');
    if (li === null) throw new Error('no tile');
    return li;
  };
  return { j, api, fieldset, box, tile };
}

describe('ui: select accounts', () => {
  afterEach(cleanup);

  it('tiles show the nickName or productName and the formatted number, which name the checkbox', async () => {
    const { box } = await atSelectAccounts({
      accounts: [
        rawAccount({ id: 'a1', identification: '062000 12345678', nickName: 'Bills' }),
        rawAccount({ id: 'a2', identification: '4111111111111111', productName: 'Platinum Card' }),
      ],
    });
    expect(box(/^Bills/).labels?.[0]?.textContent).to.equal('Bills 062-000 1234 5678');
    expect(box(/^Platinum Card/).labels?.[0]?.textContent).to.equal('Platinum Card 4111 1111 1111 1111');
  });

  it('ticking a tile selects its account in the store and checks the box', async () => {
    const { j, box } = await atSelectAccounts();
    fireEvent.click(box(/^Bills/));
    expect(j.selection.accounts.find((a) => a.id === 'acc-0001')?.selected).to.equal(true);
    expect(box(/^Bills/).checked).to.equal(true);
    fireEvent.click(box(/^Bills/));
    expect(box(/^Bills/).checked).to.equal(false);
  });

  it('select-all: shown with more than one eligible account, toggles every eligible account', async () => {
    const { j, fieldset } = await atSelectAccounts();
    const all = within(fieldset()).getByRole<HTMLInputElement>('checkbox', { name: 'Select all available accounts' });
    expect(all.checked).to.equal(false);
    fireEvent.click(all);
    expect(all.checked).to.equal(true);
    expect(j.selection.availableAccounts.every((a) => a.selected)).to.equal(true);
    const eligibleBoxes = within(fieldset())
      .getAllByRole('checkbox')
      .filter((b) => !(b as HTMLInputElement).disabled);
    expect(eligibleBoxes.every((b) => (b as HTMLInputElement).checked)).to.equal(true);
    fireEvent.click(all);
    expect(j.selection.accounts.some((a) => a.selected)).to.equal(false);
  });

  it('select-all is hidden with only one eligible account', async () => {
    const { fieldset } = await atSelectAccounts({
      accounts: [rawAccount({ id: 'a1', nickName: 'Only' }), rawAccount({ id: 'a2', eligible: false })],
    });
    expect(within(fieldset()).queryByRole('checkbox', { name: 'Select all available accounts' })).to.equal(null);
  });

  it('EGA: currencies appear when ticked; one unticked makes the parent indeterminate, all ticked makes it checked', async () => {
    const { j, box, tile } = await atSelectAccounts();
    expect(box(/^Travel 011-000 9999 0001/)).to.be.instanceOf(Element);
    expect(within(tile(/^Travel/)).queryByRole('group')).to.equal(null);
    fireEvent.click(box(/^Travel/));
    const currencies = within(tile(/^Travel/)).getByRole('group', { name: 'Currencies of Travel' });
    const subs = within(currencies).getAllByRole<HTMLInputElement>('checkbox');
    expect(subs.map((s) => s.labels?.[0]?.textContent)).to.deep.equal(['AUD 011-000 9999 0001', 'USD 011-000 9999 0002', 'EUR 011-000 9999 0003']);
    expect(subs.every((s) => s.checked)).to.equal(true);

    fireEvent.click(within(currencies).getByRole('checkbox', { name: /^USD/ }));
    expect(j.selection.accounts.find((a) => a.id === EGA_ID)?.indeterminate).to.equal(true);
    expect(box(/^Travel/).indeterminate).to.equal(true);
    expect(box(/^Travel/).checked).to.equal(false);
    expect(within(tile(/^Travel/)).getByRole('group', { name: 'Currencies of Travel' }), 'still shown when partly selected').to.be.instanceOf(Element);

    fireEvent.click(within(tile(/^Travel/)).getByRole('checkbox', { name: /^USD/ }));
    expect(box(/^Travel/).indeterminate).to.equal(false);
    expect(box(/^Travel/).checked).to.equal(true);
  });

  it('read-only tiles are disabled with "Sharing not available"; joint and closed notes describe their boxes', async () => {
    const { box, tile } = await atSelectAccounts();
    expect(box(/^Term Deposit/).disabled).to.equal(true);
    expect(within(tile(/^Term Deposit/)).getByText('Sharing not available')).to.be.instanceOf(Element);
    expect(box(/^Savings Account/).disabled).to.equal(false);
    expect(within(tile(/^Savings Account/)).getByText('Joint account')).to.be.instanceOf(Element);
    expect(within(tile(/^Old Account/)).getByText('Closed account')).to.be.instanceOf(Element);
    const describedBy = box(/^Savings Account/).getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).to.equal('Joint account');
  });

  it('warns that some accounts are not available, with the eligibility link', async () => {
    await atSelectAccounts();
    const warning = screen.getByText('Some accounts are not available for data sharing.').closest('.notice') as HTMLElement;
    expect(
      within(warning)
        .getByRole('link', { name: /^Learn more about account eligibility/ })
        .getAttribute('href'),
    ).to.equal('https://www.bank.example/eligibility');
    expect(screen.queryByText('You do not have any eligible accounts to share.')).to.equal(null);
  });

  it('warns when no account is eligible, and says other data may still be shared', async () => {
    await atSelectAccounts({ accounts: [rawAccount({ id: 'a1', eligible: false }), rawAccount({ id: 'a2', eligible: false })] });
    expect(screen.getByText('You do not have any eligible accounts to share.')).to.be.instanceOf(Element);
    expect(screen.getByText('Any other data that has been requested may still be shared.')).to.be.instanceOf(Element);
    expect(screen.queryByText('Some accounts are not available for data sharing.')).to.equal(null);
  });

  it('notes in a polite live region: none selected, then not all selected, then neither', async () => {
    const { fieldset, box } = await atSelectAccounts();
    const live = fieldset().querySelector('[aria-live="polite"]') as HTMLElement;
    expect(live.textContent).to.equal('You have not selected any accounts to share.');
    fireEvent.click(box(/^Bills/));
    expect(live.textContent).to.equal('You have chosen not to share information from all your accounts.');
    fireEvent.click(within(fieldset()).getByRole('checkbox', { name: 'Select all available accounts' }));
    expect(live.textContent).to.equal('');
  });

  it('Back: absent for a single profile', async () => {
    await atSelectAccounts();
    expect(screen.queryByRole('button', { name: 'Back' })).to.equal(null);
  });

  it('Back: absent in a PAR even with a trust profile', async () => {
    await atSelectAccounts({ trust: true, par: true });
    expect(screen.queryByRole('button', { name: 'Back' })).to.equal(null);
  });

  it('Back: with a trust profile it opens the change-profile warning', async () => {
    const { j } = await atSelectAccounts({ trust: true });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(j.modal.current?.name).to.equal('changeSelectedProfile');
  });

  it('Continue saves the selection and reaches confirmation; Cancel opens sharing-incomplete', async () => {
    const { j, api, box } = await atSelectAccounts();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(j.modal.current?.name).to.equal('sharingIncomplete');
    await act(async () => {
      await j.modal.dismiss();
    });
    fireEvent.click(box(/^Bills/));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    });
    const saved = api.calls.find((c) => c.name === 'saveSelection')?.body as { permissions: { accounts?: { secondaryIdentification: string }[] }[] };
    expect(saved.permissions[0]?.accounts?.map((a) => a.secondaryIdentification)).to.deep.equal(['acc-0001']);
    expect(j.session.step).to.equal('confirmation');
  });
});
