import { expect } from 'chai';
import { formatAccountNumber } from '../../domain/accounts';
import { copy } from '../../domain/copy';
import { SUCCESS_RETURN_DELAY_MS } from '../../domain/flow-steps';
import { accountTileNotes } from '../../domain/selection-summary';
import { stepsCopy } from '../../domain/steps-copy';
import type { RecipientView } from './recipient-view';
import { sandboxJourneySuite, type SandboxJourney } from './sandbox-journey-driver';

/** Spec §2: where the customer is, by the step's title (the page's h1), when no modal is open. */
const LOGIN = `step: ${copy.steps.login}`;
const LOGIN_PAR = `step: ${copy.steps.loginPar}`;
const PROFILE = `step: ${copy.steps.selectProfile}`;
const ACCOUNTS = `step: ${copy.steps.selectAccounts}`;
const REVIEW = `step: ${copy.steps.confirmation}`;

/** CONTRACT §6: access_denied with this authorisation's exact state, every check of the recipient passed. */
function expectAccessDenied(result: RecipientView, state: string): RecipientView {
  expect(result.heading).to.equal('The customer did not authorise');
  expect(result.failedChecks).to.deep.equal([]);
  expect(result.values['error']).to.equal('access_denied');
  expect(result.values['state'], 'the exact state').to.equal(state);
  return result;
}

/** Spec §4 Success: the success modal, then the return after its delay (the manual clock moved on). */
async function successReturn(j: SandboxJourney, title = 'Data sharing confirmed'): Promise<RecipientView> {
  expect(j.modalTitle).to.equal(title);
  expect(j.exitUrl, 'the success modal shows before the return').to.equal(undefined);
  j.clock.advance(SUCCESS_RETURN_DELAY_MS);
  return j.returned();
}

const confirmations = (j: SandboxJourney) => j.sent('POST', '/customer-auth/confirmation');

/**
 * Every persona's flow through the real application container and the real sandbox bank over
 * HTTP, with no browser (the terminal channel's composition root, a manual clock): the steps and
 * modals met, the requests sent, and what the recipient simulator makes of the return.
 */
describe('application: every persona end to end through the sandbox bank, headless', function () {
  this.timeout(20_000);
  const { open } = sandboxJourneySuite();

  let arrangementId = '';

  it('jane.citizen: a new arrangement, from login to the success return with a verifiable id_token', async () => {
    const j = await open();
    await j.logIn('jane.citizen');
    expect(j.where()).to.equal(ACCOUNTS);
    expect(j.selection.showSomeIneligibleWarning, stepsCopy.selectAccounts.someIneligible).to.equal(true);
    j.tick('Bills');
    j.tick('Travel');
    expect(j.account('Travel').subAccounts.find((sub) => sub.currency === 'USD')?.selected, 'its USD ticked with it').to.equal(true);
    await j.selection.continue();
    expect(j.where()).to.equal(REVIEW);
    j.confirmation.setDescription('Budgeting');
    expect(j.session.buttons.primary).to.equal(copy.buttons.confirm);
    await j.confirmation.confirm();
    const result = await successReturn(j);
    expect(j.seen.slice(0, 4)).to.deep.equal([LOGIN, ACCOUNTS, REVIEW, 'modal: Data sharing confirmed']);
    expect(result.heading).to.equal('Authorised');
    expect(result.failedChecks).to.deep.equal([]);
    expect(result.values['code']).to.match(/\S+/);
    arrangementId = String(result.claims?.['cdr_arrangement_id'] ?? '');
    expect(arrangementId).to.match(/\S+/);
    expect(confirmations(j)).to.have.length(1);
  });

  it("jane.citizen: amending that arrangement shows What's changed, the arrangement id and Save changes", async () => {
    expect(arrangementId, 'the previous test made an arrangement').to.not.equal('');
    const j = await open({ arrangementId, months: 6, personaHint: 'jane.citizen' });
    expect(j.where()).to.equal(LOGIN_PAR);
    await j.logIn('jane.citizen');
    expect(j.where()).to.equal(ACCOUNTS);
    expect(j.account('Bills').selected, 'already shared: pre-selected').to.equal(true);
    j.tick('Bills', false);
    j.tick('Holiday fund');
    await j.selection.continue();
    expect(j.where()).to.equal(REVIEW);
    const changed = j.confirmation.whatsChanged?.lines ?? [];
    expect(changed).to.include(stepsCopy.confirmation.accountsAdded(1)).and.include(stepsCopy.confirmation.accountsRemoved(1));
    // Issue 22: 12 months became 6: the old and the new end (the sandbox sends the arrangement's `previous`).
    expect(changed.join('\n')).to.match(/Data sharing period updated: it now ends on \d{1,2} \w+ \d{4} instead of \d{1,2} \w+ \d{4}/);
    expect(j.confirmation.arrangementId).to.equal(arrangementId);
    expect(j.session.buttons.primary).to.equal(copy.buttons.saveChanges);
    await j.confirmation.confirm();
    const result = await successReturn(j, 'Changes saved');
    expect(j.seen.slice(0, 4)).to.deep.equal([LOGIN_PAR, ACCOUNTS, REVIEW, 'modal: Changes saved']);
    expect(result.heading).to.equal('Authorised');
    expect(result.failedChecks).to.deep.equal([]);
    expect(result.claims?.['cdr_arrangement_id']).to.equal(arrangementId);
  });

  it('trust.owner: a business profile, with organisation wording on the confirmation', async () => {
    const j = await open();
    await j.logIn('trust.owner');
    expect(j.where()).to.equal(PROFILE);
    const trust = j.profile.profiles.find((profile) => profile.profileName === 'Owner Family Trust');
    expect(trust, 'the trust is offered').to.not.equal(undefined);
    j.profile.select(trust?.id ?? '');
    await j.profile.continue();
    expect(j.where()).to.equal(ACCOUNTS);
    await j.selection.continue();
    expect(j.where()).to.equal(REVIEW);
    expect(j.seen).to.deep.equal([LOGIN, PROFILE, ACCOUNTS, REVIEW]);
    expect(j.confirmation.selectedProfileName).to.equal('Owner Family Trust');
    expect(j.confirmation.listedClusters.filter((listed) => listed.cluster.heading.includes('Organisation profile'))).to.have.length(1);
  });

  it('customer scopes only: the account step is skipped', async () => {
    const j = await open({ scopes: ['common:customer.basic:read', 'common:customer.detail:read'] });
    await j.logIn('jane.citizen');
    expect(j.where()).to.equal(REVIEW);
    expect(j.seen).to.deep.equal([LOGIN, REVIEW]);
    expect(j.sent('GET', '/customer-auth/accounts'), 'no accounts asked for').to.have.length(0);
    expect(j.confirmation.showNoAccountWarning, stepsCopy.confirmation.noAccountSelected).to.equal(false);
    await j.confirmation.confirm();
    expect((await successReturn(j)).heading).to.equal('Authorised');
  });

  it('dob.required: the bank asks for the date of birth, then lets the customer in', async () => {
    const j = await open();
    await j.logIn('dob.required');
    expect(j.where()).to.equal(LOGIN);
    expect(j.login.requireDob).to.equal(true);
    // A step-up, not an error: the notice, no banner (docs/login-feedback.md).
    expect(j.login.loginError, 'the error banner').to.equal(false);
    expect(j.login.dobStepUpNotice).to.contain(copy.login.dobStepUp);
    j.login.setSecureCode('123456');
    j.login.setDobPart('day', '25');
    j.login.setDobPart('month', '12');
    j.login.setDobPart('year', '1966');
    await j.login.submit();
    expect(j.where()).to.equal(ACCOUNTS);
  });

  it("a wrong code counts down the bank's remaining attempts (4, 3, 2), asks for the date of birth under 3 attempts, and shows the banner", async () => {
    const j = await open();
    for (let attempt = 1; attempt <= 3; attempt++) {
      await j.logIn('jarm.customer', '000000');
      expect(j.login.loginError, `the banner after ${attempt} wrong code(s)`).to.equal(true);
      if (attempt < 3) expect(j.login.requireDob, `no date of birth asked after ${attempt} wrong code(s)`).to.equal(false);
    }
    expect(j.loginAnswers()).to.deep.equal([
      { status: 401, code: 'otp_failure_001', remainingOTPattempts: 4 },
      { status: 401, code: 'otp_failure_001', remainingOTPattempts: 3 },
      { status: 401, code: 'otp_failure_001', remainingOTPattempts: 2 },
    ]);
    expect(j.login.requireDob).to.equal(true);
    expect(j.modalTitle, 'not the last attempt yet').to.not.equal(copy.modals.invalidUsernameLastAttempt.title);
  });

  const endings: [string, string][] = [
    ['locked.forever', 'Your online banking is locked'],
    ['locked.for.now', 'Login temporarily locked'],
    ['sanctioned', "We can't continue"],
    ['key.inactive', 'Your secure key is not activated'],
    ['ecare.suspended', 'Your online banking is suspended'],
    ['service.down', 'Service unavailable'],
    ['minor.customer', 'Age limitation'],
    ['accounts.unavailable', 'Information unavailable'],
    ['accounts.wentwrong', 'Something went wrong'],
  ];
  for (const [persona, title] of endings) {
    it(`${persona}: "${title}", then back to the third party with access_denied`, async () => {
      const j = await open();
      await j.logIn(persona);
      expect(j.modalTitle).to.equal(title);
      await j.modal.activate();
      expectAccessDenied(await j.returned(), j.state);
    });
  }

  it('tds.incorrect: the incorrect secure code message can be closed to try again', async () => {
    const j = await open();
    await j.logIn('tds.incorrect');
    expect(j.loginAnswers()).to.deep.equal([{ status: 401, code: 'tds_otp_failure_002' }]);
    expect(j.modalTitle).to.equal('Incorrect secure code');
    // Spec §4 "Modals": Escape (or its close button) closes a closable modal.
    expect(j.modal.rule?.closable, 'closable').to.equal(true);
    await j.modal.dismiss();
    expect(j.modalTitle).to.equal(undefined);
    expect(j.where()).to.equal(LOGIN);
    expect(j.login.form.username, 'the username is kept').to.equal('tds.incorrect');
    // Trying again sends a second login, which the bank answers the same way.
    await j.logIn('tds.incorrect');
    expect(j.loginAnswers(), 'two logins, one per try').to.deep.equal([
      { status: 401, code: 'tds_otp_failure_002' },
      { status: 401, code: 'tds_otp_failure_002' },
    ]);
    expect(j.modalTitle).to.equal('Incorrect secure code');
  });

  it('no.eligible: the warning, and the customer may still share other data', async () => {
    const j = await open();
    await j.logIn('no.eligible');
    expect(j.where()).to.equal(ACCOUNTS);
    expect(j.selection.showNoneEligibleWarning, stepsCopy.selectAccounts.noneEligible).to.equal(true);
    expect(j.selection.accounts.flatMap(accountTileNotes)).to.include(stepsCopy.selectAccounts.sharingNotAvailable);
  });

  it('save.ineligible: saving answers A09, the no eligible accounts modal returns to the third party', async () => {
    const j = await open();
    await j.logIn('save.ineligible');
    expect(j.where()).to.equal(ACCOUNTS);
    const first = j.selection.availableAccounts[0];
    expect(first, 'an account to tick').to.not.equal(undefined);
    j.selection.toggle(first?.id ?? '');
    await j.selection.continue();
    expect(j.modalTitle).to.equal('No eligible accounts');
    await j.modal.activate();
    expectAccessDenied(await j.returned(), j.state);
    // Issue 11 defect 10, spec §8 "return only": the bank refused the selection; it is not asked to reject.
    expect(confirmations(j), 'no rejection sent').to.have.length(0);
  });

  it('many.accounts: 500 accounts, select all, filter, and the flow completes', async () => {
    const j = await open();
    await j.logIn('many.accounts');
    expect(j.where()).to.equal(ACCOUNTS);
    expect(j.selection.accounts).to.have.length(500);
    expect(j.selection.filterShown, 'the filter box of a long list').to.equal(true);
    j.selection.toggleAll();
    expect(j.selection.accounts.filter((account) => !account.selected).length, 'accounts left unticked').to.equal(0);
    // Issue 13 item 1: the filter narrows the list by an account's number, and changes no tick.
    const wanted = j.selection.accounts[250];
    j.selection.setFilter(formatAccountNumber(wanted?.identification ?? ''));
    expect(j.selection.visibleAccounts.map((account) => account.id)).to.deep.equal([wanted?.id]);
    j.selection.setFilter('');
    expect(j.selection.selectionCount).to.deep.equal({ selected: 500, total: 500 });
    await j.selection.continue();
    expect(j.where()).to.equal(REVIEW);
    await j.confirmation.confirm();
    expect((await successReturn(j)).heading).to.equal('Authorised');
  });

  it('flaky.bank: each GET fails once with 503, is retried, and the flow completes', async () => {
    const j = await open();
    await j.logIn('flaky.bank');
    expect(j.where()).to.equal(ACCOUNTS);
    const first = j.selection.availableAccounts[0];
    j.selection.toggle(first?.id ?? '');
    await j.selection.continue();
    expect(j.where()).to.equal(REVIEW);
    await j.confirmation.confirm();
    expect((await successReturn(j)).heading).to.equal('Authorised');
    expect(
      j.sent('GET', '/customer-auth/accounts').map((request) => request.status),
      'one failed try and one retry',
    ).to.deep.equal([503, 200]);
    expect(confirmations(j), 'POST never retried').to.have.length(1);
  });

  const cancels: [string, (j: SandboxJourney) => Promise<void>][] = [
    ['login', async () => undefined],
    [
      'select accounts',
      async (j) => {
        await j.logIn('jane.citizen');
        expect(j.where()).to.equal(ACCOUNTS);
      },
    ],
    [
      'select profile',
      async (j) => {
        await j.logIn('trust.owner');
        expect(j.where()).to.equal(PROFILE);
      },
    ],
    [
      'confirmation',
      async (j) => {
        await j.logIn('jane.citizen');
        expect(j.where()).to.equal(ACCOUNTS);
        await j.selection.continue();
        expect(j.where()).to.equal(REVIEW);
      },
    ],
  ];
  for (const [step, reach] of cancels) {
    it(`cancel on ${step} returns error=access_denied with the exact state`, async () => {
      const j = await open();
      await reach(j);
      expect(j.session.buttons.cancel).to.equal(copy.buttons.cancel);
      j.cancel();
      expect(j.modalTitle).to.equal('Are you sure you want to leave?');
      expect(j.modalPrimary).to.equal('Yes, leave');
      await j.modal.activate();
      const result = expectAccessDenied(await j.returned(), j.state);
      expect(result.values['respCode']).to.equal('401');
      expect(result.values['respMessage']).to.equal('Authentication failure');
    });
  }
});
