// What the login step says after a failed attempt, against the sandbox bank (docs/login-feedback.md):
// the message at the code field with the attempts the bank reports, the date-of-birth step-up as
// a notice with focus on the new fields, at 320 and 1280 px, axe 0 and nothing scrolling sideways.
import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { copy } from '../../domain/copy';
// Issue 22: the step-up says how long the new code lasts, the sandbox's lifetime (CONTRACT §2 otpExpirySeconds).
import { SANDBOX_OTP_EXPIRY_SECONDS } from '../../sandbox/sandbox-config';
import { axeViolations, browserSuite, sidewaysScrollers } from './browser-harness';
import { logIn, openApp } from './consent-app-driver';

const WIDTHS = [
  { width: 320, height: 640 },
  { width: 1280, height: 900 },
] as const;

const isFocused = (locator: Locator): Promise<boolean> => locator.evaluate((element) => element === document.activeElement);
const codeField = (page: Page): Locator => page.getByLabel(copy.login.secureCodeLabel, { exact: true });

async function wellFormed(page: Page): Promise<void> {
  expect(await axeViolations(page), 'axe').to.deep.equal([]);
  expect(await sidewaysScrollers(page), 'sideways scroll').to.deep.equal([]);
}

describe('browser: login feedback after a failed attempt (sandbox)', function () {
  this.timeout(90_000);
  const suite = browserSuite({ tokenLifetimeSeconds: 600 });

  for (const viewport of WIDTHS) {
    it(`${viewport.width} px: wrong codes: the code field says why it is empty and the attempts left; at 2 left the date of birth is asked for with a notice, focus on the emptied code field`, async () => {
      const app = suite.watched(await openApp(suite.browser, suite.harness, {}, viewport));
      const { page } = app;
      // Not a persona: the bank answers as for any wrong login (otp_failure_001), counted per username.
      const username = `wrong.codes.${viewport.width}`;

      await logIn(page, username, '000000');
      const fourLeft = page.getByText(copy.login.secureCodeNotAccepted(4), { exact: true });
      await fourLeft.waitFor();
      expect(await codeField(page).inputValue()).to.equal('');
      expect(await codeField(page).getAttribute('aria-describedby')).to.contain(await fourLeft.evaluate((element) => element.parentElement?.id ?? '-'));
      expect(await isFocused(page.getByRole('alert')), 'the error banner has focus').to.equal(true);
      expect(await page.getByText(copy.login.dobStepUp).count()).to.equal(0);
      await wellFormed(page);

      await logIn(page, username, '000000');
      await page.getByText(copy.login.secureCodeNotAccepted(3), { exact: true }).waitFor();
      await logIn(page, username, '000000');
      await page.getByText(copy.login.secureCodeNotAccepted(2), { exact: true }).waitFor();
      await page.getByText(copy.login.dobStepUpWithExpiry(SANDBOX_OTP_EXPIRY_SECONDS), { exact: true }).waitFor();
      expect(await isFocused(codeField(page)), 'issue 23 item C: focus on the first field to fill, the secure code the bank spent').to.equal(true);
      await wellFormed(page);
    });

    it(`${viewport.width} px: dob.required: a neutral notice, not the error banner; focus on the emptied code field; the code field says why it is empty`, async () => {
      const app = suite.watched(await openApp(suite.browser, suite.harness, {}, viewport));
      const { page } = app;
      await logIn(page, 'dob.required');
      await page.getByText(copy.login.dobStepUpWithExpiry(SANDBOX_OTP_EXPIRY_SECONDS), { exact: true }).waitFor();
      expect(await page.getByRole('alert').count(), 'no error banner').to.equal(0);
      expect(await page.getByText(copy.login.errorBanner).count()).to.equal(0);
      expect(await isFocused(codeField(page)), 'issue 23 item C: focus on the first field to fill, the secure code the bank spent').to.equal(true);
      expect(await page.getByText(copy.login.secureCodeUsedOnce, { exact: true }).count()).to.equal(1);
      await wellFormed(page);
    });
  }
});
