// `npm run check-config -- <file>` (issue 33 item 2, docs/deployment.md): checks a deployment's
// config.json as the app checks it at start (adapters/config-file.ts, the build's reader too), so
// that a bank learns of a mistake before its customers meet the failure page.
import { fileURLToPath } from 'node:url';
import { readConfigFile } from '../adapters/config-file';

const USAGE = 'Usage: npm run check-config -- <config.json>';

/** What the command prints and how it exits. */
interface Outcome {
  readonly code: number;
  readonly out: readonly string[];
  readonly err: readonly string[];
}

/**
 * Exit 0 with one line when the app would start with the file; 1 with every problem, one a line
 * (a missing or unreadable file, and a file that is not JSON, among them); 2 when the command
 * line is wrong. `--help` prints the usage.
 */
export async function checkConfig(args: readonly string[]): Promise<Outcome> {
  if (args.length === 1 && (args[0] === '--help' || args[0] === '-h')) {
    return {
      code: 0,
      out: [USAGE, 'Checks a config.json as the consent app reads it at start: exit 0 when it would start, 1 with each problem on its own line.'],
      err: [],
    };
  }
  const [file] = args;
  if (args.length !== 1 || file === undefined || file.startsWith('-')) return { code: 2, out: [], err: [USAGE] };
  const read = await readConfigFile(file);
  if (read.ok)
    return { code: 0, out: [`OK: ${file} is a config the app starts with (${read.value.config.brands.join(', ')}; env ${read.value.config.env}).`], err: [] };
  return { code: 1, out: [], err: [`${file}: the app would show its failure page and log these problems:`, ...read.error.map((problem) => `- ${problem}`)] };
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { code, out, err } = await checkConfig(process.argv.slice(2));
  for (const line of out) console.log(line);
  for (const line of err) console.error(line);
  process.exit(code);
}
