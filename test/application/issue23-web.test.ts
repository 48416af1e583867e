// Issue 23 items B and C through the stores: an arrangement that would share nothing is never
// confirmed; Continue and Confirm say what is missing instead of doing nothing, or something empty.
import { expect } from 'chai';
import { runInAction } from 'mobx';
import type { FlowState } from '../../domain/flow-state';
import { transition } from '../../domain/flow-model';
import { stepsCopy } from '../../domain/steps-copy';
import { janeAccounts, newConsent } from '../fixtures/journey.fixture';
import { rawAccount } from '../fixtures/raw-accounts.fixture';
import { FakeCustomerAuthApi } from '../support/fakes';
import { journey } from './journey-driver';

const ACCOUNT_DATA_ONLY = ['bank:accounts.basic:read', 'bank:transactions:read'];

async function atAccountStep(scopes: string[], accounts = janeAccounts()) {
  const api = new FakeCustomerAuthApi({ consentDetail: newConsent(scopes), accounts });
  const j = journey({ api });
  await j.start();
  await j.logIn();
  expect(j.session.step).to.equal('selectAccounts');
  return { api, j };
}

describe('application: issue 23 B and C, nothing to share', () => {
  it('C: only account data asked for, no account ticked: Continue stays on the step, names what is missing; after a tick Continue goes on', async () => {
    const { api, j } = await atAccountStep(ACCOUNT_DATA_ONLY);
    expect(j.selection.nothingToShare).to.equal(true);
    expect(j.selection.continueMessage, 'nothing said before a press').to.equal(undefined);
    await j.selection.continue();
    expect(j.session.step).to.equal('selectAccounts');
    expect(api.count('saveSelection')).to.equal(0);
    expect(j.selection.continueRefused).to.equal(1);
    expect(j.selection.continueMessage).to.equal(stepsCopy.selectAccounts.selectAnAccount('Budget Buddy'));
    j.selection.toggle('acc-0001');
    // Issue 33 item 6: the message stands until the next Continue (a tick never moves a tile under the finger).
    expect(j.selection.continueMessage).to.equal(stepsCopy.selectAccounts.selectAnAccount('Budget Buddy'));
    await j.selection.continue();
    expect(j.selection.continueMessage).to.equal(undefined);
    expect(j.session.step).to.equal('confirmation');
    expect(j.confirmation.nothingToShare).to.equal(false);
  });

  it('C: only account data asked for and no account can be ticked: Continue opens No eligible accounts (spec §8), not a request it cannot meet', async () => {
    const { api, j } = await atAccountStep(ACCOUNT_DATA_ONLY, [rawAccount({ id: 'acc-0005', productName: 'Term Deposit', eligible: false })]);
    expect(j.selection.nothingToShare).to.equal(true);
    await j.selection.continue();
    expect(j.modal.current?.name).to.equal('noEligibleAccounts');
    expect(j.selection.continueMessage, 'no "select an account" the customer cannot follow').to.equal(undefined);
    expect(api.count('saveSelection')).to.equal(0);
  });

  it('C: the bank found no eligible account (400 A09 on the list): Continue opens No eligible accounts too', async () => {
    const { api, j } = await atAccountStep(ACCOUNT_DATA_ONLY, []);
    await j.selection.continue();
    expect(j.modal.current?.name).to.equal('noEligibleAccounts');
    expect(api.count('saveSelection')).to.equal(0);
  });

  it('C: customer data asked for too: Continue with no account goes on to the review (its warning names what is still shared)', async () => {
    const { j } = await atAccountStep([...ACCOUNT_DATA_ONLY, 'common:customer.basic:read']);
    expect(j.selection.nothingToShare).to.equal(false);
    await j.selection.continue();
    expect(j.session.step).to.equal('confirmation');
    expect(j.confirmation.showNoAccountWarning).to.equal(true);
    await j.confirmation.confirm();
    expect(j.modal.current?.name).to.equal('successConfirm');
  });

  it('B: a review that would share nothing (reached however): Confirm confirms nothing and says why and what to do', async () => {
    const { api, j } = await atAccountStep(ACCOUNT_DATA_ONLY);
    // The model lets no empty selection through any more, so the review is reached with an
    // account, which is then dropped from the model's state (as a future path might).
    j.selection.toggle('acc-0001');
    await j.selection.continue();
    expect(j.session.step).to.equal('confirmation');
    const held = j.flow as unknown as { model: FlowState };
    const reviewed = held.model;
    const accounts = reviewed.journey.accounts;
    if (accounts === undefined) throw new Error('accounts expected');
    const dropped = accounts.data.map((account) => (account.id === 'acc-0001' ? { ...account, selected: false } : account));
    const emptied: FlowState = { ...reviewed, journey: { ...reviewed.journey, accounts: { ...accounts, data: dropped } } };
    // The model refuses the confirmation: same state, no request.
    const refused = transition(emptied, { type: 'confirm' }, j.ports.clock.now());
    expect(refused.state).to.equal(emptied);
    expect(refused.effects).to.deep.equal([]);
    runInAction(() => {
      held.model = emptied;
    });
    expect(j.confirmation.nothingToShare).to.equal(true);
    expect(j.confirmation.listedClusters).to.deep.equal([]);
    expect(j.confirmation.canConfirm, 'Confirm is never a grey dead end').to.equal(true);
    expect(j.confirmation.confirmMessage).to.equal(undefined);
    await j.confirmation.confirm();
    await j.confirmation.confirm();
    expect(api.count('confirmation')).to.equal(0);
    expect(j.modal.current).to.equal(undefined);
    expect(j.confirmation.confirmRefused).to.equal(2);
    expect(j.confirmation.confirmMessage).to.equal(stepsCopy.confirmation.nothingToShare('Budget Buddy', 'Back', 'Cancel'));
    expect(j.confirmation.confirmMessage).to.contain('Choose Back to select an account.');
  });
});
