import { inject, injectable, optional } from 'inversify';
import { err, type Result } from '../domain/result';
import type { RuntimeConfig } from '../application/runtime-config';
import { CONFIG_PATH } from './browser-address-names';
import { readConfigText } from './config-text.reader';
import { fetchCall } from './fetch-call';
import { FETCH, HTTP_CALL_OPTIONS, type FetchFunction, type HttpCallOptions } from './fetch.token';

/** Where the runtime configuration lives; optional binding (default: `/config/config.json` of the page's origin). */
export interface ConfigSourceOptions {
  /** Absolute URL of config.json. */
  readonly url?: string;
}
const CONFIG_SOURCE_OPTIONS = Symbol('ConfigSourceOptions');

function defaultConfigUrl(): string {
  const href = globalThis.location?.href;
  return href === undefined ? CONFIG_PATH : new URL(CONFIG_PATH, href).href;
}

/**
 * CONTRACT §2, spec §7 "GET config/config.json (startup)": before the container is built. Every
 * failure is a readable problem, for the startup error page.
 */
@injectable()
export class FetchConfigSource {
  private readonly fetchFn: FetchFunction;
  private readonly url: string;
  private readonly httpOptions: HttpCallOptions | undefined;

  constructor(
    @inject(FETCH) fetchFn: FetchFunction,
    @inject(CONFIG_SOURCE_OPTIONS) @optional() options?: ConfigSourceOptions,
    @inject(HTTP_CALL_OPTIONS) @optional() httpOptions?: HttpCallOptions,
  ) {
    this.fetchFn = fetchFn;
    this.url = options?.url ?? defaultConfigUrl();
    this.httpOptions = httpOptions;
  }

  /** CONTRACT §2. */
  async load(): Promise<Result<RuntimeConfig, readonly string[]>> {
    // The same mode and credentials as the shell's `<link rel="preload" as="fetch" crossorigin>`
    // (esbuild.config.mjs), and a cacheable request, so that the preloaded answer is used.
    const outcome = await fetchCall(
      this.fetchFn,
      { method: 'GET', url: this.url, headers: { Accept: 'application/json' }, cache: 'default' },
      this.httpOptions,
    );
    if (outcome.kind === 'timedOut') return err([`config.json could not be loaded from ${this.url}: no answer in time`]);
    if (outcome.kind === 'noAnswer') return err([`config.json could not be loaded from ${this.url}: ${outcome.detail}`]);
    if (outcome.status === 404) return err([`config.json was not found at ${this.url} (HTTP 404)`]);
    if (outcome.status < 200 || outcome.status > 299) {
      return err([`config.json could not be loaded from ${this.url} (HTTP ${outcome.status})`]);
    }
    return readConfigText(outcome.body);
  }
}
