import { isNetworkError } from './fetch-call';
import type { FetchFunction } from './fetch.token';

/** Whether the device has a network connection, as the browser tells it (`navigator.onLine`, `online`). */
export interface Connection {
  /** False only when the device is known to be offline. */
  isOnline(): boolean;
  /** Returns the unsubscribe. */
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
 * docs/design.md §3.4 "A GET waits for the connection" rather than spend its retries at once; it
 * is tried first all the same (a preloaded or cached answer needs no connection). A POST or PUT
 * is sent as it is: the flow decides what an offline press does (DESIGN §3.15).
 */
export function waitingForConnection(fetchFn: FetchFunction, connection: Connection): FetchFunction {
  return async (input, init) => {
    try {
      return await fetchFn(input, init);
    } catch (error) {
      const isGet = (init?.method ?? 'GET').toUpperCase() === 'GET';
      if (!isGet || connection.isOnline() || !isNetworkError(error)) throw error;
      await whenOnline(connection, init?.signal);
      return fetchFn(input, init);
    }
  };
}
