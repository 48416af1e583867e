import { expect } from 'chai';
import { render } from 'ink-testing-library';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Container } from 'inversify';
import { createTerminalContainer, loadTerminalConfig, resolveJourneyEntry } from '../../adapters/terminal/composition-root';
import type { KeyStream } from '../../adapters/terminal/key-press-activity-source.adapter';
import { FlowController } from '../../application/flow-controller';
import { copy } from '../../domain/copy';
import { SandboxHarness } from '../browser/browser-harness';
import { ManualClock, ManualScheduler } from '../support/fakes';
import { TerminalApp } from '../../ui/terminal/app';
import { ServicesProvider } from '../../ui/terminal/services-context';
import { FRAME_LIMIT_MS, settled, watchFrames } from './fake-terminal';

const KEYS = { tab: '\t', enter: '\r', down: '\u001B[B', up: '\u001B[A', escape: '\u001B' } as const;

/** The Ink views of every step and modal, driven by key presses over the real sandbox. */
describe('terminal channel: the views, by keyboard', function () {
  this.timeout(60000);
  const sandbox = new SandboxHarness();
  const shortTimers = new SandboxHarness();
  let dir = '';
  const flows: FlowController[] = [];

  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'journey-views-'));
    await sandbox.start({ distDir: dir });
    await shortTimers.start({ distDir: dir, inactivity: { inactiveTimeLimit: 4, inactiveReciprocalWarnTime: 3 } });
  });
  after(async () => {
    for (const flow of flows) flow.dispose();
    await sandbox.stop();
    await shortTimers.stop();
    await rm(dir, { recursive: true, force: true });
  });

  /**
   * A started journey with its views. Every wait is on the event: a key is pressed once the views
   * have settled (settled(): the control that takes it listens), a step's text is awaited frame by
   * frame (`waitFor`, `until`), and the return address when the flow leaves (`leaves`).
   */
  async function open(entryUrl?: string, clock?: ManualClock) {
    const entry = await resolveJourneyEntry({ kind: 'url', url: entryUrl ?? (await sandbox.entryUrl()) });
    if (!entry.ok) throw new Error(entry.error);
    const config = await loadTerminalConfig(entry.value.configUrl);
    if (!config.ok) throw new Error(config.error.join());
    const left: string[] = [];
    let gone: () => void = () => undefined;
    const leaving = new Promise<void>((resolve) => {
      gone = resolve;
    });
    // The key presses reach the activity source through the rendered app's input (spec §4).
    let input: ReturnType<typeof render>['stdin'] | undefined = undefined; // the rendered app's, once rendered below
    const keys = {
      on: (event: string, listener: () => void) => {
        input?.on(event, listener);
        return keys;
      },
      off: (event: string, listener: () => void) => {
        input?.off(event, listener);
        return keys;
      },
    } as unknown as KeyStream;
    const container: Container = createTerminalContainer(config.value, {
      launch: entry.value.launch,
      onLeave: (url) => {
        left.push(url);
        gone();
      },
      logger: { warn: () => undefined },
      keys,
      ...(clock === undefined ? {} : { time: { clock, scheduler: new ManualScheduler(clock) } }),
    });
    const flow = container.get(FlowController);
    flows.push(flow);
    const view = render(
      <ServicesProvider container={container}>
        <TerminalApp />
      </ServicesProvider>,
    );
    const screen = watchFrames(view);
    input = view.stdin;
    await flow.start();
    await settled();
    /** Each key once the views have settled from the one before (its control listens). */
    const press = async (...keys: string[]) => {
      for (const key of keys) {
        view.stdin.write(key);
        await settled();
      }
    };
    const type = async (text: string) => press(...text.split(''));
    /** Waits until the screen shows `text` (a step change waits for the bank's answer), then for the views to settle. */
    const waitFor = async (text: string) => {
      await screen.until((frame) => frame.includes(text), `the screen to show "${text}"`);
      await settled();
    };
    /** Waits until the frame is as `ready` wants it; fails naming `what`. */
    const until = async (ready: (frame: string) => boolean, what: string) => screen.until(ready, what);
    /** Waits until the flow leaves for the recipient; its return address(es). */
    const leaves = async (): Promise<string[]> => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const limit = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`the flow did not leave within ${FRAME_LIMIT_MS} ms; the last frame:\n${screen.frame()}`)), FRAME_LIMIT_MS);
      });
      try {
        await Promise.race([leaving, limit]);
      } finally {
        clearTimeout(timer);
      }
      return left;
    };
    return { view, press, type, waitFor, until, leaves, left, frame: () => view.lastFrame() ?? '' };
  }

  it('login: the secure code is masked; a whole journey by keyboard ends with a code', async () => {
    const app = await open();
    expect(app.frame()).to.contain('Consent to share data').and.contain('Username');
    await app.type('jane.citizen');
    await app.press(KEYS.tab); // the secure code (issue 22: no forgotten-details or registration button by default)
    await app.type('123456');
    expect(await app.until((frame) => frame.includes('******'), 'the six digits masked')).to.not.contain('123456');
    await app.press(KEYS.enter);
    await app.waitFor('Select your accounts');
    expect(app.frame()).to.contain('Select your accounts').and.contain('Step 1 of 2');
    // The account list: select all ticks every eligible account.
    expect(app.frame()).to.contain('Select all');
    await app.press(' ');
    await app.until((frame) => /\[x\] Bills/.test(frame), 'Select all to tick Bills');
    await app.press(KEYS.down, ' ');
    await app.until((frame) => /\[ \] Bills/.test(frame), 'Space on Bills to untick it');
    await app.press(KEYS.tab, KEYS.enter); // Continue
    await app.waitFor('Review and submit');
    expect(app.frame()).to.contain('Review and submit').and.contain('12 months');
    expect(app.frame()).to.contain('Account name, type and balance');
    await app.press(KEYS.tab); // the description
    await app.type('Terminal');
    await app.press(KEYS.tab, KEYS.tab, KEYS.enter); // Back, then Confirm
    await app.waitFor('Data sharing confirmed');
    expect(app.frame()).to.contain('Data sharing confirmed');
    await app.press(KEYS.enter);
    const left = await app.leaves();
    expect(left).to.have.length(1);
    expect(left[0]).to.match(/#code=/);
    app.view.unmount();
  });

  it('login: the secure code takes "123 456" typed with its space and keeps the six digits; a letter is refused and said so (issue 23 item A)', async () => {
    const app = await open();
    await app.type('jane.citizen');
    await app.press(KEYS.tab);
    await app.type('123 456');
    expect(await app.until((frame) => frame.includes('******'), 'the six digits masked')).to.not.contain('*******');
    await app.type('a');
    await app.until((frame) => frame.includes('Enter numbers only. Your secure code has 6 digits.'), 'the letter refused, and said so');
    await app.press(KEYS.enter);
    await app.waitFor('Select your accounts');
    expect(app.frame()).to.contain('Select your accounts');
    app.view.unmount();
  });

  const logIn = async (app: Awaited<ReturnType<typeof open>>, username: string) => {
    await app.type(username);
    await app.press(KEYS.tab);
    await app.type('123456');
    await app.press(KEYS.enter);
    await app.until((frame) => !frame.includes('Username'), 'the login to give way to the next step');
    await settled(); // the new step's controls take the focus
  };

  it('select profile: none chosen at first; Enter with none says so (issue 33 item 8); ↓ chooses; Continue goes to the accounts', async () => {
    const app = await open();
    await logIn(app, 'trust.owner');
    expect(app.frame())
      .to.contain('Step 1 of 3')
      .and.contain('You are about to share your data with')
      .and.not.match(/\(•\) /);
    await app.press(KEYS.enter);
    await app.waitFor('Select a profile to continue.');
    expect(app.frame()).to.contain('Select a profile');
    const before = app.frame();
    await app.press(KEYS.down);
    await app.until((frame) => frame !== before && /\(•\) /.test(frame) && !frame.includes('Select a profile to continue.'), '↓ to choose a profile');
    await app.press(KEYS.enter);
    await app.waitFor('Select your accounts');
    expect(app.frame()).to.contain('Select your accounts').and.contain('Step 2 of 3');
    app.view.unmount();
  });

  it('issue 33 item 6: Continue with no account ticked says what is missing above the accounts and sends the focus back to their first row', async () => {
    const app = await open(await sandbox.entryUrl({ scopes: ['bank:accounts.basic:read', 'bank:transactions:read'] }));
    await logIn(app, 'jane.citizen');
    await app.press(KEYS.tab, KEYS.enter); // Continue, with no account ticked
    await app.waitFor('Select at least one account');
    const frame = app.frame();
    expect(frame.indexOf('Select at least one account'), 'above the accounts').to.be.below(frame.indexOf('Select all'));
    expect(frame).to.contain('Select your accounts');
    await app.press(' '); // the list has the focus: Space ticks its first row, select all
    await app.until((now) => /\[x\] Bills/.test(now), 'Space on the first row (select all)');
    app.view.unmount();
  });

  it('a long list: the filter narrows the accounts shown and says how many', async () => {
    const app = await open();
    await logIn(app, 'many.accounts');
    expect(app.frame()).to.contain('Select your accounts').and.contain('Show more accounts');
    await app.press(KEYS.tab); // the filter box
    await app.type('0499');
    await app.until((frame) => /Showing \d+ of 500|\d+ of 500/.test(frame), 'the filter to say how many of the 500 it shows');
    app.view.unmount();
  });

  it('a help modal opens from its button and Escape closes it', async () => {
    const app = await open();
    await app.press(KEYS.tab, KEYS.tab, KEYS.enter); // past the secure code: Lost, damaged or stolen secure key?
    await app.until((frame) => frame.includes('Lost, damaged or stolen secure key?') && frame.includes('Close'), 'the help modal');
    await app.press(KEYS.escape);
    await app.until((frame) => frame.includes('Username') && !frame.includes('[ Close ]'), 'Escape to close the help modal');
    app.view.unmount();
  });

  /** dob.required logged in with the right code: the bank asks for the date of birth (the step-up). */
  const atDateOfBirthStepUp = async () => {
    const app = await open();
    await app.type('dob.required');
    await app.press(KEYS.tab);
    await app.type('123456');
    await app.press(KEYS.enter);
    await app.waitFor('Date of birth');
    return app;
  };

  it('the date-of-birth step-up asks for DD, MM and YYYY', async () => {
    const app = await atDateOfBirthStepUp();
    expect(app.frame()).to.contain('Date of birth');
    // Issue 22 (CX standards "OTP expiry"): the step-up says how long the new code lasts.
    expect(app.frame().replace(/\s+/g, ' ')).to.contain('each code expires 2 minutes after your app generates it');
    app.view.unmount();
  });

  it('issue 33 item 3: Enter with the date of birth empty or half filled says what is missing, marks those parts and moves the focus to the first; the spent code is a notice, not an error', async () => {
    const app = await atDateOfBirthStepUp();
    const flat = () => app.frame().replace(/\s+/g, ' ');
    expect(flat(), 'the code the bank spent: a notice').to.contain(`i ${copy.login.secureCodeUsedOnce}`);
    expect(flat()).to.not.contain('! One-time password');
    await app.type('123456'); // the focus stays on the secure code field
    await app.press(KEYS.enter);
    await app.waitFor(copy.validation.dobEmpty);
    expect(app.frame()).to.contain('! DD').and.contain('! MM').and.contain('! YYYY');
    await app.type('25'); // the focus is on DD
    await app.until((frame) => frame.includes('> 25_'), 'the day typed into DD');
    await app.press(KEYS.enter);
    await app.waitFor(copy.validation.dobMustInclude.monthAndYear);
    expect(app.frame()).to.contain('! MM').and.contain('! YYYY');
    expect(app.frame(), 'the day given is no longer marked').to.not.contain('! DD');
    await app.type('12'); // the focus is on MM
    await app.until((frame) => frame.includes('> 12_'), 'the month typed into MM');
    await app.press(KEYS.enter);
    await app.waitFor(copy.validation.dobMustInclude.year);
    await app.type('1966');
    await app.press(KEYS.enter);
    await app.waitFor('Select your accounts');
    app.view.unmount();
  });

  it('cancel opens "Are you sure you want to leave?"; Yes, leave returns access_denied', async () => {
    const app = await open();
    for (let index = 0; index < 3; index += 1) await app.press(KEYS.tab); // from the username: code, lost key, Continue (disabled: skipped), Cancel
    await app.press(KEYS.enter);
    await app.waitFor('Are you sure you want to leave?');
    expect(app.frame()).to.contain('Are you sure you want to leave?').and.contain('No, stay');
    await app.press(KEYS.enter);
    expect((await app.leaves())[0]).to.contain('error=access_denied');
    app.view.unmount();
  });

  it('the inactivity warning counts down and Stay logged in closes it; key presses are activity (a manual clock)', async () => {
    const clock = new ManualClock(Date.now());
    const app = await open(await shortTimers.entryUrl(), clock);
    /** The manual clock moves on; the views settle (what the flow decided then is drawn). */
    const after = async (ms: number) => {
      clock.advance(ms);
      await settled();
    };
    // A 4 s session warned 3 s before its end: 1 s without a key brings the warning.
    await after(900);
    expect(app.frame()).to.not.contain('Are you still there?');
    await after(100);
    expect(app.frame())
      .to.contain('Are you still there?')
      .and.match(/Time remaining: 3 seconds\./);
    await after(1000);
    expect(app.frame()).to.match(/Time remaining: 2 seconds\./);
    await app.press(KEYS.enter); // Stay logged in
    await app.until((frame) => !frame.includes('Are you still there?'), 'Stay logged in to close the warning');
    // A key every 900 ms keeps it away; 1 s without one brings it back.
    for (let index = 0; index < 4; index += 1) {
      await after(900);
      await app.press(KEYS.tab);
      expect(app.frame()).to.not.contain('Are you still there?');
    }
    await after(1000);
    expect(app.frame()).to.contain('Are you still there?');
    app.view.unmount();
  });

  // Issue 21: an authorize_failure address put its words on the page as the reference.
  it('the failure page shows only what is proven to be a reference (DESIGN §3.13, issue 21)', async () => {
    const error = Buffer.from(JSON.stringify({ respCode: 'ACCOUNT FROZEN - CALL 1800 000 000 NOW', respTime: '2026-11-23T10:00:00Z' })).toString('base64url');
    const app = await open(new URL(`/authorize_failure?error=${error}`, sandbox.origin).href);
    expect(app.frame()).to.contain('We are unable to continue').and.contain('Reference: 2026-11-23T10:00:00Z');
    expect(app.frame()).not.to.contain('1800');
    app.view.unmount();
  });

  it('an unknown token shows the failure page with Leave Page and where it goes (issue 23 item E)', async () => {
    const app = await open(new URL('/demo_accc_aisp?redirectJwt=not.a.token', sandbox.origin).href);
    expect(app.frame())
      .to.contain('We are unable to continue')
      .and.contain('Leave Page')
      .and.match(/Takes you to the .* website\./);
    app.view.unmount();
  });
});
