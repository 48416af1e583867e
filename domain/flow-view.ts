import { isCustomerScopesOnly } from './consent';
import type { DataClusterProfile } from './data-clusters';
import type { FlowFlags, Step } from './flow';
import type { FlowState, Phase, Screen } from './flow-state';
import { callOf, modalsOf } from './flow-transition';
import { openModals, topModal, type ModalEntry } from './modal-stack';
import { PERSONAL_PROFILE_ID, selectedProfile, selectIndividual, singleProfile } from './profiles';
import { assertNever } from './result';

/** What the phase shows (docs/flow-states.md): the loading screen, a failure page or a step. */
export function screenOf(phase: Phase): Screen {
  switch (phase.kind) {
    case 'starting':
      return { kind: 'loading' };
    case 'failed':
      return {
        kind: 'failure',
        route: phase.route,
        ...(phase.details === undefined ? {} : { details: phase.details }),
        ...(phase.brand === undefined ? {} : { brand: phase.brand }),
      };
    case 'steps':
      return { kind: 'flow', step: phase.step };
    case 'leaving':
      return phase.step === undefined ? { kind: 'loading' } : { kind: 'flow', step: phase.step };
    case 'confirmed':
    case 'decidedElsewhere':
    case 'endingNotice':
    case 'ended':
      return phase.screen;
    default:
      return assertNever(phase);
  }
}

/**
 * DESIGN §3.14: the brand the page shows: the verified token's; issue 33 item 5: on the page of a
 * request this tab already finished, that flow's (kept at its exit: no token names it any more).
 */
export function brandIdOf(state: FlowState): string | undefined {
  const screen = screenOf(state.phase);
  return state.journey.token?.brand ?? (screen.kind === 'failure' ? screen.brand : undefined);
}

/** Login until the journey has a step on screen. */
export function stepOf(phase: Phase): Step {
  const screen = screenOf(phase);
  return screen.kind === 'flow' ? screen.step : 'login';
}

/** DESIGN §3.10: the open modals, bottom first, including those the later phases imply. */
export function openModalsOf(phase: Phase): readonly ModalEntry[] {
  if (phase.kind === 'confirmed') return [{ name: 'successConfirm' }];
  if (phase.kind === 'decidedElsewhere') return [{ name: 'alreadyCompleted' }];
  if (phase.kind === 'endingNotice') return [{ name: phase.reason === 'inactivity' ? 'sessionEndedInactive' : 'sessionEndedExpired' }];
  // DESIGN §3.2: a page still here after its exit offers the exit over what it showed.
  if (phase.kind === 'ended') return phase.offerExitAtMs === undefined ? [...phase.modals, { name: 'exitNotTaken' }] : phase.modals;
  const modals = modalsOf(phase);
  return modals === undefined ? [] : openModals(modals);
}

/** The modal on top: the one the customer sees and answers. */
export const topModalOf = (phase: Phase): ModalEntry | undefined => openModalsOf(phase).at(-1);

/**
 * Issue 15 "a login form at HTML speed" (docs/prerendered-login.md): the pre-rendered form is on
 * screen while the token is verified and the consent read; it takes typing, and sends nothing.
 */
export function awaitingLogin(state: FlowState): boolean {
  const kind = callOf(state.phase)?.call.kind;
  return state.phase.kind === 'starting' && state.decision.kind === 'none' && (kind === 'verify' || kind === 'consentDetails');
}

/** The journey has ended or told its outcome: no button of the page may start anything. */
export const isFinished = (state: FlowState): boolean =>
  state.phase.kind === 'ended' || state.phase.kind === 'confirmed' || state.phase.kind === 'decidedElsewhere' || state.phase.kind === 'endingNotice';

/** A step on screen, with no spinner mask and no modal over it (the page behind a modal is inert). */
export function pageIsActionable(state: FlowState): boolean {
  const phase = state.phase;
  return phase.kind === 'steps' && phase.call === undefined && topModal(phase.modals) === undefined;
}

/** A confirmation is being decided (its description is saved first, spec §7), or an approval's code asked: nothing may end the journey under it. */
export function isConfirming(state: FlowState): boolean {
  const call = callOf(state.phase)?.call;
  return call !== undefined && (call.kind === 'confirm' || (call.kind === 'saveSelection' && call.then === 'confirm'));
}

/** Spec §2 spinner mask: a request is under way (not while the pre-rendered login form waits: it takes input). */
export const isLoading = (state: FlowState): boolean => callOf(state.phase) !== undefined && !awaitingLogin(state);

/**
 * The top modal's buttons are busy while the bank decides, except the inactivity warning's:
 * extending the session is no way out (spec §4, WCAG 2.2.1).
 */
export const modalButtonsBusy = (state: FlowState): boolean =>
  state.phase.kind === 'leaving' || (isConfirming(state) && topModalOf(state.phase)?.name !== 'timeoutWarning');

/** Spec §4, §2: the flags that decide which steps are shown and which buttons they have. */
export function flowFlags(state: FlowState): FlowFlags {
  const { consent, profiles } = state.journey;
  return {
    skipStep: consent !== undefined && isCustomerScopesOnly(consent),
    isPar: consent?.isPAR ?? false,
    singleProfile: singleProfile(profiles),
  };
}

/**
 * Spec §3 "individualAccount": whose data the customer clusters describe. The accounts' ownership
 * decides; without accounts, an amendment's profile (CONTRACT §3 `profileId`), else the chosen one.
 */
export function customerWording(state: FlowState): DataClusterProfile {
  const { accounts, consent, profiles } = state.journey;
  if (accounts !== undefined && accounts.data.length > 0) return accounts.individualAccount ? 'individual' : 'organisation';
  if (consent?.isPAR === true) return consent.profileId === undefined || consent.profileId === PERSONAL_PROFILE_ID ? 'individual' : 'organisation';
  if (selectedProfile(profiles) === undefined) return 'individual';
  return selectIndividual(profiles) ? 'individual' : 'organisation';
}
