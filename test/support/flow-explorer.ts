// Explores the flow model (domain/flow-model.ts) from a few starting journeys, with every
// customer event, every kind of bank answer and time jumping to the next deadline, and lists
// the transitions between what the customer sees (a step, a modal, a failure page or an exit).
// `npm run diagram` writes them as the README's Mermaid diagram; a test checks it is current.
import { familyTrustAccounts, companyAccounts, janeCitizenAccounts, trustOwnerPersonalAccounts } from '../../adapters/sandbox-bank/persona-accounts';
import type { RawAccount } from '../../adapters/sandbox-bank/customer-auth-wire';
import { toAccounts } from '../../domain/account-answer';
import type { ApiError } from '../../domain/api-error';
import { parseConsentDetail } from '../../domain/consent';
import type { FlowAnswer, FlowCall } from '../../domain/flow-effects';
import type { FlowEvent } from '../../domain/flow-events';
import { transition } from '../../domain/flow-model';
import { initialFlowState, type FlowState } from '../../domain/flow-state';
import { MODAL_RULES, type ModalName } from '../../domain/modal';
import { topModal } from '../../domain/modal-stack';
import { err, ok, type Result } from '../../domain/result';
import type { TokenVerificationError } from '../../domain/redirect-token';

const NOW_MS = Date.UTC(2026, 10, 23);
const TOKEN = 'header.payload.signature';

/** What the customer sees, grouped as the diagram shows it. */
export type FlowNode =
  | 'Loading' | 'FailurePage' | 'Login' | 'SelectProfile' | 'SelectAccounts' | 'Review'
  | 'HelpModal' | 'SharingIncomplete' | 'ChangeProfile' | 'LoginMessage' | 'TimeoutWarning' | 'TokenExpiry'
  | 'EndModal' | 'Success' | 'AlreadyCompleted' | 'Rejecting' | 'ReturnedWithCode' | 'ReturnedAccessDenied' | 'ReturnedPlain' | 'BankPublicSite';

/** The modals as the diagram groups them (by their rule: closable or not, and what the button does). */
function modalNode(name: ModalName): FlowNode {
  switch (name) {
    case 'forgotUsername': case 'notRegistered': case 'lostSecureKey': return 'HelpModal';
    case 'sharingIncomplete': return 'SharingIncomplete';
    case 'changeSelectedProfile': return 'ChangeProfile';
    case 'invalidUsernameLastAttempt': case 'incorrectSecurityCodeLockout': return 'LoginMessage';
    case 'timeoutWarning': return 'TimeoutWarning';
    case 'redirectionToTpp': return 'TokenExpiry';
    case 'successConfirm': return 'Success';
    case 'alreadyCompleted': return 'AlreadyCompleted';
    default: return MODAL_RULES[name].closable ? 'HelpModal' : 'EndModal';
  }
}

const STEP_NODES = { login: 'Login', selectProfile: 'SelectProfile', selectAccounts: 'SelectAccounts', confirmation: 'Review' } as const;

export function nodeOf(state: FlowState, leftFor: string | undefined): FlowNode {
  if (leftFor !== undefined) {
    if (leftFor.includes('#code=') || leftFor.includes('response=')) return 'ReturnedWithCode';
    if (leftFor.includes('error=access_denied')) return 'ReturnedAccessDenied';
    return leftFor.startsWith('https://tpp.example/') ? 'ReturnedPlain' : 'BankPublicSite';
  }
  if (state.screen.kind === 'failure') return 'FailurePage';
  if (state.pending?.call.kind === 'reject') return 'Rejecting';
  const top = topModal(state.modals);
  if (top !== undefined) return modalNode(top.name);
  return state.screen.kind === 'loading' ? 'Loading' : STEP_NODES[state.step];
}

/** One starting journey: the consent asked for and the customer's profiles and accounts. */
interface Start {
  readonly name: string;
  readonly scopes: readonly string[];
  readonly arrangement: boolean;
  readonly profiles: readonly { readonly companyId: string; readonly businessName: string; readonly accounts: readonly RawAccount[] }[];
}

const BANK = ['bank:accounts.basic:read', 'common:customer.basic:read'];
const STARTS: readonly Start[] = [
  { name: 'individual', scopes: BANK, arrangement: false, profiles: [{ companyId: 'PERSONAL', businessName: 'Jane Citizen', accounts: janeCitizenAccounts }] },
  {
    name: 'trust', scopes: BANK, arrangement: false,
    profiles: [
      { companyId: 'PERSONAL', businessName: 'Terry Owner', accounts: trustOwnerPersonalAccounts },
      { companyId: 'BC1001', businessName: 'Owner Family Trust', accounts: familyTrustAccounts },
      { companyId: 'BC1002', businessName: 'Owner Holdings', accounts: companyAccounts },
    ],
  },
  { name: 'amendment', scopes: BANK, arrangement: true, profiles: [{ companyId: 'PERSONAL', businessName: 'Jane Citizen', accounts: janeCitizenAccounts }] },
  { name: 'customer data only', scopes: ['common:customer.basic:read'], arrangement: false, profiles: [{ companyId: 'PERSONAL', businessName: 'Jane Citizen', accounts: janeCitizenAccounts }] },
  {
    name: 'customer data only, two profiles', scopes: ['common:customer.detail:read'], arrangement: false,
    profiles: [
      { companyId: 'PERSONAL', businessName: 'Terry Owner', accounts: trustOwnerPersonalAccounts },
      { companyId: 'BC1001', businessName: 'Owner Family Trust', accounts: familyTrustAccounts },
    ],
  },
];

const failure = (status: number, code?: string, ...causes: string[]): ApiError => (code === undefined ? { status, causes } : { status, code, causes });

/** Every kind of failure an answer can bring (spec §8), per call. */
const FAILURES: Readonly<Record<FlowCall['kind'], readonly ApiError[]>> = {
  consentDetails: [failure(500)],
  authenticate: [
    failure(401, 'otp_failure_001', '{"remainingOTPattempts":3}'), failure(401, 'otp_failure_001', '{"remainingOTPattempts":1}'),
    failure(401, 'otp_failure_001', '{"remainingOTPattempts":0}'), failure(401, 'otp_failure_008'), failure(403, 'otp_failure_002'),
    failure(403, 'otp_failure_003'), failure(403, 'sanction_failed_001'), failure(403, 'otp_failure_005'), failure(403, 'otp_failure_006'),
    failure(401, 'tds_otp_failure_002'), failure(503, 'otp_failure_004'),
  ],
  customerDetails: [failure(422), failure(503)],
  businesses: [failure(503)],
  confirmBusinessProfile: [failure(503), failure(400, 'A09')],
  accounts: [failure(400, 'A09'), failure(422), failure(500, '500', 'AISVAL0009'), failure(503)],
  saveSelection: [failure(400, 'A09'), failure(503)],
  confirm: [failure(400, 'A05'), failure(500), failure(502), failure(409, 'consent_already_decided', '{"decision":"approved"}')],
  reject: [failure(500), failure(503), failure(409, 'consent_already_decided', '{"decision":"rejected"}')],
  keepAlive: [],
};

function answers(start: Start, state: FlowState, call: FlowCall): FlowAnswer[] {
  const failed = FAILURES[call.kind].map((error) => ({ kind: call.kind, result: err(error) }) as FlowAnswer);
  const succeed = ((): FlowAnswer | undefined => {
    switch (call.kind) {
      case 'consentDetails': {
        const claims = start.arrangement ? '{"cdr_arrangement_id":"arr-1"}' : undefined;
        const shared = start.arrangement ? [{ schemeName: 'BSB_ACCOUNT', identification: '062000 12345678', secondaryIdentification: 'acc-0001' }] : undefined;
        const consent = parseConsentDetail({
          detail: {
            permissions: start.scopes.map((permission) => ({
              permission, ...(shared !== undefined && permission.startsWith('bank:') ? { accounts: shared } : {}), ...(claims === undefined ? {} : { claims }),
            })),
            expirationDateTime: new Date(NOW_MS + 90 * 86_400_000).toISOString(),
          },
        });
        return consent.ok ? { kind: 'consentDetails', result: ok(consent.value) } : undefined;
      }
      case 'authenticate': return { kind: 'authenticate', result: ok(undefined) };
      case 'customerDetails': return { kind: 'customerDetails', result: ok({ fullLegalName: 'A Customer' }) };
      case 'businesses': return { kind: 'businesses', result: ok(start.profiles.map(({ companyId, businessName }) => ({ companyId, businessName }))) };
      case 'confirmBusinessProfile': return { kind: 'confirmBusinessProfile', result: ok(undefined) };
      case 'accounts': {
        const profile = start.profiles.find((candidate) => candidate.companyId === (state.bankProfile ?? 'PERSONAL')) ?? start.profiles[0];
        const accounts = toAccounts({ accounts: { account: profile?.accounts ?? [] } });
        return accounts.ok ? { kind: 'accounts', result: ok(accounts.value) } : undefined;
      }
      case 'saveSelection': return { kind: 'saveSelection', result: ok(undefined) };
      case 'confirm': return { kind: 'confirm', result: ok({ auth_code: 'code', redirect_uri: 'https://tpp.example/cb', state: 'st', id_token: 'id' }) };
      case 'reject': return { kind: 'reject', result: ok({ redirect_uri: 'https://tpp.example/cb' }) };
      case 'keepAlive': return { kind: 'keepAlive', result: ok(undefined) };
    }
  })();
  return succeed === undefined ? failed : [succeed, ...failed];
}

/** The customer's actions (with the form already filled in, so that Continue on login can be pressed). */
const CUSTOMER_EVENTS: readonly FlowEvent[] = [
  { type: 'submitLogin' }, { type: 'openHelp', modal: 'forgotUsername' }, { type: 'chooseProfile', id: 'BC1001' }, { type: 'chooseProfile', id: 'PERSONAL' },
  { type: 'toggleAccount', id: 'acc-0001' }, { type: 'toggleAll' }, { type: 'continue' }, { type: 'back' }, { type: 'confirm' },
  { type: 'cancel' }, { type: 'modalPrimary' }, { type: 'modalDismiss' }, { type: 'leaveFailurePage' }, { type: 'stepUnavailable' },
];

const claims = (lifetimeS: number) => ({
  tppName: 'Budget Buddy', orgName: 'Budget Buddy Pty Ltd', redirectUri: 'https://tpp.example/cb', state: 'st', brand: 'demo', standard: 'accc',
  consentType: 'aisp', consentSubType: '', consentStatus: 'AwaitingAuthorisation', exp: NOW_MS / 1000 + lifetimeS,
});

/** A token that outlives the inactivity limit, one that expires first, a keys outage and a forgery. */
const VERIFICATIONS: readonly Result<unknown, TokenVerificationError>[] = [
  ok(claims(3600)),
  ok(claims(200)),
  err({ kind: 'keysUnavailable', detail: 'HTTP 503' }),
  err({ kind: 'badSignature' }),
];

/** What makes two states the same for the diagram's purpose (what is shown and what can happen next). */
function keyOf(state: FlowState, node: FlowNode): string {
  return JSON.stringify([
    node, state.screen.kind, state.step, state.modals.base, state.modals.timeoutSeconds !== undefined, state.modals.expiry,
    state.pending?.call.kind, state.pending?.call.kind === 'saveSelection' ? state.pending.call.then : undefined,
    state.verified, state.bankProfile, state.profiles.find((p) => p.selected)?.id, state.accounts === undefined,
    state.accounts?.data.some((a) => a.selected), state.login.requireDob, Math.min(state.login.failures, 5), state.stage, state.rejected,
    state.confirmation !== undefined, state.timers.lastActivityMs !== undefined, state.timers.tokenExpiry, state.token?.exp,
  ]);
}

export interface FlowEdge {
  readonly from: FlowNode;
  readonly to: FlowNode;
}

/** Every transition between two different things the customer sees, reachable from the starts. */
export function exploreFlow(): readonly FlowEdge[] {
  const edges = new Map<string, FlowEdge>();
  for (const start of STARTS) {
    const config = {
      brands: ['demo'], production: false, publicSiteUrl: 'https://www.bank.example',
      inactivity: { inactiveTimeLimit: 300, inactiveReciprocalWarnTime: 60 },
    };
    let initial = initialFlowState(config, NOW_MS);
    initial = { ...initial, login: { ...initial.login, form: { username: 'someone', secureCode: '123456', dob: { day: '25', month: '12', year: '1966' } } } };
    const launched = transition(initial, { type: 'launched', route: '', jwtFromAddress: TOKEN, jwtFromStorage: undefined, errorParam: undefined, decided: undefined }, NOW_MS);
    const queue: { state: FlowState; now: number }[] = [{ state: launched.state, now: NOW_MS }];
    const seen = new Set<string>([keyOf(launched.state, nodeOf(launched.state, undefined))]);
    const errorRoutes: FlowEvent[] = ['authorize_failure', 'incorrect_jwt', 'consent_fetch_failure']
      .map((route) => ({ type: 'launched', route, jwtFromAddress: TOKEN, jwtFromStorage: undefined, errorParam: undefined, decided: undefined }));
    for (const event of errorRoutes) {
      const to = transition(initialFlowState(config, NOW_MS), event, NOW_MS).state;
      edges.set(`Loading>${nodeOf(to, undefined)}`, { from: 'Loading', to: nodeOf(to, undefined) });
    }
    while (queue.length > 0) {
      const { state, now } = queue.shift() as { state: FlowState; now: number };
      const from = nodeOf(state, undefined);
      const pending = state.pending;
      const events: { event: FlowEvent; at: number }[] = CUSTOMER_EVENTS.map((event) => ({ event, at: now }));
      if (pending !== undefined) {
        if (pending.call.kind === 'verify') {
          for (const result of VERIFICATIONS) events.push({ event: { type: 'verified', id: pending.id, result }, at: now });
        } else {
          for (const answer of answers(start, state, pending.call)) events.push({ event: { type: 'answered', id: pending.id, answer }, at: now });
        }
      }
      // Time with the page in front: to the next deadline; while a warning counts down, to its end.
      const times = [
        state.wakeAtMs,
        state.modals.timeoutSeconds === undefined ? Number.NaN : (state.timers.lastActivityMs ?? Number.NaN) + 300_000,
        state.modals.expiry ? (state.token?.exp ?? Number.NaN) * 1000 : Number.NaN,
      ];
      for (const at of times) if (at !== undefined && Number.isFinite(at)) events.push({ event: { type: 'tick' }, at: Math.max(now, at) });
      for (const { event, at } of events) {
        const next = transition(state, event, at);
        if (next.state === state) continue;
        const leftFor = next.effects.find((effect) => effect.type === 'leave');
        const to = nodeOf(next.state, leftFor?.type === 'leave' ? leftFor.url : undefined);
        if (to !== from) edges.set(`${from}>${to}`, { from, to });
        if (leftFor !== undefined) continue;
        const key = keyOf(next.state, to);
        if (seen.has(key)) continue;
        seen.add(key);
        queue.push({ state: next.state, now: at });
      }
    }
  }
  return [...edges.values()].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
}

const LABELS: Readonly<Record<FlowNode, string>> = {
  Loading: 'Loading (verify the token, read the consent)',
  FailurePage: 'Failure page',
  Login: 'Login',
  SelectProfile: 'Select a profile',
  SelectAccounts: 'Select your accounts',
  Review: 'Review and submit',
  HelpModal: 'Help (forgot username, not registered, lost secure key)',
  SharingIncomplete: 'Are you sure you want to leave?',
  ChangeProfile: 'Change selected profile?',
  LoginMessage: 'Login message (one attempt left, incorrect code)',
  TimeoutWarning: 'Are you still there? (inactivity)',
  TokenExpiry: 'Your session is ending (token expiry)',
  EndModal: 'Journey-ending message (lockout, age, unavailable, no eligible accounts, …)',
  Success: 'Data sharing confirmed',
  AlreadyCompleted: 'This request has already been completed (decided in another tab)',
  Rejecting: 'Rejecting the consent at the bank',
  ReturnedWithCode: 'Back to the recipient with a code',
  ReturnedAccessDenied: 'Back to the recipient with access_denied',
  ReturnedPlain: 'Back to the recipient, plain address (decided elsewhere, or unclear)',
  BankPublicSite: 'The bank\'s public site',
};

const EXITS: readonly FlowNode[] = ['ReturnedWithCode', 'ReturnedAccessDenied', 'ReturnedPlain', 'BankPublicSite'];

/** The exploration as a Mermaid state diagram. */
export function flowDiagram(edges: readonly FlowEdge[] = exploreFlow()): string {
  const nodes = [...new Set(edges.flatMap((edge) => [edge.from, edge.to]))].sort();
  return [
    'stateDiagram-v2',
    '    direction LR',
    '    [*] --> Loading',
    ...nodes.map((node) => `    ${node}: ${LABELS[node]}`),
    ...edges.map((edge) => `    ${edge.from} --> ${edge.to}`),
    ...nodes.filter((node) => EXITS.includes(node)).map((node) => `    ${node} --> [*]`),
  ].join('\n');
}
