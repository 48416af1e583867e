import './setup-dom';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { expect } from 'chai';
import { copy } from '../../domain/copy';
import { err } from '../../domain/result';
import { newConsent, runtimeConfig, TOKEN } from '../fixtures/journey.fixture';
import { FakeCustomerAuthApi, FakeLaunchParameters, FakeTokenVerifier, MemoryTokenStorage } from '../support/fakes';
import { StaticFailureView } from '../../ui/web/pages/failure-page';
import { settle, startApp } from './render-app';

const errorParam = (data: Record<string, string>) => Buffer.from(JSON.stringify(data), 'utf8').toString('base64url');
const DEFAULT = 'Something went wrong. Please try again later.';

describe('ui: failure page (spec §2, §8)', () => {
  afterEach(cleanup);

  // Issue 33 item 5: Back from the recipient loads the app with no token in a tab whose flow finished.
  it('a request this tab already finished: "This request has already been completed", its words and window title, under the finished flow\'s brand', async () => {
    const storage = new MemoryTokenStorage();
    storage.rememberFinished('demo');
    await startApp({ launch: new FakeLaunchParameters(undefined), storage });
    const h1 = screen.getByRole('heading', { level: 1 });
    expect(h1.textContent).to.equal(copy.modals.alreadyCompleted.title);
    expect(document.activeElement).to.equal(h1);
    expect(screen.getByText(copy.failure.completed)).to.be.instanceOf(Element);
    expect(screen.queryByText(copy.failure.title)).to.equal(null);
    expect(document.title).to.equal('This request has already been completed | Open Banking');
    expect(within(screen.getByRole('banner')).getByRole('img', { name: 'Demo Bank' })).to.be.instanceOf(Element);
  });

  // DESIGN §3.13 (issue 12): an address anyone can write never speaks for the bank.
  it("authorize_failure never shows the address's message: the generic text and the code and time to quote; Leave Page goes to the public site", async () => {
    const message = 'Call 1800 000 000 now to unlock your account';
    const { ports, session } = await startApp({
      launch: new FakeLaunchParameters(TOKEN, 'authorize_failure', errorParam({ respCode: '401', respMessage: message, respTime: '2026-11-23T10:00:00Z' })),
    });
    expect(session.screen).to.deep.include({ kind: 'failure', route: 'authorize_failure' });
    const h1 = screen.getByRole('heading', { level: 1 });
    expect(document.activeElement).to.equal(h1);
    expect(screen.queryByText(/1800 000 000/)).to.equal(null);
    expect(screen.getByText(DEFAULT)).to.be.instanceOf(Element);
    expect(screen.getByText('Reference: 401, 2026-11-23T10:00:00Z')).to.be.instanceOf(Element);
    expect(document.title).to.equal('We are unable to continue | Open Banking');
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Leave Page' })));
    expect(ports.redirector.urls).to.deep.equal(['https://www.bank.example/']);
  });

  it("authorize_failure shows the bank's own text for its respCode when the config has one (errorMessages), as text", async () => {
    const config = runtimeConfig({ errorMessages: { 403: 'Your request could not be authorised <by the bank>.' } });
    await startApp({ config, launch: new FakeLaunchParameters(undefined, 'authorize_failure', errorParam({ respCode: '403', respMessage: 'attacker text' })) });
    const shown = screen.getByText('Your request could not be authorised <by the bank>.');
    expect(shown.children).to.have.length(0);
    expect(screen.queryByText('attacker text')).to.equal(null);
    expect(screen.getByText('Reference: 403')).to.be.instanceOf(Element);
  });

  // Issue 21: the reference line was the address's text, e.g. "Reference: ACCOUNT FROZEN - CALL 1800 000 000 NOW".
  it('the failure page shows only what is proven to be a reference (DESIGN §3.13, issue 21): a code with words and a time that is not one are left out', async () => {
    const { view } = await startApp({
      launch: new FakeLaunchParameters(
        TOKEN,
        'authorize_failure',
        errorParam({ respCode: 'ACCOUNT FROZEN - CALL 1800 000 000 NOW', respTime: 'CALL 1800 000 000 NOW' }),
      ),
    });
    expect(screen.getByText(DEFAULT)).to.be.instanceOf(Element);
    expect(view.container.querySelector('.failure-reference')).to.equal(null);
    expect(screen.queryByText(/1800 000 000|ACCOUNT FROZEN|Reference/)).to.equal(null);
  });

  it('the failure page shows only what is proven to be a reference (DESIGN §3.13, issue 21): a phone number as the code is left out, a real time stays', async () => {
    await startApp({
      launch: new FakeLaunchParameters(TOKEN, 'authorize_failure', errorParam({ respCode: '1800000000', respTime: '2026-11-23T10:00:00.123+11:00' })),
    });
    expect(screen.getByText('Reference: 2026-11-23T10:00:00.123+11:00')).to.be.instanceOf(Element);
    expect(screen.queryByText(/1800000000/)).to.equal(null);
  });

  it('the failure page shows only what is proven to be a reference (DESIGN §3.13, issue 21): a long code the config knows is shown with its text', async () => {
    const config = runtimeConfig({ errorMessages: { CONSENT_EXPIRED_AT_BANK: 'Your consent has expired.' } });
    await startApp({
      config,
      launch: new FakeLaunchParameters(
        undefined,
        'authorize_failure',
        errorParam({ respCode: 'CONSENT_EXPIRED_AT_BANK', respTime: '2026-11-23T10:00:00+11:00' }),
      ),
    });
    expect(screen.getByText('Your consent has expired.')).to.be.instanceOf(Element);
    expect(screen.getByText('Reference: CONSENT_EXPIRED_AT_BANK, 2026-11-23T10:00:00+11:00')).to.be.instanceOf(Element);
  });

  it('authorize_failure never renders markup from the parameter', async () => {
    const { view } = await startApp({
      launch: new FakeLaunchParameters(TOKEN, 'authorize_failure', errorParam({ respMessage: '<img src=x onerror=alert(1)><b>Call 1900 000 000</b>' })),
    });
    expect(view.container.querySelector('img, b')).to.equal(null);
    expect(screen.getByText(DEFAULT)).to.be.instanceOf(Element);
    expect(screen.queryByText(/1900 000 000/)).to.equal(null);
  });

  it('an undecodable authorize_failure parameter shows the spec default text for it', async () => {
    await startApp({ launch: new FakeLaunchParameters(TOKEN, 'authorize_failure', '%%%') });
    expect(screen.getByText('We are unable to process your request.')).to.be.instanceOf(Element);
  });

  it('incorrect_jwt (no token): the default text and Leave Page', async () => {
    const { session } = await startApp({ launch: new FakeLaunchParameters(undefined) });
    expect(session.screen).to.deep.include({ route: 'incorrect_jwt' });
    expect(screen.getByText(DEFAULT)).to.be.instanceOf(Element);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).to.deep.equal(['Leave Page']);
  });

  it('consent_fetch_failure (verified token): Go Back returns to the third party with access_denied', async () => {
    const api = new FakeCustomerAuthApi({ consentDetail: newConsent() }).answer('consentDetails', err(FakeCustomerAuthApi.error(500)));
    const { ports, session } = await startApp({ api });
    expect(session.screen).to.deep.include({ route: 'consent_fetch_failure' });
    expect(screen.getByText(DEFAULT)).to.be.instanceOf(Element);
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Go Back' })));
    const url = new URL(ports.redirector.urls[0] ?? '');
    expect(url.origin + url.pathname).to.equal('https://tpp.example/cb');
    expect(url.searchParams.get('error')).to.equal('access_denied');
  });

  it("service_unavailable (the bank's keys could not be fetched): says so, keeps the token for a reload, Leave Page (issue 11 defect 5)", async () => {
    const storage = new MemoryTokenStorage();
    const { session, ports } = await startApp({ storage, verifier: new FakeTokenVerifier({}, { kind: 'keysUnavailable', detail: 'HTTP 503' }) });
    expect(session.screen).to.deep.include({ route: 'service_unavailable' });
    expect(screen.getByText(copy.failure.serviceUnavailable)).to.be.instanceOf(Element);
    expect(storage.token, 'kept, so that a reload can try again').to.equal(ports.launch.redirectJwt() ?? 'header.payload.signature');
    expect(screen.getByRole('button', { name: 'Leave Page' })).to.be.instanceOf(Element);
    expect(ports.api.calls).to.deep.equal([]);
  });

  it('the static failure view (boot failed before the app existed) shows the default text, and nothing about sharing it cannot know (DESIGN §3.16)', () => {
    render(<StaticFailureView />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).to.equal('We are unable to continue');
    expect(screen.getByText(DEFAULT)).to.be.instanceOf(Element);
    expect(document.querySelector('.failure-shared'), 'no journey known: no sentence about sharing').to.equal(null);
  });

  // DESIGN §3.16, issue 21: words about the outcome follow what this page knows.
  it('a page that verified its token and asked nothing says nothing has been shared or changed', async () => {
    const api = new FakeCustomerAuthApi({ consentDetail: newConsent() }).answer('consentDetails', err(FakeCustomerAuthApi.error(500)));
    await startApp({ api });
    expect(screen.getByText(copy.failure.nothingShared)).to.be.instanceOf(Element);
  });

  it('a page with no token verified says nothing about sharing: an earlier page of the request may have confirmed it', async () => {
    await startApp({ launch: new FakeLaunchParameters(undefined) });
    expect(screen.getByText(DEFAULT)).to.be.instanceOf(Element);
    expect(document.querySelector('.failure-shared')).to.equal(null);
  });

  it('a reload after this tab asked an approval, with the token now refused, says the outcome is not known and where to check', async () => {
    const storage = new MemoryTokenStorage('header.payload.signature');
    storage.decisionKey('approve');
    await startApp({ storage, launch: new FakeLaunchParameters(undefined), verifier: new FakeTokenVerifier({}, { kind: 'expired' }) });
    expect(document.querySelector('.failure-shared')?.textContent).to.equal(
      'We could not confirm whether your data sharing was set up. You can check in our mobile banking app under Profile > Manage data sharing.',
    );
  });

  it('issue 21 "the spec\'s failure page has one button": the static failure view leaves for the public site the entry page was built with, else goes back', () => {
    render(<StaticFailureView />);
    expect(screen.getByRole('button', { name: copy.failure.goBack }), 'no site known: Go Back in the history').to.be.instanceOf(Element);
    cleanup();
    const carried = document.createElement('script');
    carried.type = 'application/json';
    carried.id = 'entry-config';
    carried.textContent = JSON.stringify({ brands: ['demo'], links: {}, publicSiteUrl: 'https://www.bank.example' });
    document.head.append(carried);
    try {
      render(<StaticFailureView />);
      expect(screen.getByRole('link', { name: copy.failure.leavePage }).getAttribute('href')).to.equal('https://www.bank.example');
    } finally {
      carried.remove();
    }
  });

  it('is a non-closable modal (spec §2): an alert dialog with no close button that Escape leaves open', () => {
    render(<StaticFailureView />);
    const dialog = screen.getByRole('alertdialog', { name: 'We are unable to continue' });
    expect(dialog.getAttribute('aria-modal')).to.equal('true');
    expect(screen.queryByRole('button', { name: copy.shell.closeModal })).to.equal(null);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('alertdialog')).to.be.instanceOf(Element);
  });
});
