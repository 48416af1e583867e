// Puts the flow model into a given state for a view test (a modal open, a request under way),
// as if the events that lead there had happened.
import { runInAction } from 'mobx';
import type { FlowController } from '../../application/flow-controller';
import type { FlowState } from '../../domain/flow-state';
import type { ModalName } from '../../domain/modal';
import { withBaseModal } from '../../domain/modal-stack';

/** Replaces the model's state (the controller's own field: only it replaces the state in the app, DESIGN §3.9). */
export function setFlowState(flow: FlowController, change: (state: FlowState) => FlowState): void {
  const controller = flow as unknown as { model: FlowState };
  runInAction(() => {
    controller.model = change(flow.state);
  });
}

/** Opens an ordinary modal (under the time-critical ones, as the model would). */
export const showModal = (flow: FlowController, name: ModalName): void =>
  setFlowState(flow, (state) => ({ ...state, modals: withBaseModal(state.modals, name) }));

/** Closes every modal. */
export const closeModals = (flow: FlowController): void =>
  setFlowState(flow, (state) => ({ ...state, modals: { base: undefined, timeoutSeconds: undefined, expiry: false } }));

/** A request under way (the spinner mask), or none. */
export const setLoading = (flow: FlowController, loading: boolean): void =>
  setFlowState(flow, (state) => ({
    ...state,
    pending: loading
      ? { id: -1, call: { kind: 'keepAlive' }, keep: undefined, exitStage: undefined, attempt: 1, firstSentAtMs: state.nowMs, retryAtMs: undefined, held: false, replay: false, unclear: false }
      : undefined,
  }));
