import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef } from 'react';
import { ModalStore } from '../../application/stores/modal.store';
import { SessionStore } from '../../application/stores/session.store';
import { ModalActions } from '../../application/use-cases/modal-actions.use-case';
import { MODAL_RULES } from '../../domain/modal';
import { useService } from '../services-context';
import { ModalContent } from './modal-content';
import { ModalDialog } from './modal-dialog';

/**
 * Spec §2 "modal host", §4 "Modals": shows ModalStore.current. Its buttons call ModalActions
 * (activate; dismiss for closable modals). DESIGN §3.7: focus returns to where it was when the
 * modal closes (if that element is still on the page).
 */
export const ModalHost = observer(function ModalHost() {
  const modal = useService(ModalStore);
  const session = useService(SessionStore);
  const actions = useService(ModalActions);
  const titleId = useId();
  const bodyId = useId();
  const returnTo = useRef<HTMLElement | undefined>(undefined);
  const current = modal.current;
  const open = current !== undefined;

  // Remember the focus during the render that opens the modal, before the commit lets the dialog take it.
  if (open && returnTo.current === undefined && typeof document !== 'undefined') {
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== document.body) returnTo.current = active;
  }
  useEffect(() => {
    if (open) return;
    const target = returnTo.current;
    returnTo.current = undefined;
    if (target !== undefined && target.isConnected) target.focus();
  }, [open]);

  if (current === undefined) return undefined;
  const closable = MODAL_RULES[current.name].closable;
  const dismiss = () => actions.dismiss();
  return (
    <ModalDialog key={current.name} titleId={titleId} describedBy={bodyId} closable={closable} busy={modal.busy} onDismiss={dismiss}>
      <ModalContent
        name={current.name}
        seconds={current.seconds}
        tppName={session.tppName}
        links={session.config?.links}
        closable={closable}
        busy={modal.busy}
        titleId={titleId}
        bodyId={bodyId}
        onActivate={() => void actions.activate()}
        onDismiss={dismiss}
      />
    </ModalDialog>
  );
});
