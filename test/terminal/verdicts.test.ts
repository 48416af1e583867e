import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SandboxHarness } from '../browser/browser-harness';
import { copy } from '../../domain/copy';
import { journeyCommand } from '../../ui/terminal/journey-command';
import { parseJourneyArguments } from '../../ui/terminal/journey-arguments';
import { runJourney } from '../../ui/terminal/run-journey';
import { FakeTerminal, settled } from './fake-terminal';

const KEYS = { tab: '\t', enter: '\r', ctrlC: '\u0003' } as const;

/**
 * docs/terminal.md "Verdicts": every way a journey fails is named (the endpoint, the HTTP status
 * and the bank's code; the customer's Cancel; the lockout; the bank that stopped answering), with
 * exit 1; a wrong command line or answers file exits 2; against the real sandbox bank.
 */
describe('terminal channel: the verdicts and exit codes, against the sandbox', function () {
  this.timeout(60000);
  const sandbox = new SandboxHarness();
  let dir = '';

  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'journey-verdicts-'));
    await sandbox.start({ distDir: dir });
  });
  after(async () => {
    await sandbox.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const answersFile = async (answers: unknown): Promise<string> => {
    const file = path.join(dir, `answers-${Math.random().toString(36).slice(2)}.json`);
    await writeFile(file, JSON.stringify(answers));
    return file;
  };

  /** `npm run journey -- …` as the command runs it: what it prints on stdout and stderr, and its exit code. */
  const command = async (argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await journeyCommand(argv, { out: (line) => out.push(line), err: (line) => err.push(line) });
    return { code, out, err };
  };

  const scripted = async (username: string): Promise<{ code: number; out: string[] }> =>
    command(['--url', await sandbox.entryUrl(), '--answers', await answersFile({ username, secureCode: '123456' }), '--timeout', '30']);

  /**
   * An interactive run on a fake terminal: keys in, the screen out, the printed lines and the exit
   * code. Every wait is on the event: the screen is read again at each write Ink makes (`waitFor`),
   * and a key is typed once the views have settled from the one before (settled()).
   */
  const interactive = (entryUrl: string, before?: (terminal: FakeTerminal) => void) => {
    const terminal = new FakeTerminal();
    before?.(terminal);
    const lines: string[] = [];
    const parsed = parseJourneyArguments(['--url', entryUrl, '--timeout', '30']);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed));
    const done = runJourney(parsed.value, { out: (line) => lines.push(line), stdin: terminal.stdin, stdout: terminal.stdout });
    const waitFor = async (text: string): Promise<void> => {
      await terminal.until((screen) => screen.includes(text), `the screen to show "${text}"`);
      await settled(); // the step's controls take the focus
    };
    const press = async (...keys: string[]): Promise<void> => {
      for (const key of keys) {
        terminal.type(key);
        await settled();
      }
    };
    return { terminal, lines, done, waitFor, press };
  };

  describe('each bank failure names what happened (exit 1)', () => {
    it('a 503 on login: the endpoint, HTTP 503 and otp_failure_004', async () => {
      const { code, out } = await scripted('service.down');
      expect(out.at(-1)).to.equal(
        'FAILED: the login failed: POST /customer-auth/authenticate answered HTTP 503, bank code otp_failure_004 (the app showed "Service unavailable"); expected an authorisation code, the recipient got error access_denied (Authentication failure); nothing was shared or changed',
      );
      expect(code).to.equal(1);
    });

    it("a 500 on confirmation: the endpoint, HTTP 500 and the bank's code", async () => {
      const { code, out } = await scripted('confirm.fails');
      expect(out.at(-1)).to.equal(
        'FAILED: the confirmation failed: POST /customer-auth/confirmation answered HTTP 500, bank code confirmation_failure_001, cause Confirmation failed (the app showed "Service unavailable"); expected an authorisation code, the recipient got error access_denied (Authentication failure); nothing was shared or changed',
      );
      expect(code).to.equal(1);
    });

    it('a 500 on the account list: the endpoint, HTTP 500, the code and AISVAL0009', async () => {
      const { code, out } = await scripted('accounts.wentwrong');
      expect(out.at(-1)).to.equal(
        'FAILED: the account list failed: GET /customer-auth/accounts answered HTTP 500, bank code 500, cause AISVAL0009 (the app showed "Something went wrong"); expected an authorisation code, the recipient got error access_denied (Authentication failure); nothing was shared or changed',
      );
      expect(code).to.equal(1);
    });

    it('a lockout: the lockout, its code', async () => {
      const temporary = await scripted('locked.for.now');
      expect(temporary.out.at(-1)).to.equal(
        'FAILED: the login is locked (temporary lockout): POST /customer-auth/authenticate answered HTTP 403, bank code otp_failure_003; expected an authorisation code, the recipient got error access_denied (Authentication failure); nothing was shared or changed',
      );
      expect(temporary.code).to.equal(1);
      const permanent = await scripted('locked.forever');
      expect(permanent.out.at(-1)).to.equal(
        'FAILED: the login is locked (permanent lockout): POST /customer-auth/authenticate answered HTTP 403, bank code otp_failure_002; expected an authorisation code, the recipient got error access_denied (Authentication failure); nothing was shared or changed',
      );
      expect(permanent.code).to.equal(1);
    });

    it("issue 33 item 15: a date of birth the app refuses (25/12/1866, after dob.required's step-up): the app's own words, not the step-up's 401", async () => {
      const answers = await answersFile({ username: 'dob.required', secureCode: '123456', dateOfBirth: '25/12/1866' });
      const { code, out } = await command(['--url', await sandbox.entryUrl(), '--answers', answers, '--timeout', '30']);
      expect(out.at(-1)).to.equal(`FAILED: the app refused an answer: ${copy.validation.dobInvalid}; nothing was shared or changed`);
      expect(code).to.equal(1);
    });

    it('the sandbox stopped mid-run: "the bank stopped answering", the call that got no answer', async () => {
      const stopping = await new SandboxHarness().start({ distDir: dir });
      const run = interactive(await stopping.entryUrl());
      try {
        await run.waitFor('>  _'); // the username field has the focus
        await run.press(...'jane.citizen'.split(''), KEYS.tab, ...'123456'.split(''), KEYS.enter);
        await run.waitFor('Select your accounts');
      } finally {
        await stopping.stop(); // also when a step above failed: a server left listening keeps mocha alive
      }
      await run.press(' ', KEYS.tab, KEYS.enter); // Select all, Continue
      await run.waitFor('Service unavailable');
      await run.press(KEYS.enter); // Return to Budget Buddy
      const code = await run.done;
      // The detail is what Node's fetch says of the refused connection.
      expect(run.lines.at(-1)).to.match(
        /^FAILED: the bank stopped answering: PUT \/customer-auth\/consent \(saving the selection\) got no answer: .*fetch failed; expected an authorisation code, the recipient got error access_denied \(Authentication failure\); nothing was shared or changed$/,
      );
      expect(code).to.equal(1);
    });

    it("a deliberate interactive Cancel: the customer's own Cancel; nothing is left on screen under the verdict", async () => {
      const run = interactive(await sandbox.entryUrl());
      await run.waitFor('>  _'); // the username field has the focus
      await run.press(KEYS.tab, KEYS.tab, KEYS.tab, KEYS.enter); // the code, the lost-key link, Cancel
      await run.waitFor('Are you sure you want to leave?');
      await run.press(KEYS.enter); // Yes, leave
      const code = await run.done;
      expect(run.lines.at(-1)).to.equal(
        'FAILED: the customer cancelled (Cancel, then "Yes, leave"); expected an authorisation code, the recipient got error access_denied (Authentication failure); nothing was shared or changed',
      );
      expect(code).to.equal(1);
      expect(run.terminal.screen()).to.equal('');
    });
  });

  describe('the keyboard', () => {
    it('keys typed while the journey loads are kept; Ctrl+C ends the run, named, exit 1, the screen cleared', async () => {
      const run = interactive(await sandbox.entryUrl(), (terminal) => terminal.type('jane.citizen'));
      await run.waitFor('> jane.citizen_');
      await run.press(KEYS.ctrlC);
      const code = await run.done;
      expect(run.lines.at(-1)).to.equal('FAILED: the run was interrupted (Ctrl+C); nothing was shared or changed');
      expect(code).to.equal(1);
      expect(run.terminal.screen()).to.equal('');
    });

    it('Enter in the username field with no secure code says what is missing, and the focus goes to it', async () => {
      const run = interactive(await sandbox.entryUrl());
      await run.waitFor('>  _'); // the username field has the focus
      await run.press(...'jane.citizen'.split(''), KEYS.enter);
      await run.waitFor(copy.validation.secureCode);
      await run.press(...'123456'.split('')); // the focus is on the secure code
      await run.waitFor('******');
      await run.press(KEYS.enter);
      await run.waitFor('Select your accounts');
      await run.press(KEYS.ctrlC);
      await run.done;
    });
  });

  describe('the command line (exit 2 when it or the answers file is wrong)', () => {
    it('--help prints the usage to stdout and exits 0', async () => {
      const { code, out, err } = await command(['--help']);
      expect(code).to.equal(0);
      expect(out.join('\n')).to.contain('Usage: npm run journey').and.contain('Exit: 0');
      expect(err).to.deep.equal([]);
    });

    it('the real command (ui/terminal/main.tsx): --help on stdout, exit 0', () => {
      const help = spawnSync(process.execPath, ['--import', 'tsx', 'ui/terminal/main.tsx', '--help'], { encoding: 'utf8', timeout: 55000 });
      expect(help.status).to.equal(0);
      expect(help.stdout).to.contain('Usage: npm run journey');
      expect(help.stderr).to.equal('');
    });

    it('an unknown option, a bad --url, an empty --jwt: named on stderr, exit 2', async () => {
      for (const argv of [
        ['--colour', 'red'],
        ['--url', 'not a url'],
        ['--url', 'ftp://bank.example/x'],
        ['--jwt', ' ', '--config', 'https://bank.example/config/config.json'],
      ]) {
        const { code, out, err } = await command(argv);
        expect(code, argv.join(' ')).to.equal(2);
        expect(out, argv.join(' ')).to.deep.equal([]);
        expect(err.join('\n'), argv.join(' ')).to.not.equal('');
      }
      expect((await command(['--url', 'not a url'])).err).to.deep.equal(['--url must be an absolute http(s) URL, not "not a url"']);
    });

    it('an answers file with an unknown field, or missing, or not JSON: every problem named on stderr, exit 2', async () => {
      const unknown = await command([
        '--url',
        await sandbox.entryUrl(),
        '--answers',
        await answersFile({ username: 'jane.citizen', secureCode: '123456', colour: 'red' }),
      ]);
      expect(unknown.code).to.equal(2);
      expect(unknown.err.join('\n')).to.contain('"colour" is not an answer');
      expect(unknown.out).to.deep.equal([]);
      const missing = await command(['--url', await sandbox.entryUrl(), '--answers', path.join(dir, 'absent.json')]);
      expect(missing.code).to.equal(2);
      const notJson = path.join(dir, 'not.json');
      await writeFile(notJson, '{ username: ');
      expect((await command(['--url', await sandbox.entryUrl(), '--answers', notJson])).code).to.equal(2);
    });

    it('a sandbox that is not there is the journey failing, not the command line: exit 1', async () => {
      const { code, out } = await command([
        '--persona',
        'jane.citizen',
        '--sandbox',
        'http://127.0.0.1:9',
        '--answers',
        await answersFile({ username: 'jane.citizen', secureCode: '123456' }),
      ]);
      expect(code).to.equal(1);
      expect(out.at(-1)).to.match(/^FAILED: the sandbox at http:\/\/127\.0\.0\.1:9 did not answer/);
    });
  });
});
