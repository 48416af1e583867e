// Issue 33 item 6: Continue with no account ticked (only account data asked for): the message is
// where the focus goes, just above the box that takes it, and read with it. That it is in view on
// a phone is in test/browser/phone-layout.test.ts.
import './setup-dom';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { expect } from 'chai';
import { copy } from '../../domain/copy';
import { stepsCopy } from '../../domain/steps-copy';
import { janeAccounts, newConsent } from '../fixtures/journey.fixture';
import { rawAccount } from '../fixtures/raw-accounts.fixture';
import { FakeCustomerAuthApi } from '../support/fakes';
import { settle, startApp, stepOnScreen } from './render-app';

const MESSAGE = stepsCopy.selectAccounts.selectAnAccount('Budget Buddy');

async function refusedContinue(accounts = janeAccounts()): Promise<{ message: HTMLElement; focused: HTMLElement }> {
  const app = await startApp({
    api: new FakeCustomerAuthApi({ consentDetail: newConsent(['bank:accounts.basic:read', 'bank:transactions:read']), accounts }),
  });
  await settle(() => app.logIn());
  await stepOnScreen();
  await settle(() => fireEvent.click(screen.getByRole('button', { name: copy.buttons.continue })));
  const message = screen.getByText(MESSAGE);
  if (!(document.activeElement instanceof HTMLElement)) throw new Error('no focus');
  return { message, focused: document.activeElement };
}

/** `first` comes before `second` in the page. */
const before = (first: Node, second: Node): boolean => (first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;

describe('ui: a refused Continue on the account step (issue 33 item 6)', () => {
  afterEach(cleanup);

  it('the message is just above select-all, which takes the focus and is read with it; nothing after the tiles says it again', async () => {
    const { message, focused } = await refusedContinue();
    expect(focused.matches('input[data-select-all]'), 'select-all has the focus').to.equal(true);
    expect(before(message, focused), 'the message comes before the focused box').to.equal(true);
    expect(before(message, document.querySelector('.account-list') as Node), 'and before the tiles').to.equal(true);
    expect((focused.getAttribute('aria-describedby') ?? '').split(' '), 'read with the focused box').to.include(message.id);
    expect(message.id).to.match(/\S/);
    expect(document.querySelector('.selection-notes')?.textContent, 'not said again after the tiles').to.equal('');
  });

  it('with one account that can be ticked (no select-all), that account takes the focus and is read with the message', async () => {
    const { message, focused } = await refusedContinue([
      rawAccount({ id: 'acc-0005', productName: 'Term Deposit', eligible: false }),
      rawAccount({ id: 'acc-0001', productName: 'Everyday Account', nickName: 'Bills' }),
    ]);
    expect(focused.getAttribute('data-account-id')).to.equal('acc-0001');
    expect(before(message, focused)).to.equal(true);
    expect((focused.getAttribute('aria-describedby') ?? '').split(' ')).to.include(message.id);
  });
});
