// Puts the flow model into a given state for a view test (a modal open, a request under way),
// as if the events that lead there had happened.
import { runInAction } from 'mobx';
import type { FlowController } from '../../application/flow-controller';
import type { FlowState, PendingCall } from '../../domain/flow-state';
import { withModals, type CallingPhase } from '../../domain/flow-transition';
import type { ModalName } from '../../domain/modal';
import { withBaseModal, type ModalStack } from '../../domain/modal-stack';

/** Replaces the model's state (the controller's own field: only it replaces the state in the app, DESIGN §3.9). */
function setFlowState(flow: FlowController, change: (state: FlowState) => FlowState): void {
  const controller = flow as unknown as { model: FlowState };
  runInAction(() => {
    controller.model = change(flow.state);
  });
}

/** Changes the modals of the phase on screen (starting, a step, or leaving). */
export const setModals = (flow: FlowController, change: (modals: ModalStack) => ModalStack): void =>
  setFlowState(flow, (state) => {
    const kind = state.phase.kind;
    return kind === 'starting' || kind === 'steps' || kind === 'leaving' ? withModals(state as FlowState<CallingPhase>, change) : state;
  });

/** Opens an ordinary modal (under the time-critical ones, as the model would). */
export const showModal = (flow: FlowController, name: ModalName): void => setModals(flow, (modals) => withBaseModal(modals, name));

/** Closes every modal. */
export const closeModals = (flow: FlowController): void => setModals(flow, () => ({ base: undefined, timeoutSeconds: undefined, expiry: false }));

/** A call of this kind the phase waits for (its first try, sent now). */
const pendingCall = (state: FlowState, call: PendingCall['call']): PendingCall => ({
  id: -1,
  call,
  keep: undefined,
  attempt: 1,
  firstSentAtMs: state.nowMs,
  retryAtMs: undefined,
  held: false,
});

/** A request under way on the step (the spinner mask), or none. */
export const setLoading = (flow: FlowController, loading: boolean): void =>
  setFlowState(flow, (state) => {
    const phase = state.phase;
    if (phase.kind !== 'steps') return state;
    return { ...state, phase: { ...phase, call: loading ? pendingCall(state, { kind: 'keepAlive' }) : undefined } };
  });

/** The journey leaving: the bank asked to reject, with the modals that were open (their buttons busy). */
export const setLeaving = (flow: FlowController, modals: ModalStack): void =>
  setFlowState(flow, (state) => {
    const phase = state.phase;
    if (phase.kind !== 'steps') return state;
    return {
      ...state,
      phase: { kind: 'leaving', step: phase.step, call: pendingCall(state, { kind: 'reject' }), modals, stage: 'rejected', explain: undefined },
    };
  });
