// The bank's side of every customer-auth call (CONTRACT §3), independent of the HTTP framework:
// each method answers a value or a BankFailure for the error envelope.
import { createHash, randomUUID } from 'node:crypto';
import { isBankScope, sharesNothing } from './scopes';
import { err, ok, type Result } from './result';
import { authenticateCustomer } from './authenticate-customer';
import type { BankSession, BankSessions } from './bank-sessions';
import type {
  AccountReference,
  Accounts,
  AuthenticateRequest,
  Businesses,
  CustomerDetails,
  RawAccount,
  SaveSelectionRequest,
} from '../contract/customer-auth.wire';
import { referenceOf } from './account-reference';
import { failure, type BankFailure } from './error-envelope';
import type { LoginAttempts } from './login-attempts';
import { findPersona, PERSONAL_PROFILE, type Persona, type PersonaProfile } from './personas';
import { decisionOf, type Arrangement, type AuthorisationOutcome, type AuthorisationRequest, type ConfirmationAnswer, type Decision } from './sandbox-records';
import { isoSeconds, sharingExpiry } from './sharing-period';
import { randomId, type SandboxTokens } from './sandbox-tokens';
import type { SqliteSandboxStore } from './sqlite-sandbox-store';

/** A verified bearer token: the key of the session. */
export interface BearerToken {
  readonly jti: string;
  readonly expMs: number;
  /** Expired, but within the grace the confirmation gives to a replay of its committed answer. */
  readonly expired?: boolean;
}

/** What the bank needs to answer calls. */
export interface CustomerAuthBankDeps {
  readonly store: SqliteSandboxStore;
  readonly sessions: BankSessions;
  readonly attempts: LoginAttempts;
  readonly tokens: SandboxTokens;
  readonly personas: readonly Persona[];
  readonly nowMs: () => number;
}

interface Context {
  readonly request: AuthorisationRequest;
  readonly session: BankSession;
}

interface AuthenticatedContext extends Context {
  readonly persona: Persona;
  readonly profile: PersonaProfile;
}

const outOfOrder = (cause: string): BankFailure => failure(409, 'out_of_order', cause);
const invalid = (cause: string): BankFailure => failure(400, 'invalid_request', cause);
const sameAccount = (a: AccountReference, b: AccountReference): boolean =>
  a.schemeName === b.schemeName && a.identification === b.identification && a.secondaryIdentification === b.secondaryIdentification;
const accountKeys = (accounts: readonly AccountReference[]): string =>
  accounts
    .map((account) => account.secondaryIdentification)
    .sort()
    .join('\n');

/** The sandbox bank's answers to the calls of CONTRACT §3, for the personas of SCENARIOS.md. */
export class CustomerAuthBank {
  constructor(private readonly deps: CustomerAuthBankDeps) {}

  private context(token: BearerToken): Result<Context, BankFailure> {
    const found = this.deps.store.findRequest(token.jti);
    if (found === undefined) return err(notIssued);
    if (found.outcome !== undefined) return err(alreadyDecided(decisionOf(found.outcome)));
    if (token.expired === true) return err(expired);
    return ok({ request: found.request, session: this.deps.sessions.get(token.jti, token.expMs) });
  }

  private authenticated(token: BearerToken): Result<AuthenticatedContext, BankFailure> {
    const context = this.context(token);
    if (!context.ok) return context;
    const { session } = context.value;
    const persona = session.username === undefined ? undefined : findPersona(session.username, this.deps.personas);
    if (persona === undefined) return err(outOfOrder('Authenticate first: POST /customer-auth/authenticate.'));
    const profile = persona.profiles.find((candidate) => candidate.companyId === (session.profileId ?? PERSONAL_PROFILE));
    if (profile === undefined) return err(outOfOrder('The chosen profile no longer exists; choose a profile again.'));
    return ok({ ...context.value, persona, profile });
  }

  /** SCENARIOS.md flaky.bank: the first try of each GET path of a session answers 503. */
  private flaky(context: AuthenticatedContext, path: string): BankFailure | undefined {
    if (context.persona.flakyGets !== true || context.session.flakyFailed.includes(path)) return undefined;
    this.deps.sessions.save({ ...context.session, flakyFailed: [...context.session.flakyFailed, path] });
    return failure(503, 'service_unavailable', 'The service is busy; please try again.');
  }

  private arrangementOf(request: AuthorisationRequest): Arrangement | undefined {
    return request.arrangementId === undefined ? undefined : this.deps.store.findArrangement(request.arrangementId);
  }

  /**
   * CONTRACT §3 GET /customer-auth/data: the requested consent; for an amendment its arrangement
   * id, the accounts it shares and the profile it was made with. Spec §4: the app reads it once,
   * before login (issue 21); the recipient holding the token already knows the arrangement's
   * accounts, and only the arrangement's owner can log in to change it (403 arrangement_owner_mismatch).
   * Issue 22: what the arrangement held before (`previous`: its expiry, null for a once-off
   * sharing, and its scopes), so that What's changed names only what changes.
   */
  consentData(token: BearerToken): Result<{ detail: Record<string, unknown> }, BankFailure> {
    const context = this.context(token);
    if (!context.ok) return context;
    const { request } = context.value;
    const arrangement = this.arrangementOf(request);
    const claims = arrangement === undefined ? undefined : JSON.stringify({ cdr_arrangement_id: arrangement.id });
    const permissions = request.scopes.map((scope) => ({
      permission: scope,
      ...(arrangement !== undefined && isBankScope(scope) ? { accounts: arrangement.accounts } : {}),
      // CONTRACT §3: only a permission granted before carries the arrangement id; a newly requested one has no claims.
      ...(claims === undefined || !arrangement?.scopes.includes(scope) ? {} : { claims }),
    }));
    const expiry = sharingExpiry(request.consentCreationDate, request.months);
    return ok({
      detail: {
        permissions,
        ...(arrangement?.nickname === undefined ? {} : { consentNickname: arrangement.nickname }),
        ...(expiry === undefined ? {} : { expirationDateTime: isoSeconds(expiry) }),
        ...(arrangement === undefined
          ? {}
          : {
              profileId: arrangement.profileId,
              previous: {
                expirationDateTime: arrangement.sharingExpires === undefined ? null : isoSeconds(arrangement.sharingExpires),
                scopes: arrangement.scopes,
              },
            }),
      },
    });
  }

  /** CONTRACT §3 POST /customer-auth/authenticate, with the login errors of spec §8. */
  authenticate(token: BearerToken, body: AuthenticateRequest): Result<void, BankFailure> {
    const context = this.context(token);
    if (!context.ok) return context;
    const login = authenticateCustomer(body, this.deps.personas, this.deps.attempts, token);
    if (!login.ok) return login;
    const arrangement = this.arrangementOf(context.value.request);
    if (arrangement !== undefined && arrangement.owner !== login.value.username) {
      return err(failure(403, 'arrangement_owner_mismatch', 'This arrangement belongs to another customer.'));
    }
    const { selection: _selection, nickname: _nickname, ...rest } = context.value.session;
    this.deps.sessions.save({ ...rest, username: login.value.username, profileId: arrangement?.profileId ?? PERSONAL_PROFILE });
    return ok(undefined);
  }

  /** CONTRACT §3 GET /customer-auth/customer-details; 422 for a customer under 18. */
  customerDetails(token: BearerToken): Result<CustomerDetails, BankFailure> {
    const context = this.authenticated(token);
    if (!context.ok) return context;
    const problem = this.flaky(context.value, 'customer-details') ?? context.value.persona.customerDetailsFailure;
    if (problem !== undefined) return err(problem);
    return ok({ personalInfo: { fullLegalName: context.value.persona.fullLegalName } });
  }

  /** CONTRACT §3 GET /customer-auth/businesses: the persona's profiles. */
  businesses(token: BearerToken): Result<Businesses, BankFailure> {
    const context = this.authenticated(token);
    if (!context.ok) return context;
    const problem = this.flaky(context.value, 'businesses') ?? context.value.persona.businessesFailure;
    if (problem !== undefined) return err(problem);
    return ok({ businessList: context.value.persona.profiles.map(({ companyId, businessName }) => ({ companyId, businessName })) });
  }

  /** CONTRACT §3 PUT /customer-auth/consent with requestType BUSINESS_CONTRACT: choose the profile. */
  chooseProfile(token: BearerToken, bcin: string): Result<void, BankFailure> {
    const context = this.authenticated(token);
    if (!context.ok) return context;
    const { persona, session, request } = context.value;
    if (!persona.profiles.some((profile) => profile.companyId === bcin)) return err(invalid(`bcin ${bcin} is not one of this customer's profiles.`));
    const arrangement = this.arrangementOf(request);
    if (arrangement !== undefined && arrangement.profileId !== bcin) {
      return err(invalid(`This amendment is for profile ${arrangement.profileId}; it cannot change profile.`));
    }
    const { selection: _selection, ...rest } = session;
    this.deps.sessions.save({ ...rest, profileId: bcin });
    return ok(undefined);
  }

  /** CONTRACT §3 GET /customer-auth/accounts: the chosen profile's accounts, or the persona's failure. */
  accounts(token: BearerToken): Result<Accounts, BankFailure> {
    const context = this.authenticated(token);
    if (!context.ok) return context;
    const { persona, profile } = context.value;
    const problem = this.flaky(context.value, 'accounts') ?? persona.accountsFailure;
    if (problem !== undefined) return err(problem);
    const account: (RawAccount | null)[] = persona.accountsWithNullEntry === true ? [...profile.accounts, null] : [...profile.accounts];
    return ok({ accounts: { account } });
  }

  /** CONTRACT §5 PUT /customer-auth/consent: checks and saves the selection and the description. */
  saveSelection(token: BearerToken, body: SaveSelectionRequest): Result<void, BankFailure> {
    const context = this.authenticated(token);
    if (!context.ok) return context;
    const { persona, profile, request, session } = context.value;
    if (persona.saveSelectionFailure !== undefined) return err(persona.saveSelectionFailure);

    const sent: readonly string[] = body.permissions.map((entry) => entry.permission);
    const missing = request.scopes.filter((scope) => !sent.includes(scope));
    const extra = sent.filter((scope, index) => !request.scopes.includes(scope) || sent.indexOf(scope) !== index);
    if (missing.length > 0 || extra.length > 0) {
      return err(
        invalid(
          `permissions must name each requested scope once (missing: ${missing.join(', ') || 'none'}; unexpected or repeated: ${extra.join(', ') || 'none'}).`,
        ),
      );
    }
    // CONTRACT §5 (issue 33 item 12): only bank permissions carry accounts.
    const notBankWithAccounts = body.permissions.find((entry) => !isBankScope(entry.permission) && (entry.accounts?.length ?? 0) > 0);
    if (notBankWithAccounts !== undefined) return err(invalid(`${notBankWithAccounts.permission} carries no accounts.`));
    const bankEntries = body.permissions.filter((entry) => isBankScope(entry.permission));
    const accounts = bankEntries[0]?.accounts ?? [];
    if (bankEntries.some((entry) => accountKeys(entry.accounts ?? []) !== accountKeys(accounts))) {
      return err(invalid('Every bank permission must carry the same selected accounts.'));
    }
    // By id, so that a selection of huge.accounts' 5,000 accounts costs 5,000 look-ups, not 25 million.
    const held = new Map(profile.accounts.map((account) => [account.scheme.secondaryIdentification, account]));
    const unique = new Map<string, AccountReference>();
    for (const reference of accounts) {
      const account = held.get(reference.secondaryIdentification);
      if (account === undefined || !sameAccount(referenceOf(account), reference)) {
        return err(failure(400, 'A05', `Account ${reference.secondaryIdentification} is not an account of this profile.`));
      }
      if (!account.supplementaryData.rbwmPIB.eligibleAccount) {
        return err(failure(400, 'A09', `Account ${reference.secondaryIdentification} is not eligible for data sharing.`));
      }
      if (!unique.has(reference.secondaryIdentification)) unique.set(reference.secondaryIdentification, reference);
    }
    // CONTRACT §5 (issue 33 item 16): an arrangement that shares nothing is refused, so never approved.
    if (sharesNothing(sent, unique.size)) {
      return err(invalid('The selection shares nothing: select at least one account (only account data was requested).'));
    }
    const nickname = body.consentNickname?.trim();
    const { nickname: _old, ...rest } = session;
    this.deps.sessions.save({
      ...rest,
      selection: { permissions: sent, accounts: [...unique.values()] },
      ...(nickname === undefined || nickname === '' ? {} : { nickname }),
    });
    return ok(undefined);
  }

  /**
   * CONTRACT §3 POST /customer-auth/confirmation ("Confirmation is idempotent"): the first
   * decision of an authorisation commits, with `idempotencyKey` and its answer, in the store. The
   * same key and decision again answers the committed answer (also to a token that expired since);
   * any other decision or key answers 409 consent_already_decided with the decision as first cause.
   */
  async decide(token: BearerToken, approve: boolean, idempotencyKey: string): Promise<Result<ConfirmationAnswer, BankFailure>> {
    const key = idempotencyKey.toLowerCase();
    const found = this.deps.store.findRequest(token.jti);
    if (found === undefined) return err(notIssued);
    if (found.outcome !== undefined) return replayOrRefuse(found.outcome, approve, key, token);
    const decided = approve ? await this.confirm(token, key) : await this.reject(token, key);
    if (!decided.ok) return decided;
    if ('existing' in decided.value) return replayOrRefuse(decided.value.existing, approve, key, token);
    this.deps.sessions.end(token.jti);
    // SCENARIOS.md lost.answer: the decision is committed, then its answer never reaches the app.
    if (decided.value.persona?.losesFirstAnswer === true) return err(answerLost);
    return ok(decided.value.answer);
  }

  /** The customer cancelled or timed out (authorisationStatus false): commits a rejection. */
  private async reject(token: BearerToken, idempotencyKey: string): Promise<Result<Committed, BankFailure>> {
    const context = this.context(token);
    if (!context.ok) return context;
    const { request, session } = context.value;
    const persona = session.username === undefined ? undefined : findPersona(session.username, this.deps.personas);
    if (persona?.rejectionFailure !== undefined) return err(persona.rejectionFailure);
    const answer = { redirect_uri: request.redirectUri, state: request.state };
    return ok(this.commit(token.jti, { kind: 'rejected', atMs: this.deps.nowMs(), idempotencyKey, answer }, answer, persona));
  }

  /**
   * The customer confirmed (authorisationStatus true): records the arrangement and issues one
   * code, an id_token (with cdr_arrangement_id) and the state, or a JARM response.
   */
  private async confirm(token: BearerToken, idempotencyKey: string): Promise<Result<Committed, BankFailure>> {
    const context = this.authenticated(token);
    if (!context.ok) return context;
    const { persona, profile, request, session } = context.value;
    // CONTRACT §5 (issue 33 item 12): without a bank scope there is no account to select (OIDC's scopes carry none).
    const needsAccounts = request.scopes.some(isBankScope);
    if (session.selection === undefined && needsAccounts) {
      return err(outOfOrder('Save the account selection first: PUT /customer-auth/consent.'));
    }
    // CONTRACT §5 (issue 33 item 16): a request of OIDC's scopes alone (openid, cdr:registration) needs no save and asks for no data; approving it would share nothing.
    if (!needsAccounts && sharesNothing(request.scopes, 0)) {
      return err(invalid('The request asks for no data (no bank permission, customer permission nor profile): there is nothing to approve.'));
    }
    if (persona.confirmationFailure !== undefined) return err(persona.confirmationFailure);

    const nowMs = this.deps.nowMs();
    const previous = this.arrangementOf(request);
    // Issue 35 item 2: a revoked arrangement stays revoked; an amendment begun before the revocation cannot revive it.
    if (previous?.revokedAtMs !== undefined) return err(invalid(`The arrangement ${previous.id} was revoked; it can no longer be amended.`));
    const sharingExpires = sharingExpiry(request.consentCreationDate, request.months);
    const arrangement: Arrangement = {
      id: previous?.id ?? randomUUID(),
      owner: persona.username,
      profileId: profile.companyId,
      scopes: request.scopes,
      accounts: session.selection?.accounts ?? [],
      ...(session.nickname === undefined ? {} : { nickname: session.nickname }),
      sharingStart: request.consentCreationDate,
      ...(sharingExpires === undefined ? {} : { sharingExpires }),
      createdAtMs: previous?.createdAtMs ?? nowMs,
      updatedAtMs: nowMs,
      amendments: previous === undefined ? 0 : previous.amendments + 1,
    };
    const code = randomId(24);
    // The answer is signed before the commit so that it is committed with it; a request that
    // lost the race meanwhile commits nothing, and its code is never sent.
    const answer: ConfirmationAnswer =
      persona.answersWithJarm === true
        ? { response: await this.deps.tokens.signJarmResponse({ code, state: request.state }), redirect_uri: request.redirectUri }
        : {
            auth_code: code,
            redirect_uri: request.redirectUri,
            state: request.state,
            id_token: await this.deps.tokens.signIdToken({
              sub: createHash('sha256').update(`sandbox:${persona.username}`).digest('hex').slice(0, 32),
              code,
              state: request.state,
              arrangementId: arrangement.id,
              sharingExpiresAt: sharingExpires ?? 0,
            }),
          };
    const outcome: AuthorisationOutcome = { kind: 'authorised', code, arrangementId: arrangement.id, atMs: nowMs, idempotencyKey, answer };
    return ok(this.commit(token.jti, outcome, answer, persona, arrangement));
  }

  private commit(jti: string, outcome: AuthorisationOutcome, answer: ConfirmationAnswer, persona: Persona | undefined, arrangement?: Arrangement): Committed {
    const result = this.deps.store.decide(jti, outcome, arrangement);
    if (result.committed) return { answer, persona };
    if (result.existing === undefined) throw new Error(`The request ${jti} is no longer in the store.`);
    return { existing: result.existing };
  }

  /** CONTRACT §3 POST /customer-auth/keep-alive: a valid, undecided token keeps its session. */
  keepAlive(token: BearerToken): Result<void, BankFailure> {
    const context = this.context(token);
    if (!context.ok) return context;
    this.deps.sessions.save(context.value.session);
    return ok(undefined);
  }
}

/** A decision that was committed now, or the one committed before. */
type Committed = { readonly answer: ConfirmationAnswer; readonly persona: Persona | undefined } | { readonly existing: AuthorisationOutcome };

const notIssued = failure(401, 'invalid_token', 'The token is not one this bank issued.');
const expired = failure(401, 'invalid_token', 'The token has expired.');

/** CONTRACT §3: every call of a decided authorisation; the first cause names the decision. */
const alreadyDecided = (decision: Decision): BankFailure =>
  failure(
    409,
    'consent_already_decided',
    JSON.stringify({ decision }),
    'This consent was already confirmed or rejected; a code is issued once. Start a new request.',
  );

/** SCENARIOS.md lost.answer: the answer of a committed decision, lost on its way to the app. */
const answerLost = failure(
  502,
  'answer_lost',
  'The decision was committed but its answer was lost on the way (sandbox persona lost.answer). Send the same request with the same Idempotency-Key to get it.',
);

/** CONTRACT §3: the committed answer for the same key and decision; the 409 for anything else. */
function replayOrRefuse(outcome: AuthorisationOutcome, approve: boolean, idempotencyKey: string, token: BearerToken): Result<ConfirmationAnswer, BankFailure> {
  const decision = decisionOf(outcome);
  const sameRequest = outcome.idempotencyKey === idempotencyKey && decision === (approve ? 'approved' : 'rejected');
  if (sameRequest && outcome.answer !== undefined) return ok(outcome.answer);
  return err(token.expired === true ? expired : alreadyDecided(decision));
}
