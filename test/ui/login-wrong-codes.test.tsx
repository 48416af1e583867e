// Moved from test/browser/login-feedback.test.ts (issue 32 item 2): what the login step says after
// wrong codes, as the bank counts its attempts down (spec §8 otp_failure_001, CONTRACT §4
// remainingOTPattempts; docs/login-feedback.md), and where the focus goes. What needs Chromium
// stays there: the step-up's field focused and in view (test/browser/issue23-web.test.ts, C), axe
// and the 320 px reflow of the banner with the date of birth (test/browser/accessibility.test.ts,
// 'login-error-banner', 'login-dob'). The sandbox's counting: test/sandbox/customer-auth-api.test.ts.
import './setup-dom';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'chai';
import { copy } from '../../domain/copy';
import { err } from '../../domain/result';
import { janeAccounts, newConsent, runtimeConfig } from '../fixtures/journey.fixture';
import { FakeCustomerAuthApi } from '../support/fakes';
import { settle, startApp } from './render-app';

/** Not the fixture's 120 s: the notice's lifetime is config.json's `otpExpirySeconds` (issue 22). */
const OTP_EXPIRY_SECONDS = 300;

const wrongCode = (remaining: number) => err(FakeCustomerAuthApi.error(401, 'otp_failure_001', [JSON.stringify({ remainingOTPattempts: remaining })]));
const form = () => screen.getByRole('form', { name: 'Account Login' });
const codeField = () => within(form()).getByRole<HTMLInputElement>('textbox', { name: copy.login.secureCodeLabel });

/** Types the username and a (wrong) code and presses Continue. */
async function tryCode(username: string): Promise<void> {
  fireEvent.change(within(form()).getByRole('textbox', { name: 'Username' }), { target: { value: username } });
  fireEvent.change(codeField(), { target: { value: '000000' } });
  await settle(() => fireEvent.click(within(form()).getByRole('button', { name: copy.login.continue })));
}

/** The ids the code field is described by. */
const describedBy = (): string[] => (codeField().getAttribute('aria-describedby') ?? '').split(' ');

describe('ui: wrong secure codes, counted down by the bank (docs/login-feedback.md)', () => {
  afterEach(cleanup);

  it("4 and 3 left: the banner takes the focus, the emptied code field says why and the attempts left, no date of birth; at 2 left the date of birth is asked for with a notice naming the code's lifetime, and the focus is on the emptied code field (issue 23 item C)", async () => {
    const api = new FakeCustomerAuthApi({ consentDetail: newConsent(), accounts: janeAccounts() }).answer(
      'authenticate',
      wrongCode(4),
      wrongCode(3),
      wrongCode(2),
    );
    await startApp({ api, config: runtimeConfig({ otpExpirySeconds: OTP_EXPIRY_SECONDS }) });
    const stepUpNotice = copy.login.dobStepUpWithExpiry(OTP_EXPIRY_SECONDS);

    for (const remaining of [4, 3]) {
      await tryCode('wrong.codes');
      const banner = within(form()).getByRole('alert');
      expect(banner.textContent).to.equal(copy.login.errorBanner);
      expect(document.activeElement, `${remaining} left: the error banner has focus`).to.equal(banner);
      expect(codeField().value).to.equal('');
      const message = within(form()).getByText(copy.login.secureCodeNotAccepted(remaining), { exact: true });
      expect(describedBy(), `${remaining} left: the message is read with the field`).to.include(message.parentElement?.id);
      expect(within(form()).queryByRole('group', { name: copy.login.dobLabel }), `${remaining} left: no date of birth yet`).to.equal(null);
      expect(within(form()).queryByText(stepUpNotice)).to.equal(null);
    }

    await tryCode('wrong.codes');
    const notice = within(form()).getByText(stepUpNotice, { exact: true });
    expect(within(form()).getByRole('group', { name: copy.login.dobLabel })).to.be.instanceOf(Element);
    expect(within(form()).getByRole('alert').textContent, 'a wrong code: the banner too').to.equal(copy.login.errorBanner);
    expect(document.activeElement, 'the first field to fill: the secure code the bank spent').to.equal(codeField());
    expect(codeField().value).to.equal('');
    expect(describedBy(), 'the notice is read with the field').to.include(notice.id);
    expect(within(form()).getByText(copy.login.secureCodeNotAccepted(2), { exact: true })).to.be.instanceOf(Element);
    expect(api.count('authenticate')).to.equal(3);
  });
});
