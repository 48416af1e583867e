// Moved from test/browser/login-feedback.test.ts (issue 32 item 2): what the login step says after
// a failed attempt, with the sandbox bank's own answers over HTTP and its config.json (no browser:
// the real container, the terminal channel's composition root): the attempts it counts, and the
// step-up notice naming the secure code's lifetime the sandbox states (issue 22, CONTRACT §2
// otpExpirySeconds; docs/login-feedback.md). On screen: test/ui/login-wrong-codes.test.tsx and
// test/ui/login.test.tsx; in Chromium (focus in view, axe, 320 px): test/browser/issue23-web.test.ts
// and test/browser/accessibility.test.ts.
import { expect } from 'chai';
import { copy } from '../../domain/copy';
import { sandboxJourneySuite } from './sandbox-journey-driver';

/** docs/sandbox.md: the sandbox's config.json states `otpExpirySeconds: 120`. */
const SANDBOX_OTP_EXPIRY_SECONDS = 120;

describe('application: login feedback after a failed attempt, against the sandbox bank (docs/login-feedback.md)', function () {
  this.timeout(20_000);
  const { open } = sandboxJourneySuite();

  it("wrong codes: the code field says why it is empty and the attempts the bank reports; at 2 left the date of birth is asked for with a notice naming the sandbox's code lifetime, the banner too, focus on the code field", async () => {
    const j = await open();
    // Not a persona: the bank answers as for any wrong login (otp_failure_001), counted per username.
    for (const remaining of [4, 3]) {
      await j.logIn('wrong.codes', '000000');
      expect(j.login.form.secureCode, 'emptied').to.equal('');
      expect(j.login.secureCodeError).to.equal(copy.login.secureCodeNotAccepted(remaining));
      expect(j.login.loginError, 'the error banner').to.equal(true);
      expect(j.login.focus, 'on the banner').to.equal('errorBanner');
      expect(j.login.dobStepUpNotice, `no date of birth at ${remaining} left`).to.equal(undefined);
    }
    await j.logIn('wrong.codes', '000000');
    expect(j.loginAnswers().map((answer) => answer.remainingOTPattempts)).to.deep.equal([4, 3, 2]);
    expect(j.login.secureCodeError).to.equal(copy.login.secureCodeNotAccepted(2));
    expect(j.login.requireDob).to.equal(true);
    expect(j.login.dobStepUpNotice).to.equal(copy.login.dobStepUpWithExpiry(SANDBOX_OTP_EXPIRY_SECONDS));
    expect(j.login.loginError, 'a wrong code: the banner too').to.equal(true);
    expect([j.login.focus, j.login.stepUpField], 'issue 23 item C: the first field to fill, the secure code the bank spent').to.deep.equal([
      'dateOfBirth',
      'secureCode',
    ]);
  });

  it("dob.required: a neutral notice naming the sandbox's code lifetime, not the error banner; the code field says why it is empty", async () => {
    const j = await open();
    await j.logIn('dob.required');
    expect(j.login.dobStepUpNotice).to.equal(copy.login.dobStepUpWithExpiry(SANDBOX_OTP_EXPIRY_SECONDS));
    expect(j.login.loginError, 'no error banner').to.equal(false);
    expect(j.login.secureCodeError).to.equal(copy.login.secureCodeUsedOnce);
    expect([j.login.focus, j.login.stepUpField]).to.deep.equal(['dateOfBirth', 'secureCode']);
  });
});
