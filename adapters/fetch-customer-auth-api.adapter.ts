import { inject, injectable, optional } from 'inversify';
import type * as Wire from '../contract/customer-auth.wire';
import type { AccountState } from '../domain/accounts';
import { apiErrorFromEnvelope, type ApiError } from '../domain/api-error';
import type { Consent } from '../domain/consent';
import type { CustomerDetails } from '../domain/customer-details';
import { isRecord } from '../domain/is-record';
import type { AuthenticateRequest } from '../domain/login-form';
import type { Business } from '../domain/profiles';
import { assertNever, err, ok, type Result } from '../domain/result';
import type { ConfirmationAnswer } from '../domain/return-url';
import type { BusinessConsentRequest, SaveSelectionRequest } from '../domain/save-request';
import { MALFORMED_ANSWER, NO_ANSWER, TIMED_OUT, type CustomerAuthApi } from '../application/ports/customer-auth-api.port';
import { RUNTIME_CONFIG } from '../application/ports/runtime-config.port';
import { TOKEN_STORAGE, type TokenStorage } from '../application/ports/token-storage.port';
import type { RuntimeConfig } from '../application/runtime-config';
import { parseConsentDetail, type ConsentError } from './consent-detail.reader';
import { customerAuthUrl } from './customer-auth-url';
import { fetchCall, parseJsonBody, type HttpMethod } from './fetch-call';
import { FETCH, HTTP_CALL_OPTIONS, type FetchFunction, type HttpCallOptions } from './fetch.token';
import type * as LaterAnswerReadersModule from './later-answer-readers';

/** The readers of the answers after login, loaded when first needed. */
export type LaterAnswerReaders = typeof LaterAnswerReadersModule;

/** How the readers are loaded: bound only by tests (a load that fails); the default is a dynamic import. */
const LATER_ANSWER_READERS = Symbol('LaterAnswerReaders');

/** A 2xx answer's reader; its errors are the causes of a MALFORMED_ANSWER. */
type Reader<T> = (json: unknown, status: number) => Result<T, ApiError>;

const malformed = (status: number, ...causes: string[]): { readonly ok: false; readonly error: ApiError } => err({ status, code: MALFORMED_ANSWER, causes });

/** CONTRACT §3: a void call accepts `204`, `200 {}` or any other JSON answer. */
const noContent: Reader<void> = () => ok(undefined);

const describeConsentError = (error: ConsentError): string => {
  switch (error.kind) {
    case 'notAConsentDetail':
      return 'detail.permissions must be a list';
    case 'noPermissions':
      return 'detail.permissions is empty';
    case 'malformedPermission':
      return `detail.permissions[${error.index}] is malformed`;
    case 'malformedAccount':
      return `detail.permissions[${error.permissionIndex}].accounts[${error.accountIndex}] is malformed`;
    case 'malformedField':
      return `detail.${error.field} is malformed`;
    default:
      return assertNever(error);
  }
};

const CONFIRMATION_FIELDS = ['auth_code', 'redirect_uri', 'state', 'id_token', 'response'] as const;

/**
 * CONTRACT §3 `POST /customer-auth/confirmation`: `null` counts as absent. A confirmed consent
 * needs an `auth_code` or `response`, else there is nothing to return to the third party.
 */
function readConfirmationAnswer(json: unknown, status: number, authorised: boolean): Result<ConfirmationAnswer, ApiError> {
  if (json === undefined && !authorised) return ok({});
  if (!isRecord(json)) return malformed(status, 'the confirmation answer must be a JSON object');
  const answer: { -readonly [K in keyof ConfirmationAnswer]: string } = {};
  for (const field of CONFIRMATION_FIELDS) {
    const value = json[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') return malformed(status, `${field} must be a string`);
    answer[field] = value;
  }
  if (authorised && !answer.auth_code && !answer.response) {
    return malformed(status, 'a confirmed consent needs an auth_code or a response');
  }
  return ok(answer);
}

/**
 * Spec §7, CONTRACT §3, DESIGN §3.4: the customer-auth API over `fetch`. The bearer token is read
 * on every call (without one the bank refuses it). Only GETs are retried (fetch-call.ts). No method throws.
 */
@injectable()
export class FetchCustomerAuthApi implements CustomerAuthApi {
  private readonly config: RuntimeConfig;
  private readonly tokens: TokenStorage;
  private readonly fetchFn: FetchFunction;
  private readonly options: HttpCallOptions | undefined;
  private readonly loadReaders: () => Promise<LaterAnswerReaders>;
  private readers: Promise<Result<LaterAnswerReaders, ApiError>> | undefined = undefined;

  constructor(
    @inject(RUNTIME_CONFIG) config: RuntimeConfig,
    @inject(TOKEN_STORAGE) tokens: TokenStorage,
    @inject(FETCH) fetchFn: FetchFunction,
    @inject(HTTP_CALL_OPTIONS) @optional() options?: HttpCallOptions,
    @inject(LATER_ANSWER_READERS) @optional() loadReaders?: () => Promise<LaterAnswerReaders>,
  ) {
    this.config = config;
    this.tokens = tokens;
    this.fetchFn = fetchFn;
    this.options = options;
    this.loadReaders = loadReaders ?? (() => import('./later-answer-readers'));
  }

  /** Spec §5. The later answers' readers start loading beside it, so they are there when the first one arrives. */
  authenticate(request: AuthenticateRequest): Promise<Result<void, ApiError>> {
    void this.laterReaders();
    return this.call('POST', '/customer-auth/authenticate', noContent, { body: request satisfies Wire.AuthenticateRequest });
  }

  /**
   * Issue 15 (the first screen's bytes, docs/performance.md). Code that cannot be loaded is
   * NO_ANSWER, as a lost connection is, and the next call tries again.
   */
  private laterReaders(): Promise<Result<LaterAnswerReaders, ApiError>> {
    this.readers ??= this.loadReaders().then(
      (module) => ok(module),
      (error: unknown) => {
        this.readers = undefined;
        return err({
          status: 0,
          code: NO_ANSWER,
          causes: [`the code that reads the bank's answer could not be loaded: ${error instanceof Error ? error.message : String(error)}`],
        });
      },
    );
    return this.readers;
  }

  /** Spec §8: a 422 (under 18) comes back as the ApiError. */
  async customerDetails(): Promise<Result<CustomerDetails, ApiError>> {
    const readers = await this.laterReaders();
    return readers.ok ? this.call('GET', '/customer-auth/customer-details', readers.value.readCustomerDetails) : readers;
  }

  /** Spec §3 "Customer info". */
  async businesses(): Promise<Result<readonly Business[], ApiError>> {
    const readers = await this.laterReaders();
    return readers.ok ? this.call('GET', '/customer-auth/businesses', readers.value.readBusinesses) : readers;
  }

  /** Spec §4 "Account step". */
  confirmBusinessProfile(request: BusinessConsentRequest): Promise<Result<void, ApiError>> {
    return this.call('PUT', '/customer-auth/consent', noContent, {
      body: { bcin: request.bcin } satisfies Wire.BusinessContractRequest,
      headers: { requestType: 'BUSINESS_CONTRACT' },
    });
  }

  /** Spec §4 "Account step": an answer the domain cannot read (a null entry) is a MALFORMED_ANSWER with status 400. */
  async accounts(): Promise<Result<AccountState, ApiError>> {
    const readers = await this.laterReaders();
    return readers.ok ? this.call('GET', '/customer-auth/accounts?withBalance=false', readers.value.readAccounts) : readers;
  }

  /** Spec §4 "Consent guard". */
  consentDetails(): Promise<Result<Consent, ApiError>> {
    return this.call('GET', '/customer-auth/data', (json, status) => {
      const consent = parseConsentDetail(json);
      return consent.ok ? consent : malformed(status, describeConsentError(consent.error));
    });
  }

  /** CONTRACT §5. */
  saveSelection(request: SaveSelectionRequest): Promise<Result<void, ApiError>> {
    return this.call('PUT', '/customer-auth/consent', noContent, { body: request });
  }

  /** Spec §4 "Confirm"/"Reject", CONTRACT §3: sent once here (DESIGN §3.4); the flow decides whether to ask again (§3.11). */
  confirmation(authorisationStatus: boolean, idempotencyKey: string): Promise<Result<ConfirmationAnswer, ApiError>> {
    return this.call('POST', '/customer-auth/confirmation', (json, status) => readConfirmationAnswer(json, status, authorisationStatus), {
      body: { authorisationStatus } satisfies Wire.ConfirmationRequest,
      headers: { 'Idempotency-Key': idempotencyKey },
    });
  }

  /** Spec §4 inactivity. */
  keepAlive(): Promise<Result<void, ApiError>> {
    return this.call('POST', '/customer-auth/keep-alive', noContent, { body: {} satisfies Wire.EmptyObject });
  }

  private headers(extra: Readonly<Record<string, string>> | undefined): Record<string, string> {
    const token = this.tokens.read();
    return {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
      ...extra,
    };
  }

  private async call<T>(
    method: HttpMethod,
    path: string,
    read: Reader<T>,
    extra?: { readonly body?: unknown; readonly headers?: Readonly<Record<string, string>> },
  ): Promise<Result<T, ApiError>> {
    try {
      const outcome = await fetchCall(
        this.fetchFn,
        {
          method,
          url: customerAuthUrl(this.config, path),
          headers: this.headers(extra?.headers),
          ...(extra?.body === undefined ? {} : { body: JSON.stringify(extra.body) }),
        },
        this.options,
      );
      switch (outcome.kind) {
        case 'timedOut':
          return err({ status: 0, code: TIMED_OUT, causes: [] });
        case 'noAnswer':
          return err({ status: 0, code: NO_ANSWER, causes: [outcome.detail] });
        case 'answer':
          return readAnswer(outcome.status, outcome.body, read);
        default:
          return assertNever(outcome);
      }
    } catch (error) {
      // A bug in a parser must not escape a port that promises never to throw.
      return err({ status: 0, code: NO_ANSWER, causes: [error instanceof Error ? error.message : String(error)] });
    }
  }
}

/** CONTRACT §3-4: a 2xx answer goes through its reader; any other through the error envelope. */
function readAnswer<T>(status: number, body: string, read: Reader<T>): Result<T, ApiError> {
  const parsed = parseJsonBody(body);
  if (status < 200 || status > 299) {
    return err(apiErrorFromEnvelope(status, parsed !== undefined && 'json' in parsed ? parsed.json : undefined));
  }
  if (parsed !== undefined && 'invalid' in parsed) return malformed(status, `the answer is not JSON (${parsed.invalid})`);
  return read(parsed?.json, status);
}
