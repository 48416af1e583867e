// What a customer (and the world around them) can do in a random journey (issue 11), as
// fast-check commands. Each acts only through what the views offer (the stores' getters and
// methods), as a person would; an action the screen would not allow at that moment is still
// tried, and the model must ignore it. After each command the invariants are checked.
import fc from 'fast-check';
import type { CallName, Fault } from './stateful-fake-bank';
import type { LoginHelpModal } from '../../domain/flow-events';
import { checkInvariants } from './journey-invariants';
import { JOURNEY_PERSONAS, settle, type World } from './journey-world';

/** fast-check's model: the world is the real thing, so the model only counts. */
export interface JourneyModel {
  commands: number;
}

type Kind = World['commandKind'];

abstract class JourneyCommand implements fc.AsyncCommand<JourneyModel, World> {
  protected abstract readonly kind: Kind;
  check(): boolean {
    return true;
  }
  async run(model: JourneyModel, world: World): Promise<void> {
    model.commands += 1;
    world.command = model.commands;
    world.bank.command = model.commands;
    world.commandKind = this.kind;
    if (this.kind === 'customer') {
      // A person's click or key press is activity first (spec §4), as the DOM reports it.
      world.j.ports.activity.act();
      world.lastCustomerCommand = model.commands;
    }
    const callsBefore = world.j.ports.api.calls.length;
    void this.act(world);
    await settle();
    checkInvariants(world, callsBefore);
  }
  /**
   * The action. It is not awaited: an answer may be held until the clock passes its deadline
   * (a timeout), and the customer does not wait for it either; `settle` lets the rest through.
   */
  protected abstract act(world: World): Promise<void> | void;
  abstract toString(): string;
}

class LogIn extends JourneyCommand {
  protected readonly kind = 'customer';
  constructor(private readonly who: 'self' | 'other' | 'unknown', private readonly code: 'right' | 'wrong' | 'short', private readonly dob: 'right' | 'wrong' | 'none') {
    super();
  }
  protected async act(world: World): Promise<void> {
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
  constructor(private readonly modal: LoginHelpModal) {
    super();
  }
  protected act(world: World): void {
    world.j.login.openHelp(this.modal);
  }
  toString(): string {
    return `OpenHelp(${this.modal})`;
  }
}

class ChooseProfile extends JourneyCommand {
  protected readonly kind = 'customer';
  constructor(private readonly index: number) {
    super();
  }
  protected act(world: World): void {
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
  protected async act(world: World): Promise<void> {
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
  protected async act(world: World): Promise<void> {
    const { session, selection, confirmation } = world.j;
    if (session.step === 'selectAccounts') selection.back();
    else await confirmation.back();
  }
  toString(): string {
    return 'Back';
  }
}

class Toggle extends JourneyCommand {
  protected readonly kind = 'customer';
  constructor(private readonly index: number, private readonly sub: number | undefined) {
    super();
  }
  protected act(world: World): void {
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
  protected act(world: World): void {
    world.j.selection.toggleAll();
  }
  toString(): string {
    return 'ToggleAll';
  }
}

class Describe extends JourneyCommand {
  protected readonly kind = 'customer';
  constructor(private readonly text: string) {
    super();
  }
  protected act(world: World): void {
    world.j.confirmation.setDescription(this.text);
  }
  toString(): string {
    return `Describe(${JSON.stringify(this.text)})`;
  }
}

class Confirm extends JourneyCommand {
  protected readonly kind = 'customer';
  protected async act(world: World): Promise<void> {
    await world.j.confirmation.confirm();
  }
  toString(): string {
    return 'Confirm';
  }
}

class Cancel extends JourneyCommand {
  protected readonly kind = 'customer';
  protected act(world: World): void {
    world.j.login.cancel();
  }
  toString(): string {
    return 'Cancel';
  }
}

class ModalButton extends JourneyCommand {
  protected readonly kind = 'customer';
  constructor(private readonly button: 'primary' | 'dismiss') {
    super();
  }
  protected async act(world: World): Promise<void> {
    const { modal } = world.j;
    if (this.button === 'dismiss') return modal.dismiss();
    if (modal.current?.name === 'sharingIncomplete' && !modal.busy) world.customerRejected = true;
    await modal.activate();
    if (world.j.ports.redirector.urls.length === 0 && world.j.modal.current?.name !== 'sharingIncomplete') world.customerRejected = false;
  }
  toString(): string {
    return `Modal(${this.button})`;
  }
}

class LeaveFailurePage extends JourneyCommand {
  protected readonly kind = 'customer';
  protected async act(world: World): Promise<void> {
    await world.j.session.leaveFailurePage();
  }
  toString(): string {
    return 'LeaveFailurePage';
  }
}

class StepUnavailable extends JourneyCommand {
  protected readonly kind = 'customer';
  protected act(world: World): void {
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
  protected act(world: World): void {
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
  protected act(world: World): void {
    world.clock.jump(this.ms);
    world.j.ports.activity.becomeVisible();
  }
  toString(): string {
    return `Hidden(${this.ms / 1000} s)`;
  }
}

/** The bank's next answer to this call fails (DESIGN §3.4 faults: 5xx, timeout, network; spec §8 codes). */
class Fail extends JourneyCommand {
  protected readonly kind = 'idle';
  constructor(private readonly call: CallName, private readonly fault: Fault) {
    super();
  }
  protected act(world: World): void {
    world.bank.fail(this.call, this.fault);
  }
  toString(): string {
    return `Fail(${this.call}, ${JSON.stringify(this.fault)})`;
  }
}

const FAULTS: readonly Fault[] = [
  { kind: 'status', status: 503 },
  { kind: 'status', status: 500, code: 'server_error' },
  { kind: 'status', status: 400, code: 'A09' },
  { kind: 'status', status: 422 },
  { kind: 'status', status: 500, code: '500', causes: ['AISVAL0009'] },
  { kind: 'network' },
  { kind: 'timeout' },
];
const CALLS: readonly CallName[] = [
  'authenticate', 'customerDetails', 'businesses', 'confirmBusinessProfile', 'accounts', 'saveSelection', 'confirmation', 'keepAlive',
];

/** Every command a journey is made of, weighted so that journeys get deep often enough. */
export const journeyCommands: fc.Arbitrary<fc.AsyncCommand<JourneyModel, World>>[] = [
  fc.record({
    who: fc.constantFrom('self', 'self', 'self', 'other', 'unknown'),
    code: fc.constantFrom('right', 'right', 'right', 'wrong', 'short'),
    dob: fc.constantFrom('right', 'right', 'wrong', 'none'),
  }).map(({ who, code, dob }) => new LogIn(who as 'self', code as 'right', dob as 'right')),
  fc.constant(new Continue()),
  fc.constant(new Continue()),
  fc.constant(new Continue()),
  fc.constantFrom<LoginHelpModal>('forgotUsername', 'notRegistered', 'lostSecureKey').map((modal) => new OpenHelp(modal)),
  fc.nat({ max: 2 }).map((index) => new ChooseProfile(index)),
  fc.constant(new Back()),
  fc.tuple(fc.nat({ max: 7 }), fc.option(fc.nat({ max: 2 }), { nil: undefined })).map(([index, sub]) => new Toggle(index, sub)),
  fc.tuple(fc.nat({ max: 7 }), fc.option(fc.nat({ max: 2 }), { nil: undefined })).map(([index, sub]) => new Toggle(index, sub)),
  fc.constant(new ToggleAll()),
  fc.constantFrom('', 'Budgeting', '   ', 'x'.repeat(300)).map((text) => new Describe(text)),
  fc.constant(new Confirm()),
  fc.constant(new Confirm()),
  fc.constant(new Cancel()),
  fc.constantFrom<'primary' | 'dismiss'>('primary', 'dismiss').map((button) => new ModalButton(button)),
  fc.constantFrom<'primary' | 'dismiss'>('primary', 'dismiss').map((button) => new ModalButton(button)),
  fc.constant(new LeaveFailurePage()),
  fc.constant(new StepUnavailable()),
  fc.constantFrom(1_000, 9_000, 30_000, 61_000, 250_000, 400_000, 1_800_000).map((ms) => new Idle(ms)),
  fc.constantFrom(1_000, 9_000, 30_000, 61_000, 250_000, 400_000, 1_800_000).map((ms) => new Idle(ms)),
  fc.constantFrom(20_000, 290_000, 700_000).map((ms) => new Hidden(ms)),
  fc.tuple(fc.constantFrom(...CALLS), fc.constantFrom(...FAULTS)).map(([call, fault]) => new Fail(call, fault)),
];

const BANK = ['bank:accounts.basic:read', 'bank:accounts.detail:read', 'bank:transactions:read', 'bank:regular_payments:read', 'bank:payees:read'];
const CUSTOMER = ['common:customer.basic:read', 'common:customer.detail:read'];

/** Where a journey starts: persona, the consent asked for (new, customer data only, or an amendment), the clock and the bank. */
export const scenarios = fc.record({
  persona: fc.constantFrom(...JOURNEY_PERSONAS, 'jane.citizen', 'trust.owner', 'trust.owner', 'dob.required'),
  scopes: fc.oneof(
    { weight: 4, arbitrary: fc.tuple(fc.subarray(BANK, { minLength: 1 }), fc.subarray(CUSTOMER)).map(([bank, customer]) => [...bank, ...customer]) },
    { weight: 1, arbitrary: fc.subarray(CUSTOMER, { minLength: 1 }) },
  ),
  amendment: fc.option(fc.record({ profileIndex: fc.nat({ max: 2 }), shared: fc.integer({ min: 1, max: 3 }), nickname: fc.boolean() }), { nil: undefined, freq: 2 }),
  months: fc.option(fc.integer({ min: 0, max: 13 }), { nil: undefined, freq: 4 }),
  tokenLifetimeS: fc.constantFrom(45, 200, 600, 3600, 3600),
  withCreationDate: fc.boolean(),
  inactiveTimeLimit: fc.constantFrom(60, 120, 300),
  inactiveReciprocalWarnTime: fc.constantFrom(10, 30, 59),
  verification: fc.constantFrom('ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'keysUnavailable', 'badSignature'),
  reportsRemaining: fc.constantFrom(true, true, true, false),
});
