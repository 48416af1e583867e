import { Box, Text, useFocus, useFocusManager, useInput } from 'ink';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { AccountSelectionStore } from '../../../application/stores/account-selection.store';
import { SessionStore } from '../../../application/stores/session.store';
import { accountDisplayName, formatAccountNumber } from '../../../domain/accounts';
import { accountTileNotes, pendingExplanation } from '../../../domain/selection-summary';
import { stepsCopy } from '../../../domain/steps-copy';
import { useService } from '../services-context';
import { useTakesKeys } from '../type-ahead';
import { Notice, TextField } from '../widgets';
import { StepButtons } from './step-buttons';

/** Ink's id of the account list (the focus a refused Continue sends there). */
const ACCOUNTS_FOCUS_ID = 'accounts';

type Row =
  | { readonly kind: 'all' }
  | { readonly kind: 'account'; readonly id: string }
  | { readonly kind: 'sub'; readonly parentId: string; readonly id: string }
  | { readonly kind: 'more' };

const box = (selected: boolean, indeterminate = false, disabled = false): string => (disabled ? '[-]' : selected ? '[x]' : indeterminate ? '[~]' : '[ ]');

/**
 * Spec §2 "Select and confirm": the warnings, the filter of a long list, select all, the notes,
 * the accounts (↑/↓ moves, space ticks; a multi-currency account's currencies while it is
 * ticked), "Show more accounts", and the buttons.
 */
export const SelectAccountsView = observer(function SelectAccountsView() {
  const selection = useService(AccountSelectionStore);
  const session = useService(SessionStore);
  const { isFocused } = useFocus({ autoFocus: true, id: ACCOUNTS_FOCUS_ID });
  const { focus } = useFocusManager();
  const [cursor, setCursor] = useState(0);
  // Issue 33 item 6: a new visit of the step; no earlier refusal stands.
  useEffect(() => selection.stepShown(), [selection]);
  // Issue 23 item C, issue 33 item 6: Continue with nothing to share sends the focus to the first
  // row of the accounts, just under the message that says what is missing (as the web's Continue).
  const refused = selection.continueRefused;
  useEffect(() => {
    if (refused === 0) return;
    setCursor(0);
    focus(ACCOUNTS_FOCUS_ID);
  }, [refused, focus]);
  const rows: Row[] = [
    ...(selection.selectAllShown ? [{ kind: 'all' } as const] : []),
    ...selection.shownAccounts.flatMap((account): Row[] => [
      { kind: 'account', id: account.id },
      ...(account.type === 'EGA' && (account.selected || account.indeterminate)
        ? account.subAccounts.map((sub): Row => ({ kind: 'sub', parentId: account.id, id: sub.id }))
        : []),
    ]),
    ...(selection.moreCount > 0 ? [{ kind: 'more' } as const] : []),
  ];
  const at = Math.min(cursor, rows.length - 1);
  useInput(
    (input, key) => {
      if (key.downArrow) setCursor(Math.min(rows.length - 1, at + 1));
      else if (key.upArrow) setCursor(Math.max(0, at - 1));
      else if (input === ' ') {
        const row = rows[at];
        if (row?.kind === 'all') selection.toggleAll();
        else if (row?.kind === 'account') selection.toggle(row.id);
        else if (row?.kind === 'sub') selection.toggleSubAccount(row.parentId, row.id);
        else if (row?.kind === 'more') selection.showMore();
      }
    },
    { isActive: isFocused },
  );
  useTakesKeys(isFocused);
  const note = selection.notAllSelectedNote
    ? stepsCopy.selectAccounts.notAllSelected
    : selection.noneSelectedNote
      ? stepsCopy.selectAccounts.noneSelected
      : undefined;
  const { back, primary, cancel } = session.buttons;
  return (
    <Box flexDirection="column">
      {selection.showSomeIneligibleWarning ? <Notice warning text={stepsCopy.selectAccounts.someIneligible} /> : undefined}
      {/* Issue 22 (CX standards "Unavailable accounts"): why, for every profile. */}
      {selection.showSomeIneligibleWarning ? <Text dimColor>{selection.unavailableWhy.join(' ')}</Text> : undefined}
      {selection.showNoneEligibleWarning ? <Notice warning text={`${stepsCopy.selectAccounts.noneEligible} ${selection.noneEligibleNext}`} /> : undefined}
      {selection.filterShown ? (
        <Box flexDirection="column">
          <TextField
            label={stepsCopy.selectAccounts.filterLabel}
            help={stepsCopy.selectAccounts.filterHelp}
            value={selection.filterText}
            onChange={selection.setFilter}
          />
          {selection.filterText.trim() === '' ? undefined : (
            <Text dimColor>{stepsCopy.selectAccounts.filterCount(selection.visibleAccounts.length, selection.accounts.length)}</Text>
          )}
        </Box>
      ) : undefined}
      {selection.accounts.length > 0 ? <Text bold={isFocused}>{stepsCopy.selectAccounts.legend}</Text> : undefined}
      {selection.continueMessage === undefined ? undefined : <Text color="red">{selection.continueMessage}</Text>}
      {note === undefined || (selection.continueMessage !== undefined && selection.noneSelectedNote) ? undefined : <Notice text={note} />}
      {rows.map((row, index) => {
        const pointer = isFocused && index === at ? '› ' : '  ';
        if (row.kind === 'all')
          return (
            <Text key="all">
              {pointer}
              {box(selection.allSelected)} {stepsCopy.selectAccounts.selectAll}
            </Text>
          );
        if (row.kind === 'more')
          return (
            <Text key="more">
              {pointer}
              {stepsCopy.selectAccounts.showMore(selection.moreCount)}
            </Text>
          );
        const parent = selection.accounts.find((account) => account.id === (row.kind === 'sub' ? row.parentId : row.id));
        if (parent === undefined) return undefined;
        if (row.kind === 'sub') {
          const sub = parent.subAccounts.find((entry) => entry.id === row.id);
          if (sub === undefined) return undefined;
          return (
            <Text key={`${row.parentId}/${row.id}`}>
              {pointer} {box(sub.selected, false, !sub.eligibleAccount)} {sub.currency ?? accountDisplayName(sub)} {formatAccountNumber(sub.identification)}
            </Text>
          );
        }
        const notes = accountTileNotes(parent);
        // Issue 22 (CX standards "Pending status"): a pending account is marked and explained in context.
        const pending = parent.eligibleAccount ? pendingExplanation(parent.pending) : undefined;
        return (
          <Box key={row.id} flexDirection="column">
            <Text>
              {pointer}
              {box(parent.selected, parent.indeterminate, !parent.eligibleAccount)} {accountDisplayName(parent)}{' '}
              <Text dimColor>{formatAccountNumber(parent.identification)}</Text>
              {notes.length > 0 ? <Text color="yellow">{`  ${notes.join(' · ')}`}</Text> : ''}
            </Text>
            {pending === undefined ? undefined : <Text dimColor>{`      ${pending.explanation}`}</Text>}
          </Box>
        );
      })}
      <StepButtons
        back={back === undefined ? undefined : { label: back, onPress: selection.back }}
        primary={{ label: primary, onPress: () => void selection.continue() }}
        cancel={{ label: cancel, onPress: selection.cancel }}
      />
    </Box>
  );
});
