/** The current time, so that the rules of time (timers, expiry, lockout) can be tested with a manual clock. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}
export const CLOCK = Symbol('Clock');
