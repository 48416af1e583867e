import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { ConfirmationStore } from '../../../application/stores/confirmation.store';
import { useService } from '../services-context';
import { stepsCopy } from '../../../domain/steps-copy';

/**
 * Spec §2 "Confirmation": the data sharing period (creation date to expiry, D Month YYYY;
 * "Updated data sharing period" in a PAR that changes it, issue 22), the arrangement id (PAR), and "How long will my
 * data be shared?" with the ongoing or once-only text.
 */
export const SharingPeriod = observer(function SharingPeriod() {
  const confirmation = useService(ConfirmationStore);
  const periodId = useId();
  const howLongId = useId();
  const periodText = confirmation.periodText;
  const arrangementId = confirmation.arrangementId;
  return (
    <>
      {periodText === undefined && arrangementId === undefined ? undefined : (
        <section className="confirmation-section period" aria-labelledby={periodId}>
          <h2 id={periodId} className="section-heading">
            {confirmation.periodHeading}
          </h2>
          {periodText === undefined ? undefined : <p className="period-range">{periodText}</p>}
          {arrangementId === undefined ? undefined : (
            <dl className="facts">
              <dt>{stepsCopy.confirmation.arrangementId}</dt>
              <dd className="arrangement-id">{arrangementId}</dd>
            </dl>
          )}
        </section>
      )}
      <section className="confirmation-section how-long" aria-labelledby={howLongId}>
        <h2 id={howLongId} className="section-heading">
          {stepsCopy.confirmation.howLong}
        </h2>
        <p>{confirmation.howLongText}</p>
        <p className="notice notice-info">{stepsCopy.confirmation.manageSharing}</p>
      </section>
    </>
  );
});
