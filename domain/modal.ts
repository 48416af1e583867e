/**
 * Spec §4 "Modals": the twenty of the spec, then DESIGN §3.11's "already completed", CONTRACT §4's
 * `arrangement_owner_mismatch`, DESIGN §3.18's ending notices, DESIGN §3.2's exit not taken and
 * DESIGN §3.18's leave question of the phone's Back (issue 33 item 4).
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
  'leaveOnBack',
] as const;

export type ModalName = (typeof MODAL_NAMES)[number];

/**
 * Spec §4 "Button behaviours", with DESIGN §3.11's `returnAsDecided` and DESIGN §3.18's and
 * §3.2's `returnNow`: flow-exits.ts `modalPrimaryAtStep` and `modalPrimaryWhileStarting` carry
 * them out, but for the last three, which their own phases' rows take (flow-model.ts).
 */
export type ModalButtonBehaviour =
  | 'pendingRefreshFlow'
  | 'returnAfterReject'
  | 'onlyReturn'
  | 'previousStep'
  | 'close'
  | 'returnWithSuccess'
  | 'returnAsDecided'
  | 'returnNow';

export interface ModalRule {
  /** A close button and Escape; the others can only be left by their button. */
  readonly closable: boolean;
  readonly button: ModalButtonBehaviour;
}

/**
 * Spec §4 "Modals" and "Button behaviours" name the behaviours but not which modal has which;
 * this is the bank's choice. A bank-side end rejects on the server first, so the third party
 * learns the outcome; service unavailable does not call the server again (it is what failed); no
 * eligible accounts is "return only" (spec §8): the bank has already refused the selection.
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
  // DESIGN §3.18 (issue 33 item 4): the phone's Back where the page has no Back: Cancel's question,
  // whose main button stays (copy.ts `secondaryIsMain`); "Yes, leave" rejects as Cancel's does.
  leaveOnBack: { closable: true, button: 'pendingRefreshFlow' },
};
