/**
 * Issue 33 item 9: a press that began before a step was shown must not act on that step. At 390 px
 * the first account tile replaces the login's Continue in place, so the second press of a double
 * tap or double click on Continue comes down on the login and is lifted on the account step, or is
 * wholly on the account step though its series began on the login: it must not tick the tile.
 *
 * So a step, until it has taken a pointer click of its own, ignores one that is carried over: its
 * pointer was already down when the step was shown (and has not been pressed again since), or it
 * is the second (third…) click of a series (`detail` ≥ 2). A click from a key or an assistive
 * technology (`detail` 0) always acts. The pointers that are down are tracked from the first step
 * shown (the login) on.
 */
const pointersDown = new WeakMap<Document, Set<number>>();

/** The pointers down on `document`, tracked from the first call on. */
function pointersOf(document: Document): ReadonlySet<number> {
  const known = pointersDown.get(document);
  if (known !== undefined) return known;
  const down = new Set<number>();
  pointersDown.set(document, down);
  const options = { capture: true, passive: true } as const;
  document.addEventListener('pointerdown', (event) => down.add(event.pointerId), options);
  document.addEventListener('pointerup', (event) => down.delete(event.pointerId), options);
  document.addEventListener('pointercancel', (event) => down.delete(event.pointerId), options);
  return down;
}

/**
 * Guards `step`, a step just shown, from a press carried over (above): such a click is stopped
 * before it reaches the step, and does not tick, press or follow anything. Returns the function
 * that removes the guard (when the step goes).
 */
export function ignorePressCarriedOver(step: HTMLElement): () => void {
  const document = step.ownerDocument;
  let pointerCarriedOver = pointersOf(document).size > 0;
  let ownClickTaken = false;
  const pressBegan = (): void => {
    pointerCarriedOver = false;
  };
  const onClick = (event: MouseEvent): void => {
    if (ownClickTaken || event.detail === 0) return;
    if (pointerCarriedOver || event.detail > 1) {
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    ownClickTaken = true;
  };
  document.addEventListener('pointerdown', pressBegan, { capture: true, passive: true });
  step.addEventListener('click', onClick, { capture: true });
  return () => {
    document.removeEventListener('pointerdown', pressBegan, { capture: true });
    step.removeEventListener('click', onClick, { capture: true });
  };
}
