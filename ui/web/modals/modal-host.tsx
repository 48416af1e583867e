import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { ModalStore } from '../../../application/stores/modal.store';
import { SessionStore } from '../../../application/stores/session.store';
import { MODAL_RULES } from '../../../domain/modal';
import type { ModalEntry } from '../../../domain/modal-stack';
import { useService } from '../services-context';
import { ModalContent } from './modal-content';
import { ModalDialog } from './modal-dialog';

/** One modal of the stack; only the one on top is shown and answers. */
const StackedModal = observer(function StackedModal({ entry, active }: { readonly entry: ModalEntry; readonly active: boolean }) {
  const modal = useService(ModalStore);
  const session = useService(SessionStore);
  const closable = MODAL_RULES[entry.name].closable;
  const titleId = `modal-${entry.name}-title`;
  const bodyId = `modal-${entry.name}-body`;
  const busy = active && modal.busy;
  return (
    <ModalDialog titleId={titleId} describedBy={bodyId} closable={closable} busy={busy} active={active} onDismiss={modal.dismiss}>
      <ModalContent
        name={entry.name}
        seconds={entry.seconds}
        context={{ tppName: session.tppName, isPar: session.isPar }}
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
 * Spec §2 "modal host", §4 "Modals", DESIGN §3.10: shows ModalStore's stack. The inactivity
 * warning and the token-expiry redirect open over any other modal; the modals under the top one
 * stay mounted but hidden, so dismissing the top one shows the one below as it was, its focus
 * included. DESIGN §3.7: when the last modal closes, focus returns to where it was before.
 */
export const ModalHost = observer(function ModalHost() {
  const modal = useService(ModalStore);
  const returnTo = useRef<HTMLElement | undefined>(undefined);
  const stack = modal.stack;
  const open = stack.length > 0;

  // Remember the focus during the render that opens the first modal, before the commit lets the dialog take it.
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

  if (!open) return undefined;
  return (
    <div className="modal-backdrop">
      {stack.map((entry, index) => <StackedModal key={entry.name} entry={entry} active={index === stack.length - 1} />)}
    </div>
  );
});
