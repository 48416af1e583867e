import type { ModalName } from '../../../domain/modal';

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
