// Moved from test/browser/review-integrity.test.ts (issue 32 item 2): what the review says in
// issue 13 items 1-5 (docs/review.md), over the real container with the fakes. The rules are in
// test/domain/ (account-selection, review-data, data-clusters); select-all under a filter on the
// account step in test/ui/select-accounts-long-list.test.tsx; what needs Chromium stays there: the
// "New" tag laid out at 1280 and 320 px (test/browser/review-integrity.test.ts), the review of
// 5,000 accounts, its short page, scrolling region and paging (test/browser/cx-standards.test.ts),
// axe and reflow of every screen (test/browser/accessibility.test.ts).
import './setup-dom';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'chai';
import { copy } from '../../domain/copy';
import { stepsCopy } from '../../domain/steps-copy';
import { manyAccounts } from '../../sandbox/persona-accounts';
import { janeAccounts, newConsent } from '../fixtures/journey.fixture';
import { FakeCustomerAuthApi } from '../support/fakes';
import { atConfirmation, type Journey } from './at-confirmation';
import { settle, startApp, stepOnScreen } from './render-app';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const BASIC = 'bank:accounts.basic:read';
const CUSTOMER_BASIC = 'common:customer.basic:read';
const CUSTOMER_DETAIL = 'common:customer.detail:read';

/** The review of `scopes` (Jane's accounts, or a trust's), after `choose` on the account step, rendered alone. */
async function review(scopes: string[], options: { accounts?: unknown[]; trust?: boolean; choose?: (j: Journey) => void } = {}): Promise<Journey> {
  return (await atConfirmation({ ...options, consent: newConsent(scopes) })).j;
}

const section = (name: string): HTMLElement => screen.getByRole('region', { name });
const summary = (what: 'recipient' | 'accounts' | 'period'): string | null | undefined =>
  section('Summary').querySelector(`[data-summary="${what}"]`)?.textContent;
const clusterHeadings = (): (string | null)[] =>
  within(section(stepsCopy.confirmation.dataToShare))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);
/** Opens the cluster `heading` and answers its items. */
function clusterItems(heading: string): (string | null)[] {
  const toggle = within(section(stepsCopy.confirmation.dataToShare)).getByRole('button', { name: heading });
  if (toggle.getAttribute('aria-expanded') === 'false') fireEvent.click(toggle);
  const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
  return within(panel)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

describe('ui: review integrity (issue 13 items 1-5)', () => {
  afterEach(cleanup);

  it('item 1: many.accounts, select-all under the filter "Account 7": the review lists the 11 matching accounts, and only them', async () => {
    await review([BASIC, CUSTOMER_BASIC], {
      accounts: [...manyAccounts],
      choose: (j) => {
        j.selection.setFilter('Account 7');
        j.selection.toggleAll();
        j.selection.setFilter('');
      },
    });
    expect(summary('accounts')).to.equal('11 accounts');
    const list = screen.getByRole('region', { name: stepsCopy.confirmation.accountList(11) });
    const lines = [...list.querySelectorAll('li.summary-entry')].map((line) => line.textContent ?? '');
    expect(lines).to.have.length(11);
    expect(
      lines.every((line) => /^Account 7\d? /.test(line)),
      lines.join(' | '),
    ).to.equal(true);
  });

  it('item 5: 500 accounts: the summary says who, how many and how long; 50 lines listed without a click, then 50 more, the focus on the first revealed', async () => {
    await review([BASIC, CUSTOMER_BASIC], { accounts: [...manyAccounts], choose: (j) => j.selection.toggleAll() });
    expect(summary('recipient')).to.equal('Budget Buddy (Budget Buddy Pty Ltd)');
    expect(summary('accounts')).to.equal('500 accounts');
    expect(summary('period')).to.match(/^\d{1,2} \w+ \d{4} to \d{1,2} \w+ \d{4}$/);
    const list = screen.getByRole('region', { name: stepsCopy.confirmation.accountList(500) });
    expect(list.querySelectorAll('li.summary-entry'), 'a first page of lines, at once (issue 15: the review stays flat)').to.have.length(50);
    await settle(() => fireEvent.click(screen.getByRole('button', { name: stepsCopy.selectAccounts.showMore(450) })));
    expect(list.querySelectorAll('li.summary-entry')).to.have.length(100);
    expect(document.activeElement?.textContent ?? '', 'focus on the first line revealed').to.match(/^Account 51 /);
  });

  it("item 3: no account selected, both customer scopes asked for: the spec's warning, only the customer's clusters, and no accounts in the summary", async () => {
    await review([BASIC, 'bank:transactions:read', CUSTOMER_BASIC, CUSTOMER_DETAIL]);
    expect(document.querySelector('.no-account-warning')?.textContent).to.equal(stepsCopy.confirmation.noAccountSelected);
    expect(clusterHeadings()).to.deep.equal(['Name and occupation', 'Contact details']);
    expect(summary('accounts')).to.equal(stepsCopy.confirmation.noAccounts);
  });

  it('item 4: openid profile is its own cluster "Name" (individual and organisation), beside "Name and occupation" (issue 21); openid is not listed', async () => {
    const bills = (j: Journey) => j.selection.toggle('acc-0001');
    await review(['openid', 'profile', BASIC], { choose: bills });
    expect(clusterHeadings()).to.deep.equal(['Account name, type and balance', 'Name']);
    expect(clusterItems('Name')).to.deep.equal(['Full name and title(s)']);
    expect(document.body.textContent).to.not.contain('openid');
    cleanup();

    await review(['openid', 'profile', BASIC, CUSTOMER_BASIC], { choose: bills });
    expect(clusterHeadings()).to.deep.equal(['Account name, type and balance', 'Name and occupation', 'Name']);
    expect(clusterItems('Name and occupation')).to.deep.equal(['Name', 'Occupation']);
    expect(clusterItems('Name')).to.deep.equal(['Full name and title(s)']);
    cleanup();

    await review(['openid', 'profile', BASIC, CUSTOMER_BASIC], { trust: true, choose: (j) => j.selection.toggleAll() });
    expect(clusterHeadings()).to.deep.equal(['Account name, type and balance', 'Organisation profile', 'Name']);
  });

  it('item 2: an amendment adding regular payments: its cluster alone tagged "New", in order; Save changes, and the success says the changes are saved', async () => {
    const claims = '{"cdr_arrangement_id":"arr-5f2c"}';
    const consentDetail = {
      detail: {
        permissions: [
          { permission: BASIC, accounts: [{ schemeName: 'BSB_ACCOUNT', identification: '062000 acc-0001', secondaryIdentification: 'acc-0001' }], claims },
          { permission: CUSTOMER_BASIC, claims },
          { permission: 'bank:regular_payments:read' },
        ],
        expirationDateTime: newConsent().detail.expirationDateTime,
      },
    };
    const app = await startApp({ api: new FakeCustomerAuthApi({ consentDetail, accounts: janeAccounts() }) });
    await settle(() => app.logIn());
    await stepOnScreen();
    await settle(() => fireEvent.click(screen.getByRole('button', { name: copy.buttons.continue })));
    await stepOnScreen();
    expect(app.session.step).to.equal('confirmation');
    expect(within(section(stepsCopy.confirmation.whatsChanged)).getByText('New data requested: Direct debits and scheduled payments')).to.be.instanceOf(
      Element,
    );
    expect(clusterHeadings()).to.deep.equal(['Account name, type and balance', 'Direct debits and scheduled payments New', 'Name and occupation']);
    expect(within(section(stepsCopy.confirmation.dataToShare)).getAllByText(stepsCopy.confirmation.newTag)).to.have.length(1);
    await settle(() => fireEvent.click(screen.getByRole('button', { name: copy.buttons.saveChanges })));
    const dialog = screen.getByRole('dialog', { name: 'Changes saved' });
    expect(dialog.textContent).to.contain('Your changes to your data sharing arrangement with Budget Buddy have been saved.');
  });
});
