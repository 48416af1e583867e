import { isHttpUrl } from '../../domain/http-url';
import type { JourneyEntryAsk } from '../../adapters/terminal/composition-root';

/** The sandbox's address when none is given (docs/sandbox.md). */
const DEFAULT_SANDBOX = 'http://127.0.0.1:4400';

export const USAGE = `Usage: npm run journey -- [--persona NAME | --amend ARRANGEMENT_ID] [--sandbox URL]
       npm run journey -- --url ENTRY_URL
       npm run journey -- --jwt REDIRECT_JWT --config CONFIG_URL
Options: --answers FILE  run without a keyboard (CI)
         --timeout SECONDS  give up after this long (default 120)
Exit: 0 the recipient got what was expected; 1 the journey failed (the verdict says why);
      2 the command line or the answers file is wrong`;

export interface JourneyArguments {
  readonly entry: JourneyEntryAsk;
  readonly answers?: string;
  readonly timeoutMs: number;
}

const OPTIONS = ['--persona', '--amend', '--sandbox', '--url', '--jwt', '--config', '--answers', '--timeout'];

/** The command line of `npm run journey`: the run, a request for help (`help`), or what is wrong with it. */
export type ParsedArguments =
  | { readonly ok: true; readonly value: JourneyArguments }
  | { readonly ok: false; readonly help: true }
  | { readonly ok: false; readonly help?: undefined; readonly error: string };

/** An address given on the command line: absolute, http(s). */
const addressProblem = (name: string, value: string | undefined): string | undefined => {
  if (value === undefined || isHttpUrl(value)) return undefined;
  return `${name} must be an absolute http(s) URL, not "${value}"`;
};

/** The command line of `npm run journey`, or what is wrong with it (docs/terminal.md "Usage"). */
export function parseJourneyArguments(argv: readonly string[]): ParsedArguments {
  const values = new Map<string, string>();
  for (let index = 0; index < argv.length; index += 1) {
    const name = argv[index] ?? '';
    if (name === '--help' || name === '-h') return { ok: false, help: true };
    if (!OPTIONS.includes(name)) return { ok: false, error: `unknown option "${name}"\n${USAGE}` };
    const value = argv[index + 1];
    if (value === undefined || value.startsWith('--')) return { ok: false, error: `${name} needs a value\n${USAGE}` };
    values.set(name, value);
    index += 1;
  }
  const timeout = Number(values.get('--timeout') ?? '120');
  if (!Number.isFinite(timeout) || timeout <= 0) return { ok: false, error: '--timeout must be a positive number of seconds' };
  const url = values.get('--url');
  const jwt = values.get('--jwt');
  const config = values.get('--config');
  const sandboxOptions = ['--persona', '--amend', '--sandbox'].filter((name) => values.has(name));
  if ([url !== undefined, jwt !== undefined, sandboxOptions.length > 0].filter(Boolean).length > 1) {
    return { ok: false, error: 'choose one way in: --persona/--amend (the sandbox), --url, or --jwt with --config' };
  }
  if (jwt !== undefined && config === undefined) return { ok: false, error: "--jwt needs --config (the address of the bank's config.json)" };
  if (config !== undefined && jwt === undefined) return { ok: false, error: '--config goes with --jwt' };
  const badAddress = [addressProblem('--url', url), addressProblem('--config', config), addressProblem('--sandbox', values.get('--sandbox'))].find(
    (problem) => problem !== undefined,
  );
  if (badAddress !== undefined) return { ok: false, error: badAddress };
  if (jwt !== undefined && jwt.trim() === '') return { ok: false, error: '--jwt is empty' };
  const persona = values.get('--persona');
  const amend = values.get('--amend');
  const entry: JourneyEntryAsk =
    url !== undefined
      ? { kind: 'url', url }
      : jwt !== undefined && config !== undefined
        ? { kind: 'jwt', jwt, config }
        : {
            kind: 'sandbox',
            sandbox: values.get('--sandbox') ?? DEFAULT_SANDBOX,
            ...(persona === undefined ? {} : { persona }),
            ...(amend === undefined ? {} : { amend }),
          };
  const answers = values.get('--answers');
  return { ok: true, value: { entry, timeoutMs: timeout * 1000, ...(answers === undefined ? {} : { answers }) } };
}
