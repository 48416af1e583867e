// Issue 13 item 2 (docs/review.md) in real Chromium against the sandbox: an amendment's newly
// requested data, tagged "New" in its cluster's heading and named in What's changed, laid out at
// 1280 and 320 px with axe at 0 violations and nothing scrolling sideways. Issue 32 item 2: the tag
// is the one element of issue 13 that no other browser test lays out; what the account step and
// the review say (items 1-5) is in test/ui/review-integrity.test.tsx,
// test/ui/confirmation-page.test.tsx and test/ui/select-accounts-long-list.test.tsx; the review
// of 5,000 accounts (a short page, its scrolling region, paging and focus) in
// test/browser/cx-standards.test.ts; axe and reflow of the other states in
// test/browser/accessibility.test.ts.
import { expect } from 'chai';
import { copy } from '../../domain/copy';
import { stepsCopy } from '../../domain/steps-copy';
import { axeViolations, browserSuite, sidewaysScrollers } from './browser-harness';
import { arrangementOverHttp, logIn, onStep, openAppOn, waitForAnimations } from './consent-app-driver';

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 320, height: 640 },
] as const;
const SCOPES = ['bank:accounts.basic:read', 'common:customer.basic:read'];

describe('browser: review integrity (issue 13 item 2)', function () {
  this.timeout(120_000);
  const suite = browserSuite({ tokenLifetimeSeconds: 600 });

  /** Jane's arrangement sharing her everyday account, made over the bank's API (CONTRACT §3) as the app would make it. */
  const arrangement = (): Promise<string> =>
    arrangementOverHttp(suite.harness, 'jane.citizen', (accounts) => accounts.filter((account) => account.scheme.secondaryIdentification === 'acc-0001'), {
      scopes: SCOPES,
    });

  it('item 2: an amendment tags newly requested data "New" in its cluster and names it in What\'s changed, at 1280 and 320 px', async () => {
    const arrangementId = await arrangement();
    const { page } = await openAppOn(await suite.reusedPage(), suite.harness, { arrangementId, scopes: [...SCOPES, 'bank:regular_payments:read'] });
    await logIn(page, 'jane.citizen');
    await onStep(page, copy.steps.selectAccounts);
    await page.getByRole('button', { name: copy.buttons.continue, exact: true }).click();
    await onStep(page, copy.steps.confirmation);
    const changes = page.getByRole('region', { name: stepsCopy.confirmation.whatsChanged });
    const tagged = page.locator('.cluster-heading').filter({ has: page.locator('.tag-new') });
    for (const viewport of WIDTHS) {
      await page.setViewportSize(viewport);
      await waitForAnimations(page);
      expect(await changes.getByText('New data requested: Direct debits and scheduled payments', { exact: true }).isVisible()).to.equal(true);
      expect(await tagged.allTextContents()).to.deep.equal(['Direct debits and scheduled payments New']);
      expect(await tagged.locator('.tag-new').isVisible()).to.equal(true);
      expect(await axeViolations(page), `axe on the amendment with new data at ${viewport.width} px`).to.deep.equal([]);
      expect(await sidewaysScrollers(page), `the amendment with new data scrolls sideways at ${viewport.width} px`).to.deep.equal([]);
    }
  });
});
