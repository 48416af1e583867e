import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { ConfirmationStore } from '../../../application/stores/confirmation.store';
import { DESCRIPTION_MAX_LENGTH } from '../../../domain/flow-steps';
import { useService } from '../services-context';
import { stepsCopy } from '../../../domain/steps-copy';

/**
 * Spec §2: the optional "Your description (Optional)" input, sent as consentNickname on Confirm.
 * Issue 22: a hint under the label says what it is for and who sees it (the spec's placeholder
 * stays, and goes as soon as the customer types).
 */
export const DescriptionField = observer(function DescriptionField() {
  const confirmation = useService(ConfirmationStore);
  const inputId = useId();
  const hintId = useId();
  return (
    <div className="field description-field">
      <label htmlFor={inputId} className="field-label">
        {stepsCopy.confirmation.descriptionLabel}
      </label>
      <p id={hintId} className="field-help">
        {stepsCopy.confirmation.descriptionHint}
      </p>
      <input
        id={inputId}
        aria-describedby={hintId}
        type="text"
        className="text-input"
        autoComplete="off"
        maxLength={DESCRIPTION_MAX_LENGTH}
        placeholder={stepsCopy.confirmation.descriptionPlaceholder}
        value={confirmation.description}
        onChange={(event) => confirmation.setDescription(event.target.value)}
      />
    </div>
  );
});
