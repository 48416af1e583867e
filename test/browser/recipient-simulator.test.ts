// The recipient simulator in a real browser (docs/sandbox.md "The recipient simulator"): at 320 px
// nothing scrolls sideways (its tables stack), axe finds nothing, on the home page with an
// arrangement, the amend page and each kind of return; the dates are Sydney's. Issue 32 item 2:
// these stay in the browser for what needs one: the stacked table's CSS at 320 px (computed
// styles), no sideways scroll, axe, and the callback page's script that reads the fragment; the
// pages' words and dates over HTTP are in test/sandbox/recipient-simulator-display.test.ts.
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { formatLongDate } from '../../domain/consent';
import { janeCitizenAccounts } from '../../sandbox/persona-accounts';
import { referenceOf } from '../../sandbox/account-reference';
import { SandboxClient } from '../sandbox/sandbox-test-kit';
import { axeViolations, browserSuite, sidewaysScrollers } from './browser-harness';

const NARROW = { width: 320, height: 640 };

describe('browser: the recipient simulator at 320 px', function () {
  this.timeout(60_000);
  const suite = browserSuite({ tokenLifetimeSeconds: 600 });
  let page: Page;
  let arrangementId = '';
  let approval = '';

  before(async () => {
    const harness = suite.harness;
    // An arrangement of Jane's everyday account and the three currencies of her multi-currency account.
    const client = new SandboxClient(harness.origin);
    const token =
      new URLSearchParams(new URL(await harness.entryUrl({ scopes: ['bank:accounts.basic:read', 'common:customer.basic:read'], months: 12 })).search).get(
        'redirectJwt',
      ) ?? '';
    expect((await client.login(token, 'jane.citizen')).status).to.equal(204);
    const accounts = janeCitizenAccounts
      .filter((account) => ['acc-0001', 'ega-aud-01', 'ega-usd-01', 'ega-eur-01'].includes(account.scheme.secondaryIdentification))
      .map(referenceOf);
    expect(
      (
        await client.call('PUT', '/consent', token, {
          permissions: [{ permission: 'bank:accounts.basic:read', accounts }, { permission: 'common:customer.basic:read' }],
        })
      ).status,
    ).to.equal(204);
    const answer = (await client.decide(token, true)).body as { auth_code: string; state: string; id_token: string };
    arrangementId = (JSON.parse(Buffer.from(answer.id_token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { cdr_arrangement_id: string })
      .cdr_arrangement_id;
    approval = `#${new URLSearchParams({ code: answer.auth_code, state: answer.state, id_token: answer.id_token })}`;
  });
  beforeEach(async () => {
    page = await suite.watchedPage(NARROW);
  });

  async function reflowsAndPassesAxe(): Promise<void> {
    expect(await sidewaysScrollers(page), 'sideways scroll at 320 px').to.deep.equal([]);
    expect(await axeViolations(page), 'axe').to.deep.equal([]);
  }

  it("the home page with an arrangement: its row stacks (each cell under its column's name), 2 accounts, Sydney dates", async () => {
    await page.goto(`${suite.harness.origin}/recipient/`);
    const row = page.getByRole('row').filter({ hasText: arrangementId });
    await row.waitFor();
    const accountsCell = row.locator('td[data-label="Accounts"]');
    expect(await accountsCell.textContent()).to.equal('2 accounts');
    expect(await accountsCell.evaluate((cell) => getComputedStyle(cell).display)).to.equal('block');
    expect(await accountsCell.evaluate((cell) => getComputedStyle(cell, '::before').content)).to.equal('"Accounts"');
    expect(await row.locator('td[data-label="Period"]').textContent()).to.contain(formatLongDate(Date.now()) ?? '-');
    expect(await page.getByRole('heading', { name: 'How to integrate' }).isVisible()).to.equal(true);
    await reflowsAndPassesAxe();
  });

  it('the amend page', async () => {
    await page.goto(`${suite.harness.origin}/recipient/amend/${arrangementId}`);
    await page.getByText('2 accounts shared').waitFor();
    await reflowsAndPassesAxe();
  });

  it('an approval: what it means and the claim times (the forward script reads the fragment)', async () => {
    await page.goto(`${suite.harness.origin}/recipient/callback${approval}`);
    await page.getByRole('heading', { name: 'Authorised', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'What this means' }).waitFor();
    await page.getByRole('heading', { name: 'Their times, in Sydney time' }).waitFor();
    await reflowsAndPassesAxe();
  });

  it('access_denied, and the plain return ("Nothing came back")', async () => {
    await page.goto(`${suite.harness.origin}/recipient/callback?error=access_denied&respCode=401&respMessage=Authentication%20failure&state=x`);
    await page.getByText('by design', { exact: false }).waitFor();
    await reflowsAndPassesAxe();
    await page.goto(`${suite.harness.origin}/recipient/callback`);
    await page.getByRole('heading', { name: 'Nothing came back' }).waitFor();
    await page.getByText('never treat it as access_denied', { exact: false }).waitFor();
    await reflowsAndPassesAxe();
  });
});
