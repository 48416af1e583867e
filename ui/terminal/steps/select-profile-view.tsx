import { Box, Text, useFocus, useFocusManager, useInput } from 'ink';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { ProfileStore } from '../../../application/stores/profile.store';
import { SessionStore } from '../../../application/stores/session.store';
import { stepsCopy } from '../../../domain/steps-copy';
import { useService } from '../services-context';
import { useTakesKeys } from '../type-ahead';
import { StepButtons } from './step-buttons';

/**
 * Spec §2 "Select profile": the explanation and the profiles as radio buttons (↑/↓ moves the
 * choice), Continue and Cancel. Issue 33 item 8: none is chosen at first (↓ or ↑ chooses one);
 * Continue with none chosen says so under the list and brings the focus back to it.
 */
export const SelectProfileView = observer(function SelectProfileView() {
  const profile = useService(ProfileStore);
  const buttons = useService(SessionStore).buttons;
  const { isFocused } = useFocus({ id: 'profiles' });
  // A new step starts on its list (the control that had focus went with the previous step); so does a refused Continue.
  const { focus } = useFocusManager();
  const refused = profile.continueRefused;
  useEffect(() => focus('profiles'), [focus, refused]);
  const index = profile.profiles.findIndex((entry) => entry.id === profile.selectedId);
  useInput(
    (_input, key) => {
      const next = key.downArrow ? index + 1 : key.upArrow ? index - 1 : undefined;
      const target = next === undefined ? undefined : profile.profiles[Math.max(0, Math.min(profile.profiles.length - 1, next))];
      if (target !== undefined) profile.select(target.id);
      else if (key.return) void profile.continue();
    },
    { isActive: isFocused },
  );
  useTakesKeys(isFocused);
  return (
    <Box flexDirection="column">
      <Text>{stepsCopy.selectProfile.explanation}</Text>
      <Text bold={isFocused}>{stepsCopy.selectProfile.legend}</Text>
      {profile.profiles.map((entry) => (
        <Text key={entry.id}>{`${entry.id === profile.selectedId ? '(•)' : '( )'} ${entry.profileName}`}</Text>
      ))}
      {profile.continueMessage === undefined ? undefined : <Text color="red">{profile.continueMessage}</Text>}
      <StepButtons primary={{ label: buttons.primary, onPress: () => void profile.continue() }} cancel={{ label: buttons.cancel, onPress: profile.cancel }} />
    </Box>
  );
});
