import { err, ok, type Result } from './result';

/**
 * Spec §4 "Inactivity timer", §9, CONTRACT §2, DESIGN §3.5: a pure function of the last activity
 * and now, on deadlines rather than ticks, so that a late or throttled tick still gives the right
 * answer and a scheduler can sleep until the next change.
 */

/** Spec §3 Config, CONTRACT §2: both values in seconds. */
export interface InactivityConfig {
  readonly inactiveTimeLimit: number;
  readonly inactiveReciprocalWarnTime: number;
}

export type InactivityConfigError =
  | {
      readonly kind: 'notPositiveInteger';
      readonly field: 'inactiveTimeLimit' | 'inactiveReciprocalWarnTime';
      readonly value: unknown;
    }
  | { readonly kind: 'warnNotBelowLimit'; readonly inactiveTimeLimit: number; readonly inactiveReciprocalWarnTime: number };

/** Spec §4: 2 none, 1 warning, 0 lapsed. */
export type InactivityLevel = 0 | 1 | 2;

export interface InactivityState {
  readonly level: InactivityLevel;
  /** Whole seconds left before the timeout, rounded up; 0 once lapsed; never above the limit. */
  readonly remainingSeconds: number;
  /** When the level or, while warning, the displayed second next changes; `undefined` once lapsed. */
  readonly nextDeadlineMs?: number;
}

const isPositiveInteger = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** CONTRACT §2: positive whole seconds, warn < limit; a malformed pair is a startup error page, never a crash. */
export function validateInactivityConfig(input: {
  readonly inactiveTimeLimit: unknown;
  readonly inactiveReciprocalWarnTime: unknown;
}): Result<InactivityConfig, InactivityConfigError> {
  const { inactiveTimeLimit, inactiveReciprocalWarnTime } = input;
  if (!isPositiveInteger(inactiveTimeLimit)) {
    return err({ kind: 'notPositiveInteger', field: 'inactiveTimeLimit', value: inactiveTimeLimit });
  }
  if (!isPositiveInteger(inactiveReciprocalWarnTime)) {
    return err({ kind: 'notPositiveInteger', field: 'inactiveReciprocalWarnTime', value: inactiveReciprocalWarnTime });
  }
  if (inactiveReciprocalWarnTime >= inactiveTimeLimit) {
    return err({ kind: 'warnNotBelowLimit', inactiveTimeLimit, inactiveReciprocalWarnTime });
  }
  return ok({ inactiveTimeLimit, inactiveReciprocalWarnTime });
}

function assertTime(name: string, value: number): void {
  if (!Number.isFinite(value)) throw new RangeError(`${name} must be a finite time in ms, got ${value}`);
}

/** Spec §4 inactivity levels, DESIGN §3.5. A clock that moved backwards counts as no time elapsed. */
export function inactivityState(config: InactivityConfig, lastActivityMs: number, nowMs: number): InactivityState {
  assertTime('lastActivityMs', lastActivityMs);
  assertTime('nowMs', nowMs);
  const limitMs = config.inactiveTimeLimit * 1000;
  const timeoutAtMs = lastActivityMs + limitMs;
  const remainingMs = Math.min(limitMs, timeoutAtMs - nowMs);
  if (remainingMs <= 0) return { level: 0, remainingSeconds: 0 };
  const remainingSeconds = Math.ceil(remainingMs / 1000);
  if (remainingSeconds <= config.inactiveReciprocalWarnTime) {
    return { level: 1, remainingSeconds, nextDeadlineMs: timeoutAtMs - (remainingSeconds - 1) * 1000 };
  }
  return {
    level: 2,
    remainingSeconds,
    nextDeadlineMs: timeoutAtMs - config.inactiveReciprocalWarnTime * 1000,
  };
}

/** Spec §4: the inactivity level at `nowMs`. */
export function inactivityLevel(config: InactivityConfig, lastActivityMs: number, nowMs: number): InactivityLevel {
  return inactivityState(config, lastActivityMs, nowMs).level;
}

/** DESIGN §3.7 "the countdown is announced politely"; not 0: the session's end has its own notice. */
export const isAnnouncedSecond = (seconds: number): boolean => seconds > 0 && (seconds <= 10 || seconds % 15 === 0);
