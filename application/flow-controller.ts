import { inject, injectable } from 'inversify';
import { computed, makeObservable, observableRef, runInAction } from 'mobx';
import type { FlowAnswer, FlowCall, FlowEffect } from '../domain/flow-effects';
import type { FlowEvent } from '../domain/flow-events';
import { transition } from '../domain/flow-model';
import { flowReportOf } from '../domain/flow-ending';
import type { FlowReport } from '../domain/flow-report';
import { initialFlowState, type FlowState } from '../domain/flow-state';
import { err, type Result } from '../domain/result';
import type { ApiError } from '../domain/api-error';
import { ACTIVITY_SOURCE, type ActivitySource } from './ports/activity-source.port';
import { ANALYTICS, type Analytics } from './ports/analytics.port';
import { CLOCK, type Clock } from './ports/clock.port';
import { CUSTOMER_AUTH_API, NO_ANSWER, type CustomerAuthApi } from './ports/customer-auth-api.port';
import { FLOW_REPORTER, type FlowReporter } from './ports/flow-reporter.port';
import { LAUNCH_PARAMETERS, type LaunchParameters } from './ports/launch-parameters.port';
import { LOGGER, type Logger } from './ports/logger.port';
import { REDIRECTOR, type Redirector } from './ports/redirector.port';
import { RUNTIME_CONFIG } from './ports/runtime-config.port';
import { SCHEDULER, type Cancel, type Scheduler } from './ports/scheduler.port';
import { TOKEN_STORAGE, type TokenStorage } from './ports/token-storage.port';
import { TOKEN_VERIFIER, type TokenVerifier } from './ports/token-verifier.port';
import type { RuntimeConfig } from './runtime-config';

const thrown = (error: unknown): Result<never, ApiError> =>
  err({ status: 0, code: NO_ANSWER, causes: [error instanceof Error ? error.message : String(error)] });

/** DESIGN §3.9: runs the flow model and carries out its effects over the ports; it decides nothing itself. */
@injectable()
export class FlowController {
  private model: FlowState;
  /** While {@link holdView} holds the views: the state they show. */
  private held: FlowState | undefined = undefined;
  private cancelWake: Cancel | undefined = undefined;
  private unsubscribe: Cancel[] = [];
  private disposed = false;
  private backGuarded = false;
  /** The token this page launched with: the credential of the flow's report (issue 35 item 1). */
  private launchedJwt: string | undefined = undefined;

  constructor(
    @inject(RUNTIME_CONFIG) config: RuntimeConfig,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(SCHEDULER) private readonly scheduler: Scheduler,
    @inject(CUSTOMER_AUTH_API) private readonly api: CustomerAuthApi,
    @inject(TOKEN_VERIFIER) private readonly verifier: TokenVerifier,
    @inject(TOKEN_STORAGE) private readonly storage: TokenStorage,
    @inject(LAUNCH_PARAMETERS) private readonly launch: LaunchParameters,
    @inject(REDIRECTOR) private readonly redirector: Redirector,
    @inject(ACTIVITY_SOURCE) private readonly activity: ActivitySource,
    @inject(ANALYTICS) private readonly analytics: Analytics,
    @inject(FLOW_REPORTER) private readonly reporter: FlowReporter,
    @inject(LOGGER) private readonly logger: Logger,
  ) {
    this.model = initialFlowState(
      {
        brands: config.brands,
        production: config.production,
        inactivity: { inactiveTimeLimit: config.inactiveTimeLimit, inactiveReciprocalWarnTime: config.inactiveReciprocalWarnTime },
        publicSiteUrl: config.publicSiteUrl,
      },
      clock.now(),
    );
    makeObservable<this, 'model' | 'held' | 'cancelWake' | 'unsubscribe' | 'disposed' | 'backGuarded' | 'launchedJwt'>(this, {
      model: observableRef,
      held: observableRef,
      state: computed,
      cancelWake: false,
      unsubscribe: false,
      disposed: false,
      backGuarded: false,
      launchedJwt: false,
    });
  }

  /** The journey as the views show it: frozen while {@link holdView} holds them. */
  get state(): FlowState {
    return this.held ?? this.model;
  }

  /**
   * Spec §2 loading screen; listens to activity and visibility (spec §4, DESIGN §3.5) and the
   * connection (DESIGN §3.15). Resolves when the start's requests have been answered.
   */
  start(): Promise<void> {
    if (this.unsubscribe.length === 0) {
      this.unsubscribe = [
        this.activity.onActivity(() => void this.dispatch({ type: 'activity' })),
        this.activity.onVisible(() => void this.dispatch({ type: 'tick' })),
        this.activity.onConnectivity((online) => void this.dispatch({ type: 'connectivity', online })),
        this.activity.onPageHide(() => this.pageLeft()),
      ];
    }
    if (!this.activity.isOnline()) void this.dispatch({ type: 'connectivity', online: false });
    const jwtFromAddress = this.launch.redirectJwt();
    const jwtFromStorage = jwtFromAddress === undefined ? this.storage.read() : undefined;
    this.launchedJwt = jwtFromAddress ?? jwtFromStorage;
    return this.dispatch({
      type: 'launched',
      route: this.launch.route(),
      jwtFromAddress,
      jwtFromStorage,
      errorParam: this.launch.error(),
      decided: this.storage.decided(),
      finished: this.storage.finished(),
    });
  }

  /**
   * Issue 35 item 1: the page goes away (or the terminal's run is interrupted) without the
   * journey's exit: the bank is told how the flow stands now, once (the exit, which stops the
   * listening, reports its own ending).
   */
  pageLeft(): void {
    if (this.disposed) return;
    const report = flowReportOf(this.model);
    if (report !== undefined) this.report(report);
  }

  /** Resolves when every request it started has been answered and those answers dispatched (timers are not waited for). */
  dispatch(event: FlowEvent): Promise<void> {
    if (this.disposed) return Promise.resolve();
    const { state, effects } = transition(this.model, event, this.clock.now());
    if (state !== this.model)
      runInAction(() => {
        this.model = state;
      });
    return Promise.all(effects.map((effect) => this.run(effect))).then(() => undefined);
  }

  /**
   * Issue 20 "never lose a keystroke" (docs/prerendered-login.md): React adopts the pre-rendered
   * form only if its first render is exactly the page's, so the views must not see the journey
   * move on meanwhile; the model goes on. Call the returned function once the page is adopted.
   */
  holdView(): () => void {
    runInAction(() => {
      this.held = this.model;
    });
    return () =>
      runInAction(() => {
        this.held = undefined;
      });
  }

  private run(effect: FlowEffect): Promise<void> {
    switch (effect.type) {
      case 'verify':
        return this.verifier.verify(effect.jwt).then(
          (result) => this.dispatch({ type: 'verified', id: effect.id, result }),
          () => this.dispatch({ type: 'verified', id: effect.id, result: err({ kind: 'malformed' }) }),
        );
      case 'call':
        return this.call(effect.call).then(async (answer) => {
          // DESIGN §3.15: no answer because the connection dropped: the model hears it is offline first.
          if (!answer.result.ok && answer.result.error.status === 0 && !this.activity.isOnline()) await this.dispatch({ type: 'connectivity', online: false });
          return this.dispatch({ type: 'answered', id: effect.id, answer });
        });
      case 'forgetAddressToken':
        this.launch.forgetRedirectJwt();
        break;
      case 'storeToken':
        this.storage.write(effect.jwt);
        break;
      case 'clearToken':
        this.storage.clear(effect.keepDecisionKeys === true);
        break;
      case 'rememberFinished':
        this.storage.rememberFinished(effect.brand);
        break;
      case 'wakeAt':
        this.setWake(effect.atMs);
        break;
      case 'leave':
        this.stopListening();
        this.redirector.leave(effect.url);
        break;
      case 'guardBack':
        if (!this.backGuarded) this.unsubscribe.push(this.activity.onBack(() => void this.dispatch({ type: 'browserBack' })));
        this.backGuarded = true;
        break;
      case 'pageView':
        this.safely(() => this.analytics.pageView(effect.step));
        break;
      case 'abandoned':
        this.safely(() => this.analytics.abandoned(effect.stage));
        break;
      case 'report':
        this.report(effect.report);
        break;
      case 'log':
        this.logger.warn(effect.message);
        break;
    }
    return Promise.resolve();
  }

  /** Spec §7. The port never throws; a bug in it is no answer. */
  private async call(call: FlowCall): Promise<FlowAnswer> {
    const api = this.api;
    const answer = (): Promise<FlowAnswer['result']> => {
      switch (call.kind) {
        case 'consentDetails':
          return api.consentDetails();
        case 'authenticate':
          return api.authenticate(call.request);
        case 'customerDetails':
          return api.customerDetails();
        case 'businesses':
          return api.businesses();
        case 'confirmBusinessProfile':
          return api.confirmBusinessProfile(call.request);
        case 'accounts':
          return api.accounts();
        case 'saveSelection':
          return api.saveSelection(call.request);
        case 'confirm':
          return api.confirmation(true, this.storage.decisionKey('approve'));
        case 'reject':
          return api.confirmation(false, this.storage.decisionKey('reject'));
        case 'keepAlive':
          return api.keepAlive();
      }
    };
    const result = await answer().catch(thrown);
    return { kind: call.kind, result } as FlowAnswer;
  }

  /** DESIGN §3.5: one timer, set for the model's next deadline. */
  private setWake(atMs: number | undefined): void {
    this.cancelWake?.();
    this.cancelWake = atMs === undefined ? undefined : this.scheduler.after(atMs - this.clock.now(), () => void this.dispatch({ type: 'tick' }));
  }

  /** The page is gone (a channel closing, a test's reload): nothing more is sent or done. */
  dispose(): void {
    this.disposed = true;
    this.setWake(undefined);
    this.stopListening();
  }

  private stopListening(): void {
    for (const unsubscribe of this.unsubscribe) unsubscribe();
    this.unsubscribe = [];
  }

  /**
   * Issue 35 item 1: once per flow and tab (the storage's mark outlives a reload). Offline, it is
   * not sent (it would be lost) nor marked: a later page of the flow (a reload) may still report it.
   */
  private report(report: FlowReport): void {
    const jwt = this.launchedJwt;
    if (jwt === undefined || !this.activity.isOnline() || this.storage.flowReported(report.flowId)) return;
    this.storage.rememberFlowReported(report.flowId);
    this.safely(() => this.reporter.send(jwt, report), 'The flow event');
  }

  /** DESIGN §3.8: analytics (and the flow event, issue 35 item 1) never break the flow. */
  private safely(send: () => void, what = 'Analytics'): void {
    try {
      send();
    } catch (error) {
      this.logger.warn(`${what} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
