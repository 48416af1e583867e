import './setup-dom';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'chai';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { newConsent } from '../fixtures/journey.fixture';
import { egaEntries, rawAccount } from '../fixtures/raw-accounts.fixture';
import { FakeCustomerAuthApi } from '../support/fakes';
import { journey } from '../application/journey-driver';
import type { RawAccount } from '../../contract/customer-auth.wire';
import { SelectAccountsPage } from '../../ui/web/pages/select-accounts-page';
import { sameTile, type AccountTileProps } from '../../ui/web/steps/account-tile-props';
import { screenfulOfTiles } from '../../ui/web/steps/revealed-tiles';
import { ServicesProvider } from '../../ui/web/services-context';

const reactActEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
reactActEnvironment.IS_REACT_ACT_ENVIRONMENT = true;

const numbered = (count: number): RawAccount[] =>
  Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(4, '0');
    return rawAccount({ id: `acc-${n}`, identification: `062000 1000${n}`, nickName: i === 6 ? 'Holiday fund' : null, productName: `Saver ${n}` });
  });

async function atSelectAccounts(accounts: RawAccount[], rendered = true) {
  const j = journey({ api: new FakeCustomerAuthApi({ consentDetail: newConsent(), accounts }) });
  await j.start();
  await j.logIn();
  if (rendered)
    render(
      <ServicesProvider container={j.container}>
        <SelectAccountsPage />
      </ServicesProvider>,
    );
  return j;
}

describe('ui: select accounts, long lists', function () {
  // Hundreds of tiles in jsdom: 2 to 4 s each here alone; two of them passed mocha's 10 s beside
  // two busy loops and other work at a load average of 16 (issue 32: the gate passes under load).
  this.timeout(30_000);
  afterEach(cleanup);

  it('no filter box for 20 accounts or fewer', async () => {
    await atSelectAccounts(numbered(20));
    expect(screen.queryByRole('searchbox')).to.equal(null);
  });

  it('the filter box narrows the tiles by name or number and keeps the selection', async () => {
    const j = await atSelectAccounts(numbered(25));
    const list = document.querySelector('.account-list') as HTMLElement;
    expect(list.children).to.have.length(25);
    fireEvent.click(within(list).getByRole('checkbox', { name: /^Saver 0001/ }));
    const filter = screen.getByRole('searchbox', { name: 'Find an account' });
    fireEvent.change(filter, { target: { value: 'holiday' } });
    expect(
      within(list)
        .getAllByRole('checkbox')
        .map((b) => (b as HTMLInputElement).labels?.[0]?.textContent),
    ).to.deep.equal(['Holiday fund 062-000 1000 0007']);
    expect(screen.getByRole('status').textContent).to.equal('Showing 1 of 25 accounts');
    fireEvent.change(filter, { target: { value: '1000 002' } });
    expect(list.children).to.have.length(6);
    expect(j.selection.accounts.find((a) => a.id === 'acc-0001')?.selected, 'a hidden tile stays selected').to.equal(true);
    fireEvent.change(filter, { target: { value: '' } });
    expect(list.children).to.have.length(25);
    expect(screen.getByRole('status').textContent).to.equal('');
  });

  it('a long list shows 50 tiles at a time; "Show more accounts" reveals more and focuses the first new tile', async () => {
    const j = await atSelectAccounts(numbered(120));
    const list = document.querySelector('.account-list') as HTMLElement;
    expect(list.children).to.have.length(50);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all available accounts' }));
    expect(
      j.selection.accounts.filter((a) => a.selected),
      'select-all covers the tiles not shown',
    ).to.have.length(120);
    fireEvent.click(screen.getByRole('button', { name: 'Show more accounts (70 not shown yet)' }));
    expect(list.children).to.have.length(100);
    expect((document.activeElement as HTMLInputElement).labels?.[0]?.textContent).to.equal('Saver 0051 062-000 1000 0051');
    fireEvent.click(screen.getByRole('button', { name: 'Show more accounts (20 not shown yet)' }));
    expect(list.children).to.have.length(120);
    expect(screen.queryByRole('button', { name: /^Show more accounts/ })).to.equal(null);
  });

  /**
   * Issue 33 item 17: the page as a browser renders it, outside act() (which renders a transition at
   * once; so does Testing Library's fireEvent, made inside act()): each first commit is made with
   * flushSync and the DOM's own events, and what comes after it is waited for. The test's hooks put
   * act() back for the next test.
   */
  async function renderedByTheBrowser(accounts: RawAccount[]) {
    const j = await atSelectAccounts(accounts, false);
    reactActEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    const host = document.body.appendChild(document.createElement('div'));
    const root = createRoot(host);
    flushSync(() =>
      root.render(
        <ServicesProvider container={j.container}>
          <SelectAccountsPage />
        </ServicesProvider>,
      ),
    );
    const tiles = (): HTMLInputElement[] => [...host.querySelectorAll<HTMLInputElement>('.account-list input[data-account-id]')];
    const unmount = (): void => {
      root.unmount();
      host.remove();
    };
    return { j, tiles, unmount };
  }

  /** A key typed in a text box, as a browser reports it (React's onChange listens to `input`). */
  const typeInto = (input: HTMLInputElement, value: string): void => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new window.Event('input', { bubbles: true }));
  };

  it('issue 33 item 17: a screenful of tiles at once, the rest of the page just after; the first tiles stay, with the focus', async () => {
    const screenful = screenfulOfTiles();
    expect(screenful, 'a screenful is less than a page').to.be.below(50);
    const { j, tiles, unmount } = await renderedByTheBrowser(numbered(5000));
    try {
      expect(tiles(), 'the first render').to.have.length(screenful);
      const third = tiles()[2];
      third?.focus();
      await waitFor(() => expect(tiles()).to.have.length(50));
      expect(tiles()[2], 'the same element, not a new one').to.equal(third);
      expect(document.activeElement).to.equal(third);
      expect(tiles().map((box) => box.dataset['accountId'])).to.deep.equal(j.selection.accounts.slice(0, 50).map((account) => account.id));
      // Select all and the count act on all 5,000 accounts, rendered or not.
      flushSync(() => screen.getByRole('checkbox', { name: 'Select all available accounts' }).click());
      expect(j.selection.accounts.filter((account) => account.selected)).to.have.length(5000);
      expect(document.querySelector('[data-selection-count]')?.textContent).to.equal('5,000 of 5,000 accounts selected');
    } finally {
      unmount();
    }
  });

  it('issue 33 item 17: a new filter text renders a screenful of its matches at once, then the rest of the page', async () => {
    const screenful = screenfulOfTiles();
    const { j, tiles, unmount } = await renderedByTheBrowser(numbered(5000));
    try {
      await waitFor(() => expect(tiles()).to.have.length(50));
      const filter = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Find an account' });
      filter.focus();
      flushSync(() => typeInto(filter, '1'));
      const matching = j.selection.visibleAccounts.slice(0, 50).map((account) => account.id);
      expect(matching, 'the filter narrows all 5,000 accounts').to.have.length(50);
      expect(
        tiles().map((box) => box.dataset['accountId']),
        'the first render',
      ).to.deep.equal(matching.slice(0, screenful));
      await waitFor(() => expect(tiles().map((box) => box.dataset['accountId'])).to.deep.equal(matching));
      expect(document.activeElement).to.equal(filter);
    } finally {
      unmount();
    }
  });

  it('issue 33 item 17: "Show more accounts" renders and focuses the first new tile at once, then the rest of the page', async () => {
    const screenful = screenfulOfTiles();
    const { tiles, unmount } = await renderedByTheBrowser(numbered(120));
    try {
      await waitFor(() => expect(tiles()).to.have.length(50));
      flushSync(() => screen.getByRole('button', { name: 'Show more accounts (70 not shown yet)' }).click());
      expect(tiles(), 'the first render').to.have.length(50 + screenful);
      expect(document.activeElement).to.equal(tiles()[50]);
      await waitFor(() => expect(tiles()).to.have.length(100));
      expect(document.activeElement?.getAttribute('data-account-id')).to.equal('acc-0051');
    } finally {
      unmount();
    }
  });

  it('a tile re-renders only when its own account changes (ticking one, select-all)', async () => {
    const j = await atSelectAccounts([...numbered(30), ...egaEntries], false);
    const props = (): AccountTileProps[] =>
      j.selection.accounts.map((account) => ({
        account,
        onToggle: j.selection.toggle,
        onToggleSubAccount: j.selection.toggleSubAccount,
      }));
    const before = props();
    j.selection.toggle('acc-0003');
    const afterTick = props();
    const changed = (a: AccountTileProps[], b: AccountTileProps[]): string[] =>
      a.filter((p, i) => !sameTile(p, b[i] as AccountTileProps)).map((p) => p.account.id);
    expect(changed(before, afterTick)).to.deep.equal(['acc-0003']);
    j.selection.toggleAll();
    const afterAll = props();
    expect(changed(afterTick, afterAll)).to.have.length(30, 'every tile but the one already selected');
    expect(changed(afterTick, afterAll)).to.not.include('acc-0003');
    j.selection.toggleSubAccount('EGA:011000 99990001', 'ega-usd-01');
    expect(changed(afterAll, props())).to.deep.equal(['EGA:011000 99990001']);
  });

  it('issue 13 item 1: under a filter select-all names and selects only the matching accounts; the count stays in view; no match is said', async () => {
    const j = await atSelectAccounts(numbered(500));
    const count = (): string | null | undefined => document.querySelector('[data-selection-count]')?.textContent;
    expect(count()).to.equal('0 of 500 accounts selected');
    const filter = screen.getByRole('searchbox', { name: 'Find an account' });
    fireEvent.change(filter, { target: { value: 'Saver 049' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all 10 matching accounts' }));
    expect(count()).to.equal('10 of 500 accounts selected');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select all 10 matching accounts' }).checked).to.equal(true);
    fireEvent.change(filter, { target: { value: '' } });
    expect(
      j.selection.accounts.filter((a) => a.selected),
      'the hidden accounts did not change',
    ).to.have.length(10);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select all available accounts' }).checked).to.equal(false);
    fireEvent.change(filter, { target: { value: 'no such account' } });
    expect(screen.getByText('No accounts match')).to.be.instanceOf(Element);
    expect(screen.queryByRole('checkbox', { name: /^Select all/ })).to.equal(null);
    expect(count()).to.equal('10 of 500 accounts selected');
  });
});
