import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { ProfileStore } from '../../../application/stores/profile.store';
import { SessionStore } from '../../../application/stores/session.store';
import { useService } from '../services-context';
import { StepButtonRow } from '../steps/step-button-row';
import { stepsCopy } from '../../../domain/steps-copy';

/**
 * Spec §2 "Select profile": the explanation, a radio group of the profiles by profileName, and
 * Continue / Cancel. The shell renders the title and progress.
 */
export const SelectProfilePage = observer(function SelectProfilePage() {
  const profile = useService(ProfileStore);
  const session = useService(SessionStore);
  const name = useId();
  const explanationId = useId();
  const buttons = session.buttons;
  return (
    <div className="stack step-body select-profile">
      <p id={explanationId}>{stepsCopy.selectProfile.explanation}</p>
      <fieldset className="profile-list" aria-describedby={explanationId}>
        <legend className="visually-hidden">{stepsCopy.selectProfile.legend}</legend>
        {profile.profiles.map((entry) => (
          <label key={entry.id} className={`checkbox radio profile-option${profile.selectedId === entry.id ? ' profile-option-selected' : ''}`}>
            <input type="radio" name={name} value={entry.id} checked={profile.selectedId === entry.id} onChange={() => profile.select(entry.id)} />
            <span className="profile-name">{entry.profileName}</span>
          </label>
        ))}
      </fieldset>
      <StepButtonRow primary={{ label: buttons.primary, onClick: () => void profile.continue() }} cancel={{ label: buttons.cancel, onClick: profile.cancel }} />
    </div>
  );
});
