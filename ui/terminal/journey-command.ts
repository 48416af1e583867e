import { EXIT_CODES } from '../../adapters/terminal/composition-root';
import { parseJourneyArguments, USAGE } from './journey-arguments';
import { runJourney, type JourneyIo } from './run-journey';

/**
 * `npm run journey -- …` (docs/terminal.md): `--help` prints the usage to stdout (exit 0); a
 * command line that is not understood is named on stderr with the usage (exit 2); else the run,
 * whose verdict sets the exit code (adapters/terminal/journey-verdict.ts EXIT_CODES).
 */
export async function journeyCommand(argv: readonly string[], io: JourneyIo & { readonly err: (line: string) => void }): Promise<number> {
  const parsed = parseJourneyArguments(argv);
  if (parsed.ok) return runJourney(parsed.value, io);
  if (parsed.help === true) {
    io.out(USAGE);
    return EXIT_CODES.passed;
  }
  io.err(parsed.error);
  return EXIT_CODES.usage;
}
