import { expect } from 'chai';
import { render } from 'ink-testing-library';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Container } from 'inversify';
import { createTerminalContainer, loadTerminalConfig, resolveJourneyEntry } from '../../adapters/terminal/composition-root';
import type { KeyStream } from '../../adapters/terminal/key-press-activity-source.adapter';
import { FlowController } from '../../application/flow-controller';
import { SandboxHarness } from '../browser/browser-harness';
import { TerminalApp } from '../../ui/terminal/app';
import { ServicesProvider } from '../../ui/terminal/services-context';

const KEYS = { tab: '\t', enter: '\r', down: '\u001B[B', up: '\u001B[A', escape: '\u001B' } as const;
const settle = (ms = 60): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

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

  /** A started journey with its views; `left` holds the return address once the flow leaves. */
  async function open(entryUrl?: string) {
    const entry = await resolveJourneyEntry({ kind: 'url', url: entryUrl ?? await sandbox.entryUrl() });
    if (!entry.ok) throw new Error(entry.error);
    const config = await loadTerminalConfig(entry.value.configUrl);
    if (!config.ok) throw new Error(config.error.join());
    const left: string[] = [];
    // The key presses reach the activity source through the rendered app's input (spec §4).
    let input: ReturnType<typeof render>['stdin'] | undefined;
    const keys = {
      on: (event: string, listener: () => void) => { input?.on(event, listener); return keys; },
      off: (event: string, listener: () => void) => { input?.off(event, listener); return keys; },
    } as unknown as KeyStream;
    const container: Container = createTerminalContainer(config.value, { launch: entry.value.launch, onLeave: (url) => left.push(url), logger: { warn: () => undefined }, keys });
    const flow = container.get(FlowController);
    flows.push(flow);
    const view = render(<ServicesProvider container={container}><TerminalApp /></ServicesProvider>);
    input = view.stdin;
    await flow.start();
    await settle();
    const press = async (...keys: string[]) => {
      for (const key of keys) {
        view.stdin.write(key);
        await settle(30);
      }
      await settle(150);
    };
    const type = async (text: string) => press(...text.split(''));
    return { view, press, type, left, frame: () => view.lastFrame() ?? '' };
  }

  it('login: the secure code is masked; a whole journey by keyboard ends with a code', async () => {
    const app = await open();
    expect(app.frame()).to.contain('Consent to share data').and.contain('Username');
    await app.type('jane.citizen');
    await app.press(KEYS.tab, KEYS.tab, KEYS.tab); // the two help buttons, then the secure code
    await app.type('123456');
    expect(app.frame()).to.contain('******').and.not.contain('123456');
    await app.press(KEYS.enter);
    expect(app.frame()).to.contain('Select your accounts').and.contain('Step 1 of 2');
    // The account list: select all ticks every eligible account.
    expect(app.frame()).to.contain('Select all');
    await app.press(' ');
    expect(app.frame()).to.match(/\[x\] Bills/);
    await app.press(KEYS.down, ' ');
    expect(app.frame()).to.match(/\[ \] Bills/);
    await app.press(KEYS.tab, KEYS.enter); // Continue
    expect(app.frame()).to.contain('Review and submit').and.contain('12 months');
    expect(app.frame()).to.contain('Account name, type and balance');
    await app.press(KEYS.tab); // the description
    await app.type('Terminal');
    await app.press(KEYS.tab, KEYS.tab, KEYS.enter); // Back, then Confirm
    expect(app.frame()).to.contain('Data sharing confirmed');
    await app.press(KEYS.enter);
    expect(app.left).to.have.length(1);
    expect(app.left[0]).to.match(/#code=/);
    app.view.unmount();
  });

  it('a help modal opens from its button and Escape closes it', async () => {
    const app = await open();
    await app.press(KEYS.tab, KEYS.enter); // Forgot your username?
    expect(app.frame()).to.contain('Forgot your username?').and.contain('Close');
    await app.press(KEYS.escape);
    expect(app.frame()).to.contain('Username').and.not.contain('[ Close ]');
    app.view.unmount();
  });

  it('the date-of-birth step-up asks for DD, MM and YYYY', async () => {
    const app = await open();
    await app.type('dob.required');
    await app.press(KEYS.tab, KEYS.tab, KEYS.tab);
    await app.type('123456');
    await app.press(KEYS.enter);
    expect(app.frame()).to.contain('Date of birth');
    app.view.unmount();
  });

  it('cancel opens "Are you sure you want to leave?"; Yes, leave returns access_denied', async () => {
    const app = await open();
    for (let index = 0; index < 5; index += 1) await app.press(KEYS.tab); // from the username: 2 help, code, lost key, Continue (disabled: skipped), Cancel
    await app.press(KEYS.enter);
    expect(app.frame()).to.contain('Are you sure you want to leave?').and.contain('No, stay');
    await app.press(KEYS.enter);
    expect(app.left[0]).to.contain('error=access_denied');
    app.view.unmount();
  });

  it('the inactivity warning counts down, a key press is activity, and Stay logged in closes it', async () => {
    const app = await open(await shortTimers.entryUrl());
    await settle(700);
    await app.type('abc'); // activity: the warning comes a second later than it would have
    await settle(500);
    expect(app.frame()).to.not.contain('Are you still there?');
    await settle(1200);
    expect(app.frame()).to.contain('Are you still there?').and.match(/Time remaining: \d seconds?\./);
    await app.press(KEYS.enter);
    expect(app.frame()).to.not.contain('Are you still there?');
    app.view.unmount();
  });

  it('an unknown token shows the failure page with Go Back or Leave Page', async () => {
    const app = await open(new URL('/demo_accc_aisp?redirectJwt=not.a.token', sandbox.origin).href);
    expect(app.frame()).to.contain('We are unable to continue').and.contain('Leave Page');
    app.view.unmount();
  });
});
