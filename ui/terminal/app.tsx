import { Box, Text } from 'ink';
import { observer } from 'mobx-react-lite';
import { ModalStore } from '../../application/stores/modal.store';
import { SessionStore } from '../../application/stores/session.store';
import { copy } from '../../domain/copy';
import { assertNever } from '../../domain/result';
import { FailureView } from './failure-view';
import { ModalView } from './modal-view';
import { useService } from './services-context';
import { ConfirmationView } from './steps/confirmation-view';
import { LoginView } from './steps/login-view';
import { SelectAccountsView } from './steps/select-accounts-view';
import { SelectProfileView } from './steps/select-profile-view';
import { TypeAheadProvider, type KeyListeners } from './type-ahead';

const StepBody = observer(function StepBody() {
  const step = useService(SessionStore).step;
  switch (step) {
    case 'login':
      return <LoginView />;
    case 'selectProfile':
      return <SelectProfileView />;
    case 'selectAccounts':
      return <SelectAccountsView />;
    case 'confirmation':
      return <ConfirmationView />;
    default:
      return assertNever(step);
  }
});

/**
 * Spec §2 "Shared shell" in a terminal: the progress ("Step n of total"), the step's title and
 * intro, and the step; an open modal takes the screen (only its buttons answer), as does the
 * failure page. A request under way shows "Loading". Tab / Shift+Tab move between controls.
 * While the journey starts towards the login step, the login form is already shown and typed into.
 */
const Screen = observer(function Screen() {
  const session = useService(SessionStore);
  const modal = useService(ModalStore);
  const screen = session.screen;
  // The login form takes keys while the token is verified and the consent read (the web's
  // pre-rendered form, docs/prerendered-login.md): nothing typed while it starts is lost.
  if (screen.kind === 'loading' && !session.awaitingLogin) return <Text>{copy.shell.loading}…</Text>;
  if (screen.kind === 'failure') return <FailureView />;
  if (screen.kind !== 'flow' && screen.kind !== 'loading') return assertNever(screen);
  const progress = session.progress;
  return (
    <Box flexDirection="column" gap={1}>
      <Box flexDirection="column">
        {progress === undefined ? undefined : <Text dimColor>{copy.shell.progressStep(progress.index + 1, progress.total)}</Text>}
        <Text bold color="cyan">
          {session.title}
        </Text>
        {session.intro === undefined ? undefined : <Text>{session.intro}</Text>}
        {session.offline ? <Text color="yellow">{copy.shell.offline}</Text> : undefined}
      </Box>
      {modal.current === undefined ? <StepBody /> : <ModalView />}
      {session.loading ? <Text dimColor>{copy.shell.loading}…</Text> : undefined}
      <Text dimColor>Tab / Shift+Tab: move · Enter: press · Space: tick · Esc: close · Ctrl+C: quit</Text>
    </Box>
  );
});

const NO_LISTENERS: KeyListeners = { key: () => undefined, interrupt: () => undefined };

/**
 * The app: the screen, with the keys typed while no control takes them kept (type-ahead.tsx);
 * `keys` hears every key Ink reads (the activity of spec §4's inactivity timer) and Ctrl+C.
 */
export function TerminalApp({ keys = NO_LISTENERS }: { readonly keys?: KeyListeners }) {
  return (
    <TypeAheadProvider on={keys}>
      <Screen />
    </TypeAheadProvider>
  );
}
