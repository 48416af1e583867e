// Issue 25 item 5: the terminal channel carries no meaning by colour alone, and with NO_COLOR set
// its output is the same words. Ink colours through chalk, whose level (0: none, 3: 16 million
// colours) is read when a frame is drawn: the same views are drawn at both and compared.
import { spawnSync } from 'node:child_process';
import { expect } from 'chai';
import chalk from 'chalk';
import { Box } from 'ink';
import { render } from 'ink-testing-library';
import { copy } from '../../domain/copy';
import { Button, Notice, TextField } from '../../ui/terminal/widgets';
import { watchFrames } from './fake-terminal';

// eslint-disable-next-line no-control-regex
const ANSI = /\u001B\[[\d;]*m/g;

/** A login-like screen: a field with its error, a notice, the focused Continue and a disabled button. */
function Screen() {
  return (
    <Box flexDirection="column">
      <TextField label={copy.login.usernameLabel} value="jane" onChange={() => undefined} error="Enter your username." />
      <Notice text={copy.shell.offline} warning />
      <Button label={copy.login.continue} onPress={() => undefined} autoFocus />
      <Button label={copy.buttons.cancel} onPress={() => undefined} />
      <Button label="Confirm" onPress={() => undefined} disabled />
    </Box>
  );
}

/** The frame drawn at a chalk level, once Continue has taken its focus (Ink gives it after the first frame). */
async function drawnAt(level: 0 | 3): Promise<string> {
  const before = chalk.level;
  chalk.level = level;
  try {
    const view = render(<Screen />);
    try {
      const focused = `> [ ${copy.login.continue} ]`;
      return await watchFrames(view).until((frame) => frame.replace(ANSI, '').includes(focused), `the focus on "${focused}"`);
    } finally {
      view.unmount();
    }
  } finally {
    chalk.level = before;
  }
}

describe('terminal channel: colour carries no meaning alone (issue 25 item 5)', () => {
  it('in colour and without it, the same words; without it, no colour codes', async () => {
    const coloured = await drawnAt(3);
    const plain = await drawnAt(0);
    expect(coloured, 'the colour run did colour').to.match(ANSI);
    expect(plain, 'no colour codes').not.to.match(ANSI);
    expect(coloured.replace(ANSI, '')).to.equal(plain);
  });

  it('without colour, the focused button is pointed at, and a disabled one says it is unavailable', async () => {
    const plain = await drawnAt(0);
    expect(plain).to.include(`> [ ${copy.login.continue} ]`);
    expect(plain).to.include(`  [ ${copy.buttons.cancel} ]`);
    expect(plain).not.to.include(`> [ ${copy.buttons.cancel} ]`);
    expect(plain).to.include(`[ Confirm ] ${copy.shell.unavailable}`);
    // The warning and the error say what they are in words.
    expect(plain).to.include(`! ${copy.shell.offline}`);
    expect(plain).to.include('Enter your username.');
  });

  it('NO_COLOR (non-empty) turns the colours off, even where FORCE_COLOR asks for them; without it, they stay', function () {
    // Three Node processes, each compiling its script through tsx: over 2 s on a busy machine.
    this.timeout(30_000);
    const levelWith = (env: Record<string, string>): string => {
      const script = "await import('./ui/terminal/no-color.ts'); const { default: chalk } = await import('chalk'); console.log(String(chalk.level));";
      const result = spawnSync(process.execPath, ['--import', 'tsx/esm', '--input-type=module', '-e', script], {
        env: { PATH: process.env['PATH'] ?? '', ...env },
        encoding: 'utf8',
      });
      // stderr may carry Node's own warning that NO_COLOR and FORCE_COLOR are both set.
      return result.stdout.trim() || result.stderr.trim();
    };
    expect(levelWith({ FORCE_COLOR: '3', NO_COLOR: '1' })).to.equal('0');
    expect(levelWith({ FORCE_COLOR: '3' })).to.equal('3');
    expect(levelWith({ FORCE_COLOR: '3', NO_COLOR: '' }), 'an empty NO_COLOR is no request').to.equal('3');
  });
});
