import { furthestStage, type ReachedStage } from './abandonment';
import type { Account } from './accounts';
import type { Step } from './flow';
import type { FlowCall, FlowEffect } from './flow-effects';
import type { FlowState, Journey, OnSteps, PendingCall, Phase } from './flow-state';
import type { ModalName } from './modal';
import { withBaseModal, type ModalStack } from './modal-stack';

/** DESIGN §3.9: the result of one event: the new state and what to do, as data. */
export interface Transition {
  readonly state: FlowState;
  readonly effects: readonly FlowEffect[];
}

/** Nothing changes. */
export const unchanged = (state: FlowState): Transition => ({ state, effects: [] });

/** The state with these effects. */
export const emit = (state: FlowState, ...effects: readonly FlowEffect[]): Transition => ({ state, effects });

/** Runs `next` on the state `first` arrived at, keeping the effects of both in order. */
export function andThen(first: Transition, next: (state: FlowState) => Transition): Transition {
  const second = next(first.state);
  return { state: second.state, effects: [...first.effects, ...second.effects] };
}

/** The state with its journey's data changed. */
export const withJourney = (state: FlowState, change: Partial<Journey>): FlowState => ({ ...state, journey: { ...state.journey, ...change } });

/** DESIGN §3.8: the journey has reached this stage (a rejection stays one). */
export const reach = (state: FlowState, stage: ReachedStage): FlowState =>
  state.journey.stage === 'rejected' ? state : withJourney(state, { stage: furthestStage(state.journey.stage, stage) });

/** A phase that waits for calls: its call, if any. */
export function callOf(phase: Phase): PendingCall | undefined {
  return phase.kind === 'starting' || phase.kind === 'steps' || phase.kind === 'leaving' ? phase.call : undefined;
}

/** The confirmed and decided-elsewhere phases show their modals by themselves (flow-view.ts). */
export function modalsOf(phase: Phase): ModalStack | undefined {
  return phase.kind === 'starting' || phase.kind === 'steps' || phase.kind === 'leaving' ? phase.modals : undefined;
}

function phaseWithCall(phase: Phase, call: PendingCall): Phase {
  switch (phase.kind) {
    case 'starting':
    case 'steps':
    case 'leaving':
      return { ...phase, call };
    default:
      throw new Error(`a ${phase.kind} phase waits for no call`);
  }
}

/**
 * Sends the pending call (again): a new id, so that a late answer to an earlier try changes
 * nothing. DESIGN §3.15: while the browser is offline nothing is sent; the call waits (`held`)
 * and goes when the connection is back.
 */
export function sendPending(state: FlowState, pending: PendingCall): Transition {
  const id = state.nextCallId;
  const call: PendingCall = { ...pending, id, retryAtMs: undefined, held: !state.online };
  const next = { ...state, nextCallId: id + 1, phase: phaseWithCall(state.phase, call) };
  if (!state.online) return unchanged(next);
  if (call.call.kind !== 'verify') return emit(next, { type: 'call', id, call: call.call });
  const jwt = state.phase.kind === 'starting' ? state.phase.jwt : undefined;
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
export function startCall(state: FlowState, call: PendingCall['call'], keep?: readonly Account[]): Transition {
  // DESIGN §3.11: from the moment an approval is asked, the bank may hold it.
  const asked = call.kind === 'confirm' && state.decision.kind === 'none' ? { ...state, decision: { kind: 'unclear' as const } } : state;
  const pending = newCall(state, call, keep);
  return sendPending(asked, call.kind === 'confirm' && state.decision.kind === 'unclear' ? { ...pending, afterUnclear: true } : pending);
}

/** The answer's call is the one the phase waits for (a late answer to an earlier call is ignored). */
export function isAwaited(phase: Phase, id: number, kind: FlowCall['kind'] | 'verify'): boolean {
  const call = callOf(phase);
  return call?.id === id && call.call.kind === kind;
}

function stepsPhase(state: FlowState, step: Step): OnSteps {
  const phase = state.phase;
  if (phase.kind === 'steps') return { ...phase, step, call: undefined };
  const modals = modalsOf(phase);
  return { kind: 'steps', step, call: undefined, modals: modals ?? { base: undefined, timeoutSeconds: undefined, expiry: false }, lastActivityMs: state.nowMs };
}

/**
 * Spec §2: shows a step of the flow (one page view per arrival, DESIGN §3.8); the call that led to
 * it is over. DESIGN §3.18: the first step makes the browser's Back the journey's.
 */
export function showStep(state: FlowState, step: Step): Transition {
  const first = state.phase.kind !== 'steps';
  return emit({ ...state, phase: stepsPhase(state, step) }, ...(first ? [{ type: 'guardBack' } as const] : []), { type: 'pageView', step });
}

/** The phase with these modals (for the phases that show a stack). */
export function withModals(state: FlowState, change: (modals: ModalStack) => ModalStack): FlowState {
  const phase = state.phase;
  switch (phase.kind) {
    case 'starting':
    case 'steps':
    case 'leaving':
      return { ...state, phase: { ...phase, modals: change(phase.modals) } };
    default:
      return state;
  }
}

/** The phase with no call pending (the call answered). */
export function callOver(state: FlowState): FlowState {
  const phase = state.phase;
  return phase.kind === 'starting' || phase.kind === 'steps' ? { ...state, phase: { ...phase, call: undefined } } : state;
}

/** Opens an ordinary modal (under any time-critical one: DESIGN §3.10); the request that led to it is over. */
export function openModal(state: FlowState, name: ModalName): Transition {
  return unchanged(withModals(callOver(state), (modals) => withBaseModal(modals, name)));
}
