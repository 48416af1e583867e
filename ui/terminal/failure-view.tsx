import { Box, Text } from 'ink';
import { observer } from 'mobx-react-lite';
import { SessionStore } from '../../application/stores/session.store';
import { failurePageText, failureTitles } from '../../domain/error-page';
import { useService } from './services-context';
import { Button } from './widgets';

/**
 * Spec §2 "Failure page": the title, the bank's message, the reference to quote (DESIGN §3.13:
 * only what is proven to be a code and a time), Go Back or Leave Page with where it goes (issue 23
 * item 8, as the web's).
 */
export const FailureView = observer(function FailureView() {
  const session = useService(SessionStore);
  const screen = session.screen;
  const failure = screen.kind === 'failure' ? screen : undefined;
  const { message, reference } = failurePageText(failure, session.config.errorMessages);
  return (
    <Box flexDirection="column" borderStyle="double" paddingX={1} gap={1}>
      <Text bold color="red">
        {failureTitles(failure?.route).title}
      </Text>
      <Text>{message}</Text>
      {session.failureOutcome === '' ? undefined : <Text>{session.failureOutcome}</Text>}
      {reference === undefined ? undefined : <Text dimColor>{reference}</Text>}
      {session.failureHasExit ? (
        <Box flexDirection="column">
          <Button autoFocus label={session.failureExit.label} onPress={() => void session.leaveFailurePage()} />
          <Text dimColor>{session.failureExit.where}</Text>
        </Box>
      ) : undefined}
    </Box>
  );
});
