// The sandbox's own outcome type: a bank answer, or the failure it is answered with (CONTRACT §4).
// The sandbox keeps its own rather than the app's (DESIGN §3.19: it never reads domain/).

/** What a bank operation gives: its value, or the failure to answer with. */
export type Result<T, E> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

/** A successful outcome. */
export function ok<T>(value: T): Result<T, never> {
  return { ok: true, value };
}

/** A failed outcome. */
export function err<E>(error: E): Result<never, E> {
  return { ok: false, error };
}
