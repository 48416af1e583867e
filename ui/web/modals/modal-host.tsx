import { observer } from 'mobx-react-lite';
import { useCallback, useLayoutEffect, useRef } from 'react';
import { ModalStore } from '../../../application/stores/modal.store';
import { SessionStore } from '../../../application/stores/session.store';
import { MODAL_RULES, type ModalName } from '../../../domain/modal';
import type { ModalEntry } from '../../../domain/modal-stack';
import { useService } from '../services-context';
import { ModalContent } from './modal-content';
import { ModalDialog } from './modal-dialog';

/** One modal of the stack; only the one on top answers (the platform makes the ones below inert). */
const StackedModal = observer(function StackedModal({
  entry,
  active,
  register,
}: {
  readonly entry: ModalEntry;
  readonly active: boolean;
  readonly register: (name: ModalName, dialog: HTMLDialogElement | null) => void;
}) {
  const modal = useService(ModalStore);
  const session = useService(SessionStore);
  const closable = MODAL_RULES[entry.name].closable;
  const titleId = `modal-${entry.name}-title`;
  const bodyId = `modal-${entry.name}-body`;
  const busy = active && modal.busy;
  return (
    <ModalDialog
      titleId={titleId}
      describedBy={bodyId}
      closable={closable}
      busy={busy}
      register={(dialog) => register(entry.name, dialog)}
      onDismiss={modal.dismiss}
    >
      <ModalContent
        name={entry.name}
        seconds={entry.seconds}
        context={session.modalContext}
        links={session.config.links}
        closable={closable}
        busy={busy}
        titleId={titleId}
        bodyId={bodyId}
        onActivate={() => void modal.activate()}
        onDismiss={() => void modal.dismiss()}
      />
    </ModalDialog>
  );
});

/**
 * The top layer in the stack's order: the dialogs already shown in the right order stay as they
 * are; from the first one out of place, those above it are closed and the rest shown bottom to
 * top, each taking the focus. So an ordinary modal that opens under the inactivity warning goes
 * under it, and the warning keeps the focus.
 */
export function showInOrder(shown: readonly ModalName[], wanted: readonly ModalName[], dialogs: ReadonlyMap<ModalName, HTMLDialogElement>): void {
  const stillShown = shown.filter((name) => dialogs.get(name)?.open === true);
  let same = 0;
  while (same < stillShown.length && same < wanted.length && stillShown[same] === wanted[same]) same += 1;
  for (const name of stillShown.slice(same).reverse()) dialogs.get(name)?.close();
  for (const name of wanted.slice(same)) {
    const dialog = dialogs.get(name);
    if (dialog === undefined || dialog.open) continue;
    dialog.showModal();
    // DESIGN §3.7: focus on the dialog itself (read with its title and text), not its first
    // button: a key still held from the page (Enter on Confirm) must not press the modal's button.
    dialog.focus();
  }
}

/**
 * Spec §2 "modal host", §4 "Modals", DESIGN §3.10: shows ModalStore's stack as native modal
 * dialogs, bottom first. The inactivity warning and the token-expiry redirect open over any other
 * modal; the ones below stay open under them, so dismissing the top one shows the one below as it
 * was, and the browser gives its focus back (DESIGN §3.7), as it does to the page when the last closes.
 */
export const ModalHost = observer(function ModalHost() {
  const modal = useService(ModalStore);
  const stack = modal.stack;
  const dialogs = useRef(new Map<ModalName, HTMLDialogElement>());
  const shown = useRef<readonly ModalName[]>([]);
  const register = useCallback((name: ModalName, dialog: HTMLDialogElement | null) => {
    if (dialog === null) dialogs.current.delete(name);
    else dialogs.current.set(name, dialog);
  }, []);
  const order = stack.map((entry) => entry.name).join(' ');

  useLayoutEffect(() => {
    const wanted = order === '' ? [] : (order.split(' ') as ModalName[]);
    showInOrder(shown.current, wanted, dialogs.current);
    shown.current = wanted;
  }, [order]);

  return (
    <>
      {stack.map((entry, index) => (
        <StackedModal key={entry.name} entry={entry} active={index === stack.length - 1} register={register} />
      ))}
    </>
  );
});
