import type { FetchFunction } from './fetch.token';

/** Whether the device has a network connection, as the browser tells it (`navigator.onLine`, `online`). */
export interface Connection {
  /** False only when the device is known to be offline. */
  isOnline(): boolean;
  /** Calls `listener` when the connection comes back; returns the unsubscribe. */
  onOnline(listener: () => void): () => void;
}

/** The browser's connection; a runtime with no `navigator.onLine` counts as online. */
export const browserConnection: Connection = {
  isOnline: () => globalThis.navigator?.onLine !== false,
  onOnline: (listener) => {
    globalThis.addEventListener?.('online', listener);
    return () => globalThis.removeEventListener?.('online', listener);
  },
};

/**
 * Resolves at once when online, else when the connection comes back; rejects with the signal's
 * reason when it aborts first (the call's deadline, DESIGN §3.4).
 */
export function whenOnline(connection: Connection, signal?: AbortSignal | null): Promise<void> {
  if (connection.isOnline()) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted === true) {
      reject(signal.reason);
      return;
    }
    const done = (): void => {
      stop();
      signal?.removeEventListener('abort', aborted);
    };
    const stop = connection.onOnline(() => {
      done();
      resolve();
    });
    const aborted = (): void => {
      done();
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', aborted);
  });
}

/**
 * docs/design.md §3.4 "A GET waits for the connection": a GET asked for while the device is
 * offline is sent when the connection comes back (within its deadline), not spent at once on a
 * network error; the retries of DESIGN §3.4 are kept for a connection that is there but fails.
 * A POST or PUT is sent as it is: the flow decides what an offline press does (DESIGN §3.15).
 */
export function waitingForConnection(fetchFn: FetchFunction, connection: Connection): FetchFunction {
  return async (input, init) => {
    if ((init?.method ?? 'GET').toUpperCase() === 'GET') await whenOnline(connection, init?.signal);
    return fetchFn(input, init);
  };
}
