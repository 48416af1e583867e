import { parseJourneyArguments } from './journey-arguments';
import { runJourney } from './run-journey';

/** `npm run journey -- …` (docs/terminal.md): the consent journey in a terminal; the exit code says how it ended. */
const parsed = parseJourneyArguments(process.argv.slice(2));
if (!parsed.ok) {
  console.error(parsed.error);
  process.exit(2);
}
const code = await runJourney(parsed.value, {
  out: (line) => console.log(line),
  ...(parsed.value.answers === undefined ? { stdin: process.stdin, stdout: process.stdout } : {}),
});
process.exit(code);
