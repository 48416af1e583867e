// Moved from test/browser/timers.test.ts (issue 32 item 2): the inactivity warning over the
// account step counts down, is not dismissed by stray activity, and "Stay logged in" keeps every
// selection on screen (spec §4 "Inactivity timer", DESIGN §3.5, WCAG 2.2.1), on the manual clock.
// What needs Chromium stays there: the warning in the top layer with the focus and Escape
// (test/browser/modals.test.ts), the page clock driving the web root's timers and activity
// events, axe (test/browser/accessibility.test.ts).
import './setup-dom';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'chai';
import { copy } from '../../domain/copy';
import { janeAccounts, newConsent } from '../fixtures/journey.fixture';
import { FakeCustomerAuthApi } from '../support/fakes';
import { settle, startApp, stepOnScreen } from './render-app';

/** CONTRACT §2 defaults (the fixture's config), stated here because the test moves the clock by them. */
const INACTIVE_TIME_LIMIT_S = 300;
const WARN_TIME_S = 60;

const accounts = () => screen.getByRole('group', { name: 'Select accounts to share data' });
const box = (name: RegExp) => within(accounts()).getByRole<HTMLInputElement>('checkbox', { name });
const currencies = () => within(accounts()).getByRole('group', { name: 'Currencies of Travel' });
const currency = (code: string) => within(currencies()).getByRole<HTMLInputElement>('checkbox', { name: new RegExp(`^${code} `) });
const warning = () => screen.queryByRole('dialog', { name: copy.modals.timeoutWarning.title as string });

describe('ui: the inactivity warning over the account step', () => {
  afterEach(cleanup);

  it('counts down, stays through stray activity, and "Stay logged in" keeps every selection (a partly selected multi-currency account among them) and restarts the full period', async () => {
    const app = await startApp({ api: new FakeCustomerAuthApi({ consentDetail: newConsent(), accounts: janeAccounts() }) });
    const { clock, activity, api } = app.ports;
    await settle(() => app.logIn());
    await stepOnScreen();
    await settle(() => fireEvent.click(box(/^Bills /)));
    await settle(() => fireEvent.click(box(/^Travel /)));
    await settle(() => fireEvent.click(currency('USD')));
    expect(box(/^Travel /).indeterminate).to.equal(true);

    await settle(() => clock.advance((INACTIVE_TIME_LIMIT_S - WARN_TIME_S - 5) * 1000));
    expect(warning(), 'no warning before its time').to.equal(null);
    await settle(() => clock.advance(5_000));
    const dialog = warning();
    if (dialog === null) throw new Error('no warning at 60 s before the end');
    const countdown = () => dialog.querySelector('.timeout-countdown')?.textContent;
    expect(countdown()).to.equal('Time remaining: 60 seconds.');
    expect(dialog.contains(document.activeElement), 'focus moved into the warning').to.equal(true);
    // Stray activity does not dismiss the warning: only the button does (WCAG 2.2.1).
    await settle(() => activity.act());
    await settle(() => clock.advance(5_000));
    expect(warning()).to.equal(dialog);
    expect(countdown()).to.equal('Time remaining: 55 seconds.');

    await settle(() => fireEvent.click(within(dialog).getByRole('button', { name: copy.modals.timeoutWarning.primary as string })));
    expect(warning()).to.equal(null);
    expect(api.count('keepAlive'), 'keep-alive sent').to.equal(1);
    expect(box(/^Bills /).checked).to.equal(true);
    expect(box(/^Travel /).indeterminate, 'partly selected').to.equal(true);
    expect(currency('USD').checked, 'the unticked currency stays unticked').to.equal(false);
    expect(currency('EUR').checked).to.equal(true);
    expect(currency('AUD').checked).to.equal(true);

    // Extending restarted the full period: no warning until it has nearly run out again.
    await settle(() => clock.advance((INACTIVE_TIME_LIMIT_S - WARN_TIME_S - 5) * 1000));
    expect(warning()).to.equal(null);
    expect(api.count('confirmation'), 'nothing rejected').to.equal(0);
    await settle(() => fireEvent.click(screen.getByRole('button', { name: copy.buttons.continue })));
    await stepOnScreen();
    expect(app.session.step).to.equal('confirmation');
  });
});
