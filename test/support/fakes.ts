// Fakes of the application's ports, named after their behaviour (DESIGN §2).
import type { AccountState } from '../../domain/accounts';
import { toAccounts } from '../../adapters/account-answer.reader';
import type { ApiError } from '../../domain/api-error';
import type { Consent } from '../../domain/consent';
import { parseConsentDetail } from '../../adapters/consent-detail.reader';
import type { CustomerDetails } from '../../domain/customer-details';
import type { Step } from '../../domain/flow';
import type { AuthenticateRequest } from '../../domain/login-form';
import type { Business } from '../../domain/profiles';
import { err, ok, type Result } from '../../domain/result';
import type { ConfirmationAnswer, ReturnUrl } from '../../domain/return-url';
import type { BusinessConsentRequest, SaveSelectionRequest } from '../../domain/save-request';
import type { ActivitySource } from '../../application/ports/activity-source.port';
import type { AbandonmentStage, Analytics } from '../../application/ports/analytics.port';
import type { Clock } from '../../application/ports/clock.port';
import type { CustomerAuthApi } from '../../application/ports/customer-auth-api.port';
import type { LaunchParameters } from '../../application/ports/launch-parameters.port';
import type { Redirector } from '../../application/ports/redirector.port';
import type { Cancel, Scheduler } from '../../application/ports/scheduler.port';
import type { TokenVerificationError, TokenVerifier } from '../../application/ports/token-verifier.port';
import type { Logger } from '../../application/ports/logger.port';
import type { FlowReporter } from '../../application/ports/flow-reporter.port';
import type { FlowReport } from '../../domain/flow-report';
import { MemoryTokenStorage as TerminalMemoryTokenStorage } from '../../adapters/terminal/memory-token-storage.adapter';

/** A clock that moves only when told, and runs what the scheduler has due. */
export class ManualClock implements Clock {
  private tasks: { at: number; seq: number; run: () => void; cancelled: boolean }[] = [];
  private seq = 0;

  constructor(private current = Date.UTC(2026, 10, 23, 0, 0, 0)) {}

  now(): number {
    return this.current;
  }

  schedule(delayMs: number, run: () => void): Cancel {
    const task = { at: this.current + Math.max(0, delayMs), seq: this.seq++, run, cancelled: false };
    this.tasks.push(task);
    return () => {
      task.cancelled = true;
    };
  }

  /** Moves time forward by `ms`, running each due task at its own time, in order. */
  advance(ms: number): void {
    const end = this.current + ms;
    for (;;) {
      const due = this.tasks.filter((t) => !t.cancelled && t.at <= end).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (due === undefined) break;
      this.tasks = this.tasks.filter((t) => t !== due);
      this.current = Math.max(this.current, due.at);
      due.run();
    }
    this.current = end;
  }

  /** Jumps time forward without running anything (a throttled background tab). */
  jump(ms: number): void {
    this.current += ms;
  }

  get pending(): number {
    return this.tasks.filter((t) => !t.cancelled).length;
  }
}

export class ManualScheduler implements Scheduler {
  constructor(private readonly clock: ManualClock) {}
  after(delayMs: number, callback: () => void): Cancel {
    return this.clock.schedule(delayMs, callback);
  }
}

export class RecordingRedirector implements Redirector {
  readonly urls: string[] = [];
  /** Called at each departure, as it happens. */
  onLeave: (() => void) | undefined = undefined;
  leave(url: ReturnUrl): void {
    this.urls.push(url);
    this.onLeave?.();
  }
}

/** The terminal's memory storage (one implementation), with predictable Idempotency-Keys and the token in view. */
export class MemoryTokenStorage extends TerminalMemoryTokenStorage {
  constructor(token?: string) {
    let made = 0;
    super(token, () => {
      made += 1;
      return `00000000-0000-4000-8000-${String(made).padStart(12, '0')}`;
    });
  }

  get token(): string | undefined {
    return this.read();
  }

  set token(value: string | undefined) {
    if (value === undefined) this.clear(true);
    else this.write(value);
  }
}

export class FakeLaunchParameters implements LaunchParameters {
  forgotten = false;
  constructor(
    private jwt: string | undefined,
    private readonly path = '',
    private readonly errorParam?: string,
  ) {}
  redirectJwt(): string | undefined {
    return this.forgotten ? undefined : this.jwt;
  }
  error(): string | undefined {
    return this.errorParam;
  }
  route(): string {
    return this.path;
  }
  forgetRedirectJwt(): void {
    this.forgotten = true;
  }
}

/** Accepts a token whose text is a key of `payloads`; anything else has a bad signature. */
export class FakeTokenVerifier implements TokenVerifier {
  constructor(
    private readonly payloads: Record<string, unknown>,
    private readonly failure?: TokenVerificationError,
  ) {}
  async verify(jwt: string): Promise<Result<unknown, TokenVerificationError>> {
    if (this.failure) return err(this.failure);
    return jwt in this.payloads ? ok(this.payloads[jwt]) : err({ kind: 'badSignature' });
  }
}

export class RecordingLogger implements Logger {
  readonly warnings: string[] = [];
  warn(message: string): void {
    this.warnings.push(message);
  }
}

export class RecordingAnalytics implements Analytics {
  readonly pageViews: Step[] = [];
  readonly abandonments: AbandonmentStage[] = [];
  pageView(step: Step): void {
    this.pageViews.push(step);
  }
  abandoned(stage: AbandonmentStage): void {
    this.abandonments.push(stage);
  }
}

/** Issue 35 item 1: the flow events the app sent, with the token each carried. */
export class RecordingFlowReporter implements FlowReporter {
  readonly sent: { readonly redirectJwt: string; readonly report: FlowReport }[] = [];
  /** Called as each event is sent (a test notes what it knew then). */
  onSend: () => void = () => undefined;
  send(redirectJwt: string, report: FlowReport): void {
    this.sent.push({ redirectJwt, report });
    this.onSend();
  }
}

export class ManualActivitySource implements ActivitySource {
  private activity = new Set<() => void>();
  private visible = new Set<() => void>();
  private connectivity = new Set<(online: boolean) => void>();
  private back = new Set<() => void>();
  private pageHide = new Set<() => void>();
  online = true;
  onActivity(listener: () => void): Cancel {
    this.activity.add(listener);
    return () => this.activity.delete(listener);
  }
  onVisible(listener: () => void): Cancel {
    this.visible.add(listener);
    return () => this.visible.delete(listener);
  }
  isOnline(): boolean {
    return this.online;
  }
  onConnectivity(listener: (online: boolean) => void): Cancel {
    this.connectivity.add(listener);
    return () => this.connectivity.delete(listener);
  }
  onBack(listener: () => void): Cancel {
    this.back.add(listener);
    return () => this.back.delete(listener);
  }
  onPageHide(listener: () => void): Cancel {
    this.pageHide.add(listener);
    return () => this.pageHide.delete(listener);
  }
  /** The page goes away (the tab closed, a reload, another address): `pagehide`. */
  hidePage(): void {
    for (const l of [...this.pageHide]) l();
  }
  /** The customer presses the browser's Back. */
  pressBack(): void {
    for (const l of [...this.back]) l();
  }
  act(): void {
    for (const l of [...this.activity]) l();
  }
  becomeVisible(): void {
    for (const l of [...this.visible]) l();
  }
  /** The browser goes offline or comes back. */
  setOnline(online: boolean): void {
    this.online = online;
    for (const l of [...this.connectivity]) l(online);
  }
}

type Answer<T> = Result<T, ApiError>;
const apiError = (status: number, code?: string, causes: string[] = []): ApiError => (code === undefined ? { status, causes } : { status, code, causes });

/** A scripted bank: each call answers from its script (or the happy default) and is recorded. */
export class FakeCustomerAuthApi implements CustomerAuthApi {
  readonly calls: { name: string; body?: unknown }[] = [];
  /** Per-call answers queued by tests; when a queue is empty the default answers. */
  readonly script: { [K in keyof CustomerAuthApi]?: Answer<unknown>[] } = {};
  /** Calls that never answer (the bank hangs) until released. */
  pendingConfirmation: ((value: Answer<ConfirmationAnswer>) => void) | undefined = undefined;

  constructor(
    public readonly data: {
      consentDetail: unknown;
      businesses?: Business[];
      accounts?: unknown[];
      customer?: CustomerDetails;
      confirmation?: ConfirmationAnswer;
    },
  ) {}

  static error = apiError;

  /** Queues answers for a call. */
  answer<K extends keyof CustomerAuthApi>(name: K, ...answers: Answer<unknown>[]): this {
    const queue: Answer<unknown>[] = this.script[name] ?? [];
    queue.push(...answers);
    this.script[name] = queue;
    return this;
  }

  count(name: keyof CustomerAuthApi): number {
    return this.calls.filter((c) => c.name === name).length;
  }

  private next<T>(name: keyof CustomerAuthApi, body: unknown, fallback: () => Answer<T>): Promise<Answer<T>> {
    this.calls.push(body === undefined ? { name } : { name, body });
    const queued = this.script[name]?.shift();
    return Promise.resolve((queued as Answer<T> | undefined) ?? fallback());
  }

  authenticate(request: AuthenticateRequest) {
    return this.next<void>('authenticate', request, () => ok(undefined));
  }
  customerDetails() {
    return this.next<CustomerDetails>('customerDetails', undefined, () => ok(this.data.customer ?? { fullLegalName: 'Jane Citizen' }));
  }
  businesses() {
    return this.next<readonly Business[]>('businesses', undefined, () => ok(this.data.businesses ?? [{ companyId: 'PERSONAL', businessName: 'Jane Citizen' }]));
  }
  confirmBusinessProfile(request: BusinessConsentRequest) {
    return this.next<void>('confirmBusinessProfile', request, () => ok(undefined));
  }
  accounts() {
    return this.next<AccountState>('accounts', undefined, () => {
      const parsed = toAccounts(this.data.accounts ?? []);
      return parsed.ok ? ok(parsed.value) : err(apiError(400, undefined, [JSON.stringify(parsed.error)]));
    });
  }
  consentDetails() {
    return this.next<Consent>('consentDetails', undefined, () => {
      const parsed = parseConsentDetail(this.data.consentDetail);
      return parsed.ok ? ok(parsed.value) : err(apiError(200, 'malformed_answer'));
    });
  }
  saveSelection(request: SaveSelectionRequest) {
    return this.next<void>('saveSelection', request, () => ok(undefined));
  }
  /** The Idempotency-Key of each confirmation call, in order. */
  readonly idempotencyKeys: string[] = [];
  confirmation(authorisationStatus: boolean, idempotencyKey: string) {
    this.idempotencyKeys.push(idempotencyKey);
    if (authorisationStatus && this.script.confirmation === undefined && this.holdConfirmation) {
      this.calls.push({ name: 'confirmation', body: authorisationStatus });
      return new Promise<Answer<ConfirmationAnswer>>((resolve) => {
        this.pendingConfirmation = resolve;
      });
    }
    return this.next<ConfirmationAnswer>('confirmation', authorisationStatus, () =>
      ok(
        authorisationStatus
          ? (this.data.confirmation ?? { auth_code: 'code-1', redirect_uri: 'https://tpp.example/cb', state: 'state-1', id_token: 'id.token.sig' })
          : { redirect_uri: 'https://tpp.example/cb' },
      ),
    );
  }
  keepAlive() {
    return this.next<void>('keepAlive', undefined, () => ok(undefined));
  }

  /** When set, `confirmation(true)` hangs until `pendingConfirmation` is called. */
  holdConfirmation = false;
}
