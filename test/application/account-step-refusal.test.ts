// Issue 33 item 6: after Continue with no account ticked (only account data asked for), the message
// stands where the focus goes until the next Continue, and not on a new visit of the step.
import { expect } from 'chai';
import { stepsCopy } from '../../domain/steps-copy';
import { janeAccounts, newConsent } from '../fixtures/journey.fixture';
import { rawAccount } from '../fixtures/raw-accounts.fixture';
import { FakeCustomerAuthApi } from '../support/fakes';
import { journey } from './journey-driver';

const ACCOUNT_DATA_ONLY = ['bank:accounts.basic:read', 'bank:transactions:read'];
const MESSAGE = stepsCopy.selectAccounts.selectAnAccount('Budget Buddy');

async function atAccountStep(accounts = janeAccounts()) {
  const j = journey({ api: new FakeCustomerAuthApi({ consentDetail: newConsent(ACCOUNT_DATA_ONLY), accounts }) });
  await j.start();
  await j.logIn();
  j.selection.stepShown(); // as the step's view does when it is shown
  expect(j.session.step).to.equal('selectAccounts');
  return j;
}

describe('application: a refused Continue on the account step (issue 33 item 6)', () => {
  it('stands while accounts are ticked and unticked, until the next Continue; each refused press asks for the focus again', async () => {
    const j = await atAccountStep();
    await j.selection.continue();
    expect(j.selection.continueMessage).to.equal(MESSAGE);
    j.selection.toggle('acc-0001');
    j.selection.toggle('acc-0001');
    j.selection.toggle('acc-0003');
    expect(j.selection.continueMessage, 'a tick does not take it away from above the tiles').to.equal(MESSAGE);
    j.selection.toggle('acc-0003');
    await j.selection.continue();
    expect(j.selection.continueRefused, 'a second refused press, a second focus request').to.equal(2);
    j.selection.toggle('acc-0003');
    await j.selection.continue();
    expect(j.session.step).to.equal('confirmation');
    expect(j.selection.continueMessage).to.equal(undefined);
  });

  it('a new visit of the step starts without it', async () => {
    const j = await atAccountStep();
    await j.selection.continue();
    expect(j.selection.continueMessage).to.equal(MESSAGE);
    j.selection.stepShown();
    expect(j.selection.continueMessage).to.equal(undefined);
    expect(j.selection.continueRefused).to.equal(0);
  });

  it('the focus goes to select-all (its box is read with the message), else to the first account that can be ticked', async () => {
    const many = await atAccountStep();
    await many.selection.continue();
    expect(many.selection.selectAll.shown).to.equal(true);
    expect(many.selection.refusalFocusAccount, 'select-all takes the focus').to.equal(undefined);

    const one = await atAccountStep([
      rawAccount({ id: 'acc-0005', productName: 'Term Deposit', eligible: false }),
      rawAccount({ id: 'acc-0001', productName: 'Everyday Account', nickName: 'Bills' }),
    ]);
    expect(one.selection.refusalFocusAccount, 'none before a refused press').to.equal(undefined);
    await one.selection.continue();
    expect(one.selection.selectAll.shown).to.equal(false);
    expect(one.selection.refusalFocusAccount).to.equal('acc-0001');
  });
});
