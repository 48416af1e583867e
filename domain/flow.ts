import { copy } from './copy';
import { assertNever } from './result';

/**
 * Spec §2 "Shared shell" and §4 "States and transitions": the four steps of the consent flow,
 * which of them a customer sees, where Continue and Back lead, and what the shell shows on each.
 *
 * Reading of spec §4 (documented because the flow line is ambiguous): the flow line says
 * "login, then select-profile (skipped when skipStep), then select-and-confirm, then
 * confirmation". Every detailed rule places the two skips differently, and they agree with each
 * other:
 * - "Business step: if PAR go straight to select-and-confirm; otherwise … more than one business
 *   (trust profile) stays to choose a profile, else go to select-and-confirm": select-profile is
 *   skipped for PAR or a single profile.
 * - "Account step: … if skipStep go to confirmation without loading accounts" and the route table
 *   ("confirmation: shown directly when only the customer basic/detail permissions are
 *   requested"): select-and-confirm is skipped when skipStep.
 * - "Back from confirmation goes to select-and-confirm (select-profile when skipStep)", and the
 *   progress tracker ("reduces by 1 if the skip-step flag is set and by 1 if PAR or only one
 *   profile"): two independent skips.
 * So here skipStep skips select-and-confirm, and PAR or a single profile skips select-profile.
 * A customer with several profiles and only customer scopes still picks a profile (the customer
 * clusters differ for individuals and organisations).
 */
export type Step = 'login' | 'selectProfile' | 'selectAccounts' | 'confirmation';

/** Spec §4: every step, in flow order. */
export const STEPS: readonly Step[] = ['login', 'selectProfile', 'selectAccounts', 'confirmation'];

export interface FlowFlags {
  /** Spec §4 consent guard: every requested scope is a customer scope, so there is no account step. */
  readonly skipStep: boolean;
  /** Spec §1: the flow updates an existing arrangement (PAR). */
  readonly isPar: boolean;
  /** Spec §3: fewer than 2 profiles (no trust profile to choose). */
  readonly singleProfile: boolean;
}

/** Spec §4: whether a step is shown under these flags (select-profile: several profiles and not PAR; select-and-confirm: not skipStep). */
export function isStepShown(step: Step, flags: FlowFlags): boolean {
  switch (step) {
    case 'login':
    case 'confirmation':
      return true;
    case 'selectProfile':
      return !flags.isPar && !flags.singleProfile;
    case 'selectAccounts':
      return !flags.skipStep;
    default:
      return assertNever(step);
  }
}

/** Spec §4: the steps a customer sees under these flags, in flow order. */
export function shownSteps(flags: FlowFlags): Step[] {
  return STEPS.filter((step) => isStepShown(step, flags));
}

/**
 * Spec §4: where Continue leads from a step: the next shown step (login → select-profile unless
 * PAR or single profile → select-and-confirm unless skipStep → confirmation). `undefined` after
 * confirmation: the flow ends by returning to the third party.
 */
export function nextStep(step: Step, flags: FlowFlags): Step | undefined {
  return STEPS.slice(STEPS.indexOf(step) + 1).find((candidate) => isStepShown(candidate, flags));
}

/**
 * Spec §2 buttons and §4 "Back", written once (issue 21): what Back does on a step.
 * - select-and-confirm: back to select-profile, only when not PAR and a trust profile exists (more
 *   than one profile), after the change-selected-profile warning (spec §4 "opens a warning that
 *   choices in this profile will be deselected; OK resets the guard and returns to select-profile");
 * - confirmation: to select-and-confirm, running the account guard again and keeping the ticks,
 *   or to select-profile when skipStep; hidden when (skipStep and single profile) or PAR;
 * - login and select-profile have no Back button.
 */
export type BackAction =
  { readonly kind: 'none' } | { readonly kind: 'warnThenProfiles' } | { readonly kind: 'toStep'; readonly step: 'selectAccounts' | 'selectProfile' };

export function backFrom(step: Step, flags: FlowFlags): BackAction {
  switch (step) {
    case 'login':
    case 'selectProfile':
      return { kind: 'none' };
    case 'selectAccounts':
      return !flags.isPar && !flags.singleProfile ? { kind: 'warnThenProfiles' } : { kind: 'none' };
    case 'confirmation':
      if (flags.isPar || (flags.skipStep && flags.singleProfile)) return { kind: 'none' };
      return { kind: 'toStep', step: flags.skipStep ? 'selectProfile' : 'selectAccounts' };
    default:
      return assertNever(step);
  }
}

/**
 * Spec §2 "Step titles: Consent to share data (PAR: Update your consent), Select a profile,
 * Select your accounts, Review and submit". The PAR variant is given for the first title only,
 * so it is the login step's title; the other steps keep their titles in a PAR.
 */
export function stepTitle(step: Step, isPar: boolean): string {
  switch (step) {
    case 'login':
      return isPar ? copy.steps.loginPar : copy.steps.login;
    case 'selectProfile':
      return copy.steps.selectProfile;
    case 'selectAccounts':
      return copy.steps.selectAccounts;
    case 'confirmation':
      return copy.steps.confirmation;
    default:
      return assertNever(step);
  }
}

/** Spec §2 "The window title is set per step": `${stepTitle} | Open Banking` (copy.windowTitle). */
export function windowTitle(step: Step, isPar: boolean): string {
  return copy.windowTitle(stepTitle(step, isPar));
}

/**
 * Spec §2 intro line: "You are about to share your data with {tpp}" (PAR: "You're about to
 * update your data sharing consent arrangement with {tpp}"); `undefined` (hidden) on select-profile.
 */
export function introLine(step: Step, isPar: boolean, tppName: string): string | undefined {
  if (step === 'selectProfile') return undefined;
  return isPar ? copy.introPar(tppName) : copy.intro(tppName);
}

/** Spec §9: the progress tracker has 3 steps at most (select-profile, select-and-confirm, confirmation). */
export const PROGRESS_STEPS_MAX = 3;

export interface ProgressTracker {
  /** 0-based index of the current step among the tracked steps. */
  readonly index: number;
  /** Tracked steps under these flags: 3, less 1 if skipStep, less 1 if PAR or single profile. */
  readonly total: number;
  /** Bar width as a fraction: (index + 1) / total, in (0, 1]. */
  readonly fraction: number;
  /** Bar width in percent: fraction × 100. */
  readonly percent: number;
}

/**
 * Spec §2 progress tracker: hidden (`undefined`) on login. It tracks up to 3 steps; the total
 * reduces by 1 if skipStep and by 1 if PAR or single profile, and the current index shifts
 * accordingly; the bar width is (current index + 1) / total. A step that is not shown under the
 * flags (a route the guards only pass through) has no tracker either.
 */
export function progressTracker(step: Step, flags: FlowFlags): ProgressTracker | undefined {
  if (step === 'login' || !isStepShown(step, flags)) return undefined;
  const tracked = shownSteps(flags).filter((candidate) => candidate !== 'login');
  const index = tracked.indexOf(step);
  const total = tracked.length;
  const fraction = (index + 1) / total;
  return { index, total, fraction, percent: fraction * 100 };
}

export interface StepButtons {
  /** Label of Back; absent when the step has no Back button (see {@link backFrom}). */
  readonly back?: string;
  /** Label of the forward button: Continue, or on confirmation Confirm (PAR: Save changes). */
  readonly primary: string;
  /** Label of Cancel (on confirmation in a PAR: Exit without saving). */
  readonly cancel: string;
}

/**
 * Spec §2 buttons per step: login and select-profile Continue and Cancel; select-and-confirm
 * Back (only when not PAR and a trust profile exists), Continue, Cancel; confirmation Back
 * (hidden when skipStep and single profile, or PAR), Confirm (PAR: Save changes), Cancel
 * (PAR: Exit without saving).
 */
export function stepButtons(step: Step, flags: FlowFlags): StepButtons {
  const withBack = (label: string, buttons: StepButtons): StepButtons => (backFrom(step, flags).kind === 'none' ? buttons : { back: label, ...buttons });
  switch (step) {
    case 'login':
      return { primary: copy.login.continue, cancel: copy.login.cancel };
    case 'selectProfile':
      return { primary: copy.buttons.continue, cancel: copy.buttons.cancel };
    case 'selectAccounts':
      return withBack(copy.buttons.back, {
        primary: copy.buttons.continue,
        cancel: copy.buttons.cancel,
      });
    case 'confirmation':
      return withBack(copy.buttons.back, {
        primary: flags.isPar ? copy.buttons.saveChanges : copy.buttons.confirm,
        cancel: flags.isPar ? copy.buttons.exitWithoutSaving : copy.buttons.cancel,
      });
    default:
      return assertNever(step);
  }
}
