// NO_COLOR, before Ink's chalk is imported (issue 25 item 5).
import './no-color';
import { journeyCommand } from './journey-command';

/** `npm run journey -- …` (docs/terminal.md): the consent journey in a terminal; the exit code says how it ended. */
const code = await journeyCommand(process.argv.slice(2), {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  // Only an interactive run reads the keyboard and draws (runJourney).
  stdin: process.stdin,
  stdout: process.stdout,
});
process.exit(code);
