import { observer } from 'mobx-react-lite';
import { useId, useLayoutEffect, useRef } from 'react';
import { AccountSelectionStore } from '../../../application/stores/account-selection.store';
import { SessionStore } from '../../../application/stores/session.store';
import { useService } from '../services-context';
import { AccountFilter } from '../steps/account-filter';
import { AccountTile } from '../steps/account-tile';
import { useRevealedTiles } from '../steps/revealed-tiles';
import { SelectionWarnings } from '../steps/selection-warnings';
import { StepButtonRow } from '../steps/step-button-row';
import { stepsCopy } from '../../../domain/steps-copy';

/**
 * Spec §2: the select-all box, only with more than one available account; checked when all are
 * selected. Issue 13 item 1: under a filter it acts on, and names, the matching accounts.
 */
const SelectAll = observer(function SelectAll({ refusalId }: { readonly refusalId: string }) {
  const selection = useService(AccountSelectionStore);
  const { shown, checked, matching } = selection.selectAll;
  if (!shown) return undefined;
  // Issue 33 item 6: the refused Continue's message is read with the box the focus is sent to.
  const describedBy = selection.continueMessage === undefined ? undefined : refusalId;
  return (
    <label className="checkbox select-all">
      <input type="checkbox" data-select-all checked={checked} onChange={selection.toggleAll} aria-describedby={describedBy} />
      <span>{matching === undefined ? stepsCopy.selectAccounts.selectAll : stepsCopy.selectAccounts.selectAllMatching(matching)}</span>
    </label>
  );
});

/** Issue 13 item 1: how many accounts are selected, always in view, whatever the filter hides. */
const SelectionCount = observer(function SelectionCount() {
  const selection = useService(AccountSelectionStore);
  const { selected, total } = selection.selectionCount;
  if (total === 0) return undefined;
  return (
    <p className="selection-count" data-selection-count>
      {stepsCopy.selectAccounts.selectedCount(selected, total)}
    </p>
  );
});

const NOTES = [stepsCopy.selectAccounts.notAllSelected, stepsCopy.selectAccounts.noneSelected];

/**
 * Spec §2 notes: not all accounts chosen, or none (never both); announced politely as they
 * change. They sit after the tiles, next to the buttons: a tick never moves a tile under the
 * pointer, and no space is held for a note that is not shown (on a phone, no blank gap after
 * select-all). While a refused Continue's message stands above the accounts, it says "none" itself.
 */
const SelectionNotes = observer(function SelectionNotes() {
  const selection = useService(AccountSelectionStore);
  const refused = selection.continueMessage !== undefined;
  const note = selection.notAllSelectedNote ? NOTES[0] : selection.noneSelectedNote && !refused ? NOTES[1] : undefined;
  return (
    <div className="selection-notes" aria-live="polite">
      {note === undefined ? undefined : <p className="notice notice-info">{note}</p>}
    </div>
  );
});

/**
 * Issue 23 item C: after Continue with nothing to share, what is missing. Issue 33 item 6: above
 * the accounts, where the focus goes (select-all, else the first account), and read with that box;
 * it stands until the next Continue, so a tick never moves a tile under the finger.
 */
const SelectionRefused = observer(function SelectionRefused({ refusalId }: { readonly refusalId: string }) {
  const message = useService(AccountSelectionStore).continueMessage;
  if (message === undefined) return undefined;
  return (
    <p id={refusalId} className="notice notice-error selection-refused">
      {message}
    </p>
  );
});

/**
 * The tiles. Only this list observes the account array; each tile is memoised over its account
 * object and the store's stable (autoBound) methods, so a tick re-renders one tile. A long list
 * is shown page by page; "Show more accounts" moves focus to the first tile it reveals. Issue 33
 * item 17: a screenful of tiles first, the rest of the page just after (useRevealedTiles).
 */
const AccountList = observer(function AccountList({ refusalId }: { readonly refusalId: string }) {
  const selection = useService(AccountSelectionStore);
  const listRef = useRef<HTMLUListElement>(null);
  const focusIndex = useRef<number | undefined>(undefined);
  const shown = selection.shownAccounts;
  const revealed = useRevealedTiles(shown.length, selection.filterText);
  const rendered = revealed.count < shown.length ? shown.slice(0, revealed.count) : shown;
  const refusalFocus = selection.refusalFocusAccount;
  useLayoutEffect(() => {
    const index = focusIndex.current;
    if (index === undefined) return;
    focusIndex.current = undefined;
    listRef.current?.querySelectorAll<HTMLInputElement>('input[data-account-id]')[index]?.focus();
  }, [rendered.length]);
  const showMore = (): void => {
    focusIndex.current = shown.length;
    revealed.revealFrom(shown.length);
    selection.showMore();
  };
  return (
    <>
      <ul ref={listRef} className="account-list">
        {rendered.map((account) => (
          <AccountTile
            key={account.id}
            account={account}
            onToggle={selection.toggle}
            onToggleSubAccount={selection.toggleSubAccount}
            alsoDescribedBy={account.id === refusalFocus ? refusalId : undefined}
          />
        ))}
      </ul>
      {selection.moreCount > 0 ? (
        <button type="button" className="btn btn-secondary show-more" onClick={showMore}>
          {stepsCopy.selectAccounts.showMore(selection.moreCount)}
        </button>
      ) : undefined}
    </>
  );
});

/** Spec §2 buttons: Back only when the step has one (change-profile warning), Continue, Cancel. */
const SelectionButtons = observer(function SelectionButtons() {
  const selection = useService(AccountSelectionStore);
  const session = useService(SessionStore);
  const { back, primary, cancel } = session.buttons;
  return (
    <StepButtonRow
      back={back === undefined ? undefined : { label: back, onClick: selection.back }}
      primary={{ label: primary, onClick: () => void selection.continue() }}
      cancel={{ label: cancel, onClick: selection.cancel }}
    />
  );
});

/**
 * Spec §2 "Select and confirm": the warnings, the account fieldset (select-all, tiles with
 * EGA currencies, notes) and the buttons. The shell renders the title, intro and progress.
 */
export const SelectAccountsPage = observer(function SelectAccountsPage() {
  const selection = useService(AccountSelectionStore);
  const body = useRef<HTMLDivElement>(null);
  const refusalId = useId();
  // Issue 33 item 6: a new visit of the step; no earlier refusal stands (before the focus below reads it).
  useLayoutEffect(() => selection.stepShown(), [selection]);
  // Issue 23 item C: Continue with nothing to share: focus goes to the accounts the message is about (select-all, else the first account).
  // Issue 33 item 6: the message, just above that box, comes into view with it (on a phone it is not left below the list, out of view).
  const refused = selection.continueRefused;
  useLayoutEffect(() => {
    if (selection.continueRefused === 0) return;
    const target = body.current?.querySelector<HTMLInputElement>('input[data-select-all]:not(:disabled), input[data-account-id]:not(:disabled)');
    target?.focus({ preventScroll: true });
    document.getElementById(refusalId)?.scrollIntoView?.({ block: 'nearest' });
    target?.scrollIntoView?.({ block: 'nearest' });
  }, [selection, refused, refusalId]);
  return (
    <div ref={body} className="stack step-body select-accounts">
      <SelectionWarnings />
      {selection.accounts.length > 0 ? (
        <fieldset className="account-fieldset stack">
          <legend className="account-legend">{stepsCopy.selectAccounts.legend}</legend>
          {selection.filterShown ? <AccountFilter /> : undefined}
          <SelectionCount />
          <SelectionRefused refusalId={refusalId} />
          <SelectAll refusalId={refusalId} />
          {selection.noMatch ? <p className="notice notice-info no-match">{stepsCopy.selectAccounts.noMatch}</p> : undefined}
          <AccountList refusalId={refusalId} />
          <SelectionNotes />
        </fieldset>
      ) : undefined}
      <SelectionButtons />
    </div>
  );
});
