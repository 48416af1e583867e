import './setup-dom';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'chai';
import { copy } from '../../domain/copy';
import { err } from '../../domain/result';
import { config, janeAccounts, newConsent, runtimeConfig } from '../fixtures/journey.fixture';
import { FakeCustomerAuthApi } from '../support/fakes';
import { closeModals } from '../support/flow-state';
import { settle, startApp, stepOnScreen } from './render-app';

const bank = () => new FakeCustomerAuthApi({ consentDetail: newConsent(), accounts: janeAccounts() });
const form = () => screen.getByRole('form', { name: 'Account Login' });
const input = (name: string | RegExp) => within(form()).getByRole<HTMLInputElement>('textbox', { name });
const continueButton = () => within(form()).getByRole<HTMLButtonElement>('button', { name: 'Continue' });

function type(element: HTMLElement, value: string) {
  fireEvent.change(element, { target: { value } });
}

/** Continue with a full form, and the bank asks for the date of birth (otp_failure_008): the step-up. */
async function atDateOfBirthStepUp() {
  const api = bank().answer('authenticate', err(FakeCustomerAuthApi.error(401, 'otp_failure_008')));
  const app = await startApp({ api });
  type(input('Username'), 'dob.required');
  type(input(copy.login.secureCodeLabel), '123456');
  await settle(() => fireEvent.click(continueButton()));
  return { ...app, api };
}

describe('ui: login screen (spec §2, §5)', () => {
  afterEach(cleanup);

  it("renders every text of the spec the CX standards keep, the links and the field attributes (issue 22: no forgotten-details link, no other documents; the code's expiry; third parties need no password)", async () => {
    await startApp();
    const f = form();
    for (const text of [
      'Account Login',
      'Your username will not be shared.',
      'Enter the 6-digit secure code from your Digital Secure Key app. Each code expires 2 minutes after your app generates it.',
      'Third parties never need your online banking password to access your data, and we will never ask for it here.',
    ])
      expect(within(f).getByText(text), text).to.be.instanceOf(Element);
    expect(within(f).queryByRole('button', { name: 'Forgot your username?' })).to.equal(null);
    expect(within(f).queryByRole('button', { name: 'Not registered?' })).to.equal(null);
    expect(within(f).getByRole('button', { name: 'Lost, damaged or stolen secure key?' })).to.be.instanceOf(Element);
    expect(within(f).queryByRole('link', { name: /How to generate a secure key\?/ })).to.equal(null);
    expect(within(f).queryByRole('link', { name: /Consumer Data Right policy/ })).to.equal(null);
    expect(screen.queryByRole('navigation', { name: copy.shell.footerLabel }), 'no footer links on the login').to.equal(null);
    const code0 = input(copy.login.secureCodeLabel);
    expect(code0.getAttribute('aria-describedby') ?? '', 'the expiry is read with the field').to.contain(within(f).getByText(/Each code expires 2 minutes/).id);
    const tooltip = within(f).getByRole('button', { name: 'More Information' });
    expect(screen.getByRole('tooltip', { hidden: true }).textContent).to.equal(copy.login.usernameTooltip);
    expect(tooltip.getAttribute('aria-describedby')).to.equal(screen.getByRole('tooltip', { hidden: true }).id);
    const code = input(copy.login.secureCodeLabel);
    expect([code.inputMode, code.autocomplete, code.maxLength], 'issue 23 item A: no maxLength, "123 456" fits').to.deep.equal([
      'numeric',
      'one-time-code',
      -1,
    ]);
    expect(input('Username').autocomplete).to.equal('username');
    expect(within(f).queryByText('Additional security')).to.equal(null);
    expect(continueButton().type).to.equal('submit');
    expect(within(f).getByRole('button', { name: 'Cancel' })).to.be.instanceOf(Element);
    expect(within(f).queryByRole('alert')).to.equal(null);
  });

  it("with every cx switch on (a bank's legal decision, config.json cx), the spec's links come back: forgot username, not registered, how to generate, the CDR policy, the footer", async () => {
    await startApp({
      config: runtimeConfig({
        cx: { showForgottenDetailsLink: true, showNotRegisteredLink: true, showSecureKeyHelpLink: true, showCdrPolicyLink: true, showFooterLinksOnLogin: true },
      }),
    });
    const f = form();
    expect(within(f).getByRole('button', { name: 'Forgot your username?' })).to.be.instanceOf(Element);
    expect(within(f).getByRole('button', { name: 'Not registered?' })).to.be.instanceOf(Element);
    const howTo = within(f).getByRole('link', { name: /How to generate a secure key\?/ });
    expect(howTo.getAttribute('href')).to.equal(config.links.secureKeyHelp);
    expect(howTo.getAttribute('target')).to.equal('_blank');
    expect(howTo.getAttribute('rel')).to.equal('noopener noreferrer');
    expect(
      within(f)
        .getByRole('link', { name: /Consumer Data Right policy/ })
        .getAttribute('href'),
    ).to.equal(config.links.cdrPolicy);
    expect(screen.getByRole('navigation', { name: copy.shell.footerLabel })).to.be.instanceOf(Element);
  });

  it('shows each message after its field is left; Continue is never a silent grey dead end: on an incomplete form it names what is missing and focuses the first such field (issue 20)', async () => {
    const { login, api } = await (async () => {
      const a = bank();
      const app = await startApp({ api: a });
      return { ...app, api: a };
    })();
    const username = input('Username');
    const code = input(copy.login.secureCodeLabel);
    expect(within(form()).queryByText('Error: username cannot be empty.')).to.equal(null);
    fireEvent.blur(username);
    expect(within(form()).getByText('Error: username cannot be empty.')).to.be.instanceOf(Element);
    expect(username.getAttribute('aria-invalid')).to.equal('true');
    expect(username.getAttribute('aria-describedby')).to.contain(within(form()).getByText('Error: username cannot be empty.').parentElement?.id);
    fireEvent.blur(code);
    expect(within(form()).getByText('Please enter your secure code.')).to.be.instanceOf(Element);
    expect(continueButton().disabled).to.equal(false);

    type(username, 'jane.citizen');
    type(code, '12345');
    expect(login.form.secureCode).to.equal('12345');
    expect(within(form()).queryByText('Error: username cannot be empty.')).to.equal(null);
    await settle(() => fireEvent.click(continueButton()));
    expect(api.count('authenticate'), 'nothing sent').to.equal(0);
    expect(within(form()).getByText('Please enter your secure code.')).to.be.instanceOf(Element);
    expect(document.activeElement, 'the field whose message says what is missing').to.equal(code);
    type(code, '123456');
    expect(within(form()).queryByText('Please enter your secure code.')).to.equal(null);
    type(username, '');
    code.focus();
    await settle(() => fireEvent.click(continueButton()));
    expect(document.activeElement, 'the first such field').to.equal(username);
    expect(api.count('authenticate')).to.equal(0);
  });

  it('submitting the form (Enter) logs in and moves to the next step, whose h1 takes focus', async () => {
    const { session } = await startApp({ api: bank() });
    type(input('Username'), 'jane.citizen');
    type(input(copy.login.secureCodeLabel), '123456');
    await settle(() => fireEvent.submit(form()));
    expect(session.step).to.equal('selectAccounts');
    await stepOnScreen();
    const h1 = screen.getByRole('heading', { level: 1 });
    expect(h1.textContent).to.equal('Select your accounts');
    expect(document.activeElement).to.equal(h1);
  });

  it('a wrong code shows the error banner (role alert, focused) and clears the code', async () => {
    const api = bank().answer('authenticate', err(FakeCustomerAuthApi.error(401, 'otp_failure_001', ['{"remainingOTPattempts":4}'])));
    await startApp({ api });
    type(input('Username'), 'jane.citizen');
    type(input(copy.login.secureCodeLabel), '999999');
    await settle(() => fireEvent.click(continueButton()));
    const banner = within(form()).getByRole('alert');
    expect(banner.textContent).to.equal(copy.login.errorBanner);
    expect(document.activeElement).to.equal(banner);
    const code = input(copy.login.secureCodeLabel);
    expect(code.value).to.equal('');
    // At the code field: why it is empty and the attempts the bank says are left, linked to it.
    const message = within(form()).getByText(copy.login.secureCodeNotAccepted(4));
    expect(message.textContent).to.contain('You have 4 attempts left before login is locked for 10 minutes.');
    expect(code.getAttribute('aria-describedby')).to.contain(message.parentElement?.id);
    type(code, '1');
    expect(within(form()).queryByText(copy.login.secureCodeNotAccepted(4)), 'gone once a new code is typed').to.equal(null);
  });

  it('a first request for the date of birth is a notice, not the error banner; focus moves to the first field to fill (issue 23 item C: the secure code the bank spent), which the notice describes, as it does the group', async () => {
    await atDateOfBirthStepUp();
    expect(within(form()).queryByRole('alert'), 'no error banner').to.equal(null);
    // Issue 22: the step-up asks for a new code too, and says how long a code lasts (CX standards, OTP expiry).
    const notice = within(form()).getByText(
      'For your security we also need your date of birth. Enter it with a new secure code: each code expires 2 minutes after your app generates it.',
    );
    const group = screen.getByRole('group', { name: 'Date of birth' });
    expect(group.getAttribute('aria-describedby')).to.contain(notice.id);
    const code = input(copy.login.secureCodeLabel);
    expect(document.activeElement).to.equal(code);
    expect(code.getAttribute('aria-describedby')).to.contain(notice.id);
    expect(within(form()).getByText(copy.login.secureCodeUsedOnce), 'the code field says why it is empty').to.be.instanceOf(Element);
  });

  it('after otp_failure_008 the date of birth block appears; focus moves DD→MM→YYYY; a pasted date fills all three', async () => {
    const { login, session, api } = await atDateOfBirthStepUp();
    expect(login.requireDob).to.equal(true);
    const section = within(form()).getByRole('region', { name: 'Additional security' });
    const group = within(section).getByRole('group', { name: 'Date of birth' });
    expect(within(group).getByText('For example, 25/12/1966')).to.be.instanceOf(Element);
    const [day, month, year] = (['DD', 'MM', 'YYYY'] as const).map((name) => within(group).getByRole<HTMLInputElement>('textbox', { name }));
    if (day === undefined || month === undefined || year === undefined) throw new Error('three parts expected');
    expect([day.maxLength, month.maxLength, year.maxLength]).to.deep.equal([2, 2, 4]);

    await settle(() => day.focus()); // leaving the code field renders (issue 25: a message there is announced from now on)
    type(day, '2');
    expect(document.activeElement).to.equal(day);
    type(day, '25');
    expect(document.activeElement).to.equal(month);
    type(month, '12');
    expect(document.activeElement).to.equal(year);
    type(year, '1966');
    expect(login.form.dob).to.deep.equal({ day: '25', month: '12', year: '1966' });

    type(day, '');
    type(month, '');
    type(year, '');
    fireEvent.paste(month, { clipboardData: { getData: () => '25/12/1966' } });
    expect([day.value, month.value, year.value]).to.deep.equal(['25', '12', '1966']);

    type(input(copy.login.secureCodeLabel), '123456');
    await settle(() => fireEvent.submit(form()));
    expect(api.calls.filter((c) => c.name === 'authenticate')[1]?.body).to.deep.include({ authType: 'DOB_SECURE_CODE', dateOfBirth: '1966-12-25' });
    expect(session.step).to.equal('selectAccounts');
  });

  it('an impossible or future date of birth shows its message, linked to the group', async () => {
    await atDateOfBirthStepUp();
    const group = screen.getByRole('group', { name: 'Date of birth' });
    const part = (name: string) => within(group).getByRole('textbox', { name });
    type(part('DD'), '31');
    expect(within(group).queryByText(copy.validation.dobInvalid), 'incomplete: no message').to.equal(null);
    type(part('MM'), '02');
    type(part('YYYY'), '1990');
    // The message shows once the group is left (issue 25: not before, as a right date is typed).
    fireEvent.blur(part('YYYY'), { relatedTarget: continueButton() });
    const message = within(group).getByText(copy.validation.dobInvalid);
    expect(group.getAttribute('aria-describedby')).to.contain(message.parentElement?.id);
    expect(part('DD').getAttribute('aria-invalid')).to.equal('true');
    type(part('DD'), '01');
    type(part('YYYY'), '2099');
    expect(within(group).getByText(copy.validation.dobInFuture)).to.be.instanceOf(Element);
    await settle(() => fireEvent.click(continueButton()));
    expect(document.activeElement, 'Continue: the secure code the step-up emptied comes first').to.equal(input(copy.login.secureCodeLabel));
    type(input(copy.login.secureCodeLabel), '123456');
    await settle(() => fireEvent.click(continueButton()));
    expect(document.activeElement, 'Continue on a wrong date: its first part takes focus').to.equal(part('DD'));
  });

  it('issue 33 item 3: Continue with the date of birth empty or half filled says what is missing under the group, marks the missing parts, focuses the first and sends nothing; the spent code is information, not an error', async () => {
    const { api } = await atDateOfBirthStepUp();
    expect(within(form()).getByText(copy.login.secureCodeUsedOnce).className, 'the step-up is not an error').to.equal('field-note');
    const group = screen.getByRole('group', { name: 'Date of birth' });
    const part = (name: string) => within(group).getByRole('textbox', { name });
    const marked = () => ['DD', 'MM', 'YYYY'].filter((name) => part(name).getAttribute('aria-invalid') === 'true');
    const pressContinue = () =>
      settle(() => {
        continueButton().focus();
        fireEvent.click(continueButton());
      });
    type(input(copy.login.secureCodeLabel), '123456');
    await pressContinue();
    const message = within(group).getByText(copy.validation.dobEmpty);
    expect(message.className).to.equal('field-error');
    expect(group.getAttribute('aria-describedby')).to.contain(message.parentElement?.id);
    expect(marked()).to.deep.equal(['DD', 'MM', 'YYYY']);
    expect(document.activeElement).to.equal(part('DD'));
    type(part('DD'), '25');
    await pressContinue();
    expect(within(group).getByText(copy.validation.dobMustInclude.monthAndYear)).to.be.instanceOf(Element);
    expect(marked()).to.deep.equal(['MM', 'YYYY']);
    expect(document.activeElement).to.equal(part('MM'));
    expect(
      api.calls.filter((c) => c.name === 'authenticate'),
      'only the login before the step-up',
    ).to.have.length(1);
  });

  describe('issue 25: what a screen reader hears of the messages (docs/screen-reader.md)', () => {
    const liveRegionOf = (message: string) => within(form()).getByText(message).parentElement;

    it("Continue on the empty form: the username's message is read with the field, which takes the focus, and not announced again by its live region; the code's is announced; typed in, the username's live region speaks again", async () => {
      await startApp({ api: bank() });
      await settle(() => fireEvent.click(continueButton()));
      const username = input('Username');
      expect(document.activeElement).to.equal(username);
      expect(username.getAttribute('aria-describedby')).to.contain(liveRegionOf(copy.validation.usernameEmpty)?.id);
      expect(liveRegionOf(copy.validation.usernameEmpty)?.getAttribute('aria-live'), 'read with the focused field').to.equal('off');
      expect(liveRegionOf(copy.validation.secureCode)?.getAttribute('aria-live'), 'announced: the focus is elsewhere').to.equal('polite');
      type(username, 'j');
      type(username, '');
      expect(liveRegionOf(copy.validation.usernameEmpty)?.getAttribute('aria-live'), 'back while the customer is in the field').to.equal('polite');
    });

    it('at the date-of-birth step-up the code field takes the focus with why it is empty: read there, not announced again, and not read "invalid"; a letter typed there is an error', async () => {
      await atDateOfBirthStepUp();
      const code = input(copy.login.secureCodeLabel);
      expect(document.activeElement).to.equal(code);
      expect(liveRegionOf(copy.login.secureCodeUsedOnce)?.getAttribute('aria-live')).to.equal('off');
      expect(code.getAttribute('aria-invalid'), 'the step-up is not an error').to.equal('false');
      type(code, 'a');
      expect(code.getAttribute('aria-invalid'), 'a letter refused: an error').to.equal('true');
      expect(liveRegionOf(copy.validation.secureCodeDigitsOnly)?.getAttribute('aria-live'), 'typed in: announced').to.equal('polite');
    });

    it('at the step-up, no message while a right date of birth is typed, the year digit by digit; a wrong one shows once the group is left', async () => {
      await atDateOfBirthStepUp();
      const group = screen.getByRole('group', { name: 'Date of birth' });
      const part = (name: string) => within(group).getByRole('textbox', { name });
      type(part('DD'), '25');
      type(part('MM'), '12');
      for (const year of ['1', '19', '196', '1966']) {
        type(part('YYYY'), year);
        expect(within(group).queryByText(copy.validation.dobInvalid), year).to.equal(null);
      }
      type(part('YYYY'), '196');
      fireEvent.blur(part('YYYY'), { relatedTarget: continueButton() });
      expect(within(group).getByText(copy.validation.dobInvalid)).to.be.instanceOf(Element);
    });
  });

  it("the help links open their modals (the spec's two behind the cx switches, issue 22)", async () => {
    const { modal, flow } = await startApp({ config: runtimeConfig({ cx: { showForgottenDetailsLink: true, showNotRegisteredLink: true } }) });
    for (const [label, name] of [
      ['Forgot your username?', 'forgotUsername'],
      ['Not registered?', 'notRegistered'],
      ['Lost, damaged or stolen secure key?', 'lostSecureKey'],
    ] as const) {
      await settle(() => fireEvent.click(within(form()).getByRole('button', { name: label })));
      expect(modal.current?.name).to.equal(name);
      await settle(() => closeModals(flow));
    }
  });

  it('Cancel opens sharing incomplete; its primary button rejects and returns with access_denied', async () => {
    const { ports, api } = await (async () => {
      const a = bank();
      const app = await startApp({ api: a });
      return { ...app, api: a };
    })();
    await settle(() => fireEvent.click(within(form()).getByRole('button', { name: 'Cancel' })));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure you want to leave?' });
    expect(within(dialog).getByRole('button', { name: 'No, stay' })).to.be.instanceOf(Element);
    await settle(() => fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, leave' })));
    expect(api.calls.filter((c) => c.name === 'confirmation').map((c) => c.body)).to.deep.equal([false]);
    expect(ports.redirector.urls).to.have.length(1);
    const url = new URL(ports.redirector.urls[0] ?? '');
    expect(url.origin + url.pathname).to.equal('https://tpp.example/cb');
    expect(url.searchParams.get('error')).to.equal('access_denied');
  });
});
