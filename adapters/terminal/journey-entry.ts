import { err, ok, type Result } from '../../domain/result';
import type { FetchFunction } from '../fetch.token';
import { CommandLineLaunchParameters } from './command-line-launch-parameters.adapter';
import { parseHttpUrl } from '../../domain/http-url';
import { CONFIG_PATH } from '../browser-address-names';

/** The scopes the sandbox's recipient simulator asks for by default (docs/sandbox.md). */
const DEFAULT_SCOPES = ['bank:accounts.basic:read', 'bank:accounts.detail:read', 'bank:transactions:read', 'common:customer.basic:read'] as const;

/** How a journey starts (docs/terminal.md "Usage"). */
export type JourneyEntryAsk =
  /** The sandbox's recipient simulator signs an entry URL (an amendment when `amend` names an arrangement). */
  | { readonly kind: 'sandbox'; readonly sandbox: string; readonly persona?: string; readonly amend?: string }
  /** Any bank: the entry URL a third party would send the browser to. */
  | { readonly kind: 'url'; readonly url: string }
  /** Any bank: a redirect token and the address of the bank's config.json. */
  | { readonly kind: 'jwt'; readonly jwt: string; readonly config: string };

export interface JourneyEntry {
  readonly launch: CommandLineLaunchParameters;
  readonly configUrl: URL;
}

const absolute = (value: string, what: string): Result<URL, string> => {
  const url = parseHttpUrl(value);
  if (url !== undefined) return ok(url);
  return err(`${what} must be an absolute http(s) URL, not "${value}"`);
};

/**
 * The recipient simulator's form (sandbox/recipient-simulator.routes.ts): a new
 * arrangement for a persona, or an amendment; it answers 303 to the signed entry URL.
 */
async function askSandbox(ask: Extract<JourneyEntryAsk, { kind: 'sandbox' }>, fetchFn: FetchFunction): Promise<Result<URL, string>> {
  const sandbox = absolute(ask.sandbox, 'the sandbox address');
  if (!sandbox.ok) return sandbox;
  const form = new URLSearchParams([['duration', 'months'], ['months', '12'], ...DEFAULT_SCOPES.map((scope) => ['scope', scope] as [string, string])]);
  if (ask.amend === undefined && ask.persona !== undefined) form.append('persona', ask.persona);
  const path = ask.amend === undefined ? '/recipient/start' : `/recipient/amend/${encodeURIComponent(ask.amend)}`;
  let response: Response;
  try {
    response = await fetchFn(new URL(path, sandbox.value).href, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      redirect: 'manual',
    });
  } catch (error) {
    return err(
      `the sandbox at ${sandbox.value.origin} did not answer (${error instanceof Error ? error.message : String(error)}); start it with npm run sandbox`,
    );
  }
  const location = response.headers.get('location');
  if (response.status !== 303 || location === null) {
    const text = (await response.text().catch(() => ''))
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 300);
    return err(`the recipient simulator refused (HTTP ${response.status}): ${text}`);
  }
  return ok(new URL(location, sandbox.value));
}

/** The launch parameters and the config's address of a journey, or why it cannot start. */
export async function resolveJourneyEntry(
  ask: JourneyEntryAsk,
  fetchFn: FetchFunction = (input, init) => globalThis.fetch(input, init),
): Promise<Result<JourneyEntry, string>> {
  switch (ask.kind) {
    case 'sandbox': {
      const entry = await askSandbox(ask, fetchFn);
      if (!entry.ok) return entry;
      return ok({ launch: CommandLineLaunchParameters.fromEntryUrl(entry.value), configUrl: new URL(CONFIG_PATH, entry.value) });
    }
    case 'url': {
      const entry = absolute(ask.url, '--url');
      if (!entry.ok) return entry;
      return ok({ launch: CommandLineLaunchParameters.fromEntryUrl(entry.value), configUrl: new URL(CONFIG_PATH, entry.value) });
    }
    case 'jwt': {
      const config = absolute(ask.config, '--config');
      if (!config.ok) return config;
      if (ask.jwt.trim() === '') return err('--jwt is empty');
      return ok({ launch: CommandLineLaunchParameters.fromRedirectJwt(ask.jwt.trim()), configUrl: config.value });
    }
  }
}
