// What a customer (and the world around them) can do in a random journey (issue 11), as
// fast-check commands. Each acts only through what the views offer (the stores' getters and
// methods), as a person would; an action the screen would not allow at that moment is still
// tried, and the model must ignore it. After each command the invariants are checked.
import { expect } from 'chai';
import fc from 'fast-check';
import type { CallName, Fault } from './stateful-fake-bank';
import type { LoginHelpModal } from '../../domain/flow-events';
import { callOf } from '../../domain/flow-transition';
import { checkInvariants } from './journey-invariants';
import { JOURNEY_PERSONAS, settle, type World } from './journey-world';

/**
 * fast-check's model: what the screen shows after the last command (read from the stores), so
 * that most commands are the ones the customer could really take there; `Stray` tries any
 * action at any time.
 */
export interface JourneyModel {
  commands: number;
  screen: 'loading' | 'failure' | 'flow' | 'ended';
  step: string;
  modal: string | undefined;
  loading: boolean;
}

export const initialModel = (): JourneyModel => ({ commands: 0, screen: 'loading', step: 'login', modal: undefined, loading: false });

/** Reads what the screen shows into the model. */
export function observe(model: JourneyModel, world: World): void {
  const { session, modal } = world.j;
  model.screen = world.j.ports.redirector.urls.length > 0 ? 'ended' : session.screen.kind;
  model.step = session.step;
  model.modal = modal.current?.name;
  model.loading = session.loading;
}

/** The page itself can be used: the flow on screen, no modal over it, nothing loading. */
const onPage = (model: JourneyModel, ...steps: string[]): boolean =>
  model.screen === 'flow' && model.modal === undefined && !model.loading && (steps.length === 0 || steps.includes(model.step));

type Kind = World['commandKind'];

/** JOURNEY_TRACE=1: each command of a replayed journey with the bank calls, the modals and the exit it led to. */
const TRACE = process.env['JOURNEY_TRACE'] === '1';

function traceCommand(command: fc.AsyncCommand<JourneyModel, World>, world: World, bankCallsBefore: number): void {
  const calls = world.bank.calls
    .slice(bankCallsBefore)
    .map((call) => call.name)
    .join(', ');
  const modals = world.j.modal.stack.map((entry) => entry.name).join(' > ');
  const exit = world.j.ports.redirector.urls.at(-1) ?? '';
  console.log(
    `${command.toString()}\n    calls: ${calls || '-'}; modals: ${modals || '-'}; step: ${world.j.session.step}${exit === '' ? '' : `; exit: ${exit}`}`,
  );
}

abstract class JourneyCommand implements fc.AsyncCommand<JourneyModel, World> {
  protected abstract readonly kind: Kind;
  /** A customer's command is activity (spec §4) unless it is the browser's Back, which the page does not hear as a touch or key. */
  protected readonly activity: boolean = true;
  /** Where the customer could take this action (by default: anywhere). */
  check(_model: Readonly<JourneyModel>): boolean {
    return true;
  }
  async run(model: JourneyModel, world: World): Promise<void> {
    model.commands += 1;
    world.command = model.commands;
    world.bank.command = model.commands;
    world.commandKind = this.kind;
    if (this.kind === 'customer') {
      // A person's click or key press is activity first (spec §4), as the DOM reports it.
      if (this.activity) world.j.ports.activity.act();
      world.lastCustomerCommand = model.commands;
    }
    const callsBefore = world.j.ports.api.calls.length;
    const bankCallsBefore = world.bank.calls.length;
    void this.act(world);
    await settle();
    if (TRACE) traceCommand(this, world, bankCallsBefore);
    this.expectOutcome(world);
    checkInvariants(world, callsBefore);
    observe(model, world);
  }
  /**
   * The action. It is not awaited: an answer may be held until the clock passes its deadline
   * (a timeout), and the customer does not wait for it either; `settle` lets the rest through.
   */
  abstract act(world: World): Promise<void> | void;
  /** What this command must have led to, beyond the invariants every command keeps (none by default). */
  expectOutcome(_world: World): void {}
  abstract toString(): string;
}

class LogIn extends JourneyCommand {
  protected readonly kind = 'customer';
  override check(model: Readonly<JourneyModel>): boolean {
    return onPage(model, 'login');
  }
  constructor(
    private readonly who: 'self' | 'other' | 'unknown',
    private readonly code: 'right' | 'wrong' | 'short',
    private readonly dob: 'right' | 'wrong' | 'none',
  ) {
    super();
  }
  async act(world: World): Promise<void> {
    const { login } = world.j;
    const username = this.who === 'self' ? world.scenario.persona : this.who === 'other' ? 'jane.citizen' : 'nobody.here';
    login.setUsername(username);
    login.setSecureCode(this.code === 'right' ? '123456' : this.code === 'wrong' ? '654321' : '12');
    if (login.requireDob && this.dob !== 'none') {
      login.setDobPart('day', '25');
      login.setDobPart('month', '12');
      login.setDobPart('year', this.dob === 'right' ? '1966' : '1970');
    }
    await login.submit();
  }
  toString(): string {
    return `LogIn(${this.who}, ${this.code}, dob ${this.dob})`;
  }
}

class OpenHelp extends JourneyCommand {
  protected readonly kind = 'customer';
  override check(model: Readonly<JourneyModel>): boolean {
    return onPage(model, 'login');
  }
  constructor(private readonly modal: LoginHelpModal) {
    super();
  }
  act(world: World): void {
    world.j.login.openHelp(this.modal);
  }
  toString(): string {
    return `OpenHelp(${this.modal})`;
  }
}

class ChooseProfile extends JourneyCommand {
  protected readonly kind = 'customer';
  override check(model: Readonly<JourneyModel>): boolean {
    return onPage(model, 'selectProfile');
  }
  constructor(private readonly index: number) {
    super();
  }
  act(world: World): void {
    const profile = world.j.profile.profiles[this.index % Math.max(1, world.j.profile.profiles.length)];
    if (profile !== undefined) world.j.profile.select(profile.id);
  }
  toString(): string {
    return `ChooseProfile(${this.index})`;
  }
}

/** The forward button of the step on screen: Continue on login, select-profile and select-and-confirm. */
class Continue extends JourneyCommand {
  protected readonly kind = 'customer';
  override check(model: Readonly<JourneyModel>): boolean {
    return onPage(model, 'selectProfile', 'selectAccounts');
  }
  async act(world: World): Promise<void> {
    const { session, login, profile, selection } = world.j;
    if (session.step === 'login') await login.submit();
    else if (session.step === 'selectProfile') await profile.continue();
    else if (session.step === 'selectAccounts') await selection.continue();
  }
  toString(): string {
    return 'Continue';
  }
}

class Back extends JourneyCommand {
  protected readonly kind = 'customer';
  override check(model: Readonly<JourneyModel>): boolean {
    return onPage(model, 'selectAccounts', 'confirmation');
  }
  async act(world: World): Promise<void> {
    const { session, selection, confirmation } = world.j;
    if (session.step === 'selectAccounts') selection.back();
    else await confirmation.back();
  }
  toString(): string {
    return 'Back';
  }
}

/**
 * The browser's (the phone's) Back, DESIGN §3.18 as issue 33 item 4 revised it. On a step the
 * customer can use: where the page offers Back, it does what the page's Back does (the review goes
 * back a step, its account step read again; the account step warns before the profiles); where
 * the page offers none, it asks the leave question with "No, stay" as its main button. Either
 * way it never leaves, nor asks the bank to reject, by itself.
 */
class BrowserBack extends JourneyCommand {
  protected readonly kind = 'customer';
  protected override readonly activity = false;
  private before:
    | { readonly step: string; readonly offersBack: boolean; readonly skipStep: boolean; readonly bankCalls: number; readonly exits: number }
    | undefined;
  act(world: World): void {
    const { session, modal } = world.j;
    const onStep = world.j.ports.redirector.urls.length === 0 && session.screen.kind === 'flow' && modal.current === undefined && !session.loading;
    this.before = onStep
      ? {
          step: session.step,
          offersBack: session.buttons.back !== undefined,
          skipStep: session.flags.skipStep,
          bankCalls: world.bank.calls.length,
          exits: world.j.ports.redirector.urls.length,
        }
      : undefined;
    world.j.ports.activity.pressBack();
  }
  override expectOutcome(world: World): void {
    const before = this.before;
    if (before === undefined) return;
    const { session, modal } = world.j;
    const sent = world.bank.calls.slice(before.bankCalls).map((call) => call.name);
    expect(world.j.ports.redirector.urls.length, 'Back on a step never leaves by itself').to.equal(before.exits);
    expect(sent, 'Back on a step never asks the bank to reject').to.not.include('confirmation');
    if (!before.offersBack) {
      expect(modal.current?.name, `Back on ${before.step}, which has no Back: the leave question`).to.equal('leaveOnBack');
      expect(session.step, 'the step stays under the question').to.equal(before.step);
      expect(sent, 'nothing sent').to.deep.equal([]);
      return;
    }
    expect(modal.current?.name, `Back on ${before.step}, which has Back: not the leave question`).to.not.be.oneOf(['leaveOnBack', 'sharingIncomplete']);
    if (before.step === 'selectAccounts') {
      expect(modal.current?.name, "the account step's Back: the change-profile warning").to.equal('changeSelectedProfile');
      return;
    }
    // The review's Back: the step before it, the account step read again on the way (spec §4 Back).
    const previous = before.skipStep ? 'selectProfile' : 'selectAccounts';
    const accountStepAsked = sent.some((name) => name === 'accounts' || name === 'confirmBusinessProfile') || callOf(world.j.flow.state.phase) !== undefined;
    expect(session.step === previous || accountStepAsked, `the review's Back went back to ${previous} (now ${session.step}, sent ${sent.join(', ')})`).to.equal(
      true,
    );
  }
  toString(): string {
    return 'BrowserBack';
  }
}

/**
 * The customer changes profile from select-and-confirm or the review: Back (and OK on the
 * change-profile warning), another profile, Continue: spec §4 "Back … OK resets the guard and
 * returns to select-profile". One command, so that round trips between profiles are common.
 */
class ChangeProfile extends JourneyCommand {
  protected readonly kind = 'customer';
  override check(model: Readonly<JourneyModel>): boolean {
    return onPage(model, 'selectAccounts', 'confirmation');
  }
  constructor(private readonly index: number) {
    super();
  }
  async act(world: World): Promise<void> {
    const { session, selection, confirmation, modal, profile } = world.j;
    if (session.step === 'selectAccounts') selection.back();
    else void confirmation.back();
    await settle();
    if (modal.current?.name === 'changeSelectedProfile') void modal.activate();
    await settle();
    if (session.step !== 'selectProfile') return;
    const next = profile.profiles[this.index % Math.max(1, profile.profiles.length)];
    if (next !== undefined) profile.select(next.id);
    void profile.continue();
  }
  toString(): string {
    return `ChangeProfile(${this.index})`;
  }
}

/**
 * The customer takes one of the actions the screen offers now, chosen by `choice` (a number
 * fast-check draws): where a person would click next. Replays the same way for the same state.
 */
class Customer extends JourneyCommand {
  protected readonly kind = 'customer';
  private taken: JourneyCommand | undefined;
  constructor(
    private readonly choice: number,
    private readonly browserBack = false,
  ) {
    super();
  }
  act(world: World): Promise<void> | void {
    const options = offeredActions(world, this.choice);
    // Issue 33 item 4: the phone's Back, on any screen of the flow (its own journeys, so that the gate's seed keeps its draws).
    if (this.browserBack && options.length > 0) options.push(new BrowserBack());
    this.taken = options[this.choice % Math.max(1, options.length)];
    return this.taken?.act(world);
  }
  override expectOutcome(world: World): void {
    this.taken?.expectOutcome(world);
  }
  toString(): string {
    return `Customer(${this.choice}${this.taken === undefined ? '' : ` → ${this.taken.toString()}`})`;
  }
}

/** What the screen offers now, weighted by how often a customer would take each (a bit of `choice` picks the details). */
function offeredActions(world: World, choice: number): JourneyCommand[] {
  const { session, modal, profile } = world.j;
  const bit = (shift: number, of: number): number => Math.floor(choice / 2 ** shift) % of;
  const repeat = (weight: number, command: JourneyCommand): JourneyCommand[] => Array.from({ length: weight }, () => command);
  if (world.j.ports.redirector.urls.length > 0) return [];
  if (session.screen.kind === 'failure') return [new LeaveFailurePage()];
  if (session.screen.kind !== 'flow') return [];
  if (modal.current !== undefined) return [...repeat(2, new ModalButton('primary')), new ModalButton('dismiss')];
  if (session.loading) return [];
  switch (session.step) {
    case 'login': {
      const who = (['self', 'self', 'self', 'self', 'other', 'unknown'] as const)[bit(4, 6)] ?? 'self';
      const code = (['right', 'right', 'right', 'right', 'wrong', 'short'] as const)[bit(7, 6)] ?? 'right';
      const dob = (['right', 'right', 'wrong', 'none'] as const)[bit(10, 4)] ?? 'right';
      const help = (['forgotUsername', 'notRegistered', 'lostSecureKey'] as const)[bit(12, 3)] ?? 'forgotUsername';
      return [...repeat(6, new LogIn(who, code, dob)), new OpenHelp(help), new Cancel()];
    }
    case 'selectProfile':
      return [...repeat(3, new ChooseProfile(bit(4, Math.max(1, profile.profiles.length)))), ...repeat(3, new Continue()), new Cancel()];
    case 'selectAccounts':
      return [
        ...repeat(3, new Toggle(bit(4, 8), bit(7, 2) === 0 ? undefined : bit(8, 3))),
        new ToggleAll(),
        ...repeat(4, new Continue()),
        new Back(),
        ...repeat(3, new ChangeProfile(bit(10, 3))),
        new Cancel(),
      ];
    case 'confirmation':
      return [
        ...repeat(3, new Confirm()),
        new Describe((['', 'Budgeting', '   '] as const)[bit(4, 3)] ?? ''),
        new Back(),
        ...repeat(3, new ChangeProfile(bit(10, 3))),
        new Cancel(),
      ];
  }
}

/** Any action at any moment, whatever the screen offers: the model must ignore what cannot be done. */
class Stray extends JourneyCommand {
  protected readonly kind = 'customer';
  constructor(private readonly action: 'submit' | 'continue' | 'back' | 'confirm' | 'cancel' | 'toggleAll' | 'primary' | 'dismiss' | 'leave') {
    super();
  }
  act(world: World): void {
    const { login, profile, selection, confirmation, modal, session } = world.j;
    const actions = {
      submit: () => login.submit(),
      continue: () => profile.continue(),
      back: () => confirmation.back(),
      confirm: () => confirmation.confirm(),
      cancel: () => selection.cancel(),
      toggleAll: () => selection.toggleAll(),
      primary: () => modal.activate(),
      dismiss: () => modal.dismiss(),
      leave: () => session.leaveFailurePage(),
    };
    void actions[this.action]();
  }
  toString(): string {
    return `Stray(${this.action})`;
  }
}

class Toggle extends JourneyCommand {
  protected readonly kind = 'customer';
  override check(model: Readonly<JourneyModel>): boolean {
    return onPage(model, 'selectAccounts');
  }
  constructor(
    private readonly index: number,
    private readonly sub: number | undefined,
  ) {
    super();
  }
  act(world: World): void {
    const accounts = world.j.selection.accounts;
    const account = accounts[this.index % Math.max(1, accounts.length)];
    if (account === undefined) return;
    const sub = this.sub === undefined ? undefined : account.subAccounts[this.sub % Math.max(1, account.subAccounts.length)];
    if (sub === undefined) world.j.selection.toggle(account.id);
    else world.j.selection.toggleSubAccount(account.id, sub.id);
  }
  toString(): string {
    return `Toggle(${this.index}${this.sub === undefined ? '' : `, sub ${this.sub}`})`;
  }
}

class ToggleAll extends JourneyCommand {
  protected readonly kind = 'customer';
  override check(model: Readonly<JourneyModel>): boolean {
    return onPage(model, 'selectAccounts');
  }
  act(world: World): void {
    world.j.selection.toggleAll();
  }
  toString(): string {
    return 'ToggleAll';
  }
}

class Describe extends JourneyCommand {
  protected readonly kind = 'customer';
  override check(model: Readonly<JourneyModel>): boolean {
    return onPage(model, 'confirmation');
  }
  constructor(private readonly text: string) {
    super();
  }
  act(world: World): void {
    world.j.confirmation.setDescription(this.text);
  }
  toString(): string {
    return `Describe(${JSON.stringify(this.text)})`;
  }
}

class Confirm extends JourneyCommand {
  protected readonly kind = 'customer';
  override check(model: Readonly<JourneyModel>): boolean {
    return onPage(model, 'confirmation');
  }
  async act(world: World): Promise<void> {
    await world.j.confirmation.confirm();
  }
  toString(): string {
    return 'Confirm';
  }
}

class Cancel extends JourneyCommand {
  protected readonly kind = 'customer';
  override check(model: Readonly<JourneyModel>): boolean {
    return onPage(model);
  }
  act(world: World): void {
    world.j.login.cancel();
  }
  toString(): string {
    return 'Cancel';
  }
}

class ModalButton extends JourneyCommand {
  protected readonly kind = 'customer';
  override check(model: Readonly<JourneyModel>): boolean {
    return model.modal !== undefined && model.screen !== 'ended';
  }
  constructor(private readonly button: 'primary' | 'dismiss') {
    super();
  }
  async act(world: World): Promise<void> {
    const { modal } = world.j;
    await (this.button === 'dismiss' ? modal.dismiss() : modal.activate());
  }
  toString(): string {
    return `Modal(${this.button})`;
  }
}

class LeaveFailurePage extends JourneyCommand {
  protected readonly kind = 'customer';
  override check(model: Readonly<JourneyModel>): boolean {
    return model.screen === 'failure';
  }
  async act(world: World): Promise<void> {
    await world.j.session.leaveFailurePage();
  }
  toString(): string {
    return 'LeaveFailurePage';
  }
}

class StepUnavailable extends JourneyCommand {
  protected readonly kind = 'customer';
  override check(model: Readonly<JourneyModel>): boolean {
    return model.screen === 'flow' && model.step !== 'login';
  }
  act(world: World): void {
    world.j.session.stepUnavailable();
  }
  toString(): string {
    return 'StepUnavailable';
  }
}

/** Time passes with the tab in front: every timer fires at its own time (ManualClock.advance). */
class Idle extends JourneyCommand {
  protected readonly kind = 'idle';
  constructor(private readonly ms: number) {
    super();
  }
  act(world: World): void {
    world.clock.advance(this.ms);
  }
  toString(): string {
    return `Idle(${this.ms / 1000} s)`;
  }
}

/** The tab was in the background and throttled: no timer fired; it is judged by the clock when it shows again. */
class Hidden extends JourneyCommand {
  protected readonly kind = 'hidden';
  constructor(private readonly ms: number) {
    super();
  }
  act(world: World): void {
    world.clock.jump(this.ms);
    world.j.ports.activity.becomeVisible();
  }
  toString(): string {
    return `Hidden(${this.ms / 1000} s)`;
  }
}

/** The customer reloads the page (DESIGN §3.3: the token, and a decision's key, are kept for this tab). */
class Reload extends JourneyCommand {
  protected readonly kind = 'customer';
  override check(model: Readonly<JourneyModel>): boolean {
    return model.screen !== 'ended';
  }
  act(world: World): Promise<void> {
    return world.reload();
  }
  toString(): string {
    return 'Reload';
  }
}

/** The connection drops, or comes back (DESIGN §3.15). */
class Connectivity extends JourneyCommand {
  protected readonly kind = 'idle';
  constructor(private readonly online: boolean) {
    super();
  }
  act(world: World): void {
    world.j.ports.activity.setOnline(this.online);
  }
  toString(): string {
    return this.online ? 'Online' : 'Offline';
  }
}

/** The bank's next answer to this call fails (DESIGN §3.4 faults: 5xx, timeout, network; spec §8 codes). */
class Fail extends JourneyCommand {
  protected readonly kind = 'idle';
  constructor(
    private readonly call: CallName,
    private readonly fault: Fault,
  ) {
    super();
  }
  act(world: World): void {
    world.bank.fail(this.call, this.fault);
  }
  toString(): string {
    return `Fail(${this.call}, ${JSON.stringify(this.fault)})`;
  }
}

/** The bank's next answers to this call all fail the same way: an outage, a commit whose answers are all lost (issue 21). */
class FailRepeatedly extends JourneyCommand {
  protected readonly kind = 'idle';
  constructor(
    private readonly call: CallName,
    private readonly fault: Fault,
    private readonly count: number,
  ) {
    super();
  }
  act(world: World): void {
    for (let i = 0; i < this.count; i += 1) world.bank.fail(this.call, this.fault);
  }
  toString(): string {
    return `FailRepeatedly(${this.call}, ${JSON.stringify(this.fault)}, ${this.count})`;
  }
}

const FAULTS: readonly Fault[] = [
  { kind: 'lostAfterCommit', as: 'gateway' },
  { kind: 'lostAfterCommit', as: 'network' },
  { kind: 'lostAfterCommit', as: 'server' },
  { kind: 'lostAfterCommit', as: 'malformed' },
  { kind: 'status', status: 503 },
  { kind: 'status', status: 500, code: 'server_error' },
  { kind: 'status', status: 400, code: 'A09' },
  { kind: 'status', status: 422 },
  { kind: 'status', status: 500, code: '500', causes: ['AISVAL0009'] },
  { kind: 'network' },
  { kind: 'timeout' },
];
const CALLS: readonly CallName[] = [
  'authenticate',
  'customerDetails',
  'businesses',
  'confirmBusinessProfile',
  'accounts',
  'saveSelection',
  'confirmation',
  'confirmation',
  'confirmation',
  'keepAlive',
];

/** `arbitrary` `weight` times: fast-check picks among the commands evenly. */
const times = <T>(weight: number, arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T>[] => Array.from({ length: weight }, () => arbitrary);

type JourneyCommandArbitrary = fc.Arbitrary<fc.AsyncCommand<JourneyModel, World>>;

const logIn = (): JourneyCommandArbitrary =>
  fc
    .record({
      who: fc.constantFrom('self', 'other', 'unknown'),
      code: fc.constantFrom('right', 'wrong', 'short'),
      dob: fc.constantFrom('right', 'right', 'right', 'wrong', 'none'),
    })
    .map(({ who, code, dob }) => new LogIn(who as 'self', code as 'right', dob as 'right'));
const toggle = fc.tuple(fc.nat({ max: 7 }), fc.option(fc.nat({ max: 2 }), { nil: undefined })).map(([index, sub]) => new Toggle(index, sub));
const modalButton = fc.constantFrom<'primary' | 'dismiss'>('primary', 'dismiss').map((button) => new ModalButton(button));
const stray = fc
  .constantFrom('submit', 'continue', 'back', 'confirm', 'cancel', 'toggleAll', 'primary', 'dismiss', 'leave' as const)
  .map((action) => new Stray(action as 'submit'));
const shortIdle = fc.constantFrom(1_000, 9_000, 30_000).map((ms) => new Idle(ms));
const longIdle = fc.constantFrom(61_000, 250_000, 400_000, 1_800_000).map((ms) => new Idle(ms));
const hidden = fc.constantFrom(20_000, 290_000, 700_000).map((ms) => new Hidden(ms));
const fault = fc.tuple(fc.constantFrom(...CALLS), fc.constantFrom(...FAULTS)).map(([call, kind]) => new Fail(call, kind));
/** Issue 21: a confirmation committed whose every answer is lost (or a 500, or unreadable), for a few tries: the outcome stays unclear. */
const outage = fc
  .tuple(
    fc.constantFrom<Fault>(
      ...FAULTS.filter((candidate) => candidate.kind === 'lostAfterCommit'),
      { kind: 'status', status: 500, code: 'server_error' },
      { kind: 'timeout' },
    ),
    fc.integer({ min: 3, max: 6 }),
  )
  .map(([kind, count]) => new FailRepeatedly('confirmation', kind, count));

/**
 * A customer with a purpose: mostly forward (log in, choose, tick, continue, confirm), changing
 * profile and going back, with a little time passing and a rare fault, so that journeys reach
 * the review, amend their choices and finish.
 */
const customer = fc.nat().map((choice) => new Customer(choice));
const forward: JourneyCommandArbitrary[] = [...times(12, customer), shortIdle, fault, outage, fc.constant(new Reload())];

/** Anything at any time: long idle times, background tabs, faults on every call, stray and wrong actions, leaving. */
const chaotic: JourneyCommandArbitrary[] = [
  ...times(6, customer),
  ...times(3, logIn()),
  ...times(3, fc.constant(new Continue())),
  fc.nat({ max: 2 }).map((index) => new ChooseProfile(index)),
  fc.nat({ max: 2 }).map((index) => new ChangeProfile(index)),
  ...times(2, toggle),
  fc.constant(new ToggleAll()),
  fc.constant(new Back()),
  fc.constantFrom('', 'Budgeting', '   ', 'x'.repeat(300)).map((text) => new Describe(text)),
  ...times(2, fc.constant(new Confirm())),
  fc.constant(new Cancel()),
  ...times(3, modalButton),
  fc.constantFrom<LoginHelpModal>('forgotUsername', 'notRegistered', 'lostSecureKey').map((modal) => new OpenHelp(modal)),
  fc.constant(new LeaveFailurePage()),
  fc.constant(new StepUnavailable()),
  ...times(2, stray),
  ...times(2, shortIdle),
  ...times(2, longIdle),
  hidden,
  ...times(3, fault),
  outage,
  fc.constant(new Reload()),
  fc.boolean().map((online) => new Connectivity(online)),
  fc.constant(new Connectivity(true)),
];

/**
 * The commands of one journey: half the journeys are purposeful, half chaotic. `replayPath` is
 * the one fast-check prints with a failure (its replayPath comment), to replay it.
 */
export const journeyCommands = (replayPath?: string) => {
  const options = { maxCommands: 60, size: 'max' as const, ...(replayPath === undefined ? {} : { replayPath }) };
  return fc.oneof(fc.commands(forward, options), fc.commands(chaotic, options));
};

/**
 * Issue 33 item 4: the same journeys with the browser's (the phone's) Back among the customer's
 * actions, and pressed at any moment in the chaotic ones: a set of its own, so that the gate's
 * seed of {@link journeyCommands} keeps drawing the journeys that found its defects.
 */
export const journeyCommandsWithBrowserBack = (replayPath?: string) => {
  const options = { maxCommands: 60, size: 'max' as const, ...(replayPath === undefined ? {} : { replayPath }) };
  const customerWithBack = fc.nat().map((choice) => new Customer(choice, true));
  const browserBack = fc.constant(undefined).map(() => new BrowserBack());
  return fc.oneof(
    fc.commands([...forward.filter((arbitrary) => arbitrary !== customer), ...times(12, customerWithBack)], options),
    fc.commands([...chaotic.filter((arbitrary) => arbitrary !== customer), ...times(6, customerWithBack), ...times(3, browserBack)], options),
  );
};

const BANK = ['bank:accounts.basic:read', 'bank:accounts.detail:read', 'bank:transactions:read', 'bank:regular_payments:read', 'bank:payees:read'];
const CUSTOMER = ['common:customer.basic:read', 'common:customer.detail:read'];

/** Where a journey starts: persona, the consent asked for (new, customer data only, or an amendment), the clock and the bank. */
export const scenarios = fc.record({
  persona: fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...JOURNEY_PERSONAS) },
    { weight: 6, arbitrary: fc.constantFrom('jane.citizen', 'trust.owner', 'trust.owner', 'trust.owner', 'dob.required') },
  ),
  scopes: fc.oneof(
    { weight: 4, arbitrary: fc.tuple(fc.subarray(BANK, { minLength: 1 }), fc.subarray(CUSTOMER)).map(([bank, customer]) => [...bank, ...customer]) },
    { weight: 1, arbitrary: fc.subarray(CUSTOMER, { minLength: 1 }) },
  ),
  amendment: fc.oneof(
    { weight: 3, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.record({ profileIndex: fc.nat({ max: 2 }), shared: fc.integer({ min: 1, max: 3 }), nickname: fc.boolean() }) },
  ),
  months: fc.option(fc.integer({ min: 0, max: 13 }), { nil: undefined, freq: 4 }),
  tokenLifetimeS: fc.constantFrom(45, 200, 600, 3600, 3600, 3600, 3600, 3600),
  withCreationDate: fc.boolean(),
  inactiveTimeLimit: fc.constantFrom(60, 120, 300),
  inactiveReciprocalWarnTime: fc.constantFrom(10, 30, 59),
  verification: fc.constantFrom('ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'keysUnavailable', 'badSignature'),
  reportsRemaining: fc.constantFrom(true, true, true, false),
});
