// Issue 34 item 1: the model's handlers take the state of their own phase (or step). A test that
// calls one directly narrows the state it built first, and fails at once if it is elsewhere.
import { whereOf, type StateAt, type Where } from '../../domain/flow-rows';
import type { FlowState } from '../../domain/flow-state';
import type { AskingPhase, CallingPhase } from '../../domain/flow-transition';

/** The state, as the state it is in (`where`); a test built it wrongly if not. */
export function inState<W extends Where>(state: FlowState, where: W): FlowState<StateAt[W]> {
  if (whereOf(state.phase) !== where) throw new Error(`the test expected the state ${where}, it is ${whereOf(state.phase)}`);
  return state as FlowState<StateAt[W]>;
}

/** The state, in a phase that waits for calls (starting, a step, leaving). */
export function calling(state: FlowState): FlowState<CallingPhase> {
  const kind = state.phase.kind;
  if (kind !== 'starting' && kind !== 'steps' && kind !== 'leaving') throw new Error(`the test expected a phase that waits for calls, it is ${kind}`);
  return state as FlowState<CallingPhase>;
}

/** The state, in a phase that asks the bank (a trusted token: the consent read, a step, leaving). */
export function asking(state: FlowState): FlowState<AskingPhase> {
  const where = whereOf(state.phase);
  if (where === 'starting.verifying' || !('call' in state.phase)) throw new Error(`the test expected a phase that asks the bank, it is ${where}`);
  return state as FlowState<AskingPhase>;
}
