import { observer } from 'mobx-react-lite';
import { useCallback, useLayoutEffect, useRef } from 'react';
import { ModalStore } from '../../../application/stores/modal.store';
import { SessionStore } from '../../../application/stores/session.store';
import { MODAL_RULES, type ModalName } from '../../../domain/modal';
import type { ModalEntry } from '../../../domain/modal-stack';
import { useService } from '../services-context';
import { showInOrder } from './show-in-order';
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
