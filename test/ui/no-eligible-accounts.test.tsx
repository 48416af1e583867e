// Issue 33 item 10: with no eligible account and only account data asked for, the account step's
// warning says what Continue does (No eligible accounts returns to the recipient), not that other
// data may still be shared; with other data asked for, the spec's line stays.
import './setup-dom';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { expect } from 'chai';
import { copy } from '../../domain/copy';
import { stepsCopy } from '../../domain/steps-copy';
import { newConsent } from '../fixtures/journey.fixture';
import { rawAccount } from '../fixtures/raw-accounts.fixture';
import { FakeCustomerAuthApi } from '../support/fakes';
import { settle, startApp, stepOnScreen } from './render-app';

const NONE_ELIGIBLE = [rawAccount({ id: 'acc-0005', productName: 'Term Deposit', eligible: false })];

async function atAccountStep(scopes: string[]) {
  const app = await startApp({ api: new FakeCustomerAuthApi({ consentDetail: newConsent(scopes), accounts: NONE_ELIGIBLE }) });
  await settle(() => app.logIn());
  await stepOnScreen();
  expect(screen.getByText(stepsCopy.selectAccounts.noneEligible)).to.be.instanceOf(Element);
  return app;
}

describe('ui: no eligible account (issue 33 item 10)', () => {
  afterEach(cleanup);

  it('only account data asked for: the warning says Continue returns to the recipient, and Continue opens No eligible accounts', async () => {
    const app = await atAccountStep(['bank:accounts.basic:read', 'bank:transactions:read']);
    expect(screen.queryByText(stepsCopy.selectAccounts.noneEligibleMore), 'no other data was asked for').to.equal(null);
    expect(screen.getByText(stepsCopy.selectAccounts.noneEligibleNothingElse('Budget Buddy'))).to.be.instanceOf(Element);
    await settle(() => fireEvent.click(screen.getByRole('button', { name: copy.buttons.continue })));
    expect(app.modal.current?.name).to.equal('noEligibleAccounts');
  });

  it('customer data asked for too: the spec\'s "other requested data may still be shared", and Continue goes on to the review', async () => {
    const app = await atAccountStep(['bank:accounts.basic:read', 'common:customer.basic:read']);
    expect(screen.getByText(stepsCopy.selectAccounts.noneEligibleMore)).to.be.instanceOf(Element);
    await settle(() => fireEvent.click(screen.getByRole('button', { name: copy.buttons.continue })));
    await stepOnScreen();
    expect(app.session.step).to.equal('confirmation');
  });
});
