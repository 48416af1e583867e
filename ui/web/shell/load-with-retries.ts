/** How the later steps' files are fetched again (DESIGN §3.4, as for every GET of the app). */
export interface RetryPolicy {
  /** Tries in all: the first and at most two more (DESIGN §3.4 "at most 2 retries"). */
  readonly attempts: number;
  /** The wait before the retry `n` (0-based) is `baseDelayMs × 2^n`. */
  readonly baseDelayMs: number;
  /** DESIGN §3.4 "Every call has a timeout": the whole load, retries included (the GET timeout). */
  readonly timeoutMs: number;
}

const LATER_STEPS_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 500, timeoutMs: 15_000 };

/**
 * Loads with `load`, trying again after a failure (a dropped connection, a file the CDN did not
 * serve) while the policy allows and the deadline leaves time for it. Rejects with the last
 * failure, or when the deadline passes first (a file that never arrives). A GET of the app's own
 * static files is safe to repeat; a browser tries a failed dynamic import again on the next call.
 * `online` resolves when the device has a connection: a retry waits for it (within the deadline).
 */
export function loadWithRetries<T>(
  load: () => Promise<T>,
  policy: RetryPolicy = LATER_STEPS_RETRY,
  online: () => Promise<void> = () => Promise.resolve(),
): Promise<T> {
  const deadline = Date.now() + policy.timeoutMs;
  const attempt = async (index: number): Promise<T> => {
    try {
      return await load();
    } catch (error) {
      const delayMs = policy.baseDelayMs * 2 ** index;
      if (index + 1 >= policy.attempts || Date.now() + delayMs >= deadline) throw error;
      // docs/design.md §3.4 "A GET waits for the connection": no further try while offline.
      await online();
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      return attempt(index + 1);
    }
  };
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Not loaded within ${policy.timeoutMs} ms.`)), policy.timeoutMs);
    attempt(0)
      .then(resolve, reject)
      .finally(() => clearTimeout(timer));
  });
}
