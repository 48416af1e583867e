// Issue 22: the CX standards (CDS 1.36.0) on the web channel's later steps, in jsdom: one
// describe per rule, quoting it (docs/cx-standards.md names these tests). The login's rules are
// in test/ui/login.test.tsx; the browser's in test/browser/cx-standards.test.ts.
import './setup-dom';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { expect } from 'chai';
import { act } from 'react';
import type { RawAccount } from '../../contract/customer-auth.wire';
import { journey } from '../application/journey-driver';
import { amendedConsent, janeAccounts, NOW_MS, newConsent, trustAccounts, trustBusinesses } from '../fixtures/journey.fixture';
import { rawAccount } from '../fixtures/raw-accounts.fixture';
import { FakeCustomerAuthApi } from '../support/fakes';
import { ConfirmationPage } from '../../ui/web/pages/confirmation-page';
import { SelectAccountsPage } from '../../ui/web/pages/select-accounts-page';
import { ServicesProvider } from '../../ui/web/services-context';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Journey = ReturnType<typeof journey>;

async function loggedIn(options: { consent?: unknown; accounts?: RawAccount[]; trust?: boolean }): Promise<Journey> {
  const api = new FakeCustomerAuthApi({
    consentDetail: options.consent ?? newConsent(),
    accounts: options.accounts ?? janeAccounts(),
    ...(options.trust === true ? { businesses: trustBusinesses } : {}),
  });
  const j = journey({ api });
  await j.start();
  await j.logIn();
  if (j.session.step === 'selectProfile') {
    j.profile.select(options.trust === true ? 'BC1001' : 'PERSONAL');
    await j.profile.continue();
  }
  return j;
}

async function atAccounts(options: { consent?: unknown; accounts?: RawAccount[]; trust?: boolean }): Promise<Journey> {
  const j = await loggedIn(options);
  expect(j.session.step).to.equal('selectAccounts');
  render(
    <ServicesProvider container={j.container}>
      <SelectAccountsPage />
    </ServicesProvider>,
  );
  return j;
}

async function atReview(options: { consent?: unknown; accounts?: RawAccount[]; choose?: (j: Journey) => void }): Promise<Journey> {
  const j = await loggedIn(options);
  options.choose?.(j);
  await j.selection.continue();
  expect(j.session.step).to.equal('confirmation');
  render(
    <ServicesProvider container={j.container}>
      <ConfirmationPage />
    </ServicesProvider>,
  );
  return j;
}

const region = (name: string): HTMLElement => screen.getByRole('region', { name });
const texts = (elements: HTMLElement[]): (string | null)[] => elements.map((element) => element.textContent);

const JOINT_PENDING = rawAccount({
  id: 'jp-1',
  productName: 'Online Saver',
  nickName: 'Our savings',
  joint: true,
  pending: { code: 'JOINT_APPROVAL_REQUIRED', days: 7 },
});
const APPROVAL_TEXT =
  "The other account holders must approve before we share data from this account. We'll ask them once you confirm, and they have 7 days to respond. Until they approve, no data is shared from this account.";

describe('ui: the CX standards on the later steps (issue 22)', () => {
  afterEach(cleanup);

  describe('Authorisation, Pending status: "data holders MUST indicate this to the user visually and MUST provide an explanation of what is required or expected"', () => {
    it('a pending joint account is marked "Needs approval", explained in context (read with its checkbox), and can be ticked', async () => {
      const j = await atAccounts({ accounts: [rawAccount({ id: 'a-1', nickName: 'Bills' }), JOINT_PENDING] });
      const box = screen.getByRole<HTMLInputElement>('checkbox', { name: /^Our savings/ });
      const tile = box.closest('li') as HTMLElement;
      expect(texts(within(tile).getAllByText(/Joint account|Needs approval/))).to.deep.equal(['Joint account', 'Needs approval']);
      const explanation = within(tile).getByText(APPROVAL_TEXT);
      expect(box.getAttribute('aria-describedby')?.split(' ')).to.include(explanation.id);
      expect(box.disabled).to.equal(false);
      fireEvent.click(box);
      expect(j.selection.accounts.find((account) => account.id === 'jp-1')?.selected).to.equal(true);
    });

    it('the review marks and explains it too, and alerts that joint account holders may be notified', async () => {
      await atReview({ accounts: [JOINT_PENDING], choose: (j) => j.selection.toggle('jp-1') });
      const accounts = region('Selected accounts');
      expect(within(accounts).getByText('Needs approval')).to.be.instanceOf(Element);
      expect(within(accounts).getByText(APPROVAL_TEXT)).to.be.instanceOf(Element);
      expect(within(accounts).getByText('Joint account holders may be notified')).to.be.instanceOf(Element);
    });
  });

  describe('Authorisation, Unavailable accounts: "Data holders SHOULD communicate why these accounts cannot be selected, and this SHOULD be communicated as in-line help or as a modal to reduce on-screen content."', () => {
    it('an individual: the spec\'s warning with "Why can\'t I select some accounts?" as in-line help, closed at first', async () => {
      await atAccounts({});
      const warning = screen.getByText('Some accounts are not available for data sharing.').closest('.notice') as HTMLElement;
      const help = within(warning).getByText("Why can't I select some accounts?").closest('details') as HTMLDetailsElement;
      expect(help.open).to.equal(false);
      expect(help.textContent).to.include("Some types of account can't be shared under the Consumer Data Right");
      expect(help.textContent).to.include("You also can't share from an account you can see but don't hold.");
    });

    it('a business or trust profile gets the warning and its own explanation (the spec showed nothing there)', async () => {
      await atAccounts({
        trust: true,
        accounts: [...trustAccounts(), rawAccount({ id: 'tr-9', productName: 'Term Deposit', ownership: 'TrustUser', eligible: false })],
      });
      const warning = screen.getByText('Some accounts are not available for data sharing.').closest('.notice') as HTMLElement;
      expect(within(warning).getByText("Why can't I select some accounts?").closest('details')?.textContent).to.include(
        'only the people it has nominated to share its data can share from its accounts',
      );
    });
  });

  describe('Authorisation, Account confirm: "Data holders MUST show which accounts the data is being shared from prior to confirming authorisation if the data request includes account-specific data."', () => {
    const many = (count: number): RawAccount[] =>
      Array.from({ length: count }, (_, index) => rawAccount({ id: `m-${String(index).padStart(3, '0')}`, nickName: `Account ${index + 1}` }));

    it('60 accounts: the first 50 listed at once in a scrolling region of their own, no click needed; "Show more accounts" lists the rest and moves focus to the first new line', async () => {
      const j = await atReview({ accounts: many(60), choose: (jj) => jj.selection.toggleAll() });
      const accounts = region('Selected accounts');
      const scroller = within(accounts).getByRole('region', { name: 'Account list, 60 accounts' });
      expect(scroller.tabIndex).to.equal(0);
      expect(within(scroller).getAllByRole('listitem')).to.have.length(50);
      expect(within(scroller).getByText('Account 1')).to.be.instanceOf(Element);
      expect(within(accounts).queryByText(/^Show the \d+ accounts$/)).to.equal(null);
      await act(async () => {
        fireEvent.click(within(accounts).getByRole('button', { name: 'Show more accounts (10 not shown yet)' }));
      });
      expect(within(scroller).getAllByRole('listitem')).to.have.length(60);
      expect(document.activeElement?.textContent).to.include('Account 51');
      expect(within(accounts).queryByRole('button', { name: /Show more accounts/ })).to.equal(null);
      expect(j.confirmation.sharedAccountCount).to.equal(60);
    });

    it('"The data holder MAY omit this information if none of the data being requested is specific to an account": customer data only lists no account and counts none', async () => {
      const j = await loggedIn({ consent: newConsent(['common:customer.basic:read', 'common:customer.detail:read']) });
      expect(j.session.step).to.equal('confirmation');
      render(
        <ServicesProvider container={j.container}>
          <ConfirmationPage />
        </ServicesProvider>,
      );
      expect(screen.queryByRole('region', { name: 'Selected accounts' })).to.equal(null);
      expect(within(region('Summary')).queryByText('Accounts')).to.equal(null);
    });

    it('a short list (10 lines or fewer) is listed as it is, with no region of its own', async () => {
      await atReview({ accounts: many(3), choose: (jj) => jj.selection.toggleAll() });
      expect(within(region('Selected accounts')).queryByRole('region')).to.equal(null);
      expect(within(region('Selected accounts')).getAllByRole('listitem')).to.have.length(3);
    });
  });

  describe('Notifications, Joint account alerts: "Data holders MUST alert a joint account holder where an action they are about to perform may result in the other joint account holder(s) being notified."', () => {
    it('an amendment that removes the only joint account shows the alert', async () => {
      const consent = amendedConsent();
      const withJoint = {
        detail: {
          ...consent.detail,
          permissions: consent.detail.permissions.map((p) =>
            'accounts' in p
              ? { ...p, accounts: [...p.accounts, { schemeName: 'BSB_ACCOUNT', identification: '062000 acc-0002', secondaryIdentification: 'acc-0002' }] }
              : p,
          ),
        },
      };
      await atReview({ consent: withJoint, choose: (j) => j.selection.toggle('acc-0002') });
      const accounts = region('Selected accounts');
      expect(texts(within(within(accounts).getByRole('region', { name: 'Accounts to be removed' })).getAllByRole('listitem'))).to.deep.equal([
        'Savings Account 062000 acc-0002Removed accountJoint account',
      ]);
      expect(within(accounts).getByText('Joint account holders may be notified')).to.be.instanceOf(Element);
    });
  });

  describe('Notifications, Joint account alerts, Rule 4A.15 exemptions: "the data holder MUST alert the requester, in the context of the authorisation flow, that the other joint account holder(s) will not be notified"', () => {
    it('a joint account the bank shares under rule 4A.15 says its other holders will not be notified, and does not say they may be', async () => {
      await atReview({
        accounts: [rawAccount({ id: 'w-1', nickName: 'Private', joint: true, notificationsWithheld: true })],
        choose: (j) => j.selection.toggle('w-1'),
      });
      const accounts = region('Selected accounts');
      expect(within(accounts).getByText('The other holders of your joint account will not be notified about this data sharing.')).to.be.instanceOf(Element);
      expect(within(accounts).queryByText('Joint account holders may be notified')).to.equal(null);
    });
  });

  describe('Amending authorisation, Changing attributes: "this MUST ONLY apply where the attribute in the new authorisation differs to that of the previous authorisation"', () => {
    const withPrevious = (
      previous: Record<string, unknown>,
      change: (detail: ReturnType<typeof amendedConsent>['detail']) => Record<string, unknown> = (d) => d,
    ) => {
      const consent = amendedConsent();
      return { detail: { ...change(consent.detail), previous } };
    };
    const expiry = (days: number): string => new Date(NOW_MS + days * 86_400_000).toISOString();
    const SCOPES = ['bank:accounts.basic:read', 'bank:accounts.detail:read', 'bank:transactions:read', 'common:customer.basic:read'];

    it('the same period and the same data: no What\'s changed at all, and the period is "Data sharing period", not "Updated"', async () => {
      await atReview({ consent: withPrevious({ expirationDateTime: expiry(180), scopes: SCOPES }) });
      expect(screen.queryByRole('region', { name: "What's changed" })).to.equal(null);
      expect(screen.queryByRole('region', { name: 'Updated data sharing period' })).to.equal(null);
      expect(region('Data sharing period')).to.be.instanceOf(Element);
      expect(within(region('Summary')).getByText('Data sharing period')).to.be.instanceOf(Element);
    });

    it('a shorter period and dropped transactions: the old and the new end, and "Data no longer requested", named', async () => {
      const dropTransactions = (detail: ReturnType<typeof amendedConsent>['detail']) => ({
        ...detail,
        permissions: detail.permissions.filter((p) => p.permission !== 'bank:transactions:read'),
      });
      await atReview({ consent: withPrevious({ expirationDateTime: expiry(365), scopes: SCOPES }, dropTransactions) });
      expect(texts(within(region("What's changed")).getAllByRole('listitem'))).to.deep.equal([
        'Data sharing period updated: it now ends on 22 May 2027 instead of 23 November 2027',
        'Data no longer requested: Transaction details',
      ]);
      expect(region('Updated data sharing period')).to.be.instanceOf(Element);
    });
  });

  describe('Data language: "MUST use the appropriate data standards language for business consumers"', () => {
    it('an amendment of a business arrangement asking for customer data only (no account loaded) lists "Organisation profile", as the bank\'s profileId says (CONTRACT §3, issue 21)', async () => {
      const consent = {
        detail: { permissions: [{ permission: 'common:customer.basic:read', claims: '{"cdr_arrangement_id":"arr-5f2c"}' }], profileId: 'BIZ-1' },
      };
      const j = await loggedIn({ consent });
      expect(j.session.step).to.equal('confirmation');
      expect(j.confirmation.clusters.map((cluster) => cluster.heading)).to.deep.equal(['Organisation profile']);
    });
  });

  describe('the description (the spec\'s "Your description (Optional)")', () => {
    it("a hint under the label says what it is for and who sees it; the spec's placeholder stays", async () => {
      await atReview({ choose: (j) => j.selection.toggle('acc-0001') });
      const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Your description (Optional)' });
      const hint = screen.getByText(
        'A name to help you recognise this arrangement later in our mobile app, under Profile > Manage data sharing. Everyone who holds the shared accounts can see it.',
      );
      expect(input.getAttribute('aria-describedby')).to.equal(hint.id);
      expect(input.placeholder).to.equal('Visible to all account holders');
    });
  });
});
