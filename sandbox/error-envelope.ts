// The error envelope of every non-2xx answer (CONTRACT §4).

/** CONTRACT §4: the body of a failed call. */
export interface ErrorEnvelope {
  readonly error: { readonly errorInfo: readonly { readonly errorStack: readonly { readonly code: string; readonly causes: readonly string[] }[] }[] };
}

/** A failed answer the sandbox gives: an HTTP status, a code and its causes. */
export interface BankFailure {
  readonly status: number;
  readonly code: string;
  readonly causes: readonly string[];
}

/** CONTRACT §4: wraps a code and its causes in the error envelope. */
export const errorEnvelope = (code: string, causes: readonly string[] = []): ErrorEnvelope => ({
  error: { errorInfo: [{ errorStack: [{ code, causes }] }] },
});

/** A BankFailure value. */
export const failure = (status: number, code: string, ...causes: readonly string[]): BankFailure => ({ status, code, causes });

/** CONTRACT §4: `causes[0]` as JSON holding remainingOTPattempts (spec §8 login errors). */
export const remainingAttemptsCause = (remaining: number): string => JSON.stringify({ remainingOTPattempts: remaining });
