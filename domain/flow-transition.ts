import { furthestStage, type ReachedStage } from './abandonment';
import type { Account } from './accounts';
import type { Step } from './flow';
import type { FlowCall, FlowEffect } from './flow-effects';
import type { FlowState, Journey, JourneyOf, Leaving, OnStep, OnSteps, PendingCall, Phase, Reading, Starting } from './flow-state';
import type { ModalName } from './modal';
import { NO_MODALS, withBaseModal, type ModalStack } from './modal-stack';

/** DESIGN §3.9: the result of one event: the new state and what to do, as data. */
/**
 * DESIGN §3.9: the result of one event: the new state and what to do, as data. `P`: the phases it
 * can arrive at, which a row of the model's tables names (issue 34 item 2: the compiler checks them).
 */
export interface Transition<P extends Phase = Phase> {
  readonly state: FlowState<P>;
  readonly effects: readonly FlowEffect[];
}

/** Nothing changes. */
export const unchanged = <P extends Phase>(state: FlowState<P>): Transition<P> => ({ state, effects: [] });

/** The state with these effects. */
export const emit = <P extends Phase>(state: FlowState<P>, ...effects: readonly FlowEffect[]): Transition<P> => ({ state, effects });

/** Runs `next` on the state `first` arrived at, keeping the effects of both in order. */
export function andThen<A extends Phase, B extends Phase>(first: Transition<A>, next: (state: FlowState<A>) => Transition<B>): Transition<B> {
  const second = next(first.state);
  return { state: second.state, effects: [...first.effects, ...second.effects] };
}

/** A state (in any phase) whose journey holds what `P` needs (issue 34 item 1, {@link JourneyOf}). */
export type StateFor<P extends Phase> = Omit<FlowState, 'journey'> & { readonly journey: NoInfer<JourneyOf<P>> };

/** The state in another phase: its journey holds what that phase needs. */
export const inPhase = <P extends Phase>(state: StateFor<P>, phase: P): FlowState<P> => ({
  ...state,
  phase,
});

/**
 * What a change of the journey may touch: not the data a phase's type depends on (the token, the
 * consent, the accounts: issue 34 item 1), which the transitions that read them set.
 */
export type JourneyChange = Partial<Omit<Journey, 'token' | 'consent' | 'accounts'>>;

/** The state with its journey's data changed. */
export const withJourney = <P extends Phase>(state: FlowState<P>, change: JourneyChange): FlowState<P> => ({
  ...state,
  journey: { ...state.journey, ...change },
});

/** DESIGN §3.8: the journey has reached this stage (a rejection stays one). */
export const reach = <P extends Phase>(state: FlowState<P>, stage: ReachedStage): FlowState<P> =>
  state.journey.stage === 'rejected' ? state : withJourney(state, { stage: furthestStage(state.journey.stage, stage) });

/** The phases that wait for calls and show their own stack of modals. */
export type CallingPhase = Starting | OnSteps | Leaving;

/** The phases that ask the bank (DESIGN §3.1: with a trusted token), so that its answers reach them. */
export type AskingPhase = Reading | OnSteps | Leaving;

/** Issue 34 item 1: the state is on a step (TypeScript narrows `state.phase` by its kind, not the state whose journey it types). */
export const isAtStep = (state: FlowState<Reading | OnSteps>): state is FlowState<OnSteps> => state.phase.kind === 'steps';

/** A phase that waits for calls: its call, if any. */
export function callOf(phase: Phase): PendingCall | undefined {
  return phase.kind === 'starting' || phase.kind === 'steps' || phase.kind === 'leaving' ? phase.call : undefined;
}

/** The confirmed and decided-elsewhere phases show their modals by themselves (flow-view.ts). */
export function modalsOf(phase: Phase): ModalStack | undefined {
  return phase.kind === 'starting' || phase.kind === 'steps' || phase.kind === 'leaving' ? phase.modals : undefined;
}

/**
 * Sends the pending call (again): a new id, so that a late answer to an earlier try changes
 * nothing. DESIGN §3.15: while the browser is offline nothing is sent; the call waits (`held`)
 * and goes when the connection is back.
 */
export function sendPending<P extends CallingPhase>(state: FlowState<P>, pending: PendingCall): Transition<P> {
  const id = state.nextCallId;
  const call: PendingCall = { ...pending, id, retryAtMs: undefined, held: !state.online };
  const next: FlowState<P> = { ...state, nextCallId: id + 1, phase: { ...state.phase, call } };
  if (!state.online) return unchanged(next);
  if (call.call.kind !== 'verify') return emit(next, { type: 'call', id, call: call.call });
  const phase: CallingPhase = state.phase;
  const jwt = phase.kind === 'starting' && phase.task === 'verifying' ? phase.jwt : undefined;
  return jwt === undefined ? unchanged(next) : emit(next, { type: 'verify', id, jwt });
}

/** A new call as the phase's pending call: first try, sent now. */
export const newCall = (state: FlowState, call: PendingCall['call'], keep?: readonly Account[]): PendingCall => ({
  id: 0,
  call,
  keep,
  attempt: 1,
  firstSentAtMs: state.nowMs,
  retryAtMs: undefined,
  held: false,
});

/** Spec §7: starts a call the phase waits for (the spinner mask is up until it answers). */
export function startCall<P extends CallingPhase>(state: FlowState<P>, call: PendingCall['call'], keep?: readonly Account[]): Transition<P> {
  // DESIGN §3.11: from the moment an approval is asked, the bank may hold it.
  const asked: FlowState<P> = call.kind === 'confirm' && state.decision.kind === 'none' ? { ...state, decision: { kind: 'unclear' } } : state;
  const pending = newCall(state, call, keep);
  return sendPending(asked, call.kind === 'confirm' && state.decision.kind === 'unclear' ? { ...pending, afterUnclear: true } : pending);
}

/** The answer's call is the one the phase waits for (a late answer to an earlier call is ignored). */
export function isAwaited(phase: Phase, id: number, kind: FlowCall['kind'] | 'verify'): boolean {
  const call = callOf(phase);
  return call?.id === id && call.call.kind === kind;
}

function stepsPhase<S extends Step>(state: StateFor<OnStep<S>>, step: S): OnStep<S> {
  const phase = state.phase;
  if (phase.kind === 'steps') return { ...phase, step, call: undefined };
  const modals = modalsOf(phase);
  return { kind: 'steps', step, call: undefined, modals: modals ?? NO_MODALS, lastActivityMs: state.nowMs };
}

/**
 * Spec §2: shows a step of the flow (one page view per arrival, DESIGN §3.8); the call that led to
 * it is over. DESIGN §3.18: the first step makes the browser's Back the journey's.
 */
export function showStep<S extends Step>(state: StateFor<OnStep<S>>, step: S): Transition<OnStep<S>> {
  const first = state.phase.kind !== 'steps';
  return emit(inPhase(state, stepsPhase(state, step)), ...(first ? [{ type: 'guardBack' } as const] : []), { type: 'pageView', step });
}

/** The phase with these modals. */
export function withModals<P extends CallingPhase>(state: FlowState<P>, change: (modals: ModalStack) => ModalStack): FlowState<P> {
  return { ...state, phase: { ...state.phase, modals: change(state.phase.modals) } };
}

/** The phase with no call pending (the call answered). */
export function callOver<P extends Starting | OnSteps>(state: FlowState<P>): FlowState<P> {
  return { ...state, phase: { ...state.phase, call: undefined } };
}

/** Opens an ordinary modal (under any time-critical one: DESIGN §3.10); the request that led to it is over. */
export function openModal<P extends Starting | OnSteps>(state: FlowState<P>, name: ModalName): Transition<P> {
  return unchanged(withModals(callOver(state), (modals) => withBaseModal(modals, name)));
}
