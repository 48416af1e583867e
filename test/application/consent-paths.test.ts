import { expect } from 'chai';
import { amendedConsent, janeAccounts, newConsent } from '../fixtures/journey.fixture';
import { FakeCustomerAuthApi } from '../support/fakes';
import { journey } from './journey-driver';

type SavedPermissions = { permissions: { permission: string; accounts?: unknown[] }[]; consentNickname?: string };

const savedBody = (api: FakeCustomerAuthApi): SavedPermissions | undefined =>
  api.calls.find((c) => c.name === 'saveSelection')?.body as SavedPermissions | undefined;

describe('application: which path a consent takes (issue 33 items 12 and 13)', () => {
  it('issue 33 item 12: openid, profile and customer data is customer-only: no account step, no accounts on the review, none sent', async () => {
    const api = new FakeCustomerAuthApi({ consentDetail: newConsent(['openid', 'profile', 'common:customer.basic:read']), accounts: janeAccounts() });
    const j = journey({ api });
    await j.start();
    expect(j.session.skipStep).to.equal(true);
    await j.logIn();
    expect(j.session.step).to.equal('confirmation');
    expect(api.count('accounts')).to.equal(0);
    expect(j.confirmation.accountLineCount).to.equal(0);
    j.confirmation.setDescription('Tax');
    await j.confirmation.confirm();
    expect(savedBody(api)).to.deep.equal({
      permissions: [{ permission: 'openid' }, { permission: 'profile' }, { permission: 'common:customer.basic:read' }],
      consentNickname: 'Tax',
    });
    expect(j.modal.current?.name).to.equal('successConfirm');
  });

  it('issue 33 item 12: with a bank scope too, the ticked accounts go under the bank scope only, never under openid or profile', async () => {
    const api = new FakeCustomerAuthApi({
      consentDetail: newConsent(['openid', 'profile', 'bank:accounts.basic:read', 'common:customer.basic:read']),
      accounts: janeAccounts(),
    });
    const j = journey({ api });
    await j.start();
    await j.logIn();
    expect(j.session.step).to.equal('selectAccounts');
    j.selection.toggle('acc-0001');
    await j.selection.continue();
    expect(savedBody(api)?.permissions.map((p) => [p.permission, p.accounts?.length])).to.deep.equal([
      ['openid', undefined],
      ['profile', undefined],
      ['bank:accounts.basic:read', 1],
      ['common:customer.basic:read', undefined],
    ]);
  });

  it('issue 33 item 13, spec §4 "if PAR go straight to select-and-confirm": an amendment never asks for the business list', async () => {
    const api = new FakeCustomerAuthApi({ consentDetail: amendedConsent(), accounts: janeAccounts() });
    // A business list that fails ends the journey (spec §8 "Business list failure"); an amendment must not meet it.
    api.answer('businesses', { ok: false, error: FakeCustomerAuthApi.error(503) });
    const j = journey({ api });
    await j.start();
    await j.logIn();
    expect(api.count('businesses')).to.equal(0);
    expect(j.modal.current).to.equal(undefined);
    expect(j.session.step).to.equal('selectAccounts');
    expect(api.calls.map((c) => c.name)).to.deep.equal(['consentDetails', 'authenticate', 'customerDetails', 'accounts']);
  });
});
