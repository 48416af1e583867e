import './setup-dom';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'chai';
import { act } from 'react';
import { amendedConsent, janeAccounts, newConsent } from '../fixtures/journey.fixture';
import { FakeCustomerAuthApi } from '../support/fakes';
import { journey } from '../application/journey-driver';
import { atConfirmation } from './at-confirmation';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const EGA_ID = 'EGA:011000 99990001';

/** The PAR fixture, with the EGA's AUD currency also already shared. */
const amendedWithEga = () => {
  const consent = amendedConsent();
  const permissions = consent.detail.permissions.map((p) =>
    'accounts' in p ? { ...p, accounts: [...p.accounts, { schemeName: 'EGA', identification: '011000 99990001', secondaryIdentification: 'ega-aud-01' }] } : p,
  );
  return { detail: { ...consent.detail, permissions } };
};

const texts = (elements: HTMLElement[]): (string | null)[] => elements.map((e) => e.textContent);

describe('ui: confirmation', () => {
  afterEach(cleanup);

  it("PAR: What's changed counts, groups with tags, updated period, arrangement id, PAR labels, no Back", async () => {
    const { j, section } = await atConfirmation({
      consent: amendedWithEga(),
      choose: (jj) => {
        jj.selection.toggle('acc-0003');
        jj.selection.toggle('acc-0002');
        jj.selection.toggleSubAccount(EGA_ID, 'ega-usd-01');
        jj.selection.toggleSubAccount(EGA_ID, 'ega-aud-01');
      },
    });
    expect(j.session.isPar).to.equal(true);
    expect(texts(within(section("What's changed")).getAllByRole('listitem')))
      // The bank does not say what the arrangement held before (no `previous`): the period line as before, with its new end (issue 22).
      .to.deep.equal(['2 accounts added', '2 accounts removed', 'Data sharing period updated: it now ends on 22 May 2027']);

    const accounts = section('Selected accounts');
    const group = (name: string): HTMLElement => within(accounts).getByRole('region', { name });
    expect(texts(within(group('Accounts to be added')).getAllByRole('listitem'))).to.deep.equal(['Savings Account 062000 acc-0002Joint account']);
    const kept = within(group('Accounts you are already sharing')).getAllByRole('listitem');
    expect(texts(kept)).to.deep.equal([
      'Bills 062000 acc-0001',
      'Travel 011-000 9999 0001AUD 011-000 9999 0001 (Removed)USD 011-000 9999 0002 (Added)',
      'AUD 011-000 9999 0001 (Removed)',
      'USD 011-000 9999 0002 (Added)',
    ]);
    expect(texts(within(group('Accounts to be removed')).getAllByRole('listitem'))).to.deep.equal(['Credit Card 062000 acc-0003Removed account']);
    expect(within(accounts).getByText('Joint account holders may be notified')).to.be.instanceOf(Element);

    const period = section('Updated data sharing period');
    expect(within(period).getByText('23 November 2026 to 22 May 2027')).to.be.instanceOf(Element);
    expect(within(period).getByText('Arrangement ID').nextElementSibling?.textContent).to.equal('arr-5f2c');
    expect(screen.queryByRole('region', { name: 'Selected profile' })).to.equal(null);

    expect(screen.getByRole('button', { name: 'Save changes' })).to.be.instanceOf(Element);
    expect(screen.getByRole('button', { name: 'Exit without saving' })).to.be.instanceOf(Element);
    expect(screen.queryByRole('button', { name: 'Back' })).to.equal(null);
    expect(screen.queryByRole('button', { name: 'Confirm' })).to.equal(null);
  });

  it("new consent: no What's changed, the period from creation to expiry, the ongoing text, Back and Confirm", async () => {
    const { j, section } = await atConfirmation({ choose: (jj) => jj.selection.toggle('acc-0001') });
    expect(screen.queryByRole('region', { name: "What's changed" })).to.equal(null);
    expect(screen.queryByRole('region', { name: 'Updated data sharing period' })).to.equal(null);
    expect(within(section('Data sharing period')).getByText('23 November 2026 to 23 November 2027')).to.be.instanceOf(Element);
    expect(within(section('Data sharing period')).queryByText('Arrangement ID')).to.equal(null);
    expect(
      within(section('How long will my data be shared?')).getByText('Your data will be shared on an ongoing basis for 12 months, until 23 November 2027.'),
    ).to.be.instanceOf(Element);
    expect(within(section('How long will my data be shared?')).getByText(/under Profile > Manage data sharing\.$/)).to.be.instanceOf(Element);
    expect(within(section('Selected accounts')).queryByRole('region'), 'no group headings outside a PAR').to.equal(null);
    expect(within(section('Selected accounts')).queryByText('Joint account holders may be notified')).to.equal(null);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(j.modal.current?.name).to.equal('sharingIncomplete');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    });
    expect(j.session.step, 'the page is behind the modal: Back does nothing').to.equal('confirmation');
    await act(async () => {
      await j.modal.dismiss();
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    });
    expect(j.session.step).to.equal('selectAccounts');
  });

  it('once-only text when the consent has no expiry', async () => {
    const consent = newConsent();
    const { section } = await atConfirmation({ consent: { detail: { permissions: consent.detail.permissions } } });
    expect(
      within(section('How long will my data be shared?')).getByText('Your data will be shared once only. It will not be shared again after today.'),
    ).to.be.instanceOf(Element);
    // Issue 22, once-off wording: no "From 23 November 2026", which sounds open-ended.
    expect(within(section('Data sharing period')).getByText('Once only, on 23 November 2026')).to.be.instanceOf(Element);
    expect(within(section('Summary')).getByText('Once only, on 23 November 2026')).to.be.instanceOf(Element);
    expect(document.body.textContent).not.to.match(/From \d/);
  });

  it("warns when no account is selected, in the spec's words when both customer scopes are requested", async () => {
    await atConfirmation({ consent: newConsent(['bank:accounts.basic:read', 'common:customer.basic:read', 'common:customer.detail:read']) });
    expect(
      screen.getByText('You have not selected an account to share, however you may still continue to share your name and contact details.'),
    ).to.be.instanceOf(Element);
    expect(screen.queryByRole('region', { name: 'Selected accounts' })).to.equal(null);
  });

  it('issue 13 item 3: no account selected lists no account data, and the warning promises only what is listed', async () => {
    const { section } = await atConfirmation();
    expect(screen.getByText('You have not selected an account to share, however you may still continue to share your name and occupation.')).to.be.instanceOf(
      Element,
    );
    expect(texts(within(section('Data that will be shared')).getAllByRole('heading', { level: 3 }))).to.deep.equal(['Name and occupation']);
    cleanup();
    // Issue 23 items B, C (docs/review.md "Nothing to share"): with only account data asked for, an
    // empty selection never reaches the review: Continue stays on the accounts and says why.
    const api = new FakeCustomerAuthApi({ consentDetail: newConsent(['bank:accounts.basic:read', 'bank:transactions:read']), accounts: janeAccounts() });
    const j = journey({ api });
    await j.start();
    await j.logIn();
    await j.selection.continue();
    expect(j.session.step).to.equal('selectAccounts');
    expect(j.selection.continueMessage).to.contain('asked only for account data');
  });

  it('issue 13 item 2: an amendment tags newly requested data "New" and names it in What\'s changed', async () => {
    const consent = amendedConsent();
    const permissions = [...consent.detail.permissions, { permission: 'bank:regular_payments:read' }];
    const { section } = await atConfirmation({ consent: { detail: { ...consent.detail, permissions } } });
    expect(within(section("What's changed")).getByText('New data requested: Direct debits and scheduled payments')).to.be.instanceOf(Element);
    const clusters = section('Data that will be shared');
    expect(within(clusters).getByRole('button', { name: 'Direct debits and scheduled payments New' })).to.be.instanceOf(Element);
    expect(within(clusters).getAllByText('New')).to.have.length(1);
  });

  it('issue 13 item 5: the summary names the recipient and its legal name, the account count and the period', async () => {
    const { section } = await atConfirmation({
      choose: (jj) => {
        jj.selection.toggle('acc-0001');
        jj.selection.toggle('acc-0003');
      },
    });
    const summary = section('Summary');
    expect(texts(within(summary).getAllByRole('definition'))).to.deep.equal([
      'Budget Buddy (Budget Buddy Pty Ltd)',
      '2 accounts',
      '23 November 2026 to 23 November 2027',
    ]);
  });

  it('the data clusters: each a closed disclosure that opens to the Data Language items verbatim', async () => {
    const { section } = await atConfirmation({ choose: (jj) => jj.selection.toggle('acc-0001') });
    const clusters = section('Data that will be shared');
    const toggle = within(clusters).getByRole('button', { name: 'Account name, type and balance' });
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(panel.hidden).to.equal(true);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).to.equal('true');
    expect(panel.hidden).to.equal(false);
    expect(texts(within(panel).getAllByRole('listitem'))).to.deep.equal(['Name of account', 'Type of account', 'Account balance']);
    expect(within(panel).getByText('This may include data dating back to 1 January 2017.')).to.be.instanceOf(Element);

    fireEvent.click(within(clusters).getByRole('button', { name: 'Transaction details' }));
    expect(within(clusters).getByText('(e.g. their name)').className).to.contain('field-help');
    expect(texts(within(clusters).getAllByRole('heading', { level: 3 }))).to.deep.equal([
      'Account name, type and balance',
      'Account numbers and features',
      'Transaction details',
      'Name and occupation',
    ]);
  });

  it('business profile: the selected profile and the organisation wording', async () => {
    const { section } = await atConfirmation({ trust: true });
    expect(within(section('Selected profile')).getByText('Citizen Family Trust')).to.be.instanceOf(Element);
    const clusters = section('Data that will be shared');
    expect(within(clusters).getByRole('button', { name: 'Organisation profile' })).to.be.instanceOf(Element);
    expect(within(clusters).queryByRole('button', { name: 'Name and occupation' })).to.equal(null);
  });

  it('the description is sent trimmed as consentNickname; Confirm twice sends one confirmation', async () => {
    const { j, api } = await atConfirmation({ choose: (jj) => jj.selection.toggle('acc-0001') });
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Your description (Optional)' });
    expect(input.placeholder).to.equal('Visible to all account holders');
    expect(input.maxLength).to.equal(255);
    fireEvent.change(input, { target: { value: '  Budget app  ' } });
    expect(j.confirmation.description).to.equal('  Budget app  ');
    api.holdConfirmation = true;
    const confirm = screen.getByRole<HTMLButtonElement>('button', { name: 'Confirm' });
    await act(async () => {
      fireEvent.click(confirm);
      fireEvent.click(confirm);
    });
    expect(confirm.disabled, 'disabled while confirming').to.equal(true);
    fireEvent.click(confirm);
    expect(api.count('confirmation')).to.equal(1);
    const saves = api.calls.filter((c) => c.name === 'saveSelection');
    expect((saves.at(-1)?.body as { consentNickname?: string } | undefined)?.consentNickname).to.equal('Budget app');
    await act(async () => {
      api.pendingConfirmation?.({ ok: true, value: { auth_code: 'c', redirect_uri: 'https://tpp.example/cb', state: 's', id_token: 'i' } });
    });
    expect(j.modal.current?.name).to.equal('successConfirm');
    expect(confirm.disabled, 'no second Confirm once finished').to.equal(true);
    expect(api.count('confirmation')).to.equal(1);
  });
});
