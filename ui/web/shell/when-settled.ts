/** How long after the first screen appears the later steps are fetched, if the customer has not started yet. */
const SETTLE_DELAY_MS = 2000;

/** The customer's first input: a pointer press, a key, or a field filled (a password manager fills without keys). */
const FIRST_INPUT_EVENTS = ['pointerdown', 'keydown', 'input'] as const;

/**
 * Runs `work` once the first screen has settled: at the customer's first input, or
 * {@link SETTLE_DELAY_MS} later in an idle moment, whichever comes first. So background downloads
 * never compete with the login screen becoming usable, and are done long before the customer has
 * typed a username and a 6-digit code. Returns a cancel function (for an unmount).
 */
export function whenSettled(work: () => void, target: Pick<Document, 'addEventListener' | 'removeEventListener'> = document): () => void {
  let finished = false;
  const idle = globalThis.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 0));
  const timer = setTimeout(() => idle(run), SETTLE_DELAY_MS);
  const stop = (): void => {
    finished = true;
    clearTimeout(timer);
    for (const type of FIRST_INPUT_EVENTS) target.removeEventListener(type, run, { capture: true });
  };
  function run(): void {
    if (finished) return;
    stop();
    work();
  }
  for (const type of FIRST_INPUT_EVENTS) target.addEventListener(type, run, { capture: true, passive: true });
  return stop;
}
