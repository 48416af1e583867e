import { inject, injectable, optional } from 'inversify';
import type { FlowEvent } from '../contract/customer-auth.wire';
import type { FlowReport } from '../domain/flow-report';
import type { FlowReporter } from '../application/ports/flow-reporter.port';
import { RUNTIME_CONFIG } from '../application/ports/runtime-config.port';
import type { RuntimeConfig } from '../application/runtime-config';
import { customerAuthUrl } from './customer-auth-url';
import { FETCH, type FetchFunction } from './fetch.token';
import { NAVIGATOR } from './location.token';

/** docs/contract.md §3 "The flow event". */
const FLOW_EVENT_PATH = '/customer-auth/flow-event';

/** The part of `navigator` a beacon needs (absent in Node: the terminal sends with `fetch`). */
export type BeaconNavigator = Partial<Pick<Navigator, 'sendBeacon'>>;

/**
 * Issue 35 item 1, docs/contract.md §3 "The flow event": a beacon where the platform has one (it
 * outlives the page, and its string body is `text/plain`, which needs no CORS preflight), else
 * `fetch` with `keepalive`. Nothing is retried, read or awaited by the flow: a failure is lost.
 */
@injectable()
export class FlowEventSender implements FlowReporter {
  private readonly sending = new Set<Promise<void>>();
  private readonly navigator: BeaconNavigator | undefined;

  constructor(
    @inject(RUNTIME_CONFIG) private readonly config: RuntimeConfig,
    @inject(FETCH) private readonly fetchFn: FetchFunction,
    @inject(NAVIGATOR) @optional() navigator?: BeaconNavigator,
  ) {
    this.navigator = navigator ?? (globalThis as { navigator?: BeaconNavigator }).navigator;
  }

  send(redirectJwt: string, report: FlowReport): void {
    const event: FlowEvent = { redirectJwt, ...report };
    const body = JSON.stringify(event);
    const url = customerAuthUrl(this.config, FLOW_EVENT_PATH);
    try {
      if (this.navigator?.sendBeacon?.(url, body) === true) return;
    } catch {
      // A beacon refused outright (a URL the platform will not send to): fetch says why, below.
    }
    const sent = Promise.resolve()
      .then(() => this.fetchFn(url, { method: 'POST', body, keepalive: true, headers: { 'Content-Type': 'text/plain;charset=UTF-8' } }))
      .then(
        () => undefined,
        () => undefined,
      );
    this.sending.add(sent);
    void sent.then(() => this.sending.delete(sent));
  }

  /** Resolves once every event sent with `fetch` has its answer (the terminal waits for it before its process ends). */
  async settled(): Promise<void> {
    await Promise.all([...this.sending]);
  }
}
