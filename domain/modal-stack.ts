import { MODAL_RULES, type ModalName } from './modal';

/**
 * DESIGN §3.10 "Time-critical modals win": the open modals, bottom to top. At most one ordinary
 * modal (`base`); the inactivity warning opens over it and the token-expiry redirect over both,
 * so an idle customer is always warned, whatever else is open (spec §4 timeout warning; WCAG
 * 2.2.1). Dismissing a time-critical modal shows the one below again.
 */
export interface ModalStack {
  /** The ordinary modal: a help text, a message, a question or an end of the journey. */
  readonly base: ModalName | undefined;
  /** The inactivity warning, open with the whole seconds it shows. */
  readonly timeoutSeconds: number | undefined;
  /** The token-expiry redirect (spec §4 "Token expiry timer"). */
  readonly expiry: boolean;
}

export const NO_MODALS: ModalStack = { base: undefined, timeoutSeconds: undefined, expiry: false };

/** One visible modal: its name and, for the timeout warning, the seconds it counts down. */
export interface ModalEntry {
  readonly name: ModalName;
  readonly seconds?: number;
}

/** DESIGN §3.10: the open modals, bottom first (the last one is on top and takes input). */
export function openModals(stack: ModalStack): readonly ModalEntry[] {
  const entries: ModalEntry[] = [];
  if (stack.base !== undefined) entries.push({ name: stack.base });
  if (stack.timeoutSeconds !== undefined) entries.push({ name: 'timeoutWarning', seconds: stack.timeoutSeconds });
  if (stack.expiry) entries.push({ name: 'redirectionToTpp' });
  return entries;
}

/** The modal on top (the one the customer sees and answers), if any. */
export function topModal(stack: ModalStack): ModalEntry | undefined {
  return openModals(stack).at(-1);
}

/** The modals that tell how the journey ended (confirmed, or decided elsewhere): nothing replaces them. */
const OUTCOME_MODALS: readonly ModalName[] = ['successConfirm', 'alreadyCompleted'];

/**
 * Opens an ordinary modal under any time-critical one. It replaces the ordinary modal open,
 * except that a modal the customer cannot close (an end of the journey) is never replaced by
 * one that can be closed (a help text): the more serious message stays; and the journey's
 * outcome, once told, is never replaced.
 */
export function withBaseModal(stack: ModalStack, name: ModalName): ModalStack {
  const current = stack.base;
  if (current !== undefined && OUTCOME_MODALS.includes(current)) return stack;
  if (current !== undefined && !MODAL_RULES[current].closable && MODAL_RULES[name].closable) return stack;
  return { ...stack, base: name };
}

/** Closes the ordinary modal (the time-critical ones stay). */
export function withoutBaseModal(stack: ModalStack): ModalStack {
  return { ...stack, base: undefined };
}

/** Shows or updates the inactivity warning with its seconds; `undefined` closes it. */
export function withTimeoutWarning(stack: ModalStack, seconds: number | undefined): ModalStack {
  return { ...stack, timeoutSeconds: seconds };
}
