// What the recipient simulator makes of a return from the consent app (CONTRACT §6): it checks
// the state against what it sent and verifies the id_token (or JARM response) it got.
import type { ReturnCheck, ReturnView } from './recipient-pages';
import { halfHash, type SandboxTokens } from './sandbox-tokens';
import type { SqliteSandboxStore } from './sqlite-sandbox-store';

/** The query of a return: the error return's or the forwarded fragment's values. */
export interface ReturnQuery {
  readonly code?: string;
  readonly state?: string;
  readonly id_token?: string;
  readonly response?: string;
  readonly error?: string;
  readonly respCode?: string;
  readonly respMessage?: string;
}

function stateCheck(store: SqliteSandboxStore, state: string | undefined): ReturnCheck {
  if (state === undefined || state === '') return { label: 'state', passed: false, detail: 'no state came back' };
  const sent = store.findRequestByState(state);
  return sent === undefined
    ? { label: 'state', passed: false, detail: 'this simulator never sent this state' }
    : {
        label: 'state',
        passed: true,
        detail: `matches the request for ${sent.request.scopes.join(', ')}${sent.request.personaHint === undefined ? '' : ` (persona hint ${sent.request.personaHint})`}`,
      };
}

const hashCheck = (label: string, claim: unknown, value: string | undefined): ReturnCheck =>
  value !== undefined && claim === halfHash(value) ? { label, passed: true, detail: 'matches' } : { label, passed: false, detail: 'does not match' };

/**
 * What each kind of return means for the recipient (CONTRACT §6, DESIGN §3.11), for a developer
 * integrating against the simulator.
 */
const RETURN_MEANINGS = {
  accessDenied: [
    'The customer did not authorise, or the session ended before they did: they chose Cancel (Exit without saving on an amendment), the session timed out, or the bank ended it (a lockout, a failure it reported).',
    "The consent app returns access_denied for every one of these, a customer's Cancel included: that is by design (CONTRACT §6), not an error of your integration, and it does not tell you why.",
    'Nothing was shared; an amendment leaves the arrangement as it was. You may offer the customer to start again.',
  ],
  otherError: ['The consent app sends only access_denied (CONTRACT §6): this error came from elsewhere. Treat it as not authorised.'],
  authorised: [
    'The customer authorised. Check that the state is one you sent, verify the id_token (its signature, c_hash for the code, s_hash for the state), then exchange the code for tokens at the bank (the sandbox has no token endpoint).',
    'cdr_arrangement_id names the arrangement: keep it to amend the arrangement later.',
  ],
  jarm: [
    'The customer authorised. The response is a JWT the bank signed (JARM) holding the code and the state: verify it and check the state, then exchange the code.',
  ],
  nothing: [
    'The consent app returned to the plain redirect address: no code, no error, no state. It does so when it cannot tell you the outcome without risking a wrong one (DESIGN §3.11): an approval was committed at the bank but its answer was lost, or the decision was taken in another tab or window, whose return carried it.',
    "This is not a refusal: never treat it as access_denied. If a return with a code reached you for this customer, use it; otherwise look for a new arrangement (Earlier arrangements, on the simulator's page) or ask the customer to start again.",
  ],
} as const;

/** CONTRACT §6: describes a return (error, JARM response, or code + state + id_token) with its checks. */
export async function describeReturn(query: ReturnQuery, store: SqliteSandboxStore, tokens: SandboxTokens): Promise<ReturnView> {
  if (query.error !== undefined) {
    return {
      heading: 'The customer did not authorise',
      meaning: query.error === 'access_denied' ? RETURN_MEANINGS.accessDenied : RETURN_MEANINGS.otherError,
      values: [
        { label: 'error', value: query.error },
        { label: 'respCode', value: query.respCode ?? '(none)' },
        { label: 'respMessage', value: query.respMessage ?? '(none)' },
        { label: 'state', value: query.state ?? '(none)' },
      ],
      checks: [stateCheck(store, query.state)],
    };
  }
  if (query.response !== undefined) {
    const verified = await tokens.verifyForRecipient(query.response);
    if (!verified.ok) {
      return {
        heading: 'A JARM response came back',
        meaning: RETURN_MEANINGS.jarm,
        values: [{ label: 'response', value: query.response }],
        checks: [{ label: 'response signature', passed: false, detail: verified.error }],
      };
    }
    const state = typeof verified.value['state'] === 'string' ? verified.value['state'] : undefined;
    const code = typeof verified.value['code'] === 'string' ? verified.value['code'] : '(none)';
    const arrangementId = state === undefined ? undefined : arrangementOf(store, state);
    return {
      heading: 'Authorised (JARM response)',
      meaning: RETURN_MEANINGS.jarm,
      values: [
        { label: 'code', value: code },
        { label: 'state', value: state ?? '(none)' },
      ],
      checks: [{ label: 'response signature', passed: true, detail: 'signed by the sandbox bank' }, stateCheck(store, state)],
      claims: verified.value,
      ...(arrangementId === undefined ? {} : { arrangementId }),
    };
  }
  if (query.code === undefined && query.id_token === undefined) {
    return {
      heading: 'Nothing came back',
      meaning: RETURN_MEANINGS.nothing,
      values: [],
      checks: [{ label: 'return', passed: false, detail: 'no code, id_token, error or state in the return: nothing to check, the outcome is unclear' }],
    };
  }
  const values = [
    { label: 'code', value: query.code ?? '(none)' },
    { label: 'state', value: query.state ?? '(none)' },
    { label: 'id_token', value: query.id_token ?? '(none)' },
  ];
  const checks: ReturnCheck[] = [stateCheck(store, query.state)];
  if (query.id_token === undefined) {
    return { heading: 'Authorised', meaning: RETURN_MEANINGS.authorised, values, checks: [...checks, { label: 'id_token', passed: false, detail: 'missing' }] };
  }
  const verified = await tokens.verifyForRecipient(query.id_token);
  if (!verified.ok)
    return {
      heading: 'Authorised',
      meaning: RETURN_MEANINGS.authorised,
      values,
      checks: [...checks, { label: 'id_token signature', passed: false, detail: verified.error }],
    };
  const arrangementId = typeof verified.value['cdr_arrangement_id'] === 'string' ? verified.value['cdr_arrangement_id'] : undefined;
  return {
    heading: 'Authorised',
    meaning: RETURN_MEANINGS.authorised,
    values,
    checks: [
      ...checks,
      { label: 'id_token signature', passed: true, detail: 'signed by the sandbox bank, for this recipient, not expired' },
      hashCheck('id_token c_hash (code)', verified.value['c_hash'], query.code),
      hashCheck('id_token s_hash (state)', verified.value['s_hash'], query.state),
    ],
    claims: verified.value,
    ...(arrangementId === undefined ? {} : { arrangementId }),
  };
}

function arrangementOf(store: SqliteSandboxStore, state: string): string | undefined {
  const outcome = store.findRequestByState(state)?.outcome;
  return outcome?.kind === 'authorised' ? outcome.arrangementId : undefined;
}
