import type { ExpectedReturn } from './journey-answers';

/** CONTRACT §6: what the third party got back on the return address. */
export type JourneyReturn =
  | { readonly kind: 'code'; readonly code: string; readonly state?: string; readonly idToken?: string }
  | { readonly kind: 'jarm'; readonly response: string }
  | { readonly kind: 'error'; readonly error: string; readonly respCode?: string; readonly respMessage?: string; readonly state?: string }
  | { readonly kind: 'plain' };

const param = (query: URLSearchParams, name: string): string | undefined => {
  const value = query.get(name);
  return value === null || value === '' ? undefined : value;
};

/**
 * CONTRACT §6: reads the parameters of a return address (code, state, id_token; response; error,
 * respCode, respMessage), from its fragment (a success) or its query (an error).
 */
export function readReturn(url: string): JourneyReturn {
  const parsed = new URL(url);
  const query = new URLSearchParams(parsed.search);
  for (const [name, value] of new URLSearchParams(parsed.hash.replace(/^#/, ''))) if (!query.has(name)) query.append(name, value);
  const code = param(query, 'code');
  const state = param(query, 'state');
  if (code !== undefined) {
    const idToken = param(query, 'id_token');
    return { kind: 'code', code, ...(state === undefined ? {} : { state }), ...(idToken === undefined ? {} : { idToken }) };
  }
  const response = param(query, 'response');
  if (response !== undefined) return { kind: 'jarm', response };
  const error = param(query, 'error');
  if (error === undefined) return { kind: 'plain' };
  const respCode = param(query, 'respCode');
  const respMessage = param(query, 'respMessage');
  return {
    kind: 'error',
    error,
    ...(respCode === undefined ? {} : { respCode }),
    ...(respMessage === undefined ? {} : { respMessage }),
    ...(state === undefined ? {} : { state }),
  };
}

/** A return that is not the one expected: what was wanted and what came (journey-copy.ts words it). */
export interface ReturnMismatch {
  readonly expected: ExpectedReturn;
  readonly got: JourneyReturn;
}

/** Whether the return is the one expected, or how it differs, as data (the run's verdict is journey-verdict.ts's). */
export type ReturnJudgement = { readonly passed: true } | { readonly passed: false; readonly mismatch: ReturnMismatch };

/** Whether the recipient got what was expected: a code (a JARM response carries one) or the expected error. */
export function judgeReturn(got: JourneyReturn, expected: ExpectedReturn): ReturnJudgement {
  const passed = expected.kind === 'code' ? got.kind === 'code' || got.kind === 'jarm' : got.kind === 'error' && got.error === expected.error;
  return passed ? { passed: true } : { passed: false, mismatch: { expected, got } };
}
