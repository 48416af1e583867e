import { NO_ANSWER, TIMED_OUT, type ApiError } from '../../domain/api-error';
import type { FlowCallKind } from '../../domain/flow-effects';
import type { EndingReason, FailureRoute, FlowState } from '../../domain/flow-state';
import { openModalsOf } from '../../domain/flow-view';
import type { ExpectedReturn } from './journey-answers';
import { judgeReturn, type JourneyReturn, type ReturnMismatch } from './journey-outcome';
import type { ModalName } from '../../domain/modal';
import { knownOutcome, type KnownOutcome } from '../../domain/outcome';
import type { Result } from '../../domain/result';

/**
 * docs/terminal.md "The end of a run": what `npm run journey` exits with.
 * - `passed`: the recipient got what was expected (a code, or the expected error);
 * - `failed`: the journey failed (the bank, the customer, the run's own limits);
 * - `usage`: the command line or the answers file is wrong: nothing was asked of the bank.
 */
export const EXIT_CODES = { passed: 0, failed: 1, usage: 2 } as const;

/** A call the bank failed (CONTRACT §4; status 0: no answer). */
export interface FailedCall {
  readonly call: FlowCallKind;
  readonly error: ApiError;
}

/** What the bank's answers tell a verdict: the failure the journey's ending is about, and an exit's own call that failed after it. */
export interface CallRecord {
  /** The last failed call that no later answer undid (a later success of the journey's own calls clears it). */
  readonly cause: FailedCall | undefined;
  /** A rejection or keep-alive (the calls of an exit) that failed once there was a cause: it does not replace it. */
  readonly exit: FailedCall | undefined;
}

export const NO_FAILED_CALLS: CallRecord = { cause: undefined, exit: undefined };

/** The calls an exit makes (spec §4 returnAfterReject, leaveWithoutServer's keep-alive): they follow the cause, they are not it. */
const EXIT_CALLS: readonly FlowCallKind[] = ['reject', 'keepAlive'];

/**
 * Notes one answer of the bank. A failure is the cause, unless it is an exit's call after a
 * cause (then it is the exit's). A success of a journey call (a retry that worked, a login after
 * a wrong code) means the earlier failure did not end the journey: the record is cleared.
 */
export function noteAnswer(record: CallRecord, call: FlowCallKind, result: Result<unknown, ApiError>): CallRecord {
  const exitCall = EXIT_CALLS.includes(call);
  if (result.ok) return exitCall ? record : NO_FAILED_CALLS;
  const failed: FailedCall = { call, error: result.error };
  if (exitCall && record.cause !== undefined) return { ...record, exit: failed };
  return { cause: failed, exit: undefined };
}

/** Why a run stopped without the journey's return (docs/terminal.md "The end of a run"). */
export type RunStop =
  /** Ctrl+C in the interactive mode. */
  | { readonly kind: 'interrupted' }
  /** `--timeout`: no return came in time. */
  | { readonly kind: 'timedOut'; readonly seconds: number }
  /** The scripted journey could not go on (ui/terminal/scripted-journey.ts says why). */
  | { readonly kind: 'script'; readonly reason: string }
  /**
   * Issue 33 item 15: the app itself refused an answer (its own validation: "Invalid date"), so
   * nothing was sent; `said` is what the app said.
   */
  | { readonly kind: 'refused'; readonly said: string };

/** How the scripted journey ends (ui/terminal/scripted-journey.ts): it could not go on, or the app refused an answer. */
export type ScriptStop = Extract<RunStop, { readonly kind: 'script' | 'refused' }>;

/** What happened, as far as it is known, in the order a verdict looks for it. */
export type JourneyCause =
  /** The customer's own Cancel ("Yes, leave", Exit without saving); `rejection` if the bank then failed to record it. */
  | { readonly kind: 'cancelled'; readonly rejection: FailedCall | undefined }
  /** Spec §8 otp_failure_002 / otp_failure_003 (and the attempts running out). */
  | { readonly kind: 'lockedOut'; readonly permanent: boolean; readonly failure: FailedCall | undefined }
  /** A call got no answer (network failure, timeout): the bank stopped answering. */
  | { readonly kind: 'noAnswer'; readonly failure: FailedCall; readonly modal: ModalName | undefined }
  /** A call answered an error (its status, and the envelope's code and causes). */
  | { readonly kind: 'bankError'; readonly failure: FailedCall; readonly modal: ModalName | undefined }
  /** A modal of the bank's ended the journey without a failed call (no eligible accounts, …). */
  | { readonly kind: 'bankModal'; readonly modal: ModalName }
  /** DESIGN §3.18: the session ended by itself (inactivity, the token's expiry). */
  | { readonly kind: 'sessionEnded'; readonly reason: EndingReason }
  /** Spec §2: the failure page (the token refused, an error address, the bank's keys unreachable). */
  | { readonly kind: 'failurePage'; readonly route: FailureRoute };

/** What a run knows at its end. */
export interface JourneyEnd {
  /** CONTRACT §6: what the recipient got, when the journey returned. */
  readonly returned: JourneyReturn | undefined;
  readonly expected: ExpectedReturn;
  readonly stop: RunStop | undefined;
  /** The flow as it ended (its phase, the modals open as it ended, the bank's known decision). */
  readonly state: FlowState;
  readonly calls: CallRecord;
}

export type JourneyVerdict =
  | { readonly passed: true; readonly returned: JourneyReturn; readonly exitCode: typeof EXIT_CODES.passed }
  | {
      readonly passed: false;
      readonly cause: JourneyCause | undefined;
      readonly stop: RunStop | undefined;
      readonly returned: JourneyReturn | undefined;
      /** Why the return is not the one expected (when there is a return). */
      readonly mismatch: ReturnMismatch | undefined;
      /** DESIGN §3.16: what the bank's known decision says was shared. */
      readonly outcome: KnownOutcome;
      readonly exitCode: typeof EXIT_CODES.failed;
    };

const LOCKOUTS: ReadonlySet<ModalName> = new Set(['permanentLockout', 'temporaryLockout']);
/** Modals that are not an ending: help texts, the inactivity warning, recoverable login messages, an exit offered again. */
const NOT_ENDINGS: ReadonlySet<ModalName> = new Set([
  'forgotUsername',
  'notRegistered',
  'lostSecureKey',
  'timeoutWarning',
  'incorrectSecurityCodeLockout',
  'invalidUsernameLastAttempt',
  'changeSelectedProfile',
  'successConfirm',
  'notArrangementOwner',
  'exitNotTaken',
]);

const noAnswer = (error: ApiError): boolean => error.status === 0 || error.code === NO_ANSWER || error.code === TIMED_OUT;

/** The modal that ended the journey (or shows as the run stops), if any. */
function endingModal(state: FlowState): ModalName | undefined {
  return openModalsOf(state.phase)
    .map((entry) => entry.name)
    .filter((name) => !NOT_ENDINGS.has(name))
    .at(-1);
}

/** What happened, from what is known: the customer's choice first, then the lockout, the failed call, the modal, the ending, the failure page. */
function journeyCause(state: FlowState, calls: CallRecord): JourneyCause | undefined {
  const modal = endingModal(state);
  const failure = calls.cause;
  if (state.journey.stage === 'rejected')
    return { kind: 'cancelled', rejection: failure?.call === 'reject' ? failure : calls.exit?.call === 'reject' ? calls.exit : undefined };
  if (modal !== undefined && LOCKOUTS.has(modal))
    return { kind: 'lockedOut', permanent: modal === 'permanentLockout', failure: failure?.call === 'authenticate' ? failure : undefined };
  if (modal === 'sessionEndedInactive') return { kind: 'sessionEnded', reason: 'inactivity' };
  if (modal === 'sessionEndedExpired') return { kind: 'sessionEnded', reason: 'tokenExpiry' };
  if (failure !== undefined) return noAnswer(failure.error) ? { kind: 'noAnswer', failure, modal } : { kind: 'bankError', failure, modal };
  if (modal !== undefined) return { kind: 'bankModal', modal };
  const phase = state.phase;
  const screen = phase.kind === 'failed' ? { kind: 'failure' as const, route: phase.route } : phase.kind === 'ended' ? phase.screen : undefined;
  if (screen?.kind === 'failure') return { kind: 'failurePage', route: screen.route };
  return undefined;
}

/**
 * docs/terminal.md "Verdicts": the return against what was expected; else what happened, why the
 * run stopped, what was shared. The app's own refusal of an answer is what happened (issue 33 item 15).
 */
export function journeyVerdict(end: JourneyEnd): JourneyVerdict {
  if (end.returned !== undefined && end.stop === undefined) {
    const judged = judgeReturn(end.returned, end.expected);
    if (judged.passed) return { passed: true, returned: end.returned, exitCode: EXIT_CODES.passed };
  }
  const judged = end.returned === undefined ? undefined : judgeReturn(end.returned, end.expected);
  return {
    passed: false,
    // Issue 33 item 15: when the app refused an answer, nothing was sent: a bank's earlier answer
    // (the date-of-birth step-up's 401) was answered already, and is not why the run stopped.
    cause: end.stop?.kind === 'refused' ? undefined : journeyCause(end.state, end.calls),
    stop: end.stop,
    returned: end.returned,
    mismatch: judged === undefined || judged.passed ? undefined : judged.mismatch,
    outcome: knownOutcome(end.state.decision, end.state.journey.token !== undefined),
    exitCode: EXIT_CODES.failed,
  };
}
