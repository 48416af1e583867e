/** Cancels a scheduled callback; calling it twice is harmless. */
export type Cancel = () => void;

/** Runs callbacks later (DESIGN §3.5: timers are set for deadlines and re-evaluated, never counted by ticks). */
export interface Scheduler {
  /** Runs `callback` once, `delayMs` from now (at once when the delay is 0 or negative). */
  after(delayMs: number, callback: () => void): Cancel;
}
export const SCHEDULER = Symbol('Scheduler');
