// Issue 35 item 1 in Chromium: the tab closed on each step tells the bank, once, where the flow
// stopped (a beacon sent on `pagehide`, which outlives the page); the exit tells it how the flow
// ended, and a reload does not tell it again. What needs the browser: a real tab closing, a
// beacon, session storage across a reload. The rules of the ending and the stage, and one event
// per flow over thousands of journeys: test/application/random-journeys.test.ts.
import { expect } from 'chai';
import { decodeJwt } from 'jose';
import type { Page } from 'playwright-core';
import { copy } from '../../domain/copy';
import type { RecordedFlowEvent } from '../../sandbox/sandbox-records';
import { browserSuite } from './browser-harness';
import { loginReady, logIn, modalNamed, onStep, returnFromSuccess } from './consent-app-driver';

/** How long the bank may take to receive a beacon sent as the tab closed. */
const BEACON_WAIT_MS = 10_000;

describe('browser: the flow event, once per flow, also when the tab is closed (issue 35 item 1)', function () {
  this.timeout(90_000);
  const suite = browserSuite();

  /** A new flow in a tab of its own: its page and its flow id (the token's jti). */
  async function openFlow(): Promise<{ page: Page; flowId: string }> {
    const page = await suite.watchedPage({ width: 390, height: 800 });
    // The beacons the tab sends, counted in its session storage (one sent as a page unloads is not one Playwright sees).
    await page.addInitScript(() => {
      const send = navigator.sendBeacon.bind(navigator);
      navigator.sendBeacon = (url, data) => {
        if (String(url).endsWith('/customer-auth/flow-event'))
          sessionStorage.setItem('test.beacons', String(Number(sessionStorage.getItem('test.beacons') ?? 0) + 1));
        return send(url, data);
      };
    });
    const entryUrl = await suite.harness.entryUrl();
    const flowId = String(decodeJwt(new URL(entryUrl).searchParams.get('redirectJwt') ?? '').jti);
    await page.goto(entryUrl);
    await loginReady(page);
    return { page, flowId };
  }

  /** The event the bank recorded for the flow, once it has arrived (a beacon is sent after the page has gone). */
  async function recorded(flowId: string): Promise<RecordedFlowEvent['event']> {
    const deadline = Date.now() + BEACON_WAIT_MS;
    for (;;) {
      const found = suite.harness.bank.flowEventOf(flowId);
      if (found !== undefined) return found.event;
      if (Date.now() > deadline) throw new Error(`no flow event for ${flowId} within ${BEACON_WAIT_MS} ms`);
      // Looked at again 10 ms later: a loop of setImmediate kept a core busy while the beacon travelled.
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  const closeTab = (page: Page): Promise<void> => page.close();

  /** How many flow events the tab has sent by beacon (counted by openFlow's script in its session storage). */
  const beaconsSent = async (page: Page): Promise<number> => Number(await page.evaluate(() => sessionStorage.getItem('test.beacons') ?? 0));

  /** Jane logs in, ticks Bills and goes on to the review. */
  async function toReview(page: Page): Promise<void> {
    await logIn(page, 'jane.citizen');
    await onStep(page, copy.steps.selectAccounts);
    await page.getByRole('checkbox', { name: /^Bills / }).check();
    await page.getByRole('button', { name: copy.buttons.continue, exact: true }).click();
    await onStep(page, copy.steps.confirmation);
  }

  it('the tab closed on the login: abandoned before identification', async () => {
    const { page, flowId } = await openFlow();
    await closeTab(page);
    expect(await recorded(flowId)).to.deep.equal({ flowId, ending: 'abandoned', stage: 'preIdentification', consentKind: 'new', sharing: 'ongoing' });
  });

  it('the tab closed after a wrong secure code: abandoned before authentication', async () => {
    const { page, flowId } = await openFlow();
    await logIn(page, 'jane.citizen', '000000');
    await page.locator('form.login-form [role=alert], form.login-form .field-error').first().waitFor();
    await closeTab(page);
    expect(await recorded(flowId)).to.deep.include({ ending: 'abandoned', stage: 'preAuthentication' });
  });

  it('the tab closed on the account step: abandoned before account selection, the profile named', async () => {
    const { page, flowId } = await openFlow();
    await logIn(page, 'jane.citizen');
    await onStep(page, copy.steps.selectAccounts);
    await closeTab(page);
    expect(await recorded(flowId)).to.deep.equal({
      flowId,
      ending: 'abandoned',
      stage: 'preAccountSelection',
      consentKind: 'new',
      sharing: 'ongoing',
      customerType: 'individual',
    });
  });

  it('the tab closed on the profile step: abandoned before account selection, no profile chosen yet', async () => {
    const { page, flowId } = await openFlow();
    await logIn(page, 'trust.owner');
    await onStep(page, copy.steps.selectProfile);
    await closeTab(page);
    expect(await recorded(flowId)).to.deep.equal({ flowId, ending: 'abandoned', stage: 'preAccountSelection', consentKind: 'new', sharing: 'ongoing' });
  });

  it('the tab closed on the review: abandoned before authorisation', async () => {
    const { page, flowId } = await openFlow();
    await toReview(page);
    await closeTab(page);
    expect(await recorded(flowId)).to.deep.include({ ending: 'abandoned', stage: 'preAuthorisation', customerType: 'individual' });
  });

  it('reloaded on the review (back at login, DESIGN §3.3): abandoned before authorisation; reloaded again: told once', async () => {
    const { page, flowId } = await openFlow();
    await toReview(page);
    await page.reload();
    await loginReady(page);
    expect(await recorded(flowId)).to.deep.include({ ending: 'abandoned', stage: 'preAuthorisation' });
    await page.reload();
    await loginReady(page);
    expect(await beaconsSent(page), 'one beacon, from the first reload').to.equal(1);
  });

  it('confirmed, then the exit: approved, once; Back from the recipient tells nothing more', async () => {
    const { page, flowId } = await openFlow();
    await toReview(page);
    await page.getByRole('button', { name: copy.buttons.confirm, exact: true }).click();
    await modalNamed(page, 'successConfirm').waitFor();
    await returnFromSuccess(page);
    expect(await recorded(flowId)).to.deep.include({ ending: 'approved', customerType: 'individual' });
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: copy.failure.completedTitle }).waitFor();
    // The finished page going away (a reload) tells nothing more.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: copy.failure.completedTitle }).waitFor();
    expect(await beaconsSent(page), 'one event, at the exit').to.equal(1);
  });
});
