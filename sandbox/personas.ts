// The sandbox's customers (SCENARIOS.md), plus a few that reach the remaining branches of spec §8.
import type { RawAccount } from '../contract/customer-auth.wire';
import { failure, type BankFailure } from './error-envelope';
import {
  companyAccounts,
  familyTrustAccounts,
  hugeAccounts,
  janeCitizenAccounts,
  jointApprovalAccounts,
  fiftyAccounts,
  manyAccounts,
  noEligibleAccounts,
  simpleAccounts,
  trustOwnerPersonalAccounts,
} from './persona-accounts';

/** Every persona's secure code (SCENARIOS.md). */
export const SANDBOX_SECURE_CODE = '123456';
/** Every persona's date of birth (SCENARIOS.md dob.required: 25/12/1966). */
export const SANDBOX_DATE_OF_BIRTH = '1966-12-25';
/** The profile id of the individual profile (spec §3). */
export const PERSONAL_PROFILE = 'PERSONAL';

/** One profile of a persona and the accounts it holds. */
export interface PersonaProfile {
  readonly companyId: string;
  readonly businessName: string;
  readonly accounts: readonly RawAccount[];
}

/** How the bank answers a persona's login. */
type AuthenticationBehaviour =
  | { readonly kind: 'normal' }
  /** Answers otp_failure_008 until a date of birth is sent. */
  | { readonly kind: 'dob-required' }
  /** Answers this failure to every attempt. */
  | { readonly kind: 'fixed-failure'; readonly failure: BankFailure };

/** A sandbox customer: who they are, how login behaves and which calls fail. */
export interface Persona {
  readonly username: string;
  readonly fullLegalName: string;
  /** What the persona shows, for the recipient simulator's list (SCENARIOS.md). */
  readonly shows: string;
  readonly authentication: AuthenticationBehaviour;
  readonly profiles: readonly PersonaProfile[];
  readonly customerDetailsFailure?: BankFailure;
  readonly businessesFailure?: BankFailure;
  readonly accountsFailure?: BankFailure;
  /** CONTRACT §3: the account list carries a null entry (a 400-class failure of the account step). */
  readonly accountsWithNullEntry?: boolean;
  readonly saveSelectionFailure?: BankFailure;
  readonly confirmationFailure?: BankFailure;
  readonly rejectionFailure?: BankFailure;
  /** The confirmation answers with a JARM `response` instead of a code (CONTRACT §3). */
  readonly answersWithJarm?: boolean;
  /** SCENARIOS.md flaky.bank: the first try of each GET (per session and path) answers 503. */
  readonly flakyGets?: boolean;
  /**
   * SCENARIOS.md lost.answer: the decision that commits (after login) answers 502 answer_lost
   * instead of its answer; the same Idempotency-Key then gets the committed answer.
   */
  readonly losesFirstAnswer?: boolean;
}

const personal = (name: string, accounts: readonly RawAccount[]): PersonaProfile => ({
  companyId: PERSONAL_PROFILE,
  businessName: name,
  accounts,
});

const plain = (username: string, fullLegalName: string, shows: string, prefix: string, n: number, rest: Partial<Persona> = {}): Persona => ({
  username,
  fullLegalName,
  shows,
  authentication: { kind: 'normal' },
  profiles: [personal(fullLegalName, simpleAccounts(prefix, n))],
  ...rest,
});

const fixed = (status: number, code: string): AuthenticationBehaviour => ({ kind: 'fixed-failure', failure: failure(status, code) });

/** SCENARIOS.md: the personas, in the order the recipient simulator lists them. */
export const PERSONAS: readonly Persona[] = [
  {
    username: 'jane.citizen',
    fullLegalName: 'Jane Citizen',
    shows:
      'Individual, one profile: everyday, joint savings, credit card, a closed account, an ineligible term deposit, a multi-currency account (AUD, USD, EUR).',
    authentication: { kind: 'normal' },
    profiles: [personal('Jane Citizen', janeCitizenAccounts)],
  },
  {
    username: 'trust.owner',
    fullLegalName: 'Terry Owner',
    shows: 'Personal profile plus a family trust and a company whose accounts are TrustUser.',
    authentication: { kind: 'normal' },
    profiles: [
      personal('Terry Owner', trustOwnerPersonalAccounts),
      { companyId: 'BC1001', businessName: 'Owner Family Trust', accounts: familyTrustAccounts },
      { companyId: 'BC1002', businessName: 'Owner Holdings Pty Ltd', accounts: companyAccounts },
    ],
  },
  {
    username: 'joint.approval',
    fullLegalName: 'Jamie Joint',
    shows:
      'Joint accounts: a saver the other holder must approve first (pending, 7 days), a joint account shared at once, an offset account pending another action, an ineligible home loan, a joint account whose other holder is not notified (rule 4A.15).',
    authentication: { kind: 'normal' },
    profiles: [personal('Jamie Joint', jointApprovalAccounts)],
  },
  plain('dob.required', 'Dorothy Bloggs', 'Login answers otp_failure_008 until a date of birth (25/12/1966) is sent.', 'dob', 1, {
    authentication: { kind: 'dob-required' },
  }),
  {
    username: 'no.eligible',
    fullLegalName: 'Nora Eligible',
    shows: 'Every account is ineligible for sharing.',
    authentication: { kind: 'normal' },
    profiles: [personal('Nora Eligible', noEligibleAccounts)],
  },
  {
    username: 'fifty.accounts',
    fullLegalName: 'Fifi Fifty',
    shows: "50 eligible accounts (the smallest size of the bench's scaling step).",
    authentication: { kind: 'normal' },
    profiles: [personal('Fifi Fifty', fiftyAccounts)],
  },
  {
    username: 'many.accounts',
    fullLegalName: 'Max Many',
    shows: '500 eligible accounts (long lists, performance).',
    authentication: { kind: 'normal' },
    profiles: [personal('Max Many', manyAccounts)],
  },
  {
    username: 'huge.accounts',
    fullLegalName: 'Hugo Huge',
    shows: '5,000 eligible accounts (how cost grows with the list).',
    authentication: { kind: 'normal' },
    profiles: [personal('Hugo Huge', hugeAccounts)],
  },
  plain('minor.customer', 'Mia Minor', 'Customer details answer 422: under 18 (age limitation).', 'min', 2, {
    customerDetailsFailure: failure(422, 'cust_age_failure_001', 'Customer is under 18'),
  }),
  plain('locked.forever', 'Larry Locked', 'Login answers otp_failure_002 (permanent lockout).', 'lkf', 3, { authentication: fixed(403, 'otp_failure_002') }),
  plain('locked.for.now', 'Lena Locked', 'Login answers otp_failure_003 (temporary lockout, 10 minutes).', 'lkn', 4, {
    authentication: fixed(403, 'otp_failure_003'),
  }),
  plain('sanctioned', 'Sam Sanctioned', 'Login answers sanction_failed_001 (sanctioned country).', 'san', 5, {
    authentication: fixed(403, 'sanction_failed_001'),
  }),
  plain('key.inactive', 'Kim Inactive', 'Login answers otp_failure_005 (secure key not activated).', 'kin', 6, {
    authentication: fixed(403, 'otp_failure_005'),
  }),
  plain('ecare.suspended', 'Ed Suspended', 'Login answers otp_failure_006 (e-care suspended).', 'ecs', 7, { authentication: fixed(403, 'otp_failure_006') }),
  plain('flaky.bank', 'Fay Flaky', 'After login, the first try of each GET answers 503; the retry succeeds.', 'flk', 8, { flakyGets: true }),
  plain('tds.incorrect', 'Tia Incorrect', 'Login answers tds_otp_failure_002 (incorrect secure code).', 'tds', 9, {
    authentication: fixed(401, 'tds_otp_failure_002'),
  }),
  plain('service.down', 'Sid Down', 'Login answers otp_failure_004 (service unavailable).', 'svd', 10, { authentication: fixed(503, 'otp_failure_004') }),
  plain('businesses.down', 'Bea Down', 'The business list answers 500 (service unavailable).', 'bsd', 11, {
    businessesFailure: failure(500, 'business_failure_001', 'Business list unavailable'),
  }),
  plain('accounts.unavailable', 'Una Vailable', 'The account list answers 422 (unavailable resource).', 'acu', 12, {
    accountsFailure: failure(422, 'accounts_failure_001', 'Resource unavailable'),
  }),
  plain('accounts.wentwrong', 'Walt Wrong', 'The account list answers 500 with code 500 and cause AISVAL0009 (went wrong).', 'acw', 13, {
    accountsFailure: failure(500, '500', 'AISVAL0009'),
  }),
  plain('accounts.null', 'Nell Null', 'The account list carries a null entry (400-class failure of the account step).', 'acn', 14, {
    accountsWithNullEntry: true,
  }),
  plain('save.ineligible', 'Ian Eligible', 'Saving the selection answers 400 A09 (no eligible accounts).', 'svi', 15, {
    saveSelectionFailure: failure(400, 'A09', 'Selected accounts are not eligible for sharing'),
  }),
  plain('confirm.fails', 'Connie Fails', 'Confirming answers 500 (service unavailable).', 'cnf', 16, {
    confirmationFailure: failure(500, 'confirmation_failure_001', 'Confirmation failed'),
  }),
  plain('reject.fails', 'Rex Fails', 'Cancelling after login answers 500 (service unavailable).', 'rjf', 17, {
    rejectionFailure: failure(500, 'rejection_failure_001', 'Rejection failed'),
  }),
  plain('jarm.customer', 'Jo Jarm', 'Confirming answers with a JARM response instead of a code.', 'jrm', 18, { answersWithJarm: true }),
  plain(
    'lost.answer',
    'Lou Lost',
    'The first confirmation commits, then its answer is lost (502); the same Idempotency-Key gets the committed answer.',
    'lst',
    19,
    {
      losesFirstAnswer: true,
    },
  ),
];

/** The persona with this username, if any (usernames are compared case-insensitively, as banks do). */
export const findPersona = (username: string, personas: readonly Persona[] = PERSONAS): Persona | undefined =>
  personas.find((persona) => persona.username === username.trim().toLowerCase());
