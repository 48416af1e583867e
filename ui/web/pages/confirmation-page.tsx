import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { ConfirmationStore } from '../../../application/stores/confirmation.store';
import { SessionStore } from '../../../application/stores/session.store';
import { useService } from '../services-context';
import { DataClusterAccordion } from '../steps/data-cluster-accordion';
import { DescriptionField } from '../steps/description-field';
import { SharingPeriod } from '../steps/sharing-period';
import { StepButtonRow } from '../steps/step-button-row';
import { SummaryGroups } from '../steps/summary-groups';
import { ReviewSummary } from '../steps/review-summary';
import { WhatsChangedNotice } from '../steps/whats-changed-notice';
import { stepsCopy } from '../../../domain/steps-copy';

/** Spec §2 "Selected profile" (not for PAR or a single profile). */
function SelectedProfile({ name }: { readonly name: string }) {
  const headingId = useId();
  return (
    <section className="confirmation-section selected-profile" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-heading">
        {stepsCopy.confirmation.selectedProfile}
      </h2>
      <p>{name}</p>
    </section>
  );
}

/**
 * Spec §2 buttons: Back (when the step has one), Confirm / Save changes (disabled while
 * confirming or once the journey ends; the use case is single-flight), Cancel / Exit without saving.
 * Issue 23 item B: on a review that would share nothing, Confirm says why beside it and confirms nothing.
 */
const ConfirmationButtons = observer(function ConfirmationButtons() {
  const confirmation = useService(ConfirmationStore);
  const session = useService(SessionStore);
  const { back, primary, cancel } = session.buttons;
  return (
    <StepButtonRow
      back={back === undefined ? undefined : { label: back, onClick: () => void confirmation.back() }}
      primary={{ label: primary, onClick: () => void confirmation.confirm(), disabled: !confirmation.canConfirm }}
      cancel={{ label: cancel, onClick: confirmation.cancel }}
      message={confirmation.confirmMessage}
    />
  );
});

/**
 * Spec §2 "Confirmation": the summary (issue 13 item 5), what changed (PAR), the no-account warning, the profile, the accounts,
 * the period, how long, where to manage sharing, the data clusters, the description and the
 * buttons. The shell renders the title, intro and progress.
 */
export const ConfirmationPage = observer(function ConfirmationPage() {
  const confirmation = useService(ConfirmationStore);
  const changes = confirmation.whatsChanged;
  const profileName = confirmation.selectedProfileName;
  return (
    <div className="stack step-body confirmation">
      <ReviewSummary />
      {changes === undefined ? undefined : <WhatsChangedNotice changes={changes} />}
      {confirmation.showNoAccountWarning ? <p className="notice notice-warning no-account-warning">{confirmation.noAccountWarningText}</p> : undefined}
      {profileName === undefined ? undefined : <SelectedProfile name={profileName} />}
      <SummaryGroups />
      <SharingPeriod />
      <DataClusterAccordion clusters={confirmation.listedClusters} />
      <DescriptionField />
      <ConfirmationButtons />
    </div>
  );
});
