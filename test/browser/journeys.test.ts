import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { copy } from '../../domain/copy';
import { browserSuite } from './browser-harness';
import {
  expectAccessDenied,
  logIn,
  loginAnswer,
  modalTitle,
  onStep,
  openApp,
  returnResult,
  type LoginAnswer,
  type OpenedApp,
  loginReady,
} from './consent-app-driver';
import { stepsCopy } from '../../domain/steps-copy';

const account = (page: Page, name: string) => page.getByRole('checkbox', { name: new RegExp(`^${name} `) });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const confirmationRequests = (app: OpenedApp) => app.requests.filter((r) => r.method === 'POST' && r.url.endsWith('/customer-auth/confirmation'));

describe('browser: every persona end to end through the sandbox bank', function () {
  this.timeout(60_000);
  const suite = browserSuite();
  const open = async (ask: Parameters<typeof openApp>[2] = {}) => suite.watched(await openApp(suite.browser, suite.harness, ask));

  let arrangementId = '';

  it("the recipient simulator's Start sends the browser to the consent app with a signed token", async () => {
    const page = await (await suite.newContext()).newPage();
    await page.goto(`${suite.harness.origin}/`);
    await page.getByRole('heading', { name: 'Recipient simulator' }).waitFor();
    await page.getByLabel('Persona you will log in as (a hint)').selectOption('jane.citizen');
    await page.getByRole('button', { name: 'Start' }).click();
    await loginReady(page);
    expect(page.url()).not.to.contain('redirectJwt');
    expect(await page.getByText('You are about to share your data with').count()).to.equal(1);
  });

  it("the login screen's stylesheet is in the page (issue 20: no round trip before the first paint); the later steps' stylesheet arrives with their pages and applies", async () => {
    const { page } = await open();
    const shell = await (await page.request.get(page.url())).text();
    expect(shell.match(/<link rel="stylesheet"/g), 'no render-blocking stylesheet to fetch').to.equal(null);
    expect(shell.match(/<style>/g), "the first screen's, inline").to.have.length(1);
    const laterSteps = /<meta name="later-steps-stylesheet" content="([^"]+)">/.exec(shell)?.[1];
    expect(laterSteps).to.match(/^\/assets\/steps-\w+\.css$/);
    await logIn(page, 'jane.citizen');
    await onStep(page, copy.steps.selectAccounts);
    expect(await page.locator(`link[rel="stylesheet"][href="${laterSteps}"]`).count()).to.equal(1);
    const tile = await page
      .locator('.account-tile')
      .first()
      .evaluate((element) => {
        const style = getComputedStyle(element);
        return { border: style.borderTopStyle, radius: style.borderTopLeftRadius };
      });
    expect(tile, 'steps.css rules apply to the tiles').to.deep.equal({ border: 'solid', radius: '6px' });
  });

  it('the later steps are fetched once the customer starts on the login form, before Continue, not while it appears', async () => {
    const app = await open();
    const laterStepRequests = () => app.requests.filter((r) => /\/assets\/(steps-\w+\.css|chunk-\w+\.js)$/.test(r.url) && !r.url.endsWith('.map'));
    const atLogin = laterStepRequests().length;
    // Settled: no request for half a second (Playwright's network idle).
    await app.page.waitForLoadState('networkidle');
    expect(laterStepRequests().length, 'nothing more while the login screen settles').to.equal(atLogin);
    const stylesheet = app.page.waitForRequest(/\/assets\/steps-\w+\.css$/);
    await app.page.getByLabel(copy.login.usernameLabel, { exact: true }).fill('jane.citizen');
    await stylesheet;
    expect(laterStepRequests().length).to.be.greaterThan(atLogin);
  });

  it('jane.citizen: a new arrangement, from login to the success return with a verifiable id_token', async () => {
    const app = await open();
    const { page } = app;
    expect(page.url(), 'the token left the address bar').not.to.contain('redirectJwt');
    await logIn(page, 'jane.citizen');
    await onStep(page, copy.steps.selectAccounts);
    expect(await page.getByText(stepsCopy.selectAccounts.someIneligible).count()).to.equal(1);
    await account(page, 'Bills').check();
    await account(page, 'Travel').check();
    expect(await page.getByRole('checkbox', { name: /USD/ }).isChecked()).to.equal(true);
    await button(page, copy.buttons.continue).click();
    await onStep(page, copy.steps.confirmation);
    await page.getByLabel(stepsCopy.confirmation.descriptionLabel).fill('Budgeting');
    await button(page, copy.buttons.confirm).click();
    await modalTitle(page, 'Data sharing confirmed').waitFor();
    const result = await returnResult(page);
    expect(result.heading).to.equal('Authorised');
    expect(result.failedChecks).to.deep.equal([]);
    expect(result.values['code']).to.match(/\S+/);
    arrangementId = String(result.claims?.['cdr_arrangement_id'] ?? '');
    expect(arrangementId).to.match(/\S+/);
    expect(confirmationRequests(app)).to.have.length(1);
  });

  it("jane.citizen: amending that arrangement shows What's changed, the arrangement id and Save changes", async () => {
    expect(arrangementId, 'the previous test made an arrangement').to.not.equal('');
    const { page } = await open({ arrangementId, months: 6, personaHint: 'jane.citizen' });
    await onStep(page, copy.steps.loginPar);
    await logIn(page, 'jane.citizen');
    await onStep(page, copy.steps.selectAccounts);
    expect(await account(page, 'Bills').isChecked(), 'already shared: pre-selected').to.equal(true);
    await account(page, 'Bills').uncheck();
    await account(page, 'Holiday fund').check();
    await button(page, copy.buttons.continue).click();
    await onStep(page, copy.steps.confirmation);
    const changed = page.getByRole('region', { name: stepsCopy.confirmation.whatsChanged }).or(page.locator('.whats-changed'));
    await changed.first().waitFor();
    const text = await changed.first().innerText();
    expect(text).to.contain(stepsCopy.confirmation.accountsAdded(1));
    expect(text).to.contain(stepsCopy.confirmation.accountsRemoved(1));
    // Issue 22: 12 months became 6: the old and the new end (the sandbox sends the arrangement's `previous`).
    expect(text).to.match(/Data sharing period updated: it now ends on \d{1,2} \w+ \d{4} instead of \d{1,2} \w+ \d{4}/);
    expect(await page.getByText(arrangementId).count()).to.be.greaterThan(0);
    await button(page, copy.buttons.saveChanges).click();
    const result = await returnResult(page);
    expect(result.heading).to.equal('Authorised');
    expect(result.failedChecks).to.deep.equal([]);
    expect(result.claims?.['cdr_arrangement_id']).to.equal(arrangementId);
  });

  it('trust.owner: a business profile, with organisation wording on the confirmation', async () => {
    const { page } = await open();
    await logIn(page, 'trust.owner');
    await onStep(page, copy.steps.selectProfile);
    await page.getByRole('radio', { name: 'Owner Family Trust' }).check();
    await button(page, copy.buttons.continue).click();
    await onStep(page, copy.steps.selectAccounts);
    await button(page, copy.buttons.continue).click();
    await onStep(page, copy.steps.confirmation);
    expect(await page.getByText('Owner Family Trust').count()).to.be.greaterThan(0);
    expect(await page.getByRole('button', { name: /Organisation profile/ }).count()).to.equal(1);
  });

  it('customer scopes only: the account step is skipped', async () => {
    const { page } = await open({ scopes: ['common:customer.basic:read', 'common:customer.detail:read'] });
    await logIn(page, 'jane.citizen');
    await onStep(page, copy.steps.confirmation);
    expect(await page.getByText(stepsCopy.confirmation.noAccountSelected).count()).to.equal(0);
    await button(page, copy.buttons.confirm).click();
    expect((await returnResult(page)).heading).to.equal('Authorised');
  });

  it('dob.required: the bank asks for the date of birth, then lets the customer in', async () => {
    const { page } = await open();
    await logIn(page, 'dob.required');
    await page.getByRole('group', { name: copy.login.dobLabel }).waitFor();
    // A step-up, not an error: the notice, no banner (docs/login-feedback.md).
    expect(await page.getByText(copy.login.errorBanner).count()).to.equal(0);
    expect(await page.getByText(copy.login.dobStepUp).count()).to.equal(1);
    await page.getByLabel(copy.login.secureCodeLabel, { exact: true }).fill('123456');
    await page.getByLabel(/^(DD|Day)/).fill('25');
    await page.keyboard.type('121966');
    await button(page, copy.login.continue).click();
    await onStep(page, copy.steps.selectAccounts);
  });

  it("a wrong code counts down the bank's remaining attempts (4, 3, 2), asks for the date of birth under 3 attempts, and shows the banner", async () => {
    const { page } = await open();
    const dob = page.getByRole('group', { name: copy.login.dobLabel });
    const answers: LoginAnswer[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      answers.push(await loginAnswer(page, () => logIn(page, 'jarm.customer', '000000')));
      await page.getByText(copy.login.errorBanner).waitFor();
      if (attempt < 3) expect(await dob.count(), `no date of birth asked after ${attempt} wrong code(s)`).to.equal(0);
    }
    expect(answers).to.deep.equal([
      { status: 401, code: 'otp_failure_001', remainingOTPattempts: 4 },
      { status: 401, code: 'otp_failure_001', remainingOTPattempts: 3 },
      { status: 401, code: 'otp_failure_001', remainingOTPattempts: 2 },
    ]);
    await dob.waitFor();
    expect(await page.getByText(copy.login.errorBanner).count(), 'the banner').to.equal(1);
    expect(await modalTitle(page, copy.modals.invalidUsernameLastAttempt.title as string).count(), 'not the last attempt yet').to.equal(0);
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
      const { page, state } = await open();
      await logIn(page, persona);
      const modal = modalTitle(page, title);
      await modal.waitFor();
      await modal.getByRole('button').first().click();
      await expectAccessDenied(page, state);
    });
  }

  it('tds.incorrect: the incorrect secure code message can be closed to try again', async () => {
    const app = await open();
    const { page } = app;
    const modal = modalTitle(page, 'Incorrect secure code');
    expect(await loginAnswer(page, () => logIn(page, 'tds.incorrect'))).to.deep.equal({ status: 401, code: 'tds_otp_failure_002' });
    await modal.waitFor();
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    await onStep(page, copy.steps.login);
    expect(await page.getByLabel(copy.login.usernameLabel, { exact: true }).inputValue(), 'the username is kept').to.equal('tds.incorrect');
    // Trying again sends a second login, which the bank answers the same way.
    expect(await loginAnswer(page, () => logIn(page, 'tds.incorrect'))).to.deep.equal({ status: 401, code: 'tds_otp_failure_002' });
    await modal.waitFor();
    const logins = app.requests.filter((r) => r.method === 'POST' && r.url.endsWith('/customer-auth/authenticate'));
    expect(logins, 'two logins, one per try').to.have.length(2);
  });

  it('no.eligible: the warning, and the customer may still share other data', async () => {
    const { page } = await open();
    await logIn(page, 'no.eligible');
    await onStep(page, copy.steps.selectAccounts);
    expect(await page.getByText(stepsCopy.selectAccounts.noneEligible).count()).to.equal(1);
    expect(await page.getByText(stepsCopy.selectAccounts.sharingNotAvailable).count()).to.be.greaterThan(0);
  });

  it('save.ineligible: saving answers A09, the no eligible accounts modal returns to the third party', async () => {
    const { page, state } = await open();
    await logIn(page, 'save.ineligible');
    await onStep(page, copy.steps.selectAccounts);
    await page.getByRole('checkbox').first().check();
    await button(page, copy.buttons.continue).click();
    const modal = modalTitle(page, 'No eligible accounts');
    await modal.waitFor();
    await modal.getByRole('button').first().click();
    await expectAccessDenied(page, state);
  });

  it('many.accounts: 500 accounts, select all, filter, and the flow completes', async () => {
    const { page } = await open();
    await logIn(page, 'many.accounts');
    await onStep(page, copy.steps.selectAccounts);
    const selectAll = page.getByRole('checkbox', { name: stepsCopy.selectAccounts.selectAll });
    await selectAll.check();
    expect(await page.locator('input[data-account-id]:not(:checked)').count()).to.equal(0);
    await button(page, copy.buttons.continue).click();
    await onStep(page, copy.steps.confirmation);
    await button(page, copy.buttons.confirm).click();
    expect((await returnResult(page)).heading).to.equal('Authorised');
  });

  it('flaky.bank: each GET fails once with 503, is retried, and the flow completes', async () => {
    const app = await open();
    const { page } = app;
    await logIn(page, 'flaky.bank');
    await onStep(page, copy.steps.selectAccounts);
    await page.getByRole('checkbox').first().check();
    await button(page, copy.buttons.continue).click();
    await onStep(page, copy.steps.confirmation);
    await button(page, copy.buttons.confirm).click();
    expect((await returnResult(page)).heading).to.equal('Authorised');
    const accountGets = app.requests.filter((r) => r.method === 'GET' && r.url.includes('/customer-auth/accounts'));
    expect(accountGets, 'one failed try and one retry').to.have.length(2);
    expect(confirmationRequests(app), 'POST never retried').to.have.length(1);
  });

  const cancels: [string, (page: Page) => Promise<void>][] = [
    ['login', async () => undefined],
    [
      'select accounts',
      async (page) => {
        await logIn(page, 'jane.citizen');
        await onStep(page, copy.steps.selectAccounts);
      },
    ],
    [
      'select profile',
      async (page) => {
        await logIn(page, 'trust.owner');
        await onStep(page, copy.steps.selectProfile);
      },
    ],
    [
      'confirmation',
      async (page) => {
        await logIn(page, 'jane.citizen');
        await onStep(page, copy.steps.selectAccounts);
        await button(page, copy.buttons.continue).click();
        await onStep(page, copy.steps.confirmation);
      },
    ],
  ];
  for (const [step, reach] of cancels) {
    it(`cancel on ${step} returns error=access_denied with the exact state`, async () => {
      const { page, state } = await open();
      await reach(page);
      await button(page, copy.login.cancel).click();
      const modal = modalTitle(page, 'Are you sure you want to leave?');
      await modal.waitFor();
      await modal.getByRole('button', { name: 'Yes, leave' }).click();
      const result = await expectAccessDenied(page, state);
      expect(result.values['respCode']).to.equal('401');
      expect(result.values['respMessage']).to.equal('Authentication failure');
    });
  }
});
