// Screenshots of the review (confirmation) step for docs/review.md, not a test:
// `npx tsx test/browser/review-screenshots.ts before|after` writes docs/screenshots/<prefix>-review-*.png
// (the visible window at 1280 and 320 px; after: the whole amendment page) and prints each page's full height in CSS pixels.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { copy } from '../../domain/copy';
import { launchChromium, SandboxHarness } from './browser-harness';
import { logIn, onStep, returnResult, loginReady, pageSettled } from './consent-app-driver';

const prefix = process.argv[2] ?? 'after';
const SHOTS = path.join(fileURLToPath(new URL('../../', import.meta.url)), 'docs', 'screenshots');
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

async function open(browser: Browser, harness: SandboxHarness, ask: Parameters<SandboxHarness['entryUrl']>[0]): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(await harness.entryUrl(ask));
  await loginReady(page);
  return page;
}

async function shoot(page: Page, name: string, fullPage = false): Promise<void> {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 320, height: 640 },
  ]) {
    await page.setViewportSize(viewport);
    await pageSettled(page);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    const file = `${prefix}-review-${name}-${viewport.width}.png`;
    await page.screenshot({ path: path.join(SHOTS, file), fullPage });
    console.log(`${file}: page height ${height} px`);
  }
}

const harness = await new SandboxHarness().start({ tokenLifetimeSeconds: 600 });
const browser = await launchChromium();
try {
  const many = await open(browser, harness, {});
  await logIn(many, 'many.accounts');
  await onStep(many, copy.steps.selectAccounts);
  await many.locator('input[data-select-all]').check();
  await button(many, copy.buttons.continue).click();
  await onStep(many, copy.steps.confirmation);
  await shoot(many, '500-accounts');

  const first = await open(browser, harness, { scopes: ['bank:accounts.basic:read', 'common:customer.basic:read'] });
  await logIn(first, 'jane.citizen');
  await onStep(first, copy.steps.selectAccounts);
  await first.getByRole('checkbox', { name: /^Bills / }).check();
  await button(first, copy.buttons.continue).click();
  await onStep(first, copy.steps.confirmation);
  await button(first, copy.buttons.confirm).click();
  const arrangementId = String((await returnResult(first)).claims?.['cdr_arrangement_id'] ?? '');
  const amend = await open(browser, harness, {
    arrangementId,
    scopes: ['bank:accounts.basic:read', 'common:customer.basic:read', 'bank:regular_payments:read'],
  });
  await logIn(amend, 'jane.citizen');
  await onStep(amend, copy.steps.selectAccounts);
  await button(amend, copy.buttons.continue).click();
  await onStep(amend, copy.steps.confirmation);
  // The whole page: the "New" tag is in the data list near its end.
  if (prefix !== 'before') await amend.getByRole('button', { name: /New$/ }).click();
  await shoot(amend, 'amendment-new-data', prefix !== 'before');
} finally {
  await browser.close();
  await harness.stop();
}
