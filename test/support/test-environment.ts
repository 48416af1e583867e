import fc from 'fast-check';

/**
 * Loaded by mocha (.mocharc.json "require") before any test module, so before Ink is imported.
 *
 * Ink reads `CI` / `CONTINUOUS_INTEGRATION` once, at import, and in CI writes no frame until the
 * app unmounts (its non-interactive mode). The terminal channel's interactive tests read the
 * frames an engineer would see at a real terminal, so the test process must not look like CI to
 * Ink, even when CI runs it (the CI run of 2026-11-26 failed, then hung, on exactly this).
 */
delete process.env['CI'];
delete process.env['CONTINUOUS_INTEGRATION'];

/**
 * React's development build records every component's render as a User Timing measure (the
 * browser Performance panel's "Components ⚛" track) wherever `console.timeStamp` and
 * `performance.measure` exist, and Node has both: each render then measures and clears a named
 * entry in Node's performance buffer, 3 to 4 s of the unit tier's CPU (a profile, issue 32, 32.15).
 * No test reads those tracks; React decides once, at import, and this file is loaded first.
 */
Reflect.deleteProperty(console, 'timeStamp');

/**
 * Issue 32 item 4, a deterministic gate: every fast-check property without a seed of its own runs
 * from this one, so a run of `npm test` draws the same cases as the last. `FC_SEED=<n>` draws
 * others; `npm run soak` does so with fresh seeds (docs/testing.md "The gate and the soak").
 */
const GATE_SEED = 20261128;
fc.configureGlobal({ seed: process.env['FC_SEED'] === undefined ? GATE_SEED : Number(process.env['FC_SEED']) });

/**
 * Issue 24 item 3, "clean output": a test fails when it prints an unexpected `console.error` or
 * `console.warn` (a React act() warning among them). A test that expects one replaces the method
 * itself (sinon.stub(console, 'error')), which this check then does not see.
 */
const printed: string[] = [];
for (const level of ['error', 'warn'] as const) {
  const original = console[level].bind(console);
  console[level] = (...args: unknown[]) => {
    printed.push(
      `console.${level}: ${args
        .map((arg) => (arg instanceof Error ? arg.message : String(arg)))
        .join(' ')
        .slice(0, 400)}`,
    );
    original(...args);
  };
}

/**
 * React warns of an update outside act() wherever `IS_REACT_ACT_ENVIRONMENT` is set, which Testing
 * Library does, once, for the whole process. The terminal channel's views (Ink) render in real
 * time, as at a real terminal, never inside act(): there the flag is off.
 */
const reactActEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

export const mochaHooks = {
  beforeEach(this: Mocha.Context): void {
    printed.length = 0;
    const file = this.currentTest?.file ?? '';
    if (/[\\/]test[\\/]terminal[\\/]/.test(file)) reactActEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    else if (reactActEnvironment.IS_REACT_ACT_ENVIRONMENT === false) reactActEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  },
  afterEach(this: Mocha.Context): void {
    if (printed.length === 0) return;
    const lines = printed.splice(0);
    throw new Error(`"${this.currentTest?.fullTitle() ?? 'a test'}" printed what no test expects:\n${lines.join('\n')}`);
  },
};
