/** What can take focus inside a dialog, in tab order (no positive tabindex is used in this app). */
const FOCUSABLE = [
  'a[href]', 'button:not([disabled])', 'input:not([disabled]):not([type="hidden"])', 'select:not([disabled])',
  'textarea:not([disabled])', '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The focusable elements inside a container, in document order. */
export function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => !element.closest('[hidden]'));
}

/**
 * DESIGN §3.7: Tab and Shift+Tab stay inside the dialog (a focus trap of our own: jsdom and older
 * browsers lack <dialog>.showModal). Returns whether it moved focus.
 */
export function trapTab(container: HTMLElement, backwards: boolean): boolean {
  const focusable = focusableIn(container);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (first === undefined || last === undefined) {
    container.focus();
    return true;
  }
  const active = document.activeElement;
  if (backwards && (active === first || !container.contains(active) || active === container)) {
    last.focus();
    return true;
  }
  if (!backwards && (active === last || !container.contains(active))) {
    first.focus();
    return true;
  }
  return false;
}
