/** Spec §4 "Modals": the twenty modals of the flow, by name. */
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
] as const;

export type ModalName = (typeof MODAL_NAMES)[number];

/**
 * Spec §4 "Button behaviours": what a modal's button does.
 * - pendingRefreshFlow: reject the consent, then return to the third party.
 * - returnAfterReject: reject the consent on the server first, then return with its answer.
 * - onlyReturn: return to the third party without calling the server.
 * - previousStep: run the back action and close.
 * - close: just close (informational modals).
 */
export type ModalButtonBehaviour = 'pendingRefreshFlow' | 'returnAfterReject' | 'onlyReturn' | 'previousStep' | 'close';
