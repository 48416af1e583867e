import { observer } from 'mobx-react-lite';
import { AccountSelectionStore } from '../../../application/stores/account-selection.store';
import { SessionStore } from '../../../application/stores/session.store';
import { useService } from '../services-context';
import { ExternalLink } from '../shell/external-link';
import { stepsCopy } from '../../../domain/steps-copy';

/**
 * Issue 22 (CX standards "Unavailable accounts": why "SHOULD be communicated as in-line help or
 * as a modal to reduce on-screen content"): a disclosure under the warning, closed at first.
 */
const UnavailableWhy = observer(function UnavailableWhy() {
  const selection = useService(AccountSelectionStore);
  return (
    <details className="inline-help unavailable-why">
      <summary>{stepsCopy.selectAccounts.unavailableWhy}</summary>
      {selection.unavailableWhy.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </details>
  );
});

/**
 * Spec §2 "Select and confirm" warnings: some accounts are not available (with the eligibility
 * link from the runtime config, and why, issue 22), or none is eligible (other requested data
 * may still be shared).
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
          <UnavailableWhy />
          {eligibilityUrl === undefined ? undefined : (
            <p className="eligibility-link">
              <ExternalLink href={eligibilityUrl}>{stepsCopy.selectAccounts.eligibilityLink}</ExternalLink>
            </p>
          )}
        </div>
      ) : undefined}
      {selection.showNoneEligibleWarning ? (
        <div className="notice notice-warning">
          <p>{stepsCopy.selectAccounts.noneEligible}</p>
          <p>{selection.noneEligibleNext}</p>
          {selection.readonlyAccounts.length > 0 ? <UnavailableWhy /> : undefined}
        </div>
      ) : undefined}
    </>
  );
});
