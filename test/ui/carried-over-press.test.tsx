// Issue 33 item 9: a press that began before a step was shown must not act on that step (a double tap
// on the login's Continue, its second tap lifted on the first account tile). The pointer sequence is
// dispatched here; real taps and clicks on a phone's width are in test/browser/phone-layout.test.ts.
import './setup-dom';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'chai';
import { copy } from '../../domain/copy';
import { janeAccounts, newConsent } from '../fixtures/journey.fixture';
import { FakeCustomerAuthApi } from '../support/fakes';
import { settle, startApp, stepOnScreen } from './render-app';

const form = () => screen.getByRole('form', { name: 'Account Login' });
const firstTile = () => {
  const tile = document.querySelector<HTMLInputElement>('input[data-account-id]:not(:disabled)');
  if (tile === null) throw new Error('no account to tick');
  return tile;
};
const TOUCH = { pointerId: 7, pointerType: 'touch' };

describe('ui: a press carried over to the next step (issue 33 item 9)', () => {
  afterEach(cleanup);

  it("a tap that came down on the login's Continue and lifts on the account step ticks nothing; the next tap, and a key, act", async () => {
    const app = await startApp({
      api: new FakeCustomerAuthApi({ consentDetail: newConsent(['bank:accounts.basic:read']), accounts: janeAccounts() }),
    });
    fireEvent.change(within(form()).getByRole('textbox', { name: copy.login.usernameLabel }), { target: { value: 'jane.citizen' } });
    fireEvent.change(within(form()).getByRole('textbox', { name: copy.login.secureCodeLabel }), { target: { value: '123456' } });
    const continueButton = within(form()).getByRole('button', { name: copy.login.continue });
    // The first tap logs in; the second comes down while the login is still shown.
    await settle(() => {
      fireEvent.pointerDown(continueButton, TOUCH);
      fireEvent.pointerUp(continueButton, TOUCH);
      fireEvent.click(continueButton, { detail: 1 });
      fireEvent.pointerDown(continueButton, TOUCH);
    });
    await stepOnScreen();
    expect(app.session.step).to.equal('selectAccounts');
    const tile = firstTile();
    const id = tile.getAttribute('data-account-id');
    const ticked = () => app.selection.accounts.find((account) => account.id === id)?.selected;

    await settle(() => {
      fireEvent.pointerUp(tile, TOUCH);
      fireEvent.click(tile, { detail: 1 });
    });
    expect(ticked(), 'the carried-over tap ticks nothing').to.equal(false);
    expect(firstTile().checked).to.equal(false);

    await settle(() => fireEvent.click(firstTile(), { detail: 0 }));
    expect(ticked(), 'a key (Space) acts at once').to.equal(true);

    await settle(() => {
      fireEvent.pointerDown(firstTile(), TOUCH);
      fireEvent.pointerUp(firstTile(), TOUCH);
      fireEvent.click(firstTile(), { detail: 1 });
    });
    expect(ticked(), 'a tap that began on the step acts').to.equal(false);
    expect(firstTile().checked).to.equal(false);
  });

  it('with no press going on as the step is shown, the first tap on it acts', async () => {
    const app = await startApp({
      api: new FakeCustomerAuthApi({ consentDetail: newConsent(['bank:accounts.basic:read']), accounts: janeAccounts() }),
    });
    await settle(() => app.logIn());
    await stepOnScreen();
    await settle(() => fireEvent.click(firstTile(), { detail: 1 }));
    expect(firstTile().checked).to.equal(true);
  });
});
