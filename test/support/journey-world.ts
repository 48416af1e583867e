// The world of one random journey (issue 11): the real application container over fakes, a
// stateful bank with the sandbox's personas and login rules, a manual clock, and a record of
// what the customer saw and where the flow went, for the invariants to judge.
import { reaction } from 'mobx';
import { familyTrustAccounts, companyAccounts, janeCitizenAccounts, trustOwnerPersonalAccounts } from '../../sandbox/persona-accounts';
import type { RawAccount } from '../../contract/customer-auth.wire';
import type { Result } from '../../domain/result';
import { callOf } from '../../domain/flow-transition';
import type { FlowEvent } from '../../domain/flow-events';
import type { Phase } from '../../domain/flow-state';
import { FLOW_TABLES } from '../../domain/flow-model';
import { whereOf } from '../../domain/flow-rows';
import type { TokenVerificationError } from '../../domain/redirect-token';
import type { TokenVerifier } from '../../application/ports/token-verifier.port';
import { journey } from '../application/journey-driver';
import { NOW_MS, runtimeConfig, TOKEN, tokenPayload } from '../fixtures/journey.fixture';
import { FakeLaunchParameters, ManualClock } from './fakes';
import { Sequence, StatefulFakeBank, type FakeArrangement } from './stateful-fake-bank';

/** The personas a journey may log in as (SCENARIOS.md; their failures reach every branch of spec §8). */
export const JOURNEY_PERSONAS = [
  'jane.citizen',
  'trust.owner',
  'dob.required',
  'no.eligible',
  'minor.customer',
  'businesses.down',
  'accounts.unavailable',
  'accounts.wentwrong',
  'accounts.null',
  'save.ineligible',
  'confirm.fails',
  'reject.fails',
  'locked.forever',
  'locked.for.now',
  'sanctioned',
  'key.inactive',
  'ecare.suspended',
  'tds.incorrect',
  'service.down',
  'jarm.customer',
] as const;
type JourneyPersona = (typeof JOURNEY_PERSONAS)[number];

/** What a journey starts from: who arrives, what the third party asks, and how the bank and the clock are set. */
export interface Scenario {
  readonly persona: JourneyPersona;
  readonly scopes: readonly string[];
  /** An amendment of this persona's arrangement, made on the profile of this index (trust.owner has three). */
  readonly amendment: { readonly profileIndex: number; readonly shared: number; readonly nickname: boolean } | undefined;
  readonly months: number | undefined;
  readonly tokenLifetimeS: number;
  readonly withCreationDate: boolean;
  readonly inactiveTimeLimit: number;
  readonly inactiveReciprocalWarnTime: number;
  readonly verification: 'ok' | 'keysUnavailable' | 'badSignature';
  readonly reportsRemaining: boolean;
}

const TOKEN_STATE = 'st&te=with ü ~ %20 chars';
const REDIRECT_URI = 'https://tpp.example/cb?client=7';

const PROFILE_ACCOUNTS: Readonly<Record<string, readonly (readonly RawAccount[])[]>> = {
  'jane.citizen': [janeCitizenAccounts],
  'trust.owner': [trustOwnerPersonalAccounts, familyTrustAccounts, companyAccounts],
};
const PROFILE_IDS: Readonly<Record<string, readonly string[]>> = { 'jane.citizen': ['PERSONAL'], 'trust.owner': ['PERSONAL', 'BC1001', 'BC1002'] };

function arrangementOf(scenario: Scenario): FakeArrangement | undefined {
  const amendment = scenario.amendment;
  const profiles = PROFILE_ACCOUNTS[scenario.persona];
  const ids = PROFILE_IDS[scenario.persona];
  if (amendment === undefined || profiles === undefined || ids === undefined) return undefined;
  const index = amendment.profileIndex % profiles.length;
  const eligible = (profiles[index] ?? []).filter((account) => account.supplementaryData.rbwmPIB.eligibleAccount);
  return {
    id: `arr-${scenario.persona}`,
    owner: scenario.persona,
    profileId: ids[index] ?? 'PERSONAL',
    accounts: eligible.slice(0, Math.max(1, amendment.shared)),
    ...(amendment.nickname ? { nickname: 'Budgeting' } : {}),
  };
}

/** A verifier that answers as the scenario says and records when it accepted the token. */
class ScenarioVerifier implements TokenVerifier {
  acceptedAt: number | undefined;
  /** The last acceptance (a page that reloads verifies again). */
  lastAcceptedAt: number | undefined;
  constructor(
    private readonly scenario: Scenario,
    private readonly payload: Record<string, unknown>,
    private readonly sequence: Sequence,
  ) {}
  async verify(jwt: string): Promise<Result<unknown, TokenVerificationError>> {
    if (this.scenario.verification === 'keysUnavailable') return { ok: false, error: { kind: 'keysUnavailable', detail: 'HTTP 503' } };
    if (this.scenario.verification === 'badSignature' || jwt !== TOKEN) return { ok: false, error: { kind: 'badSignature' } };
    this.lastAcceptedAt = this.sequence.next();
    this.acceptedAt ??= this.lastAcceptedAt;
    return { ok: true, value: this.payload };
  }
}

/** One moment of what the customer saw: the modals (bottom to top), at this time, during this command. */
interface SeenModals {
  readonly atMs: number;
  readonly command: number;
  readonly names: readonly string[];
}

export function createWorld(scenario: Scenario) {
  const clock = new ManualClock(NOW_MS);
  const sequence = new Sequence();
  const arrangement = arrangementOf(scenario);
  const bank = new StatefulFakeBank(
    {
      scopes: scenario.scopes,
      ...(scenario.months === undefined ? {} : { expirationDateTime: new Date(NOW_MS + scenario.months * 30 * 86_400_000).toISOString() }),
      ...(arrangement === undefined ? {} : { arrangement }),
      redirectUri: REDIRECT_URI,
      state: TOKEN_STATE,
      reportsRemaining: scenario.reportsRemaining,
    },
    clock,
    sequence,
  );
  const payload = tokenPayload({
    state: TOKEN_STATE,
    redirectUri: REDIRECT_URI,
    exp: NOW_MS / 1000 + scenario.tokenLifetimeS,
    consentCreationDate: scenario.withCreationDate ? NOW_MS / 1000 - 60 : undefined,
  });
  const verifier = new ScenarioVerifier(scenario, payload, sequence);
  const j = journey<StatefulFakeBank>({
    api: bank,
    clock,
    verifier,
    config: runtimeConfig({ inactiveTimeLimit: scenario.inactiveTimeLimit, inactiveReciprocalWarnTime: scenario.inactiveReciprocalWarnTime }),
  });
  const world = {
    scenario,
    j: j,
    bank,
    clock,
    verifier,
    tokenState: TOKEN_STATE,
    tokenExpiresAtMs: NOW_MS + scenario.tokenLifetimeS * 1000,
    /** The command being run (its index), so that what happens is attributed to it. */
    command: 0,
    /** What kind of command is running: a customer's action, time passing, or a background tab coming back. */
    commandKind: 'customer' as 'customer' | 'idle' | 'hidden',
    seen: [] as SeenModals[],
    /** The last command that was the customer's own action (to judge the warnings that followed). */
    lastCustomerCommand: 0,
    /** The review was reached (DESIGN §3.8: accounts were selected). */
    reachedReview: false,
    /** The exit, once taken: the command that took it and whether the customer chose it (Cancel's Yes, leave). */
    exit: undefined as
      | {
          readonly command: number;
          readonly kind: 'customer' | 'idle' | 'hidden';
          readonly customerRejected: boolean;
          readonly callsBefore: number;
          readonly lastCustomerCommand: number;
          readonly asDecidedElsewhere: boolean;
          /** The browser was offline as the journey left (issue 35 item 1: no flow event then). */
          readonly offline: boolean;
        }
      | undefined,
    /** The modal on top before the last change of the stack. */
    topBefore: undefined as string | undefined,
    /** The last reject was the customer's answer to the sharing-incomplete question. */
    rejectedByCustomer: false,
    /** Issue 21: phase moves the phase tables do not declare (none may happen). */
    undeclaredMoves: [] as string[],
    /** DESIGN §3.18: when the ending notice appeared: the modal on top before it, and the kind of command that began it. */
    notice: undefined as { readonly top: string | undefined; readonly startedBy: 'customer' | 'idle' | 'hidden' } | undefined,
    /** What kind of command sent the last reject's first try. */
    rejectStartedBy: 'customer' as 'customer' | 'idle' | 'hidden',
    /** The modal on top when the flow began to end (the reject was sent, or the page left without it). */
    topWhenTimeRanOut: undefined as string | undefined,
    /** How many times the exit was taken again from its notice (DESIGN §3.2). */
    exitsOffered: 0,
    /** Bank calls made while the browser was offline (DESIGN §3.15: there must be none). */
    sentOffline: [] as string[],
    reloads: 0,
    /** Issue 35 item 1: what the harness knew as the flow event was sent (journey-invariants.ts judges it). */
    reported: undefined as ReportMoment | undefined,
    /** The sequence number the current page started after (0 before any reload). */
    pageSince: 0,
    reload: async (): Promise<void> => undefined,
    stop: (): void => undefined,
  };
  let stopWatching = watch(world, j);
  bank.onCall = (name) => {
    if (!j.ports.activity.online) world.sentOffline.push(name);
  };
  j.ports.redirector.onLeave = () => {
    // DESIGN §3.2: the exit taken again from its notice (the fake page never goes) changes nothing known of it.
    if (world.exit !== undefined) {
      if (world.j.modal.current?.name === 'exitNotTaken') world.exitsOffered += 1;
      return;
    }
    // After a reject the bank accepted, the reject's moment counts; a return without the bank is judged now.
    const afterReject = bank.decision === 'rejected';
    // DESIGN §3.18: an ending the customer did not choose is told by a notice first: what was on
    // top before it, and the command that began it, count.
    const top = world.j.modal.current?.name;
    const notice = top === 'sessionEndedInactive' || top === 'sessionEndedExpired' ? world.notice : undefined;
    if (!afterReject) world.topWhenTimeRanOut = notice === undefined ? top : notice.top;
    const kind = afterReject ? world.rejectStartedBy : (notice?.startedBy ?? world.commandKind);
    world.exit ??= {
      // "Yes, leave" on the sharing-incomplete question is the customer's own rejection (DESIGN §3.8).
      command: world.command,
      kind,
      customerRejected: world.rejectedByCustomer,
      callsBefore: bank.calls.length,
      lastCustomerCommand: world.lastCustomerCommand,
      asDecidedElsewhere: world.j.modal.current?.name === 'alreadyCompleted',
      offline: !world.j.ports.activity.online,
    };
  };
  // Issue 35 item 1: the moment the flow event goes: at the exit (world.exit is set first), or as the page goes away.
  j.ports.reporter.onSend = () => {
    world.reported = {
      command: world.command,
      // The event goes just before the exit (domain/flow-exits.ts `ended`): the phase knows the exit.
      ...exitOf(world.j.flow.state.phase),
      top: world.j.modal.current?.name,
      screen: world.j.session.screen.kind,
      rejectedByCustomer: world.rejectedByCustomer,
      pageSince: world.pageSince,
      reachedReview: world.reachedReview,
      lastCall: bank.calls.at(-1)?.seq ?? 0,
    };
  };
  /** The customer reloads the page: the same tab (its session storage), a new app; the address no longer has the token. */
  world.reload = async () => {
    // Issue 35 item 1: a reload is a page going away (`pagehide`) first.
    world.j.ports.activity.hidePage();
    world.j.flow.dispose();
    stopWatching();
    world.j = journey<StatefulFakeBank>({ ...world.j.ports, launch: new FakeLaunchParameters(undefined) });
    world.reloads += 1;
    // A new page knows only what happens on it (DESIGN §3.8: the stages it reports are its own).
    world.pageSince = bank.calls.at(-1)?.seq ?? 0;
    world.reachedReview = false;
    world.rejectedByCustomer = false;
    stopWatching = watch(world, world.j);
    await world.j.start();
  };
  world.stop = () => stopWatching();
  return world;
}

export type World = ReturnType<typeof createWorld>;

/** Issue 35 item 1: whether the flow event went at the exit, and to where. */
const exitOf = (phase: Phase): { readonly atExit: boolean; readonly exitUrl: string | undefined } =>
  phase.kind === 'ended' ? { atExit: true, exitUrl: String(phase.exit.url) } : { atExit: false, exitUrl: undefined };

/** Issue 35 item 1: what the harness knew when the flow event was sent. */
interface ReportMoment {
  readonly command: number;
  /** Sent at the exit (else as the page went away). */
  readonly atExit: boolean;
  readonly exitUrl: string | undefined;
  readonly top: string | undefined;
  readonly screen: string;
  readonly rejectedByCustomer: boolean;
  readonly pageSince: number;
  readonly reachedReview: boolean;
  /** The sequence number of the bank's last call then. */
  readonly lastCall: number;
}

type Journey = ReturnType<typeof journey<StatefulFakeBank>>;

/** Watches what the customer sees on this page: the modal stack, and whether the review was reached. */
interface Watched {
  seen: SeenModals[];
  topBefore: string | undefined;
  reachedReview: boolean;
  command: number;
  commandKind: 'customer' | 'idle' | 'hidden';
  topWhenTimeRanOut: string | undefined;
  exitsOffered: number;
  rejectStartedBy: 'customer' | 'idle' | 'hidden';
  rejectedByCustomer: boolean;
  undeclaredMoves: string[];
  notice: { readonly top: string | undefined; readonly startedBy: 'customer' | 'idle' | 'hidden' } | undefined;
}

/**
 * Issue 21: every event goes through the flow controller's dispatch; a move from one phase to
 * another that the state's table (its rows, or its time) does not declare is recorded (FLOW_TABLES:
 * the diagram is drawn from them, so it must be complete; issue 34: each step is its own state).
 */
function watchPhaseMoves(world: Watched, j: Journey): () => void {
  const controller = j.flow as { dispatch: (event: FlowEvent) => Promise<void> };
  const dispatch = j.flow.dispatch.bind(j.flow);
  controller.dispatch = (event) => {
    const before = whereOf(j.flow.state.phase);
    const done = dispatch(event);
    const after = whereOf(j.flow.state.phase);
    if (after !== before) {
      const table = FLOW_TABLES[before];
      const declared = [...(table.rows[event.type]?.to ?? []), ...(table.after?.to ?? [])];
      if (!declared.includes(after)) world.undeclaredMoves.push(`${before} --${event.type}--> ${after}`);
    }
    return done;
  };
  return () => {
    delete (controller as { dispatch?: unknown }).dispatch;
  };
}

function watch(world: Watched, j: Journey): () => void {
  const stopMoves = watchPhaseMoves(world, j);
  const stopModals = reaction(
    () => j.modal.stack.map((entry) => entry.name),
    (names, before) => {
      world.seen.push({ atMs: j.ports.clock.now(), command: world.command, names });
      world.topBefore = before?.at(-1);
      // DESIGN §3.18: the ending notice appears: what was on top then, and what began it.
      const notice = (list: readonly string[] | undefined): boolean =>
        list?.some((name) => name === 'sessionEndedInactive' || name === 'sessionEndedExpired') === true;
      if (notice(names) && !notice(before)) world.notice = { top: before?.at(-1), startedBy: world.commandKind };
    },
    { fireImmediately: true, equals: (a, b) => a.join(' ') === b.join(' ') },
  );
  const stopReview = reaction(
    () => j.session.step,
    (step) => {
      if (step === 'confirmation') world.reachedReview = true;
    },
  );
  // An exit's reject begins (its first try, sent now or held until the connection is back): what
  // the customer saw then, and what began it. The screen stays as it was while it runs.
  const stopReject = reaction(
    () => {
      const pending = callOf(j.flow.state.phase);
      return pending?.call.kind === 'reject' && pending.attempt === 1 ? pending.firstSentAtMs : undefined;
    },
    (started) => {
      if (started === undefined) return;
      const top = j.modal.current?.name;
      world.topWhenTimeRanOut = top;
      world.rejectStartedBy = world.commandKind;
      // "Yes, leave" on the leave question, Cancel's or the phone's Back's (issue 33 item 4).
      if (world.commandKind === 'customer' && (top === 'sharingIncomplete' || top === 'leaveOnBack')) world.rejectedByCustomer = true;
    },
  );
  return () => {
    stopMoves();
    stopModals();
    stopReview();
    stopReject();
  };
}

/** Lets every answer that is due (the fakes answer at once) go through the model. */
export async function settle(): Promise<void> {
  for (let turn = 0; turn < 4; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}
