import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { copy } from '../../../domain/copy';
import { trapTab } from './focus-trap';

/**
 * DESIGN §3.7 modal: a div role="dialog" aria-modal="true" named by its title and described by
 * its text. Focus moves into it when it opens; Tab is trapped inside; Escape and the close
 * button call `onDismiss`, only when the modal is closable. DESIGN §3.10: a modal covered by a
 * time-critical one (`active` false) is hidden, and gets its focus back when it is on top again.
 */
export function ModalDialog({ titleId, describedBy, closable, busy, active, onDismiss, children }: {
  readonly titleId: string;
  readonly describedBy: string;
  readonly closable: boolean;
  readonly busy: boolean;
  readonly active: boolean;
  readonly onDismiss: () => void;
  readonly children: ReactNode;
}) {
  const dialog = useRef<HTMLDivElement>(null);
  const focusWithin = useRef<HTMLElement | undefined>(undefined);

  // Covered now: remember what had focus inside, during the render (before the commit hides it).
  if (!active && focusWithin.current === undefined && typeof document !== 'undefined') {
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && dialog.current?.contains(focused) === true) focusWithin.current = focused;
  }

  useEffect(() => {
    if (!active) return;
    const target = focusWithin.current;
    focusWithin.current = undefined;
    (target !== undefined && target.isConnected ? target : dialog.current)?.focus();
  }, [active]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      if (closable) onDismiss();
      return;
    }
    if (event.key === 'Tab' && dialog.current !== null && trapTab(dialog.current, event.shiftKey)) event.preventDefault();
  };

  return (
    <div
      ref={dialog}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      aria-busy={busy}
      tabIndex={-1}
      className="modal"
      hidden={!active}
      onKeyDown={onKeyDown}
    >
      {closable ? (
        <button type="button" className="modal-close" aria-label={copy.shell.closeModal} onClick={onDismiss} disabled={busy}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
      ) : undefined}
      {children}
    </div>
  );
}
