import { accountState, isSelectable, preselectFromConsent, type Account, type AccountState } from './accounts';
import { isChosen, restoreSelection, toggleAccount, toggleSelectAll, toggleSubAccount } from './account-selection';
import type { ApiError } from './api-error';
import { backFrom, nextStep } from './flow';
import { isProvenRefusal } from './flow-decisions';
import type { FlowAnswer } from './flow-effects';
import type { Confirmed, FlowState, JourneyOf, OnStep, OnSteps, PendingCall, Reading } from './flow-state';
import { callOver, inPhase, openModal, reach, showStep, startCall, unchanged, withJourney, type AskingPhase, type Transition } from './flow-transition';
import { flowFlags, pageIsActionable, screenOf } from './flow-view';
import { PERSONAL_PROFILE_ID, selectedProfile, selectProfile } from './profiles';
import type { ConfirmationAnswer } from './return-url';
import { businessConsentRequest, saveSelectionRequest } from './save-request';
import { sharesNothing } from './scopes';
import { accountStepFailure, saveOrConfirmErrorModal } from './step-error-policy';

/** Spec §5: the description has no bound in the spec; the bank stores at most this many characters. */
export const DESCRIPTION_MAX_LENGTH = 255;

/** How long the success modal shows before the customer is returned to the third party. */
export const SUCCESS_RETURN_DELAY_MS = 2500;

/** Spec §4 "Account step": the business-contract put, unless PAR or the bank is on PERSONAL now (issue 11: now, not once). */
function profilePut(state: FlowState): PendingCall['call'] | undefined {
  const profile = selectedProfile(state.journey.profiles);
  const bankIsOnIt = profile?.id === PERSONAL_PROFILE_ID && state.journey.bankProfile === PERSONAL_PROFILE_ID;
  return flowFlags(state).isPar || profile === undefined || bankIsOnIt
    ? undefined
    : { kind: 'confirmBusinessProfile', request: businessConsentRequest(profile.id) };
}

/** Spec §4 "Account step": the business-contract put (see {@link profilePut}); then the accounts, or (skipStep) confirmation. */
export function enterAccountStep<P extends OnSteps>(state: FlowState<P>) {
  const put = profilePut(state);
  return put === undefined ? afterProfileConfirmed(state, undefined) : startCall(state, put);
}

/**
 * Spec §4 "Back" to select-and-confirm: the account step's guard again (never under skipStep,
 * whose Back goes to select-profile), the ticks kept (`keep`).
 */
function reenterAccountStep(state: FlowState<OnStep<'confirmation'>>, keep: readonly Account[]): Transition<OnStep<'confirmation'>> {
  return startCall(state, profilePut(state) ?? { kind: 'accounts' }, keep);
}

/** Spec §4 "Continue": the step after select-profile is confirmation under skipStep (no account step). */
const skipsAccounts = (state: FlowState): boolean => nextStep('selectProfile', flowFlags(state)) === 'confirmation';

/** Spec §8 400 A09/A05: the bank gave no account (the step then says so, and Continue opens No eligible accounts). */
const NO_ACCOUNTS: AccountState = accountState([]);

/**
 * Spec §4 "Account step": the journey with these accounts (`undefined`: none asked, or the
 * profile's choices dropped). Issue 34 item 1: set here, not by `withJourney`, so that the state
 * it makes says whether it holds them.
 */
const withAccountState = <P extends OnSteps, A extends AccountState | undefined>(
  state: FlowState<P>,
  accounts: A,
): Omit<FlowState<P>, 'journey'> & { readonly journey: JourneyOf<OnSteps> & { readonly accounts: A } } => ({
  ...state,
  journey: { ...state.journey, accounts },
});

/** Spec §4 skip-step (confirmation without accounts), or §8 400 A09/A05 (the account step with none). */
function withoutAccounts(state: FlowState<OnSteps>) {
  if (skipsAccounts(state)) return showStep(reach(withAccountState(state, undefined), 'preAuthorisation'), 'confirmation');
  return showStep(withAccountState(state, NO_ACCOUNTS), 'selectAccounts');
}

/** Spec §4 "if skipStep go to confirmation without loading accounts; otherwise load accounts". */
function afterProfileConfirmed<P extends OnSteps>(state: FlowState<P>, keep: readonly Account[] | undefined) {
  if (skipsAccounts(state)) return withoutAccounts(state);
  return startCall(state, { kind: 'accounts' }, keep);
}

/** Spec §8 "Account step" errors: the step is the business-contract put and the account list (spec §4), so both. */
function accountStepFailed<P extends OnSteps>(state: FlowState<P>, error: ApiError) {
  const failure = accountStepFailure(error);
  return failure.kind === 'modal' ? openModal(state, failure.modal) : withoutAccounts(callOver(state));
}

/**
 * Spec §8: 400 A09/A05 lets navigation continue (the bank is on that profile, with no eligible
 * account). Any other failure leaves the profile unknown: the page must name the profile the bank
 * shares from (issue 11).
 */
export function onBusinessProfileConfirmed<P extends OnSteps>(state: FlowState<P>, answer: Extract<FlowAnswer, { kind: 'confirmBusinessProfile' }>) {
  const pending = state.phase.call;
  if (pending?.call.kind !== 'confirmBusinessProfile') return unchanged(state);
  const put = withJourney(state, { bankProfile: pending.call.request.bcin });
  if (!answer.result.ok) {
    const failure = accountStepFailure(answer.result.error);
    return failure.kind === 'modal' ? openModal(withJourney(state, { bankProfile: undefined }), failure.modal) : withoutAccounts(callOver(put));
  }
  return afterProfileConfirmed(callOver(put), pending.keep);
}

/** Spec §4: the accounts, pre-selected from the existing consent (and the customer's earlier ticks), then the step. */
export function onAccounts<P extends OnSteps>(state: FlowState<P>, answer: Extract<FlowAnswer, { kind: 'accounts' }>) {
  if (!answer.result.ok) return accountStepFailed(state, answer.result.error);
  const loaded = preselectFromConsent(answer.result.value, state.journey.consent.sharedAccounts);
  const keep = state.phase.call?.keep;
  const accounts = keep === undefined ? loaded : accountState(restoreSelection(loaded.data, keep));
  return showStep(withAccountState(state, accounts), 'selectAccounts');
}

/** Spec §4 "Profile": only one profile at a time; an unknown id changes nothing. */
export function onChooseProfile(state: FlowState<OnStep<'selectProfile'>>, id: string): Transition<OnStep<'selectProfile'>> {
  if (!pageIsActionable(state)) return unchanged(state);
  const profiles = selectProfile(state.journey.profiles, id);
  return profiles.ok ? unchanged(withJourney(state, { profiles: profiles.value })) : unchanged(state);
}

/** Issue 23 items B, C (docs/review.md "Nothing to share"): the selection would make an arrangement that shares nothing. */
export function selectionSharesNothing(state: FlowState): boolean {
  // The screens ask it of any phase (a step stays on screen behind a leaving, success or ending modal).
  const consent = state.journey.consent;
  if (consent === undefined) return false;
  const accountsShared = flowFlags(state).skipStep || (state.journey.accounts?.data ?? []).some(isChosen);
  return sharesNothing(consent.scopes, accountsShared);
}

/** No account on the step can be ticked: none came (400 A09/A05) or none is eligible, sub-accounts included. */
export const nothingSelectable = (accounts: AccountState | undefined): boolean =>
  !(accounts?.data ?? []).some((account) => isSelectable(account) || account.subAccounts.some(isSelectable));

/** Spec §4 "Continue" on select-profile: with a profile chosen, the account step. */
export function continueFromProfiles(state: FlowState<OnStep<'selectProfile'>>) {
  if (!pageIsActionable(state) || selectedProfile(state.journey.profiles) === undefined) return unchanged(state);
  return enterAccountStep(state);
}

/**
 * Spec §4 "Continue" on select-and-confirm; not when the selection shares nothing (issue 23 item C).
 * When nothing can be ticked either, asking for an account is a dead end: spec §8's No eligible
 * accounts offers the way back.
 */
export function continueFromAccounts(state: FlowState<OnStep<'selectAccounts'>>): Transition<OnStep<'selectAccounts'>> {
  const { consent, accounts } = state.journey;
  if (!pageIsActionable(state)) return unchanged(state);
  if (selectionSharesNothing(state)) return nothingSelectable(accounts) ? openModal(state, 'noEligibleAccounts') : unchanged(state);
  const request = saveSelectionRequest(consent.scopes, accounts.data, '');
  return startCall(state, { kind: 'saveSelection', request, then: 'confirmationStep' });
}

/** Spec §4 "OK resets the guard and returns to select-profile": this profile's choices are dropped. */
export const backToProfiles = (state: FlowState<OnSteps>): Transition<OnStep<'selectProfile'>> => showStep(withAccountState(state, undefined), 'selectProfile');

/** Spec §4 "Back" from select-and-confirm, as {@link backFrom} says: a warning first that the profile's choices go. */
export function backFromAccounts(state: FlowState<OnStep<'selectAccounts'>>): Transition<OnStep<'selectAccounts'>> {
  if (!pageIsActionable(state) || backFrom('selectAccounts', flowFlags(state)).kind === 'none') return unchanged(state);
  return openModal(state, 'changeSelectedProfile');
}

/** Spec §4 "Back" from confirmation, as {@link backFrom} says: the account step again, its ticks kept (its guard runs again). */
export function backFromReview(state: FlowState<OnStep<'confirmation'>>) {
  const back = backFrom('confirmation', flowFlags(state));
  if (!pageIsActionable(state) || back.kind !== 'toStep') return unchanged(state);
  return back.step === 'selectProfile' ? showStep(state, 'selectProfile') : reenterAccountStep(state, state.journey.accounts?.data ?? []);
}

function withAccounts(
  state: FlowState<OnStep<'selectAccounts'>>,
  change: (accounts: readonly Account[]) => readonly Account[],
): Transition<OnStep<'selectAccounts'>> {
  if (!pageIsActionable(state)) return unchanged(state);
  return unchanged(withAccountState(state, accountState(change(state.journey.accounts.data))));
}

/** Spec §4 "Account selection". */
export const onToggleAccount = (state: FlowState<OnStep<'selectAccounts'>>, id: string) => withAccounts(state, (a) => toggleAccount(a, id));

export const onToggleSubAccount = (state: FlowState<OnStep<'selectAccounts'>>, parentId: string, subId: string) =>
  withAccounts(state, (a) => toggleSubAccount(a, parentId, subId));

export const onToggleAll = (state: FlowState<OnStep<'selectAccounts'>>, ids?: readonly string[]) => withAccounts(state, (a) => toggleSelectAll(a, ids));

/** Spec §2 "Your description (Optional)", at most {@link DESCRIPTION_MAX_LENGTH} characters. */
export const onDescribe = (state: FlowState<OnStep<'confirmation'>>, text: string): Transition<OnStep<'confirmation'>> =>
  pageIsActionable(state) ? unchanged(withJourney(state, { description: text.slice(0, DESCRIPTION_MAX_LENGTH) })) : unchanged(state);

/**
 * Spec §4 Confirm, §7: a description is saved with the selection first. DESIGN §3.4: one
 * confirmation however often it is pressed (the mask is up while it runs).
 */
export function onConfirm(state: FlowState<OnStep<'confirmation'>>): Transition<OnStep<'confirmation'>> {
  const { consent, description, accounts } = state.journey;
  // Issue 23 item B: an arrangement that shares nothing is never confirmed.
  if (!pageIsActionable(state) || selectionSharesNothing(state)) return unchanged(state);
  if (description.trim() === '') return startCall(state, { kind: 'confirm' });
  const request = saveSelectionRequest(consent.scopes, accounts?.data ?? [], description);
  return startCall(state, { kind: 'saveSelection', request, then: 'confirm' });
}

/** Spec §8: a failed save opens No eligible accounts (400 A09/A05) or Service unavailable. */
export function onSaved<P extends OnSteps>(state: FlowState<P>, answer: Extract<FlowAnswer, { kind: 'saveSelection' }>) {
  const call = state.phase.call?.call;
  if (call?.kind !== 'saveSelection') return unchanged(state);
  if (!answer.result.ok) return openModal(state, saveOrConfirmErrorModal(answer.result.error));
  if (call.then === 'confirm') return startCall(callOver(state), { kind: 'confirm' });
  return showStep(reach(state, 'preAuthorisation'), 'confirmation');
}

/**
 * Spec §4 Success: the success modal, then the return with the answer (by the modal's button or
 * after {@link SUCCESS_RETURN_DELAY_MS}); nothing else is open or timed any more.
 */
export function confirmed(state: FlowState<AskingPhase>, answer: ConfirmationAnswer, nowMs: number): Transition<Confirmed> {
  const phase: Confirmed = { kind: 'confirmed', answer, returnAtMs: nowMs + SUCCESS_RETURN_DELAY_MS, screen: screenOf(state.phase) };
  return unchanged({ ...inPhase(state, phase), decision: { kind: 'approved' } });
}

/**
 * Spec §8: No eligible accounts (400 A09/A05) or Service unavailable; nothing is re-sent.
 * DESIGN §3.11: only the bank's refusal of the first try proves nothing was committed; a refusal
 * after an unclear try does not undo what it may have committed, so the outcome stays as it was.
 */
export function confirmFailed<P extends Reading | OnSteps>(state: FlowState<P>, error: ApiError): Transition<P> {
  const pending = state.phase.call;
  const firstTry = pending?.attempt === 1 && pending.afterUnclear !== true;
  const refused = isProvenRefusal(error) && firstTry && state.decision.kind === 'unclear';
  const known: FlowState<P> = refused ? { ...state, decision: { kind: 'none' } } : state;
  return openModal(known, refused ? saveOrConfirmErrorModal(error) : 'serviceUnavailable');
}
