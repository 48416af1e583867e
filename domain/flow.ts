import { copy } from './copy';
import { assertNever } from './result';

/**
 * Spec §2 "Shared shell", §4 "States and transitions": the four steps of the consent flow.
 *
 * Spec §4's flow line ("select-profile (skipped when skipStep)") contradicts its detailed rules
 * (Business step, Account step, Back, the progress tracker), which agree on two independent skips:
 * skipStep skips select-and-confirm; PAR or a single profile skips select-profile. So a customer
 * with several profiles and only customer scopes still picks one: the customer clusters differ
 * for individuals and organisations.
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

/** Spec §4: whether a step is shown under these flags. */
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

/** Spec §4 "Continue": the next shown step; `undefined` after confirmation (the return to the third party). */
export function nextStep(step: Step, flags: FlowFlags): Step | undefined {
  return STEPS.slice(STEPS.indexOf(step) + 1).find((candidate) => isStepShown(candidate, flags));
}

/**
 * Spec §2 buttons, §4 "Back": what Back does on a step. From select-and-confirm it first warns
 * that the profile's choices will be deselected; from confirmation the ticks are kept.
 */
export type BackAction =
  | { readonly kind: 'none' }
  | { readonly kind: 'warnThenProfiles' }
  | { readonly kind: 'toStep'; readonly step: 'selectAccounts' | 'selectProfile' };

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
 * Spec §2 intro line, on every step: spec §2's "hidden on select-profile" is departed from (issue
 * 33 item 8: every step says with whom the data is shared, the profile step too).
 */
export function introLine(isPar: boolean, tppName: string): string {
  return isPar ? copy.introPar(tppName) : copy.intro(tppName);
}

/** Spec §9: the progress tracker has 3 steps at most (select-profile, select-and-confirm, confirmation). */
export const PROGRESS_STEPS_MAX = 3;

export interface ProgressTracker {
  /** 0-based index of the current step among the tracked steps. */
  readonly index: number;
  /** Tracked steps under these flags: 3, less 1 if skipStep, less 1 if PAR or single profile. */
  readonly total: number;
  /** Bar width: (index + 1) / total, in (0, 1]. */
  readonly fraction: number;
  readonly percent: number;
}

/**
 * Spec §2 progress tracker, over the shown steps after login; hidden (`undefined`) on login and
 * on a step the guards only pass through.
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

/** Spec §2: each step's buttons (Back as {@link backFrom}). */
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
