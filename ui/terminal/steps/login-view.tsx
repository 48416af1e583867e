import { Box, Text, useFocusManager } from 'ink';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { LoginStore } from '../../../application/stores/login.store';
import { copy } from '../../../domain/copy';
import { useService } from '../services-context';
import { Button, Notice, TextField } from '../widgets';

/**
 * Spec §2 "Additional security": the date of birth as DD, MM and YYYY, with the example; on
 * Enter with it empty or half filled, what is missing, the parts marked (issue 33 item 3).
 */
const DateOfBirthFields = observer(function DateOfBirthFields() {
  const login = useService(LoginStore);
  const dob = login.form.dob;
  const leave = () => login.touch('dob');
  return (
    <Box flexDirection="column" marginTop={1}>
      <Text bold>{copy.login.dobHeading}</Text>
      {login.dobStepUpNotice === undefined ? undefined : <Notice text={login.dobStepUpNotice} />}
      <Text>
        {copy.login.dobLabel} <Text dimColor>{copy.login.dobExample}</Text>
      </Text>
      <Box gap={2}>
        <TextField
          id="dob-day"
          label={copy.login.dobDay}
          value={dob.day}
          invalid={login.dobPartInvalid('day')}
          maxLength={2}
          onChange={(value) => login.setDobPart('day', value)}
          onLeave={leave}
          onSubmit={() => void login.submit()}
        />
        <TextField
          id="dob-month"
          label={copy.login.dobMonth}
          value={dob.month}
          invalid={login.dobPartInvalid('month')}
          maxLength={2}
          onChange={(value) => login.setDobPart('month', value)}
          onLeave={leave}
          onSubmit={() => void login.submit()}
        />
        <TextField
          id="dob-year"
          label={copy.login.dobYear}
          value={dob.year}
          invalid={login.dobPartInvalid('year')}
          maxLength={4}
          onChange={(value) => login.setDobPart('year', value)}
          onLeave={leave}
          onSubmit={() => void login.submit()}
        />
      </Box>
      {login.dobError === undefined ? undefined : <Text color="red">{login.dobError}</Text>}
    </Box>
  );
});

/**
 * Spec §2 "Login screen", §5: username (help and its two help modals, as the CX standards and the
 * bank's switches allow: issue 22), the secure code (masked, 6 digits, how long a code lasts; the
 * lost-key modal), the date of birth when the bank asks (with the step-up notice), the password
 * note, Continue (Enter in a field submits; the button is skipped until the form is complete) and
 * Cancel. Enter on an incomplete form says what is missing under each field and moves the focus
 * to the first (LoginStore.submit, as the web's Continue); while the journey starts it is kept.
 */
export const LoginView = observer(function LoginView() {
  const login = useService(LoginStore);
  const { focus } = useFocusManager();
  const submit = () => {
    void login.submit();
  };
  const request = login.fieldFocus;
  // Issue 33 item 3: into the date of birth, at its first part at fault.
  useEffect(() => {
    if (request !== undefined) focus(request.field === 'dob' ? `dob-${login.dobFocusPart}` : request.field);
  }, [request, focus, login]);
  return (
    <Box flexDirection="column" gap={1}>
      <Text bold>{copy.login.heading}</Text>
      {login.loginError ? <Text color="red">{copy.login.errorBanner}</Text> : undefined}
      {login.answerLost ? <Notice warning text={copy.login.answerLost} /> : undefined}
      <Box flexDirection="column">
        <TextField
          id="username"
          autoFocus
          label={copy.login.usernameLabel}
          help={copy.login.usernameHelp}
          value={login.form.username}
          error={login.usernameError}
          onChange={login.setUsername}
          onLeave={() => login.touch('username')}
          onSubmit={submit}
        />
        {login.links.forgotUsername || login.links.notRegistered ? (
          <Box gap={1}>
            {login.links.forgotUsername ? <Button label={copy.login.forgotUsername} onPress={() => login.openHelp('forgotUsername')} /> : undefined}
            {login.links.notRegistered ? <Button label={copy.login.notRegistered} onPress={() => login.openHelp('notRegistered')} /> : undefined}
          </Box>
        ) : undefined}
      </Box>
      <Box flexDirection="column">
        <TextField
          id="secureCode"
          mask
          label={copy.login.secureCodeLabel}
          help={login.secureCodeHelp}
          value={login.form.secureCode}
          error={login.secureCodeError}
          invalid={login.secureCodeInvalid}
          onChange={login.setSecureCode}
          onLeave={() => login.touch('secureCode')}
          onSubmit={submit}
        />
        <Button label={copy.login.lostSecureKey} onPress={() => login.openHelp('lostSecureKey')} />
      </Box>
      {login.requireDob ? <DateOfBirthFields /> : undefined}
      <Notice text={login.passwordNote} />
      <Box gap={2}>
        <Button label={copy.login.continue} disabled={!login.canContinue} onPress={submit} />
        <Button label={copy.login.cancel} onPress={login.cancel} />
      </Box>
    </Box>
  );
});
