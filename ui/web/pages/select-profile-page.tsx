import { observer } from 'mobx-react-lite';
import { useId, useLayoutEffect, useRef } from 'react';
import { ProfileStore } from '../../../application/stores/profile.store';
import { SessionStore } from '../../../application/stores/session.store';
import { useService } from '../services-context';
import { StepButtonRow } from '../steps/step-button-row';
import { stepsCopy } from '../../../domain/steps-copy';

/**
 * Spec §2 "Select profile": the explanation, a radio group of the profiles by profileName, and
 * Continue / Cancel. The shell renders the title, intro and progress. Issue 33 item 8: no radio
 * is pre-selected; Continue with none chosen says so in the group (the GOV.UK radios' error
 * pattern: the message under the legend, read with the group) and moves focus to the first radio.
 */
export const SelectProfilePage = observer(function SelectProfilePage() {
  const profile = useService(ProfileStore);
  const session = useService(SessionStore);
  const name = useId();
  const explanationId = useId();
  const errorId = useId();
  const list = useRef<HTMLFieldSetElement>(null);
  const buttons = session.buttons;
  const error = profile.continueMessage;
  const refused = profile.continueRefused;
  useLayoutEffect(() => {
    if (refused === 0) return;
    list.current?.querySelector<HTMLInputElement>('input[type=radio]')?.focus();
  }, [refused]);
  return (
    <div className="stack step-body select-profile">
      <p id={explanationId}>{stepsCopy.selectProfile.explanation}</p>
      <fieldset
        ref={list}
        className={error === undefined ? 'profile-list' : 'profile-list profile-list-error'}
        aria-describedby={error === undefined ? explanationId : `${explanationId} ${errorId}`}
      >
        <legend className="visually-hidden">{stepsCopy.selectProfile.legend}</legend>
        {/* Not a live region: the focus is sent to the first radio, where the group's description reads it. */}
        {error === undefined ? undefined : (
          <p id={errorId} className="field-error">
            {error}
          </p>
        )}
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
