// `npm start` / `npm run sandbox`: starts the sandbox bank and prints the one address to open.
// Options: --port N (or PORT), --data-dir DIR (or SANDBOX_DATA_DIR), --dist-dir DIR (or SANDBOX_DIST_DIR),
// SANDBOX_INACTIVE_TIME_LIMIT and SANDBOX_INACTIVE_WARN_TIME (seconds), SANDBOX_TOKEN_LIFETIME (seconds),
// SANDBOX_CX (the CX switches config.json turns on, comma-separated, e.g. showForgottenDetailsLink,showCdrPolicyLink).
import { parseArgs } from 'node:util';
import { createSandboxBank, SANDBOX_DEFAULTS, type SandboxBankOptions } from './server';

/** A whole number from the command line or the environment, or a clear error. */
function wholeNumber(name: string, text: string | undefined, min: number, max: number): number | undefined {
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be a whole number from ${min} to ${max}, not "${text}".`);
  return value;
}

function optionsFrom(argv: readonly string[], env: NodeJS.ProcessEnv): SandboxBankOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: { port: { type: 'string' }, 'data-dir': { type: 'string' }, 'dist-dir': { type: 'string' } },
    strict: true,
  });
  const port = wholeNumber('--port / PORT', values.port ?? env['PORT'], 0, 65535) ?? SANDBOX_DEFAULTS.port;
  const dataDir = values['data-dir'] ?? env['SANDBOX_DATA_DIR'];
  const distDir = values['dist-dir'] ?? env['SANDBOX_DIST_DIR'];
  const inactiveTimeLimit = wholeNumber('SANDBOX_INACTIVE_TIME_LIMIT', env['SANDBOX_INACTIVE_TIME_LIMIT'], 1, 86400);
  const inactiveReciprocalWarnTime = wholeNumber('SANDBOX_INACTIVE_WARN_TIME', env['SANDBOX_INACTIVE_WARN_TIME'], 1, 86400);
  const tokenLifetimeSeconds = wholeNumber('SANDBOX_TOKEN_LIFETIME', env['SANDBOX_TOKEN_LIFETIME'], 1, 7 * 86400);
  // Issue 22: the app's reader checks the names; issue 33 item 2: at start (checked-config.ts), so a misspelt switch stops the sandbox, named.
  const cx = (env['SANDBOX_CX'] ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  return {
    port,
    logErrors: true,
    ...(dataDir === undefined || dataDir === '' ? {} : { dataDir }),
    ...(distDir === undefined || distDir === '' ? {} : { distDir }),
    ...(tokenLifetimeSeconds === undefined ? {} : { tokenLifetimeSeconds }),
    ...(cx.length === 0 ? {} : { cx: Object.fromEntries(cx.map((name) => [name, true])) }),
    inactivity: {
      ...(inactiveTimeLimit === undefined ? {} : { inactiveTimeLimit }),
      ...(inactiveReciprocalWarnTime === undefined ? {} : { inactiveReciprocalWarnTime }),
    },
  };
}

async function main(): Promise<void> {
  const bank = await createSandboxBank(optionsFrom(process.argv.slice(2), process.env));
  if (bank.warning !== undefined) console.warn(bank.warning);
  const origin = await bank.listen();
  console.log(`Sandbox bank and recipient simulator: open ${origin}/`);
  const stop = (): void => {
    bank.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  const code = (error as { code?: unknown }).code;
  const message =
    code === 'EADDRINUSE'
      ? 'The port is already in use: stop the other server or choose another with --port N (or PORT=N).'
      : error instanceof Error
        ? error.message
        : String(error);
  console.error(`The sandbox bank could not start. ${message}`);
  process.exit(1);
});
