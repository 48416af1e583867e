import { Box, Text, useFocus, useInput } from 'ink';
import { copy } from '../../domain/copy';
import { useTakesKeys } from './type-ahead';

/**
 * A button: Tab reaches it, Enter or space presses it; a disabled one is skipped. Issue 25 item 5:
 * no meaning by colour alone: the focused one is pointed at ("> "), as a text box is, beside its
 * inverse colours; a disabled one says so beside its dimming.
 */
export function Button({
  label,
  onPress,
  disabled = false,
  autoFocus = false,
}: {
  readonly label: string;
  readonly onPress: () => void;
  readonly disabled?: boolean;
  readonly autoFocus?: boolean;
}) {
  const { isFocused } = useFocus({ isActive: !disabled, autoFocus });
  useInput(
    (input, key) => {
      if (key.return || input === ' ') onPress();
    },
    { isActive: isFocused && !disabled },
  );
  useTakesKeys(isFocused && !disabled);
  return (
    <Text>
      {isFocused ? '> ' : '  '}
      <Text inverse={isFocused} dimColor={disabled}>{`[ ${label} ]`}</Text>
      {disabled ? <Text dimColor>{` ${copy.shell.unavailable}`}</Text> : ''}
    </Text>
  );
}

/**
 * A one-line text box: Tab reaches it, typing edits it, Backspace deletes, Enter submits. A
 * masked box (the secure code) shows one * per character. Issue 33 item 3: a box at fault
 * (`invalid`, by default when it has an error) is marked "!" beside its label, in red; a message
 * that is not an error (`invalid` false: the code the bank spent at the date-of-birth step-up) is
 * shown as a notice.
 */
export function TextField({
  id,
  label,
  value,
  onChange,
  onSubmit,
  onLeave,
  error,
  invalid = error !== undefined,
  help,
  mask = false,
  maxLength,
  autoFocus = false,
}: {
  /** The focus id (useFocusManager().focus moves focus to it). */
  readonly id?: string;
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly onSubmit?: () => void;
  readonly onLeave?: () => void;
  readonly error?: string | undefined;
  readonly invalid?: boolean;
  readonly help?: string | undefined;
  readonly mask?: boolean;
  readonly maxLength?: number;
  readonly autoFocus?: boolean;
}) {
  const { isFocused } = useFocus({ autoFocus, ...(id === undefined ? {} : { id }) });
  useInput(
    (input, key) => {
      if (key.return) {
        onSubmit?.();
        return;
      }
      if (key.tab) {
        onLeave?.();
        return;
      }
      if (key.backspace || key.delete) {
        onChange(value.slice(0, -1));
        return;
      }
      // Control characters (several keys arriving in one chunk) are never text.
      const printable = input.replace(/\p{Cc}/gu, '');
      if (key.ctrl || key.meta || key.escape || key.upArrow || key.downArrow || key.leftArrow || key.rightArrow || printable === '') return;
      const next = value + printable;
      onChange(maxLength === undefined ? next : next.slice(0, maxLength));
    },
    { isActive: isFocused },
  );
  useTakesKeys(isFocused);
  const shown = mask ? '*'.repeat(value.length) : value;
  return (
    <Box flexDirection="column">
      {invalid ? <Text bold={isFocused} color="red">{`! ${label}`}</Text> : <Text bold={isFocused}>{label}</Text>}
      {help === undefined ? undefined : <Text dimColor>{help}</Text>}
      <Text>
        {isFocused ? '> ' : '  '}
        <Text underline>{shown === '' ? ' ' : shown}</Text>
        {isFocused ? '_' : ''}
      </Text>
      {error === undefined ? undefined : invalid ? <Text color="red">{error}</Text> : <Notice text={error} />}
    </Box>
  );
}

/** A notice line (info or warning), as the web shows its notice boxes. */
export function Notice({ text, warning = false }: { readonly text: string; readonly warning?: boolean }) {
  return <Text color={warning ? 'yellow' : 'cyan'}>{`${warning ? '!' : 'i'} ${text}`}</Text>;
}
