/**
 * Spec §4 "Modals": the twenty modals of the flow, by name; DESIGN §3.11's "already completed"
 * (the decision was taken in another tab or window); "not the arrangement's owner" (an
 * amendment logged in by another customer: CONTRACT §4 `arrangement_owner_mismatch`); and
 * DESIGN §3.18's notices of an ending the customer did not choose (inactivity, the token's expiry);
 * DESIGN §3.2's notice of an exit the browser did not take.
 */
export const MODAL_NAMES = [
  'forgotUsername',
  'notRegistered',
  'lostSecureKey',
  'sharingIncomplete',
  'ageLimitation',
  'redirectionToTpp',
  'timeoutWarning',
  'serviceUnavailable',
  'sanctionCountryError',
  'permanentLockout',
  'temporaryLockout',
  'ecareSuspension',
  'secureKeyNotActivated',
  'incorrectSecurityCodeLockout',
  'invalidUsernameLastAttempt',
  'noEligibleAccounts',
  'successConfirm',
  'unavailableResource',
  'wentWrong',
  'changeSelectedProfile',
  'alreadyCompleted',
  'notArrangementOwner',
  'sessionEndedInactive',
  'sessionEndedExpired',
  'exitNotTaken',
] as const;

export type ModalName = (typeof MODAL_NAMES)[number];

/**
 * Spec §4 "Button behaviours": what a modal's button does.
 * - pendingRefreshFlow: reject the consent, then return to the third party.
 * - returnAfterReject: reject the consent on the server first, then return with its answer.
 * - onlyReturn: return to the third party without calling the server.
 * - previousStep: run the back action and close.
 * - close: just close (help texts and recoverable messages).
 * - returnWithSuccess: return to the third party with the confirmation's answer (CONTRACT §6).
 * - returnAsDecided: the decision was taken elsewhere (DESIGN §3.11): return as it was decided,
 *   access_denied after a rejection, the plain address after an approval (never access_denied
 *   after a code was issued).
 * - returnNow: the ending notice (DESIGN §3.18): return at once to where it was going; the notice
 *   of an exit the browser did not take (DESIGN §3.2): take that exit again.
 */
export type ModalButtonBehaviour =
  'pendingRefreshFlow' | 'returnAfterReject' | 'onlyReturn' | 'previousStep' | 'close' | 'returnWithSuccess' | 'returnAsDecided' | 'returnNow';

/** How a modal behaves: whether the customer may close it, and what its main button does. */
export interface ModalRule {
  /** Closable modals have a close button and close on Escape; the others can only be left by their button. */
  readonly closable: boolean;
  readonly button: ModalButtonBehaviour;
}

/**
 * Spec §4 "Modals" and "Button behaviours". The spec names the behaviours but not which modal
 * has which; this is the bank's choice, written once:
 * - help texts (forgot username, not registered, lost secure key) and the two recoverable login
 *   messages (last attempt, incorrect security code) only close;
 * - the customer's own cancel (sharing incomplete) rejects the consent, then returns;
 * - every bank-side end of the journey rejects the consent on the server first, then returns
 *   with its answer (returnAfterReject), so the third party learns the outcome;
 * - service unavailable returns without calling the server again (the server is what failed);
 * - no eligible accounts is "return only" (spec §8): the bank has already refused the selection;
 * - the success modal returns with the confirmation's answer (returnWithSuccess);
 * - change selected profile goes back a step on OK.
 */
export const MODAL_RULES: Readonly<Record<ModalName, ModalRule>> = {
  forgotUsername: { closable: true, button: 'close' },
  notRegistered: { closable: true, button: 'close' },
  lostSecureKey: { closable: true, button: 'close' },
  sharingIncomplete: { closable: true, button: 'pendingRefreshFlow' },
  ageLimitation: { closable: false, button: 'returnAfterReject' },
  redirectionToTpp: { closable: false, button: 'returnAfterReject' },
  timeoutWarning: { closable: true, button: 'close' },
  serviceUnavailable: { closable: false, button: 'onlyReturn' },
  sanctionCountryError: { closable: false, button: 'returnAfterReject' },
  permanentLockout: { closable: false, button: 'returnAfterReject' },
  temporaryLockout: { closable: false, button: 'returnAfterReject' },
  ecareSuspension: { closable: false, button: 'returnAfterReject' },
  secureKeyNotActivated: { closable: false, button: 'returnAfterReject' },
  incorrectSecurityCodeLockout: { closable: true, button: 'close' },
  invalidUsernameLastAttempt: { closable: true, button: 'close' },
  noEligibleAccounts: { closable: false, button: 'onlyReturn' },
  successConfirm: { closable: false, button: 'returnWithSuccess' },
  unavailableResource: { closable: false, button: 'returnAfterReject' },
  wentWrong: { closable: false, button: 'returnAfterReject' },
  changeSelectedProfile: { closable: true, button: 'previousStep' },
  alreadyCompleted: { closable: false, button: 'returnAsDecided' },
  // The customer may log in again as the arrangement's owner, or Cancel.
  notArrangementOwner: { closable: true, button: 'close' },
  sessionEndedInactive: { closable: false, button: 'returnNow' },
  sessionEndedExpired: { closable: false, button: 'returnNow' },
  exitNotTaken: { closable: false, button: 'returnNow' },
};
