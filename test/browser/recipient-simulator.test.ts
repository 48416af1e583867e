// The recipient simulator in a real browser (docs/sandbox.md "The recipient simulator"): at 320 px
// nothing scrolls sideways (its tables stack), axe finds nothing, on the home page with an
// arrangement, the amend page and each kind of return; the dates are Sydney's. Issue 32 item 2:
// these stay in the browser for what needs one: the stacked table's CSS at 320 px (computed
// styles), no sideways scroll, axe, and the callback page's script that reads the fragment; the
// pages' words and dates over HTTP are in test/sandbox/recipient-simulator-display.test.ts.
// Issue 35 item 3: the funnel page at 320 px, and its screenshots (UPDATE_SCREENSHOTS=1).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { decodeJwt } from 'jose';
import type { Page } from 'playwright-core';
import { formatLongDate } from '../../domain/consent';
import { janeCitizenAccounts } from '../../sandbox/persona-accounts';
import { referenceOf } from '../../sandbox/account-reference';
import { SandboxClient } from '../sandbox/sandbox-test-kit';
import { axeViolations, browserSuite, sidewaysScrollers } from './browser-harness';

const NARROW = { width: 320, height: 640 };
const DESKTOP = { width: 1280, height: 900 };
/** The README's screenshots are rewritten only when asked (docs/testing.md "Screenshots"). */
const UPDATE_README_SHOTS = process.env['UPDATE_SCREENSHOTS'] === '1';
const README_SHOTS = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

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
    page = await suite.reusedPage(NARROW);
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

  /** Flows for the funnel: approvals (a business among them, two amendments) and flow events at every stage, as the app's beacon sends them. */
  async function someFlows(): Promise<void> {
    const harness = suite.harness;
    const client = new SandboxClient(harness.origin);
    const tokenOf = async (ask: Parameters<typeof harness.entryUrl>[0] = {}): Promise<string> =>
      new URLSearchParams(new URL(await harness.entryUrl({ scopes: ['bank:accounts.basic:read', 'common:customer.basic:read'], ...ask })).search).get(
        'redirectJwt',
      ) ?? '';
    const approve = async (token: string, username: string, bcin?: string): Promise<void> => {
      expect((await client.login(token, username)).status).to.equal(204);
      if (bcin !== undefined) expect((await client.call('PUT', '/consent', token, { bcin }, { requestType: 'BUSINESS_CONTRACT' })).status).to.equal(204);
      const list = (
        (await client.call('GET', '/accounts?withBalance=false', token)).body as {
          accounts: {
            account: {
              supplementaryData: { rbwmPIB: { eligibleAccount: boolean } };
              scheme: { schemeName: string; identification: string; secondaryIdentification: string };
            }[];
          };
        }
      ).accounts.account;
      const first = list.find((account) => account.supplementaryData.rbwmPIB.eligibleAccount);
      const accounts =
        first === undefined
          ? []
          : [
              {
                schemeName: first.scheme.schemeName,
                identification: first.scheme.identification,
                secondaryIdentification: first.scheme.secondaryIdentification,
              },
            ];
      expect(
        (
          await client.call('PUT', '/consent', token, {
            permissions: [{ permission: 'bank:accounts.basic:read', accounts }, { permission: 'common:customer.basic:read' }],
          })
        ).status,
      ).to.equal(204);
      expect((await client.decide(token, true)).status).to.equal(200);
    };
    const event = async (token: string, fields: Record<string, string>): Promise<void> => {
      const body = JSON.stringify({ redirectJwt: token, flowId: decodeJwt(token).jti, consentKind: 'new', sharing: 'ongoing', ...fields });
      expect((await client.request('POST', '/customer-auth/flow-event', { body, headers: { 'content-type': 'text/plain;charset=UTF-8' } })).status).to.equal(
        204,
      );
    };
    for (let index = 0; index < 8; index += 1) await approve(await tokenOf(), 'jane.citizen');
    for (let index = 0; index < 3; index += 1) await approve(await tokenOf({ onceOff: true }), 'trust.owner', 'BC1001');
    for (let index = 0; index < 2; index += 1) await approve(await tokenOf({ arrangementId }), 'jane.citizen');
    const events: [number, Record<string, string>][] = [
      [7, { ending: 'abandoned', stage: 'preIdentification' }],
      [3, { ending: 'abandoned', stage: 'preAuthentication' }],
      [1, { ending: 'failed', stage: 'preAuthentication' }],
      [2, { ending: 'abandoned', stage: 'preAccountSelection', customerType: 'individual' }],
      [2, { ending: 'abandoned', stage: 'preAccountSelection', customerType: 'nonIndividual' }],
      [5, { ending: 'abandoned', stage: 'preAuthorisation', customerType: 'individual' }],
      [1, { ending: 'abandoned', stage: 'preAuthorisation', customerType: 'individual', consentKind: 'amended' }],
      [3, { ending: 'rejected', customerType: 'individual' }],
    ];
    for (const [times, fields] of events) for (let index = 0; index < times; index += 1) await event(await tokenOf(), fields);
  }

  it('the funnel page: the drawing fits 320 px (nothing scrolls sideways), hidden from screen readers, its table named; axe finds nothing', async () => {
    await someFlows();
    await page.goto(`${suite.harness.origin}/recipient/funnel`);
    await page.getByRole('table', { name: /^All flows:/ }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), "the page's width at 320 px").to.be.at.most(NARROW.width);
    const drawing = page.locator('svg.funnel-chart').first();
    expect(await drawing.getAttribute('aria-hidden')).to.equal('true');
    expect((await drawing.boundingBox())?.width ?? 0, "the drawing's width").to.be.within(200, NARROW.width);
    expect(await page.getByRole('row', { name: /^Started 38 100%$/ }).count(), 'the table: started').to.equal(1);
    await reflowsAndPassesAxe();
    if (UPDATE_README_SHOTS) {
      // The phone's screenshot begins at the first funnel (above it, the page's two paragraphs).
      await page.getByRole('heading', { name: 'All flows' }).evaluate((heading) => heading.scrollIntoView());
      await page.screenshot({ path: path.join(README_SHOTS, 'funnel-320.png') });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.setViewportSize(DESKTOP);
      await page.screenshot({ path: path.join(README_SHOTS, 'funnel-1280.png') });
    }
  });
});
