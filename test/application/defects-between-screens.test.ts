// The thirteen defects issue 11 found between screens, each pinned by a test that fails on the
// code before the flow model. Defects 4, 10 and 11 are pinned where their rule lives:
// 4 test/domain/login-error-policy.test.ts ("the bank's remaining attempts decide the wording"),
// 10 test/application/failures.test.ts ("save failing with 400 A09 … return only"),
// 11 test/sandbox/sharing-period.test.ts; 12 also in test/browser/attacks.test.ts.
import { expect } from 'chai';
import { companyAccounts, familyTrustAccounts, janeCitizenAccounts, trustOwnerPersonalAccounts } from '../../sandbox/persona-accounts';
import { copy, modalText } from '../../domain/copy';
import { MODAL_NAMES } from '../../domain/modal';
import { NOW_MS, TOKEN, tokenPayload } from '../fixtures/journey.fixture';
import { FakeTokenVerifier, ManualClock, MemoryTokenStorage } from '../support/fakes';
import { StatefulFakeBank, type FakeBankOptions } from '../support/stateful-fake-bank';
import { journey } from './journey-driver';

const BANK_SCOPES = ['bank:accounts.basic:read', 'bank:accounts.detail:read'];
const CUSTOMER_SCOPES = ['common:customer.basic:read', 'common:customer.detail:read'];
const ids = (accounts: readonly { readonly scheme: { readonly secondaryIdentification: string } }[]): string[] =>
  accounts.map((account) => account.scheme.secondaryIdentification);

/** A journey against the stateful bank: the sandbox's personas and login rules. */
function bankJourney(options: Partial<FakeBankOptions> = {}, payload: Record<string, unknown> = {}) {
  const clock = new ManualClock(NOW_MS);
  const bank = new StatefulFakeBank(
    {
      scopes: [...BANK_SCOPES, ...CUSTOMER_SCOPES],
      expirationDateTime: new Date(NOW_MS + 180 * 86_400_000).toISOString(),
      redirectUri: 'https://tpp.example/cb',
      state: 'af0ifjsldkj',
      ...options,
    },
    clock,
  );
  const j = journey({ api: bank, clock, verifier: new FakeTokenVerifier({ [TOKEN]: tokenPayload(payload) }) });
  return { ...j, bank };
}

describe('issue 11: the defects between screens', () => {
  it("1. a profile round trip (PERSONAL, company, PERSONAL) tells the bank each time: PERSONAL's accounts under PERSONAL", async () => {
    const j = bankJourney();
    await j.start();
    await j.logIn('trust.owner');
    const toProfile = async (id: string): Promise<void> => {
      j.profile.select(id);
      await j.profile.continue();
      expect(j.session.step).to.equal('selectAccounts');
    };
    const back = async (): Promise<void> => {
      j.selection.back();
      await j.modal.activate();
      expect(j.session.step).to.equal('selectProfile');
    };
    await toProfile('PERSONAL');
    await back();
    await toProfile('BC1002');
    expect(j.selection.accounts.map((a) => a.id)).to.deep.equal(ids(companyAccounts));
    await back();
    await toProfile('PERSONAL');
    expect(j.bank.profile, 'the bank is on PERSONAL again').to.equal('PERSONAL');
    expect(j.selection.accounts.map((a) => a.id)).to.deep.equal(ids(trustOwnerPersonalAccounts));
    j.selection.toggle('to-p-0001');
    await j.selection.continue();
    expect(j.confirmation.selectedProfileName).to.equal('Terry Owner');
    expect(j.bank.selection).to.deep.equal(['to-p-0001']);
  });

  it("2. amending a trust arrangement uses the organisation wording (the accounts' ownership, not the default PERSONAL)", async () => {
    const arrangement = { id: 'arr-trust', owner: 'trust.owner', profileId: 'BC1001', accounts: familyTrustAccounts.slice(0, 1) };
    const j = bankJourney({ arrangement });
    await j.start();
    await j.logIn('trust.owner');
    expect(j.session.step).to.equal('selectAccounts');
    expect(j.session.selectedProfile, 'issue 33 item 13: an amendment loads no business list, so no profile is chosen here').to.equal(undefined);
    await j.selection.continue();
    const headings = j.confirmation.clusters.map((cluster) => cluster.heading);
    expect(headings).to.include.members(['Organisation profile', 'Organisation contact details']);
    expect(headings).to.not.include.members(['Name and occupation']);
    expect(headings).to.not.include.members(['Contact details']);
  });

  for (const open of ['forgotUsername', 'lostSecureKey', 'sharingIncomplete'] as const) {
    it(`3. the inactivity warning opens over ${open}, and dismissing it shows ${open} again`, async () => {
      const j = bankJourney();
      await j.start();
      if (open === 'sharingIncomplete') j.login.cancel();
      else j.login.openHelp(open);
      expect(j.modal.current?.name).to.equal(open);
      j.ports.clock.advance(240_000);
      expect(j.modal.stack.map((entry) => entry.name)).to.deep.equal([open, 'timeoutWarning']);
      await j.modal.dismiss();
      expect(j.modal.current?.name).to.equal(open);
      expect(j.bank.count('keepAlive')).to.equal(1);
    });
  }

  it('3. the token-expiry warning opens over the inactivity warning and over any other modal', async () => {
    const j = bankJourney({}, { exp: NOW_MS / 1000 + 250 });
    await j.start();
    j.login.openHelp('notRegistered');
    j.ports.clock.advance(240_000);
    j.ports.clock.advance(1_000);
    expect(j.modal.stack.map((entry) => entry.name)).to.deep.equal(['notRegistered', 'timeoutWarning', 'redirectionToTpp']);
    j.ports.clock.advance(10_000);
    expect(j.modal.current?.name, 'DESIGN §3.18: the ending notice first').to.equal('sessionEndedExpired');
    j.ports.clock.advance(5_000);
    expect(j.ports.redirector.urls).to.have.length(1);
  });

  it('5. a key outage is Service unavailable with the token kept for a reload, not incorrect_jwt', async () => {
    const storage = new MemoryTokenStorage();
    const j = journey({ storage, verifier: new FakeTokenVerifier({}, { kind: 'keysUnavailable', detail: 'HTTP 503' }) });
    await j.start();
    expect(j.session.screen).to.deep.equal({ kind: 'failure', route: 'service_unavailable' });
    expect(storage.token).to.equal(TOKEN);
    expect(j.ports.api.calls).to.deep.equal([]);
    const forged = journey({ storage: new MemoryTokenStorage(TOKEN), verifier: new FakeTokenVerifier({}, { kind: 'badSignature' }) });
    await forged.start();
    expect(forged.session.screen).to.deep.equal({ kind: 'failure', route: 'incorrect_jwt' });
    expect(forged.ports.storage.token, 'a forged token is forgotten').to.equal(undefined);
  });

  it("6. an amendment keeps the arrangement's description when the customer does not retype it", async () => {
    const arrangement = { id: 'arr-jane', owner: 'jane.citizen', profileId: 'PERSONAL', accounts: janeCitizenAccounts.slice(0, 1), nickname: 'Budgeting' };
    const j = bankJourney({ arrangement });
    await j.start();
    expect(j.confirmation.description).to.equal('Budgeting');
    await j.logIn('jane.citizen');
    await j.selection.continue();
    await j.confirmation.confirm();
    expect(j.bank.decision).to.equal('approved');
    expect(j.bank.nickname).to.equal('Budgeting');
  });

  it('7. an amendment\'s exit texts never say "no data will be shared": the arrangement goes on unchanged', () => {
    for (const name of MODAL_NAMES) {
      const entry = copy.modals[name];
      for (const text of [entry.title, ...entry.paragraphs]) {
        const amendment = modalText(text, { tppName: 'Budget Buddy', isPar: true, outcome: 'nothingShared' });
        expect(amendment, name).to.not.match(/no data (has been|will be) shared/i);
      }
    }
    const sharingIncomplete = modalText(copy.modals.sharingIncomplete.paragraphs[0] ?? '', { tppName: 'Budget Buddy', isPar: true, outcome: 'nothingShared' });
    expect(sharingIncomplete).to.match(/arrangement stays as it is/);
  });

  it('8. no consentCreationDate: the period starts when the customer arrived, and an expiry is ongoing, not "once only"', async () => {
    const j = bankJourney({ expirationDateTime: new Date(NOW_MS + 90 * 86_400_000).toISOString() }, { consentCreationDate: undefined });
    await j.start();
    await j.logIn('jane.citizen');
    await j.selection.continue();
    expect(j.confirmation.period.from).to.equal('23 November 2026');
    expect(j.confirmation.howLongText).to.equal('Your data will be shared on an ongoing basis for 3 months, until 21 February 2027.');
  });

  it('8. an expiry under 15 days is told in days, never "for 0 months"', async () => {
    const j = bankJourney({ expirationDateTime: new Date(NOW_MS + 10 * 86_400_000).toISOString() });
    await j.start();
    await j.logIn('jane.citizen');
    await j.selection.continue();
    expect(j.confirmation.howLongText).to.equal('Your data will be shared on an ongoing basis for 10 days, until 3 December 2026.');
  });

  it('9. a first-time consent tags no sub-account "(Added)"', async () => {
    const j = bankJourney();
    await j.start();
    await j.logIn('jane.citizen');
    j.selection.toggle('EGA:062000 99990001');
    await j.selection.continue();
    const ega = j.confirmation.summary.added.find((entry) => entry.account.type === 'EGA');
    expect(ega?.subAccounts.map((line) => line.subAccount.currency)).to.deep.equal(['AUD', 'USD', 'EUR']);
    expect(ega?.subAccounts.every((line) => line.tag === undefined)).to.equal(true);
  });

  describe('13. each ended flow reports exactly one abandonment stage, the right one (DESIGN §3.8)', () => {
    it("Cancel on login → rejected (an active rejection, not the step's stage)", async () => {
      const j = bankJourney();
      await j.start();
      j.login.cancel();
      await j.modal.activate();
      expect(j.ports.analytics.abandonments).to.deep.equal(['rejected']);
    });

    it("Exit without saving on an amendment's review → rejected", async () => {
      const arrangement = { id: 'arr-jane', owner: 'jane.citizen', profileId: 'PERSONAL', accounts: janeCitizenAccounts.slice(0, 1) };
      const j = bankJourney({ arrangement });
      await j.start();
      await j.logIn('jane.citizen');
      await j.selection.continue();
      expect(j.session.buttons.cancel).to.equal('Exit without saving');
      j.confirmation.cancel();
      await j.modal.activate();
      expect(j.ports.analytics.abandonments).to.deep.equal(['rejected']);
    });

    it('inactivity on login before any attempt → preIdentification', async () => {
      const j = bankJourney();
      await j.start();
      j.ports.clock.advance(300_000);
      await new Promise((resolve) => setImmediate(resolve));
      j.ports.clock.advance(5_000); // DESIGN §3.18: the stage is reported when the ending notice leaves
      expect(j.ports.analytics.abandonments).to.deep.equal(['preIdentification']);
    });

    it('a lockout after wrong codes → preAuthentication', async () => {
      const j = bankJourney();
      await j.start();
      await j.logIn('locked.for.now');
      expect(j.modal.current?.name).to.equal('temporaryLockout');
      await j.modal.activate();
      expect(j.ports.analytics.abandonments).to.deep.equal(['preAuthentication']);
    });

    it('inactivity on the account step → preAccountSelection', async () => {
      const j = bankJourney();
      await j.start();
      await j.logIn('jane.citizen');
      j.ports.clock.advance(300_000);
      await new Promise((resolve) => setImmediate(resolve));
      j.ports.clock.advance(5_000); // DESIGN §3.18: the stage is reported when the ending notice leaves
      expect(j.ports.analytics.abandonments).to.deep.equal(['preAccountSelection']);
    });

    it('token expiry on the review → preAuthorisation', async () => {
      const j = bankJourney({}, { exp: NOW_MS / 1000 + 120 });
      await j.start();
      await j.logIn('jane.citizen');
      await j.selection.continue();
      j.ports.clock.advance(120_000);
      j.ports.clock.advance(5_000); // DESIGN §3.18: the stage is reported when the ending notice leaves
      expect(j.ports.analytics.abandonments).to.deep.equal(['preAuthorisation']);
    });

    it('a confirmed consent reports none', async () => {
      const j = bankJourney();
      await j.start();
      await j.logIn('jane.citizen');
      j.selection.toggle('acc-0001');
      await j.selection.continue();
      await j.confirmation.confirm();
      j.ports.clock.advance(2_500);
      expect(j.ports.redirector.urls[0]).to.match(/#code=/);
      expect(j.ports.analytics.abandonments).to.deep.equal([]);
    });
  });
});
