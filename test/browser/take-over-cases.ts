// What the take-over property chooses (issue 20, docs/prerendered-login.md): one customer's timing.
// Apart from its runner so that a corpus entry (test/browser/corpus/) can be generated and checked
// against these types.
import fc from 'fast-check';

export type Entry = 'type' | 'paste' | 'autofill';

/** One customer's timing, as fast-check chooses it. */
export interface Timing {
  readonly cpu: 1 | 4 | 6;
  /** Milliseconds each answer is held back: the entry script, the chunks in order, config.json, the keys, the consent. */
  readonly delays: { readonly main: number; readonly chunks: readonly number[]; readonly config: number; readonly keys: number; readonly consent: number };
  /** From the moment the form shows to the first key (or paste, or fill). */
  readonly startAfterMs: number;
  /** Between two keys when typed. */
  readonly keyDelayMs: number;
  readonly username: Entry;
  readonly code: Entry;
  /** Continue by a click, or by Enter in the last field typed into. */
  readonly press: 'click' | 'enter';
  /** From the end of the entry to the press. */
  readonly pressAfterMs: number;
}

const delay = fc.integer({ min: 0, max: 3000 });
export const timing: fc.Arbitrary<Timing> = fc.record({
  cpu: fc.constantFrom(1 as const, 4 as const, 6 as const),
  delays: fc.record({ main: delay, chunks: fc.array(delay, { minLength: 8, maxLength: 8 }), config: delay, keys: delay, consent: delay }),
  startAfterMs: fc.integer({ min: 0, max: 2000 }),
  keyDelayMs: fc.integer({ min: 0, max: 150 }),
  username: fc.constantFrom<Entry>('type', 'paste', 'autofill'),
  code: fc.constantFrom<Entry>('type', 'paste', 'autofill'),
  press: fc.constantFrom('click' as const, 'enter' as const),
  pressAfterMs: fc.integer({ min: 0, max: 1500 }),
});
