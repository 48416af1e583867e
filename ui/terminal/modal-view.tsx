import { Box, Text, useInput } from 'ink';
import { observer } from 'mobx-react-lite';
import { ModalStore } from '../../application/stores/modal.store';
import { SessionStore } from '../../application/stores/session.store';
import { copy, modalText } from '../../domain/copy';
import { MODAL_RULES } from '../../domain/modal';
import { useService } from './services-context';
import { Button } from './widgets';

/**
 * Spec §4 "Modals", DESIGN §3.10: the modal on top of the stack, in a frame: its title,
 * paragraphs, the timeout warning's countdown (spec §4, updated every second), phone numbers,
 * the contact link, and its buttons (the main one first and focused); Escape dismisses a closable one.
 */
export const ModalView = observer(function ModalView() {
  const modal = useService(ModalStore);
  const session = useService(SessionStore);
  const current = modal.current;
  const closable = current === undefined ? false : MODAL_RULES[current.name].closable;
  useInput((_input, key) => {
    if (key.escape && closable && !modal.busy) void modal.dismiss();
  });
  if (current === undefined) return undefined;
  const entry = copy.modals[current.name];
  const context = session.modalContext;
  // DESIGN §3.18 (issue 33 item 4): a question whose main button is the second (staying) shows it first, focused.
  const secondFirst = entry.secondaryIsMain === true && entry.secondary !== undefined && closable;
  return (
    <Box flexDirection="column" borderStyle="round" paddingX={1} gap={1}>
      <Text bold>{modalText(entry.title, context)}</Text>
      {entry.paragraphs.map((paragraph, index) => (
        <Text key={index}>{modalText(paragraph, context)}</Text>
      ))}
      {entry.countdown !== undefined && current.seconds !== undefined ? <Text color="yellow">{entry.countdown(current.seconds)}</Text> : undefined}
      {entry.phones === undefined ? undefined : entry.phones.map((phone) => <Text key={phone.tel}>{`${phone.label}: ${phone.number}`}</Text>)}
      {entry.contactLink === undefined ? undefined : <Text>{`${entry.contactLink}: ${session.config.links.contactUs}`}</Text>}
      <Box gap={2}>
        {secondFirst && entry.secondary !== undefined ? (
          <Button autoFocus label={entry.secondary} disabled={modal.busy} onPress={() => void modal.dismiss()} />
        ) : undefined}
        <Button autoFocus={!secondFirst} label={modalText(entry.primary, context)} disabled={modal.busy} onPress={() => void modal.activate()} />
        {!secondFirst && entry.secondary !== undefined && closable ? (
          <Button label={entry.secondary} disabled={modal.busy} onPress={() => void modal.dismiss()} />
        ) : undefined}
      </Box>
    </Box>
  );
});
