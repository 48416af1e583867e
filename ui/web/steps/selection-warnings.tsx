import { observer } from 'mobx-react-lite';
import { AccountSelectionStore } from '../../../application/stores/account-selection.store';
import { SessionStore } from '../../../application/stores/session.store';
import { useService } from '../services-context';
import { stepsCopy } from '../../../domain/steps-copy';

/**
 * Spec §2 "Select and confirm" warnings: some accounts are not available (with the eligibility
 * link from the runtime config), or none is eligible (other requested data may still be shared).
 */
export const SelectionWarnings = observer(function SelectionWarnings() {
  const selection = useService(AccountSelectionStore);
  const session = useService(SessionStore);
  const eligibilityUrl = session.config?.links.eligibility;
  return (
    <>
      {selection.showSomeIneligibleWarning ? (
        <div className="notice notice-warning">
          <p>{stepsCopy.selectAccounts.someIneligible}</p>
          {eligibilityUrl === undefined ? undefined : (
            <p>
              <a href={eligibilityUrl} target="_blank" rel="noopener noreferrer">{stepsCopy.selectAccounts.eligibilityLink}</a>
            </p>
          )}
        </div>
      ) : undefined}
      {selection.showNoneEligibleWarning ? (
        <div className="notice notice-warning">
          <p>{stepsCopy.selectAccounts.noneEligible}</p>
          <p>{stepsCopy.selectAccounts.noneEligibleMore}</p>
        </div>
      ) : undefined}
    </>
  );
});
