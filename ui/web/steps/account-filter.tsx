import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { AccountSelectionStore } from '../../../application/stores/account-selection.store';
import { useService } from '../services-context';
import { stepsCopy } from '../../../domain/steps-copy';

/**
 * The optional filter box of a long account list (AccountSelectionStore.filterShown): it narrows
 * the tiles shown by name or number, never the selection, and announces how many are shown.
 */
export const AccountFilter = observer(function AccountFilter() {
  const selection = useService(AccountSelectionStore);
  const inputId = useId();
  const helpId = useId();
  return (
    <div className="field account-filter">
      <label htmlFor={inputId} className="field-label">
        {stepsCopy.selectAccounts.filterLabel}
      </label>
      <p id={helpId} className="field-help">
        {stepsCopy.selectAccounts.filterHelp}
      </p>
      <input
        id={inputId}
        type="search"
        className="text-input"
        autoComplete="off"
        aria-describedby={helpId}
        value={selection.filterText}
        onChange={(event) => selection.setFilter(event.target.value)}
      />
      <p className="muted account-filter-count" role="status">
        {selection.filterText.trim() === '' ? '' : stepsCopy.selectAccounts.filterCount(selection.visibleAccounts.length, selection.accounts.length)}
      </p>
    </div>
  );
});
