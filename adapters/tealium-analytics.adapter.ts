import { inject, injectable, optional } from 'inversify';
import type { AbandonmentStage, Analytics } from '../application/ports/analytics.port';
import { RUNTIME_CONFIG } from '../application/ports/runtime-config.port';
import type { RuntimeConfig } from '../application/runtime-config';
import type { Step } from '../domain/flow';
import { DOCUMENT } from './location.token';

/** The Tealium `utag` object the tag script defines on `window`. */
interface Utag {
  view(data: Readonly<Record<string, string>>): void;
  link(data: Readonly<Record<string, string>>): void;
}

/** The part of `document` this adapter uses. */
export type TagDocument = Pick<Document, 'createElement' | 'head'> & {
  readonly defaultView: (object & { utag?: unknown; utag_cfg_ovrd?: unknown }) | null;
};

/** Events kept while the tag loads; beyond this the oldest are dropped. */
const MAX_QUEUED_EVENTS = 20;

/** DESIGN §3.8: the page name reported for each step. */
const PAGE_NAMES: Readonly<Record<Step, string>> = {
  login: 'cdr:consent:login',
  selectProfile: 'cdr:consent:select-profile',
  selectAccounts: 'cdr:consent:select-accounts',
  confirmation: 'cdr:consent:confirmation',
};

type TagEvent = { readonly kind: 'view' | 'link'; readonly data: Readonly<Record<string, string>> };

type TagState = 'idle' | 'loading' | 'ready' | 'failed';

const isUtag = (value: unknown): value is Utag =>
  typeof value === 'object' && value !== null && typeof (value as Partial<Utag>).view === 'function' && typeof (value as Partial<Utag>).link === 'function';

/**
 * DESIGN §3.8, spec §7 "An analytics tag script … is loaded when enabled": the tag is a script
 * element, not inline, so the CSP needs no `unsafe-inline`; Tealium's own page view is off, the
 * app sends its own. A tag that is blocked, fails or throws makes every event a silent no-op.
 */
@injectable()
export class TealiumAnalytics implements Analytics {
  private readonly config: RuntimeConfig;
  private readonly document: TagDocument | undefined;
  private state: TagState = 'idle';
  private queue: TagEvent[] = [];
  private utag: Utag | undefined;

  constructor(@inject(RUNTIME_CONFIG) config: RuntimeConfig, @inject(DOCUMENT) @optional() document?: TagDocument) {
    this.config = config;
    this.document = document ?? globalThis.document;
  }

  /** DESIGN §3.8. */
  pageView(step: Step): void {
    this.send({ kind: 'view', data: { page_name: PAGE_NAMES[step], step } });
  }

  /** DESIGN §3.8. */
  abandoned(stage: AbandonmentStage): void {
    this.send({ kind: 'link', data: { event_name: 'cdr_abandonment', abandonment_stage: stage } });
  }

  private send(event: TagEvent): void {
    try {
      if (!this.config.useTealiumUtag || this.state === 'failed') return;
      if (this.state === 'ready') {
        this.deliver(event);
        return;
      }
      this.queue = [...this.queue, event].slice(-MAX_QUEUED_EVENTS);
      if (this.state === 'idle') this.load();
    } catch {
      this.fail();
    }
  }

  private load(): void {
    const document = this.document;
    if (document === undefined || document.head === null) {
      this.fail();
      return;
    }
    this.state = 'loading';
    const view = document.defaultView;
    if (view !== null && view.utag_cfg_ovrd === undefined) view.utag_cfg_ovrd = { noview: true };
    const script = document.createElement('script');
    script.async = true;
    script.src = this.config.tealiumUtagUrl;
    script.addEventListener('load', () => this.loaded());
    script.addEventListener('error', () => this.fail());
    document.head.appendChild(script);
  }

  private loaded(): void {
    const utag = this.document?.defaultView?.utag;
    if (!isUtag(utag)) {
      this.fail();
      return;
    }
    this.utag = utag;
    this.state = 'ready';
    const queued = this.queue;
    this.queue = [];
    for (const event of queued) this.deliver(event);
  }

  private deliver(event: TagEvent): void {
    try {
      if (event.kind === 'view') this.utag?.view(event.data);
      else this.utag?.link(event.data);
    } catch {
      // A broken tag loses this event; the flow goes on.
    }
  }

  private fail(): void {
    this.state = 'failed';
    this.queue = [];
  }
}
