// jsdom has <dialog> but not its modal behaviour (showModal, close, Escape). This plays the parts
// of the HTML standard that the app relies on, so jsdom tests keep working; the real behaviour
// (top layer, inert page, Chrome's own Escape handling) is proven in test/browser/modals.test.ts.

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Installs showModal/close and the Escape close request on jsdom's HTMLDialogElement (once). */
export function installDialogPolyfill(window: Window & typeof globalThis): void {
  const proto = window.HTMLDialogElement.prototype as HTMLDialogElement & { __polyfilled?: boolean };
  if (proto.__polyfilled === true || typeof proto.showModal === 'function') return;
  proto.__polyfilled = true;
  const modals: HTMLDialogElement[] = [];
  const previouslyFocused = new WeakMap<HTMLDialogElement, Element | null>();
  const listening = new WeakSet<Document>();
  // A dialog's own window (a test may build another jsdom window than the global one).
  const windowOf = (dialog: HTMLDialogElement): Window & typeof globalThis => dialog.ownerDocument.defaultView ?? window;

  // HTML "close requests": Escape asks the top modal dialog with a cancelable `cancel`; not prevented, it closes.
  const listenForEscape = (document: Document): void => {
    if (listening.has(document)) return;
    listening.add(document);
    document.addEventListener('keydown', (event) => {
      const top = modals.at(-1);
      if (event.key !== 'Escape' || event.defaultPrevented || top === undefined || top.ownerDocument !== document) return;
      if (top.dispatchEvent(new (windowOf(top).Event)('cancel', { cancelable: true }))) top.close();
    });
  };

  Object.defineProperty(proto, 'open', {
    configurable: true,
    get(this: HTMLDialogElement) {
      return this.hasAttribute('open');
    },
    set(this: HTMLDialogElement, value: boolean) {
      this.toggleAttribute('open', value);
    },
  });

  // HTML "showModal()": open, on top of the modal stack, focus moved to the first focusable descendant (else the dialog).
  proto.showModal = function showModal(this: HTMLDialogElement) {
    if (this.open) {
      if (modals.includes(this)) return;
      throw new (windowOf(this).DOMException)('The dialog is already open as a non-modal dialog.', 'InvalidStateError');
    }
    if (!this.isConnected) throw new (windowOf(this).DOMException)('The dialog is not in a document.', 'InvalidStateError');
    listenForEscape(this.ownerDocument);
    previouslyFocused.set(this, this.ownerDocument.activeElement);
    this.setAttribute('open', '');
    modals.push(this);
    (this.querySelector<HTMLElement>(FOCUSABLE) ?? this).focus();
  };

  // HTML "close the dialog": closed, off the stack, focus back to where it was, then a `close` event (queued).
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    const index = modals.indexOf(this);
    if (index >= 0) modals.splice(index, 1);
    const back = previouslyFocused.get(this);
    previouslyFocused.delete(this);
    const win = windowOf(this);
    if (back instanceof win.HTMLElement && back.isConnected) back.focus();
    win.setTimeout(() => this.dispatchEvent(new win.Event('close')), 0);
  };
}
