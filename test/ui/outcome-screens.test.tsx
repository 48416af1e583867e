// Issue 12 as the customer sees it: the offline notice, a login whose answer was lost, and text
// from outside (the recipient's name, account names) shown as text, never as markup.
import './setup-dom';
import { cleanup, screen, within } from '@testing-library/react';
import { expect } from 'chai';
import { copy } from '../../domain/copy';
import { janeAccounts, newConsent, TOKEN, tokenPayload } from '../fixtures/journey.fixture';
import { rawAccount } from '../fixtures/raw-accounts.fixture';
import { FakeCustomerAuthApi, FakeTokenVerifier } from '../support/fakes';
import { settle, startApp } from './render-app';

const MARKUP = '<img src=x onerror="window.pwned=1"><b>Bold</b>';

describe('ui: issue 12 on screen', () => {
  afterEach(cleanup);

  it('offline: a polite notice, gone when the connection is back (DESIGN §3.15)', async () => {
    const app = await startApp();
    const notice = (): HTMLElement | null => document.querySelector('.offline-notice');
    expect(notice()).to.equal(null);
    await settle(() => app.ports.activity.setOnline(false));
    expect(notice()?.textContent).to.equal(copy.shell.offline);
    expect(notice()?.getAttribute('role')).to.equal('status');
    await settle(() => app.ports.activity.setOnline(true));
    expect(notice()).to.equal(null);
  });

  it('a login whose answer was lost offline: the form stays, with a notice to try again', async () => {
    const api = new FakeCustomerAuthApi({ consentDetail: newConsent(), accounts: janeAccounts() }).answer('authenticate', {
      ok: false,
      error: { status: 0, code: 'no_answer', causes: ['TypeError: fetch failed'] },
    });
    const app = await startApp({ api });
    app.ports.activity.online = false;
    await settle(() => app.logIn());
    expect(screen.getByText(copy.login.answerLost)).to.be.instanceOf(Element);
    expect(screen.queryByRole('dialog')).to.equal(null);
    expect(screen.getByRole('textbox', { name: /Username/ })).to.be.instanceOf(Element);
  });

  it("markup in the recipient's name is shown as text (intro line and modals)", async () => {
    const app = await startApp({ verifier: new FakeTokenVerifier({ [TOKEN]: tokenPayload({ tppName: MARKUP }) }) });
    // The brand's logo is the one image (DESIGN §3.14); nothing from the name.
    expect(document.querySelector('img:not(.logo-image), b')).to.equal(null);
    expect(screen.getByText(`You are about to share your data with ${MARKUP}`)).to.be.instanceOf(Element);
    await settle(() => app.login.cancel());
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(new RegExp(`Your data sharing with ${MARKUP.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not complete`))).to.be.instanceOf(
      Element,
    );
    expect(dialog.querySelector('img, b')).to.equal(null);
    expect((globalThis as { pwned?: number }).pwned).to.equal(undefined);
  });

  it('markup in account names is shown as text on the account step', async () => {
    const { SelectAccountsPage } = await import('../../ui/web/pages/select-accounts-page');
    const { render } = await import('@testing-library/react');
    const { ServicesProvider } = await import('../../ui/web/services-context');
    const api = new FakeCustomerAuthApi({
      consentDetail: newConsent(),
      accounts: [rawAccount({ id: 'acc-x1', nickName: MARKUP }), rawAccount({ id: 'acc-x2', productName: '<script>alert(1)</script>' })],
    });
    const app = await startApp({ api });
    await settle(() => app.logIn());
    cleanup();
    render(
      <ServicesProvider container={app.container}>
        <SelectAccountsPage />
      </ServicesProvider>,
    );
    expect(document.querySelector('img, b, script')).to.equal(null);
    expect(screen.getByRole('checkbox', { name: new RegExp(MARKUP.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })).to.be.instanceOf(Element);
    expect(screen.getByText('<script>alert(1)</script>')).to.be.instanceOf(Element);
  });
});
