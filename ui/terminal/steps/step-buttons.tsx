import { Box } from 'ink';
import { Button } from '../widgets';

/** Spec §2 buttons of a step: Back (when the step has one), the forward button, Cancel. */
export function StepButtons({
  back,
  primary,
  cancel,
}: {
  readonly back?: { readonly label: string; readonly onPress: () => void } | undefined;
  readonly primary: { readonly label: string; readonly onPress: () => void; readonly disabled?: boolean };
  readonly cancel: { readonly label: string; readonly onPress: () => void };
}) {
  return (
    <Box gap={2} marginTop={1}>
      {back === undefined ? undefined : <Button label={back.label} onPress={back.onPress} />}
      <Button label={primary.label} onPress={primary.onPress} disabled={primary.disabled ?? false} />
      <Button label={cancel.label} onPress={cancel.onPress} />
    </Box>
  );
}
