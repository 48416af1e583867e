import type { JourneyEntryAsk } from '../../adapters/terminal/composition-root';

/** The sandbox's address when none is given (docs/sandbox.md). */
export const DEFAULT_SANDBOX = 'http://127.0.0.1:4400';

export const USAGE = `Usage: npm run journey -- [--persona NAME | --amend ARRANGEMENT_ID] [--sandbox URL]
       npm run journey -- --url ENTRY_URL
       npm run journey -- --jwt REDIRECT_JWT --config CONFIG_URL
Options: --answers FILE  run without a keyboard (CI): exit 0 when the recipient gets what is expected
         --timeout SECONDS  give up after this long (default 120)`;

export interface JourneyArguments {
  readonly entry: JourneyEntryAsk;
  readonly answers?: string;
  readonly timeoutMs: number;
}

const OPTIONS = ['--persona', '--amend', '--sandbox', '--url', '--jwt', '--config', '--answers', '--timeout'];

/** The command line of `npm run journey`, or what is wrong with it. */
export function parseJourneyArguments(argv: readonly string[]): { ok: true; value: JourneyArguments } | { ok: false; error: string } {
  const values = new Map<string, string>();
  for (let index = 0; index < argv.length; index += 1) {
    const name = argv[index] ?? '';
    if (name === '--help' || name === '-h') return { ok: false, error: USAGE };
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
  if (jwt !== undefined && config === undefined) return { ok: false, error: '--jwt needs --config (the address of the bank\'s config.json)' };
  if (config !== undefined && jwt === undefined) return { ok: false, error: '--config goes with --jwt' };
  const persona = values.get('--persona');
  const amend = values.get('--amend');
  const entry: JourneyEntryAsk = url !== undefined ? { kind: 'url', url }
    : jwt !== undefined && config !== undefined ? { kind: 'jwt', jwt, config }
    : { kind: 'sandbox', sandbox: values.get('--sandbox') ?? DEFAULT_SANDBOX, ...(persona === undefined ? {} : { persona }), ...(amend === undefined ? {} : { amend }) };
  const answers = values.get('--answers');
  return { ok: true, value: { entry, timeoutMs: timeout * 1000, ...(answers === undefined ? {} : { answers }) } };
}
