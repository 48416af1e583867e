import { useLayoutEffect, useRef, type ReactNode, type SyntheticEvent } from 'react';
import { copy } from '../../../domain/copy';

/**
 * DESIGN §3.7 modal on the platform's `<dialog>` (ModalHost opens it with `showModal()`): the top
 * layer, the page behind inert, focus moved in on open and back on close, all by the browser.
 * Named by its title and described by its text.
 *
 * Spec §4 "Modals" (domain/modal.ts MODAL_RULES): a close request (Escape, a phone's back
 * gesture) arrives as `cancel`; it is always prevented, and a closable modal is dismissed through
 * the flow model instead, so the model stays the one that decides. A browser may close a dialog
 * without a cancellable `cancel` (Chrome does on a second Escape without a click between): a
 * closable modal is then dismissed, one that may not be closed (or is busy) is shown again.
 */
export function ModalDialog({
  titleId,
  describedBy,
  closable,
  busy,
  register,
  onDismiss,
  children,
}: {
  readonly titleId: string;
  readonly describedBy: string;
  readonly closable: boolean;
  readonly busy: boolean;
  /** ModalHost keeps each open dialog to show them in the stack's order (DESIGN §3.10). */
  readonly register: (dialog: HTMLDialogElement | null) => void;
  readonly onDismiss: () => void;
  readonly children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement | null>(null);

  // Closed before React removes it, so the browser gives focus back as for any close.
  useLayoutEffect(
    () => () => {
      if (dialog.current?.open === true) dialog.current.close();
    },
    [],
  );

  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    if (closable && !busy) onDismiss();
  };
  const onClose = (event: SyntheticEvent<HTMLDialogElement>) => {
    const element = event.currentTarget;
    // Still in the stack (ModalHost reopens a dialog it moved in the same commit, so it is open by now).
    if (element.open || !element.isConnected) return;
    if (closable && !busy) {
      onDismiss();
      return;
    }
    element.showModal();
    element.focus();
  };

  return (
    <dialog
      ref={(element) => {
        dialog.current = element;
        register(element);
      }}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      aria-busy={busy}
      tabIndex={-1}
      className="modal"
      onCancel={onCancel}
      onClose={onClose}
    >
      {closable ? (
        <button type="button" className="modal-close" aria-label={copy.shell.closeModal} onClick={onDismiss} disabled={busy}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
      ) : undefined}
      {children}
    </dialog>
  );
}
