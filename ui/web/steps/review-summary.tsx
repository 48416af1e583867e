import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { ConfirmationStore } from '../../../application/stores/confirmation.store';
import { SessionStore } from '../../../application/stores/session.store';
import { useService } from '../services-context';
import { stepsCopy } from '../../../domain/steps-copy';

/**
 * Issue 13 item 5: who, what, how long at a glance: the recipient (tppName and legal name
 * orgName, CONTRACT §1), how many accounts (not when the account step is skipped: no account
 * data is asked for) and the data sharing period.
 */
export const ReviewSummary = observer(function ReviewSummary() {
  const confirmation = useService(ConfirmationStore);
  const session = useService(SessionStore);
  const headingId = useId();
  const { tppName, orgName } = confirmation.recipient;
  const count = confirmation.sharedAccountCount;
  const period = confirmation.periodText;
  return (
    <section className="confirmation-section review-summary" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-heading">
        {stepsCopy.confirmation.summaryHeading}
      </h2>
      <dl>
        <dt>{stepsCopy.confirmation.sharedWith}</dt>
        <dd data-summary="recipient">{stepsCopy.confirmation.recipientNames(tppName, orgName)}</dd>
        {session.skipStep ? undefined : (
          <>
            <dt>{stepsCopy.confirmation.accountsToShare}</dt>
            <dd data-summary="accounts">{count === 0 ? stepsCopy.confirmation.noAccounts : stepsCopy.confirmation.accountCount(count)}</dd>
          </>
        )}
        {period === undefined ? undefined : (
          <>
            <dt>{confirmation.periodHeading}</dt>
            <dd data-summary="period">{period}</dd>
          </>
        )}
      </dl>
    </section>
  );
});
