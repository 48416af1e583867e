import { expect } from 'chai';
import { businessConsentRequest } from '../../domain/save-request';
import { amendedConsent, janeAccounts, newConsent, TOKEN, trustAccounts, trustBusinesses } from '../fixtures/journey.fixture';
import { FakeCustomerAuthApi } from '../support/fakes';
import { journey } from './journey-driver';

describe('application: the happy journeys, headless', () => {
  it('individual: login → accounts → confirmation → success return', async () => {
    const api = new FakeCustomerAuthApi({ consentDetail: newConsent(), accounts: janeAccounts() });
    const j = journey({ api });
    await j.start();
    expect(j.session.screen).to.deep.equal({ kind: 'flow', step: 'login' });
    expect(j.session.step).to.equal('login');
    expect(j.ports.storage.token, 'token moved to session storage').to.equal(TOKEN);
    expect(j.ports.launch.forgotten, 'token removed from the address bar').to.equal(true);
    expect(j.login.canContinue).to.equal(false);

    await j.logIn();
    expect(j.session.step).to.equal('selectAccounts');
    expect(api.calls.map((c) => c.name)).to.deep.equal([
      'consentDetails',
      'authenticate',
      'customerDetails',
      'businesses',
      'confirmBusinessProfile',
      'accounts',
    ]);
    expect(api.calls[4]?.body).to.deep.equal(businessConsentRequest('PERSONAL'));

    j.selection.toggle('acc-0001');
    j.selection.toggle('EGA:011000 99990001');
    await j.selection.continue();
    expect(j.session.step).to.equal('confirmation');
    const saved = api.calls.find((c) => c.name === 'saveSelection')?.body as {
      permissions: { permission: string; accounts?: { secondaryIdentification: string }[] }[];
    };
    expect(saved.permissions[0]?.accounts?.map((a) => a.secondaryIdentification)).to.have.members(['acc-0001', 'ega-aud-01', 'ega-usd-01', 'ega-eur-01']);
    expect(saved.permissions.find((p) => p.permission === 'common:customer.basic:read')).to.deep.equal({ permission: 'common:customer.basic:read' });

    expect(j.confirmation.summary.added.map((e) => e.account.id)).to.deep.equal(['acc-0001', 'EGA:011000 99990001']);
    expect(j.confirmation.whatsChanged).to.equal(undefined);
    await j.confirmation.confirm();
    expect(j.modal.current?.name).to.equal('successConfirm');
    expect(j.ports.redirector.urls).to.deep.equal([]);
    j.ports.clock.advance(2500);
    expect(j.ports.redirector.urls).to.deep.equal(['https://tpp.example/cb#code=code-1&state=state-1&id_token=id.token.sig']);
    expect(j.ports.storage.token, 'terminal path clears the token').to.equal(undefined);
    expect(j.ports.analytics.pageViews).to.deep.equal(['login', 'selectAccounts', 'confirmation']);
  });

  it('business profile: choose the trust, its consent is put, organisation wording on confirmation', async () => {
    const api = new FakeCustomerAuthApi({ consentDetail: newConsent(), accounts: trustAccounts(), businesses: trustBusinesses });
    const j = journey({ api });
    await j.start();
    await j.logIn();
    expect(j.session.step).to.equal('selectProfile');
    expect(j.profile.selectedId, 'issue 33 item 8: no profile is pre-selected').to.equal(undefined);
    await j.profile.continue();
    expect([j.session.step, j.profile.continueMessage, api.count('confirmBusinessProfile')]).to.deep.equal([
      'selectProfile',
      'Select a profile to continue.',
      0,
    ]);
    j.profile.select('BC1001');
    expect(j.profile.continueMessage).to.equal(undefined);
    await j.profile.continue();
    expect(api.calls.find((c) => c.name === 'confirmBusinessProfile')?.body).to.deep.equal({ bcin: 'BC1001' });
    expect(j.session.step).to.equal('selectAccounts');
    expect(j.session.buttons.back).to.equal('Back');
    await j.selection.continue();
    expect(j.confirmation.selectedProfileName).to.equal('Citizen Family Trust');
    expect(j.confirmation.clusters.map((c) => c.heading)).to.include('Organisation profile');
  });

  it("PAR amendment: pre-selected accounts, What's changed, arrangement id, no profile put", async () => {
    const api = new FakeCustomerAuthApi({ consentDetail: amendedConsent(), accounts: janeAccounts(), businesses: trustBusinesses });
    const j = journey({ api });
    await j.start();
    expect(j.session.title).to.equal('Update your consent');
    await j.logIn();
    expect(j.session.step).to.equal('selectAccounts');
    expect(api.count('confirmBusinessProfile')).to.equal(0);
    expect(j.selection.accounts.slice(0, 2).map((a) => a.id)).to.deep.equal(['acc-0001', 'acc-0003']);
    j.selection.toggle('acc-0003');
    j.selection.toggle('acc-0002');
    await j.selection.continue();
    // No `previous` from the bank: the period line as the app always showed it, with the new end (issue 22).
    expect(j.confirmation.whatsChanged).to.deep.include({
      accountsAdded: 1,
      accountsRemoved: 1,
      periodUpdated: true,
      newData: undefined,
      dataNoLongerRequested: undefined,
    });
    expect(j.confirmation.whatsChanged?.lines).to.deep.equal([
      '1 account added',
      '1 account removed',
      'Data sharing period updated: it now ends on 22 May 2027',
    ]);
    expect(j.confirmation.arrangementId).to.equal('arr-5f2c');
    expect(j.session.buttons).to.include({ primary: 'Save changes', cancel: 'Exit without saving' });
  });

  it('customer scopes only: the account step is skipped, no accounts are loaded', async () => {
    const api = new FakeCustomerAuthApi({ consentDetail: newConsent(['common:customer.basic:read', 'common:customer.detail:read']) });
    const j = journey({ api });
    await j.start();
    expect(j.session.skipStep).to.equal(true);
    await j.logIn();
    expect(j.session.step).to.equal('confirmation');
    expect(api.count('accounts')).to.equal(0);
    expect(j.confirmation.showNoAccountWarning).to.equal(false);
    j.confirmation.setDescription('  My budgeting  ');
    await j.confirmation.confirm();
    expect(api.calls.find((c) => c.name === 'saveSelection')?.body).to.deep.equal({
      permissions: [{ permission: 'common:customer.basic:read' }, { permission: 'common:customer.detail:read' }],
      consentNickname: 'My budgeting',
    });
    expect(j.modal.current?.name).to.equal('successConfirm');
  });
});
