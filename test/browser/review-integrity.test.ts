// Issue 13 items 1-5 (docs/review.md) in real Chromium against the sandbox: select-all under a
// filter, new data in an amendment, a review that never contradicts itself, the profile scope,
// and the summary; each state checked at 1280 and 320 px wide with axe at 0 violations.
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { copy, modalText } from '../../domain/copy';
import { stepsCopy } from '../../domain/steps-copy';
import { axeViolations, browserSuite, sidewaysScrollers, type SandboxHarness } from './browser-harness';
import { logIn, onStep, openApp, returnResult, waitForAnimations } from './consent-app-driver';

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 320, height: 640 },
] as const;
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const selectAll = (page: Page) => page.locator('input[data-select-all]');
const count = (page: Page) => page.locator('[data-selection-count]');
const clusterHeadings = (page: Page) => page.locator('.cluster-heading').allTextContents();

describe('browser: review integrity (issue 13 items 1-5)', function () {
  this.timeout(120_000);
  const suite = browserSuite({ tokenLifetimeSeconds: 600 });

  async function open(ask: Parameters<SandboxHarness['entryUrl']>[0] = {}): Promise<Page> {
    return suite.watched(await openApp(suite.browser, suite.harness, ask)).page;
  }

  /** At 1280 and at 320 px: `expectations` hold, axe finds nothing, nothing scrolls sideways. */
  async function atBothWidths(page: Page, name: string, expectations: () => Promise<void>): Promise<void> {
    for (const viewport of WIDTHS) {
      await page.setViewportSize(viewport);
      await waitForAnimations(page);
      await expectations();
      expect(await axeViolations(page), `axe on ${name} at ${viewport.width} px`).to.deep.equal([]);
      expect(await sidewaysScrollers(page), `${name} scrolls sideways at ${viewport.width} px`).to.deep.equal([]);
    }
  }

  async function toReview(page: Page, persona: string, choose: (page: Page) => Promise<void> = async () => undefined): Promise<void> {
    await logIn(page, persona);
    await onStep(page, copy.steps.selectAccounts);
    await choose(page);
    await button(page, copy.buttons.continue).click();
    await onStep(page, copy.steps.confirmation);
  }

  it('item 1: with 500 accounts, select-all under a filter selects the 11 matching ones only, and says so; the count stays; no match is said', async () => {
    const page = await open();
    await logIn(page, 'many.accounts');
    await onStep(page, copy.steps.selectAccounts);
    expect(await count(page).textContent()).to.equal('0 of 500 accounts selected');
    const filter = page.getByRole('searchbox', { name: stepsCopy.selectAccounts.filterLabel });
    await filter.fill('Account 7');
    const matching = page.getByRole('checkbox', { name: 'Select all 11 matching accounts', exact: true });
    await matching.check();
    await atBothWidths(page, 'accounts filtered', async () => {
      expect(await matching.isChecked()).to.equal(true);
      expect(await count(page).textContent()).to.equal('11 of 500 accounts selected');
      expect(await count(page).isVisible()).to.equal(true);
    });

    await filter.fill('');
    await atBothWidths(page, 'accounts, filter cleared', async () => {
      expect(await page.getByRole('checkbox', { name: stepsCopy.selectAccounts.selectAll, exact: true }).isChecked(), 'not all 500 selected').to.equal(false);
      expect(await count(page).textContent()).to.equal('11 of 500 accounts selected');
    });

    await filter.fill('no such account');
    await atBothWidths(page, 'accounts, no match', async () => {
      expect(await page.getByText(stepsCopy.selectAccounts.noMatch, { exact: true }).isVisible()).to.equal(true);
      expect(await selectAll(page).count()).to.equal(0);
      expect(await count(page).textContent()).to.equal('11 of 500 accounts selected');
    });

    await filter.fill('');
    await button(page, copy.buttons.continue).click();
    await onStep(page, copy.steps.confirmation);
    await atBothWidths(page, 'review of 11 of 500', async () => {
      expect(await page.locator('[data-summary="accounts"]').textContent()).to.equal('11 accounts');
      // Issue 22 (CX standards "Account confirm"): the 11 accounts are listed without a click, in a region that scrolls.
      expect(
        await page
          .getByRole('region', { name: stepsCopy.confirmation.accountList(11) })
          .locator('.summary-list > li')
          .count(),
      ).to.equal(11);
    });
  });

  it('item 5: 500 accounts on the review: the summary (who, how many, how long) and the accounts listed without a click in a region that scrolls, not a 30,000 px page (issue 22)', async () => {
    const page = await open();
    await toReview(page, 'many.accounts', (p) => selectAll(p).check());
    const list = page.getByRole('region', { name: stepsCopy.confirmation.accountList(500) });
    await atBothWidths(page, 'review of 500', async () => {
      expect(await page.locator('[data-summary="recipient"]').textContent()).to.equal('Budget Buddy (Budget Buddy Pty Ltd)');
      expect(await page.locator('[data-summary="accounts"]').textContent()).to.equal('500 accounts');
      expect(await page.locator('[data-summary="period"]').textContent()).to.match(/^\d{1,2} \w+ \d{4} to \d{1,2} \w+ \d{4}$/);
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).to.be.below(4000);
      expect(await list.isVisible()).to.equal(true);
    });
    expect(await list.locator('.summary-list > li').count(), 'a first page of lines, at once (issue 15: the review stays flat)').to.equal(50);
    await page.getByRole('button', { name: stepsCopy.selectAccounts.showMore(450) }).click();
    await list.locator('.summary-list > li').nth(99).waitFor();
    expect(await list.locator('.summary-list > li').count()).to.equal(100);
    expect(await page.evaluate(() => document.activeElement?.textContent ?? ''), 'focus on the first line revealed').to.contain('Account 51');
  });

  it('item 2: an amendment tags newly requested data "New", names it in What\'s changed, hides Back, and its success says the changes are saved', async () => {
    const first = await open({ scopes: ['bank:accounts.basic:read', 'common:customer.basic:read'] });
    await toReview(first, 'jane.citizen', (p) => p.getByRole('checkbox', { name: /^Bills / }).check());
    await button(first, copy.buttons.confirm).click();
    const arrangementId = String((await returnResult(first)).claims?.['cdr_arrangement_id'] ?? '');
    expect(arrangementId).to.not.equal('');

    const page = await open({ arrangementId, scopes: ['bank:accounts.basic:read', 'common:customer.basic:read', 'bank:regular_payments:read'] });
    await toReview(page, 'jane.citizen');
    await atBothWidths(page, 'amendment with new data', async () => {
      const changes = page.getByRole('region', { name: stepsCopy.confirmation.whatsChanged });
      expect(await changes.getByText('New data requested: Direct debits and scheduled payments', { exact: true }).isVisible()).to.equal(true);
      expect(await clusterHeadings(page)).to.deep.equal(['Account name, type and balance', 'Direct debits and scheduled payments New', 'Name and occupation']);
      expect(await page.locator('.tag-new').count()).to.equal(1);
      expect(await button(page, copy.buttons.back).count(), 'no Back on an amendment (spec §2)').to.equal(0);
    });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/recipient/callback?*', async (route) => {
      await held;
      await route.continue();
    });
    await button(page, copy.buttons.saveChanges).click();
    const dialog = page.getByRole('dialog', {
      name: modalText(copy.modals.successConfirm.title, { tppName: 'Budget Buddy', isPar: true, outcome: 'nothingShared' }),
    });
    await dialog.waitFor();
    expect(await dialog.textContent()).to.contain('Your changes to your data sharing arrangement with Budget Buddy have been saved.');
    release();
  });

  it("item 3: with no account selected no account data is listed; the warning is the spec's with both customer scopes, names the one requested, promises nothing without", async () => {
    const both = await open({ scopes: ['bank:accounts.basic:read', 'bank:transactions:read', 'common:customer.basic:read', 'common:customer.detail:read'] });
    await toReview(both, 'jane.citizen');
    await atBothWidths(both, 'review, no account, both customer scopes', async () => {
      expect(await both.locator('.no-account-warning').textContent()).to.equal(stepsCopy.confirmation.noAccountSelected);
      expect(await clusterHeadings(both)).to.deep.equal(['Name and occupation', 'Contact details']);
      expect(await both.locator('[data-summary="accounts"]').textContent()).to.equal(stepsCopy.confirmation.noAccounts);
    });

    const one = await open({ scopes: ['bank:accounts.basic:read', 'common:customer.basic:read'] });
    await toReview(one, 'jane.citizen');
    await atBothWidths(one, 'review, no account, customer.basic only', async () => {
      expect(await one.locator('.no-account-warning').textContent()).to.equal(
        'You have not selected an account to share, however you may still continue to share your name and occupation.',
      );
      expect(await clusterHeadings(one)).to.deep.equal(['Name and occupation']);
    });

    // Issue 23 items B, C (docs/review.md "Nothing to share"): with no customer scope, no account
    // means nothing shared: Continue stays on the accounts and says why; no such review is reached.
    const none = await open({ scopes: ['bank:accounts.basic:read', 'bank:transactions:read'] });
    await logIn(none, 'jane.citizen');
    await onStep(none, copy.steps.selectAccounts);
    await button(none, copy.buttons.continue).click();
    await atBothWidths(none, 'accounts, no account, no customer scope', async () => {
      expect(await none.locator('.selection-refused').textContent()).to.equal(stepsCopy.selectAccounts.selectAnAccount('Budget Buddy'));
      expect(await none.getByRole('heading', { level: 1 }).textContent()).to.equal(copy.steps.selectAccounts);
    });
  });

  it('item 4: openid profile is shown as its own cluster "Name" (individual and organisation), beside "Name and occupation" (issue 21); openid is not listed', async () => {
    const openCluster = async (page: Page, heading: string): Promise<string[]> => {
      const toggle = page.getByRole('button', { name: heading, exact: true });
      if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
      return page.locator(`#${await toggle.getAttribute('aria-controls')} .cluster-items li`).allTextContents();
    };
    const individual = await open({ scopes: ['openid', 'profile', 'bank:accounts.basic:read'] });
    await toReview(individual, 'jane.citizen', (p) => p.getByRole('checkbox', { name: /^Bills / }).check());
    await atBothWidths(individual, 'review, openid profile', async () => {
      expect(await clusterHeadings(individual)).to.deep.equal(['Account name, type and balance', 'Name']);
      expect(await openCluster(individual, 'Name')).to.deep.equal(['Full name and title(s)']);
      expect(await individual.getByText('openid').count()).to.equal(0);
    });

    const merged = await open({ scopes: ['openid', 'profile', 'bank:accounts.basic:read', 'common:customer.basic:read'] });
    await toReview(merged, 'jane.citizen', (p) => p.getByRole('checkbox', { name: /^Bills / }).check());
    await atBothWidths(merged, 'review, profile beside name and occupation', async () => {
      expect(await clusterHeadings(merged)).to.deep.equal(['Account name, type and balance', 'Name and occupation', 'Name']);
      expect(await openCluster(merged, 'Name and occupation')).to.deep.equal(['Name', 'Occupation']);
      expect(await openCluster(merged, 'Name')).to.deep.equal(['Full name and title(s)']);
    });

    const organisation = await open({ scopes: ['openid', 'profile', 'bank:accounts.basic:read', 'common:customer.basic:read'] });
    await logIn(organisation, 'trust.owner');
    await onStep(organisation, copy.steps.selectProfile);
    await organisation.getByRole('radio', { name: 'Owner Family Trust' }).check();
    await button(organisation, copy.buttons.continue).click();
    await onStep(organisation, copy.steps.selectAccounts);
    await selectAll(organisation).check();
    await button(organisation, copy.buttons.continue).click();
    await onStep(organisation, copy.steps.confirmation);
    await atBothWidths(organisation, 'review, organisation with profile', async () => {
      expect(await clusterHeadings(organisation)).to.deep.equal(['Account name, type and balance', 'Organisation profile', 'Name']);
    });
  });
});
