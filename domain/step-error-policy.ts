import type { ApiError } from './api-error';
import type { ModalName } from './modal';

/** Spec §8: save-selection and confirm failures that mean no account can be shared. */
const NO_ELIGIBLE_CODES: readonly string[] = ['A09', 'A05'];

const isNoEligible = (error: ApiError): boolean => error.status === 400 && error.code !== undefined && NO_ELIGIBLE_CODES.includes(error.code);

/**
 * Spec §8: a failed save of the selection or a failed confirm: 400 with A09 or A05 opens
 * "No eligible accounts"; any other error opens "Service unavailable".
 */
export function saveOrConfirmErrorModal(error: ApiError): ModalName {
  return isNoEligible(error) ? 'noEligibleAccounts' : 'serviceUnavailable';
}

/** What a failure of the account step leads to (spec §8 "Account step"). */
export type AccountStepFailure =
  /** 400 with A09 or A05: navigation continues to the account step, with no accounts to show. */
  { readonly kind: 'continueWithoutAccounts' } | { readonly kind: 'modal'; readonly modal: ModalName };

/** Spec §8 "Account step". */
export function accountStepFailure(error: ApiError): AccountStepFailure {
  if (isNoEligible(error)) return { kind: 'continueWithoutAccounts' };
  if (error.status === 422) return { kind: 'modal', modal: 'unavailableResource' };
  if (error.status === 500 && error.code === '500' && error.causes.some((cause) => cause.includes('AISVAL0009'))) {
    return { kind: 'modal', modal: 'wentWrong' };
  }
  return { kind: 'modal', modal: 'serviceUnavailable' };
}

/** Spec §8 "Customer details": 422 age limitation; other failures service unavailable. */
export function customerDetailsErrorModal(error: ApiError): ModalName {
  return error.status === 422 ? 'ageLimitation' : 'serviceUnavailable';
}
