/**
 * The parts of `window.location` the adapters use. Bound optionally: the adapters fall back to
 * `globalThis.location`; tests pass a recording or fake one.
 */
export type LocationLike = Pick<Location, 'href' | 'pathname' | 'search' | 'hash' | 'replace'>;
export const LOCATION = Symbol('Location');

/** The part of `window.history` the adapters use (bound optionally, like LOCATION). */
export type HistoryLike = Pick<History, 'replaceState' | 'state'>;
export const HISTORY = Symbol('History');

/** The page's `document`, for the DOM adapters (bound optionally, like LOCATION). */
export const DOCUMENT = Symbol('Document');

/** The browser's `navigator` (its `onLine`), bound optionally like LOCATION. */
export const NAVIGATOR = Symbol('Navigator');

/** The page's window as an event target (its `popstate`), bound optionally like LOCATION. */
export type WindowEventsLike = Pick<Window, 'addEventListener'>;
export const WINDOW_EVENTS = Symbol('WindowEvents');
