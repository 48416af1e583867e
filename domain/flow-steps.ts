import { accountState, preselectFromConsent, type Account } from './accounts';
import { restoreSelection, toggleAccount, toggleSelectAll, toggleSubAccount } from './account-selection';
import { nextStep, previousStep, type Step } from './flow';
import type { FlowAnswer } from './flow-effects';
import type { FlowState } from './flow-state';
import { openModal, pageIsActionable, reach, showStep, startCall, unchanged, type Transition } from './flow-transition';
import { flowFlags } from './flow-view';
import { PERSONAL_PROFILE_ID, selectedProfile, selectProfile } from './profiles';
import { businessConsentRequest, saveSelectionRequest } from './save-request';
import { accountStepFailure, saveOrConfirmErrorModal } from './step-error-policy';
import type { ApiError } from './api-error';
import { isUnclearOutcome } from './flow-decisions';

/** Spec §5: the description has no bound in the spec; the bank stores at most this many characters. */
export const DESCRIPTION_MAX_LENGTH = 255;

/** How long the success modal shows before the customer is returned to the third party. */
export const SUCCESS_RETURN_DELAY_MS = 2500;

const onStep = (state: FlowState, step: FlowState['step']): boolean => pageIsActionable(state) && state.step === step;

/**
 * Spec §4 "Account step": confirm the profile with the bank (the business-contract put) unless
 * the arrangement is an amendment or the selected profile is PERSONAL and the bank is on it now
 * (issue 11: "already done" means the bank is on PERSONAL now, not that it once was); with
 * skip-step go to confirmation without loading accounts; otherwise load the accounts.
 * `keep`: the customer's ticks when coming back from confirmation.
 */
export function enterAccountStep(state: FlowState, keep?: readonly Account[]): Transition {
  const profile = selectedProfile(state.profiles);
  const bankIsOnIt = profile?.id === PERSONAL_PROFILE_ID && state.bankProfile === PERSONAL_PROFILE_ID;
  if (!flowFlags(state).isPar && profile !== undefined && !bankIsOnIt) {
    return startCall(state, { kind: 'confirmBusinessProfile', request: businessConsentRequest(profile.id) }, keep === undefined ? {} : { keep });
  }
  return afterProfileConfirmed(state, keep);
}

/** The step after the profile: select-and-confirm, or confirmation when it is skipped (spec §4 skip-step). */
const stepAfterProfile = (state: FlowState): Step => nextStep('selectProfile', flowFlags(state)) ?? 'confirmation';

/** Spec §4 "if skipStep go to confirmation without loading accounts; otherwise load accounts". */
function afterProfileConfirmed(state: FlowState, keep: readonly Account[] | undefined): Transition {
  if (stepAfterProfile(state) === 'confirmation') return showStep(reach({ ...state, accounts: undefined }, 'preAuthorisation'), 'confirmation');
  return startCall(state, { kind: 'accounts' }, keep === undefined ? {} : { keep });
}

/**
 * Spec §8 "Account step": 400 A09/A05 lets navigation continue, with no accounts (to the next
 * step the flow shows: confirmation when the account step is skipped); the others open their modal.
 */
function accountStepFailed(state: FlowState, error: ApiError): Transition {
  const failure = accountStepFailure(error);
  if (failure.kind === 'modal') return openModal(state, failure.modal);
  const step = stepAfterProfile(state);
  const next = { ...state, accounts: undefined };
  return showStep(step === 'confirmation' ? reach(next, 'preAuthorisation') : next, step);
}

/**
 * The bank confirmed the profile: it is on that profile now. A failure leaves it unknown, so the
 * flow does not go on under a profile the bank may not be on (issue 11: the page must name the
 * profile the bank shares from): spec §8's "400 with A09 or A05 lets navigation continue" is
 * read for the account list; a profile the bank refuses with A09/A05 has no eligible accounts
 * (No eligible accounts, return only); the other failures open their account-step modal.
 */
export function onBusinessProfileConfirmed(state: FlowState, answer: Extract<FlowAnswer, { kind: 'confirmBusinessProfile' }>): Transition {
  const pending = state.pending;
  if (pending?.call.kind !== 'confirmBusinessProfile') return unchanged(state);
  if (!answer.result.ok) {
    const failure = accountStepFailure(answer.result.error);
    return openModal({ ...state, bankProfile: undefined }, failure.kind === 'modal' ? failure.modal : 'noEligibleAccounts');
  }
  return afterProfileConfirmed({ ...state, pending: undefined, bankProfile: pending.call.request.bcin }, pending.keep);
}

/** Spec §4: the accounts, pre-selected from the existing consent (and the customer's earlier ticks), then the step. */
export function onAccounts(state: FlowState, answer: Extract<FlowAnswer, { kind: 'accounts' }>): Transition {
  if (!answer.result.ok) return accountStepFailed(state, answer.result.error);
  const loaded = preselectFromConsent(answer.result.value, state.consent?.sharedAccounts ?? []);
  const keep = state.pending?.keep;
  const accounts = keep === undefined ? loaded : accountState(restoreSelection(loaded.data, keep));
  return showStep({ ...state, accounts }, 'selectAccounts');
}

/** Spec §4 "Profile": only one profile at a time; an unknown id changes nothing. */
export function onChooseProfile(state: FlowState, id: string): Transition {
  if (!onStep(state, 'selectProfile')) return unchanged(state);
  const profiles = selectProfile(state.profiles, id);
  return profiles.ok ? unchanged({ ...state, profiles: profiles.value }) : unchanged(state);
}

/**
 * Spec §4: Continue on select-profile goes to the account step; Continue on select-and-confirm
 * saves the selection, then goes to confirmation.
 */
export function onContinue(state: FlowState): Transition {
  if (onStep(state, 'selectProfile')) return selectedProfile(state.profiles) === undefined ? unchanged(state) : enterAccountStep(state);
  if (onStep(state, 'selectAccounts') && state.consent !== undefined) {
    const request = saveSelectionRequest(state.consent.scopes, state.accounts?.data ?? [], '');
    return startCall(state, { kind: 'saveSelection', request, then: 'confirmationStep' });
  }
  return unchanged(state);
}

/**
 * Spec §4: Back on select-and-confirm opens the change-profile warning; Back from confirmation
 * goes to select-and-confirm (select-profile when skip-step), running the account guard again
 * and keeping the customer's ticks. Only where the step has a Back button (spec §2).
 */
export function onBack(state: FlowState): Transition {
  if (!pageIsActionable(state) || previousStep(state.step, flowFlags(state)) === undefined) return unchanged(state);
  if (state.step === 'selectAccounts') return openModal(state, 'changeSelectedProfile');
  if (state.step === 'confirmation') {
    return flowFlags(state).skipStep ? showStep(state, 'selectProfile') : enterAccountStep(state, state.accounts?.data ?? []);
  }
  return unchanged(state);
}

/** Spec §4 "OK resets the guard and returns to select-profile": this profile's choices are dropped. */
export const backToProfiles = (state: FlowState): Transition => showStep({ ...state, accounts: undefined }, 'selectProfile');

function withAccounts(state: FlowState, change: (accounts: readonly Account[]) => readonly Account[]): Transition {
  if (!onStep(state, 'selectAccounts') || state.accounts === undefined) return unchanged(state);
  return unchanged({ ...state, accounts: accountState(change(state.accounts.data)) });
}

/** Spec §4 "Account selection". */
export const onToggleAccount = (state: FlowState, id: string): Transition => withAccounts(state, (a) => toggleAccount(a, id));

export const onToggleSubAccount = (state: FlowState, parentId: string, subId: string): Transition =>
  withAccounts(state, (a) => toggleSubAccount(a, parentId, subId));

export const onToggleAll = (state: FlowState, ids?: readonly string[]): Transition =>
  withAccounts(state, (a) => toggleSelectAll(a, ids));

/** Spec §2 "Your description (Optional)", at most {@link DESCRIPTION_MAX_LENGTH} characters. */
export const onDescribe = (state: FlowState, text: string): Transition =>
  onStep(state, 'confirmation') ? unchanged({ ...state, description: text.slice(0, DESCRIPTION_MAX_LENGTH) }) : unchanged(state);

/**
 * Spec §4 Confirm, §7: with a description the selection is saved again carrying it, then the
 * consent is authorised. DESIGN §3.4: one confirmation however often it is pressed (the page
 * is under the mask while it runs).
 */
export function onConfirm(state: FlowState): Transition {
  if (!onStep(state, 'confirmation') || state.consent === undefined) return unchanged(state);
  if (state.description.trim() === '') return startCall(state, { kind: 'confirm' });
  const request = saveSelectionRequest(state.consent.scopes, state.accounts?.data ?? [], state.description);
  return startCall(state, { kind: 'saveSelection', request, then: 'confirm' });
}

/** Spec §8: a failed save opens No eligible accounts (400 A09/A05) or Service unavailable. */
export function onSaved(state: FlowState, answer: Extract<FlowAnswer, { kind: 'saveSelection' }>): Transition {
  const call = state.pending?.call;
  if (call?.kind !== 'saveSelection') return unchanged(state);
  if (!answer.result.ok) return openModal(state, saveOrConfirmErrorModal(answer.result.error));
  if (call.then === 'confirm') return startCall({ ...state, pending: undefined }, { kind: 'confirm' });
  return showStep(reach(state, 'preAuthorisation'), 'confirmation');
}

/**
 * Spec §4 Success: the success modal, then the return with the answer (by the modal's button or
 * after {@link SUCCESS_RETURN_DELAY_MS}); nothing else is open or timed any more. Spec §8: a
 * failure opens No eligible accounts (400 A09/A05) or Service unavailable; nothing is re-sent.
 */
export function onConfirmed(state: FlowState, answer: Extract<FlowAnswer, { kind: 'confirm' }>, nowMs: number): Transition {
  if (!answer.result.ok) {
    // DESIGN §3.11: the replay after a reload got no code: the flow starts as usual; unless the
    // bank plainly refused (4xx), it may hold the approval: the outcome stays unclear.
    if (state.pending?.replay === true) {
      const refused = answer.result.error.status >= 400 && answer.result.error.status < 500;
      return startCall({ ...state, pending: undefined, decisionUnclear: !refused }, { kind: 'consentDetails' });
    }
    // DESIGN §3.11: once a try's outcome was unclear, the bank may hold the approval: stay unclear.
    const unclear = isUnclearOutcome(answer.result.error) || state.pending?.unclear === true;
    return openModal({ ...state, decisionUnclear: unclear }, saveOrConfirmErrorModal(answer.result.error));
  }
  return unchanged({
    ...state,
    pending: undefined,
    confirmation: answer.result.value,
    modals: { base: 'successConfirm', timeoutSeconds: undefined, expiry: false },
    timers: { lastActivityMs: undefined, tokenExpiry: false, fallbackReturnAtMs: undefined, successReturnAtMs: nowMs + SUCCESS_RETURN_DELAY_MS },
  });
}
