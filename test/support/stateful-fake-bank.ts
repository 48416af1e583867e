// A stateful bank for sequence tests (issue 11): it remembers who logged in, which profile it is on,
// what was saved and decided, and counts failed logins and locks usernames with the sandbox's own
// rules (sandbox/: authenticateCustomer, LoginAttempts, PERSONAS). Any call can be
// made to fail (5xx, timeout, network) or to hang until the clock passes the app's deadline.
import { authenticateCustomer } from '../../sandbox/authenticate-customer';
import type { RawAccount } from '../../contract/customer-auth.wire';
import { referenceOf } from '../../sandbox/account-reference';
import { LoginAttempts } from '../../sandbox/login-attempts';
import { findPersona, PERSONAL_PROFILE, PERSONAS, type Persona, type PersonaProfile } from '../../sandbox/personas';
import { NO_ANSWER, TIMED_OUT, type CustomerAuthApi } from '../../application/ports/customer-auth-api.port';
import { type AccountState } from '../../domain/accounts';
import { toAccounts } from '../../adapters/account-answer.reader';
import type { ApiError } from '../../domain/api-error';
import { type Consent } from '../../domain/consent';
import { parseConsentDetail } from '../../adapters/consent-detail.reader';
import type { CustomerDetails } from '../../domain/customer-details';
import type { AuthenticateRequest } from '../../domain/login-form';
import type { Business } from '../../domain/profiles';
import { err, ok, type Result } from '../../domain/result';
import type { ConfirmationAnswer } from '../../domain/return-url';
import type { BusinessConsentRequest, SaveSelectionRequest } from '../../domain/save-request';
import { isCustomerScope } from '../../domain/scopes';
import type { ManualClock } from './fakes';

/** The sandbox's login answers that judge the customer's credentials (its service failing does not). */
const CREDENTIAL_ANSWERS = [
  'otp_failure_001',
  'otp_failure_002',
  'otp_failure_003',
  'otp_failure_005',
  'otp_failure_006',
  'otp_failure_008',
  'sanction_failed_001',
  'tds_otp_failure_002',
];

/** The write calls' timeout of the app (DESIGN §3.4), after which a hanging call answers timed_out. */
const HANG_MS = 30_000;

export type CallName = keyof CustomerAuthApi;

/** How a call fails instead of being answered. */
export type Fault =
  | { readonly kind: 'status'; readonly status: number; readonly code?: string; readonly causes?: readonly string[] }
  | { readonly kind: 'network' }
  | { readonly kind: 'timeout' }
  /**
   * The bank does the work, then its answer is lost on the way: a gateway's 502, the connection
   * drops, a 500 after the commit, or a 200 whose body is not the contract's (issue 21: none of
   * these proves the decision).
   */
  | { readonly kind: 'lostAfterCommit'; readonly as: 'gateway' | 'network' | 'server' | 'malformed' };

/** An amendment: the arrangement's owner, profile and shared accounts. */
export interface FakeArrangement {
  readonly id: string;
  readonly owner: string;
  readonly profileId: string;
  readonly accounts: readonly RawAccount[];
  readonly nickname?: string;
}

export interface FakeBankOptions {
  readonly scopes: readonly string[];
  readonly expirationDateTime?: string;
  readonly arrangement?: FakeArrangement;
  readonly redirectUri: string;
  readonly state: string;
  /** The bank reports `remainingOTPattempts` (as the sandbox does); false: it reports none. */
  readonly reportsRemaining?: boolean;
  readonly personas?: readonly Persona[];
}

export interface RecordedCall {
  readonly name: CallName;
  readonly body?: unknown;
  /** The order of the call among everything the test records (see `sequence`). */
  readonly seq: number;
  /** The confirmation's Idempotency-Key. */
  readonly key?: string;
}

type Answer<T> = Result<T, ApiError>;

const apiError = (status: number, code: string, ...causes: string[]): ApiError => ({ status, code, causes });

/** A shared counter, so that calls and other recorded moments can be ordered. */
export class Sequence {
  private value = 0;
  next(): number {
    this.value += 1;
    return this.value;
  }
}

export class StatefulFakeBank implements CustomerAuthApi {
  readonly calls: RecordedCall[] = [];
  readonly attempts: LoginAttempts;
  readonly personas: readonly Persona[];
  /** The authenticated customer. */
  username: string | undefined;
  /** The profile the bank is on (PERSONAL after login, or the arrangement's). */
  profile: string | undefined;
  selection: readonly string[] | undefined;
  nickname: string | undefined;
  decision: 'approved' | 'rejected' | undefined;
  /** Set by the test to the action under way, so that the last login is attributed to it. */
  command = 0;
  /**
   * The logins whose answers reached the app: whether the answer identified the customer (a
   * credentials answer) or authenticated them (DESIGN §3.8 stages), in order.
   */
  readonly deliveredLogins: { readonly seq: number; readonly identified: boolean; readonly authenticated: boolean }[] = [];
  private loginOutcome: { readonly seq: number; readonly identified: boolean; readonly authenticated: boolean } | undefined;
  /** The last failed login whose answer reached the app: its code and, for otp_failure_001, the attempts left. */
  lastLogin: { readonly command: number; readonly code: string; readonly remaining: number | undefined } | undefined;
  private pendingLastLogin: { readonly command: number; readonly code: string; readonly remaining: number | undefined } | undefined;
  private readonly faults = new Map<CallName, Fault[]>();
  /** Calls answered timed_out once the clock passes their deadline. */
  private readonly hanging = new Set<() => void>();

  constructor(
    private readonly options: FakeBankOptions,
    private readonly clock: ManualClock,
    private readonly sequence: Sequence = new Sequence(),
  ) {
    this.personas = options.personas ?? PERSONAS;
    this.attempts = new LoginAttempts(() => clock.now());
  }

  /** The next call of this kind fails this way (faults queue up per call). */
  fail(name: CallName, fault: Fault): void {
    this.faults.set(name, [...(this.faults.get(name) ?? []), fault]);
  }

  get persona(): Persona | undefined {
    return this.username === undefined ? undefined : findPersona(this.username, this.personas);
  }

  get currentProfile(): PersonaProfile | undefined {
    return this.persona?.profiles.find((profile) => profile.companyId === this.profile);
  }

  /** Calls that have not answered yet (held until the clock passes their deadline). */
  get pendingCalls(): number {
    return this.hanging.size;
  }

  count(name: CallName): number {
    return this.calls.filter((call) => call.name === name).length;
  }

  /** The last confirmation call (an approval or a rejection) got no answer that tells the outcome (409 tells it). */
  lastDecisionCallFailed = false;
  /** The Idempotency-Key of each confirmation call, in order. */
  readonly idempotencyKeys: string[] = [];
  /** Called as each call arrives (a test may note what the customer saw at that moment). */
  onCall: ((name: CallName, body: unknown) => void) | undefined = undefined;

  private async serve<T>(name: CallName, body: unknown, answer: () => Answer<T>, key?: string): Promise<Answer<T>> {
    const seq = this.sequence.next();
    this.calls.push({ name, seq, ...(body === undefined ? {} : { body }), ...(key === undefined ? {} : { key }) });
    this.onCall?.(name, body);
    const fault = this.faults.get(name)?.shift();
    if (fault === undefined) {
      const answered = answer();
      if (this.loginOutcome !== undefined) this.deliveredLogins.push(this.loginOutcome);
      if (this.pendingLastLogin !== undefined) this.lastLogin = this.pendingLastLogin;
      this.loginOutcome = undefined;
      this.pendingLastLogin = undefined;
      return answered;
    }
    switch (fault.kind) {
      case 'lostAfterCommit':
        answer();
        this.loginOutcome = undefined;
        this.pendingLastLogin = undefined;
        switch (fault.as) {
          case 'gateway':
            return err(apiError(502, 'bad_gateway'));
          case 'server':
            return err(apiError(500, 'server_error'));
          case 'malformed':
            return err(apiError(200, 'malformed_answer', 'the confirmation answer must be a JSON object'));
          case 'network':
            return err(apiError(0, NO_ANSWER, 'TypeError: fetch failed'));
        }
        throw new Error(`unknown lost-after-commit answer ${String(fault.as)}`);
      case 'status':
        // Spec §8 "400 with A09 or A05": the bank judged the profile put and found no eligible
        // account on it: it is on that profile now (the account step goes on without accounts).
        if (name === 'confirmBusinessProfile' && fault.status === 400 && (fault.code === 'A09' || fault.code === 'A05')) answer();
        return err({ status: fault.status, ...(fault.code === undefined ? {} : { code: fault.code }), causes: fault.causes ?? [] });
      case 'network':
        return err(apiError(0, NO_ANSWER, 'TypeError: fetch failed'));
      case 'timeout':
        return new Promise<Answer<T>>((resolve) => {
          const release = (): void => {
            this.hanging.delete(release);
            resolve(err(apiError(0, TIMED_OUT)));
          };
          this.hanging.add(release);
          this.clock.schedule(HANG_MS, release);
        });
    }
  }

  /** CONTRACT §3: every call after the decision answers 409 naming it. */
  private alreadyDecided(): Answer<never> {
    return err(apiError(409, 'consent_already_decided', JSON.stringify({ decision: this.decision })));
  }

  private authenticatedPersona(): Answer<{ persona: Persona; profile: PersonaProfile }> {
    if (this.decision !== undefined) return this.alreadyDecided();
    const persona = this.persona;
    const profile = this.currentProfile;
    if (persona === undefined || profile === undefined) return err(apiError(409, 'out_of_order', 'Authenticate first'));
    return ok({ persona, profile });
  }

  consentDetails(): Promise<Answer<Consent>> {
    return this.serve('consentDetails', undefined, () => {
      if (this.decision !== undefined) return this.alreadyDecided();
      const { scopes, arrangement, expirationDateTime } = this.options;
      const claims = arrangement === undefined ? undefined : JSON.stringify({ cdr_arrangement_id: arrangement.id });
      // As the sandbox (CONTRACT §3): an amendment names the accounts it shares and the profile it was made with.
      const detail = {
        permissions: scopes.map((permission) => ({
          permission,
          ...(arrangement !== undefined && !isCustomerScope(permission) ? { accounts: arrangement.accounts.map(referenceOf) } : {}),
          ...(claims === undefined ? {} : { claims }),
        })),
        ...(arrangement?.nickname === undefined ? {} : { consentNickname: arrangement.nickname }),
        ...(expirationDateTime === undefined ? {} : { expirationDateTime }),
        ...(arrangement === undefined ? {} : { profileId: arrangement.profileId }),
      };
      const consent = parseConsentDetail({ detail });
      if (!consent.ok) throw new Error(`the fake bank's consent is malformed: ${JSON.stringify(consent.error)}`);
      return ok(consent.value);
    });
  }

  authenticate(request: AuthenticateRequest): Promise<Answer<void>> {
    return this.serve('authenticate', request, () => {
      if (this.decision !== undefined) return this.alreadyDecided();
      const login = authenticateCustomer(request, this.personas, this.attempts);
      const seq = this.calls.at(-1)?.seq ?? 0;
      this.loginOutcome = { seq, identified: !login.ok && CREDENTIAL_ANSWERS.includes(login.error.code), authenticated: false };
      if (!login.ok) {
        const remaining = login.error.code === 'otp_failure_001' ? this.attempts.remaining(request.username.trim().toLowerCase()) : undefined;
        this.pendingLastLogin = { command: this.command, code: login.error.code, remaining: remaining === undefined ? undefined : Math.max(0, remaining) };
        const causes = this.options.reportsRemaining === false ? [] : [...login.error.causes];
        return err({ status: login.error.status, code: login.error.code, causes });
      }
      const arrangement = this.options.arrangement;
      if (arrangement !== undefined && arrangement.owner !== login.value.username) {
        // The bank knows this customer, but not as the arrangement's owner: identified, not authenticated (DESIGN §3.8).
        this.loginOutcome = { seq, identified: true, authenticated: false };
        return err(apiError(403, 'arrangement_owner_mismatch'));
      }
      this.loginOutcome = { seq, identified: true, authenticated: true };
      this.username = login.value.username;
      this.profile = arrangement?.profileId ?? PERSONAL_PROFILE;
      this.selection = undefined;
      return ok(undefined);
    });
  }

  customerDetails(): Promise<Answer<CustomerDetails>> {
    return this.serve('customerDetails', undefined, () => {
      const context = this.authenticatedPersona();
      if (!context.ok) return context;
      const problem = context.value.persona.customerDetailsFailure;
      return problem === undefined ? ok({ fullLegalName: context.value.persona.fullLegalName }) : err({ ...problem, causes: [...problem.causes] });
    });
  }

  businesses(): Promise<Answer<readonly Business[]>> {
    return this.serve('businesses', undefined, () => {
      const context = this.authenticatedPersona();
      if (!context.ok) return context;
      const problem = context.value.persona.businessesFailure;
      if (problem !== undefined) return err({ ...problem, causes: [...problem.causes] });
      return ok(context.value.persona.profiles.map(({ companyId, businessName }) => ({ companyId, businessName })));
    });
  }

  confirmBusinessProfile(request: BusinessConsentRequest): Promise<Answer<void>> {
    return this.serve('confirmBusinessProfile', request, () => {
      const context = this.authenticatedPersona();
      if (!context.ok) return context;
      if (!context.value.persona.profiles.some((profile) => profile.companyId === request.bcin)) return err(apiError(400, 'invalid_request'));
      if (this.options.arrangement !== undefined && this.options.arrangement.profileId !== request.bcin) return err(apiError(400, 'invalid_request'));
      this.profile = request.bcin;
      this.selection = undefined;
      return ok(undefined);
    });
  }

  accounts(): Promise<Answer<AccountState>> {
    return this.serve('accounts', undefined, () => {
      const context = this.authenticatedPersona();
      if (!context.ok) return context;
      const { persona, profile } = context.value;
      if (persona.accountsFailure !== undefined) return err({ ...persona.accountsFailure, causes: [...persona.accountsFailure.causes] });
      const raw = persona.accountsWithNullEntry === true ? [...profile.accounts, null] : profile.accounts;
      const state = toAccounts({ accounts: { account: raw } });
      return state.ok ? ok(state.value) : err(apiError(400, 'malformed_answer', state.error.kind));
    });
  }

  saveSelection(request: SaveSelectionRequest): Promise<Answer<void>> {
    return this.serve('saveSelection', request, () => {
      const context = this.authenticatedPersona();
      if (!context.ok) return context;
      const { persona, profile } = context.value;
      if (persona.saveSelectionFailure !== undefined) return err({ ...persona.saveSelectionFailure, causes: [...persona.saveSelectionFailure.causes] });
      const ids = request.permissions.find((entry) => !isCustomerScope(entry.permission))?.accounts?.map((a) => a.secondaryIdentification) ?? [];
      for (const id of ids) {
        const held = profile.accounts.find((account) => account.scheme.secondaryIdentification === id);
        if (held === undefined) return err(apiError(400, 'A05', `Account ${id} is not an account of this profile.`));
        if (!held.supplementaryData.rbwmPIB.eligibleAccount) return err(apiError(400, 'A09', `Account ${id} is not eligible.`));
      }
      this.selection = ids;
      this.nickname = request.consentNickname;
      return ok(undefined);
    });
  }

  /** CONTRACT §3: the committed decision's key and answer, replayed for the same key. */
  committed: { readonly key: string; readonly status: boolean; readonly answer: Answer<ConfirmationAnswer> } | undefined;

  async confirmation(authorisationStatus: boolean, idempotencyKey: string): Promise<Answer<ConfirmationAnswer>> {
    this.idempotencyKeys.push(idempotencyKey);
    const answer = await this.answerConfirmation(authorisationStatus, idempotencyKey);
    this.lastDecisionCallFailed = !answer.ok && answer.error.status !== 409;
    return answer;
  }

  private answerConfirmation(authorisationStatus: boolean, idempotencyKey: string): Promise<Answer<ConfirmationAnswer>> {
    return this.serve(
      'confirmation',
      authorisationStatus,
      () => {
        const committed = this.committed;
        if (committed !== undefined) {
          if (committed.key === idempotencyKey && committed.status === authorisationStatus) return committed.answer;
          return err(apiError(409, 'consent_already_decided', JSON.stringify({ decision: this.decision === 'approved' ? 'approved' : 'rejected' })));
        }
        const answer = this.decide(authorisationStatus);
        if (answer.ok) this.committed = { key: idempotencyKey, status: authorisationStatus, answer };
        return answer;
      },
      idempotencyKey,
    );
  }

  private decide(authorisationStatus: boolean): Answer<ConfirmationAnswer> {
    {
      if (this.decision !== undefined) return this.alreadyDecided();
      const persona = this.persona;
      if (!authorisationStatus) {
        if (persona?.rejectionFailure !== undefined) return err({ ...persona.rejectionFailure, causes: [...persona.rejectionFailure.causes] });
        this.decision = 'rejected';
        return ok({ redirect_uri: this.options.redirectUri });
      }
      const context = this.authenticatedPersona();
      if (!context.ok) return context;
      if (this.selection === undefined && !this.options.scopes.every(isCustomerScope)) return err(apiError(409, 'out_of_order', 'Save the selection first'));
      if (context.value.persona.confirmationFailure !== undefined) {
        return err({ ...context.value.persona.confirmationFailure, causes: [...context.value.persona.confirmationFailure.causes] });
      }
      this.decision = 'approved';
      return ok({ auth_code: `code-${this.username ?? ''}`, redirect_uri: this.options.redirectUri, state: this.options.state, id_token: 'id.token.sig' });
    }
  }

  keepAlive(): Promise<Answer<void>> {
    return this.serve('keepAlive', undefined, () => ok(undefined));
  }
}
