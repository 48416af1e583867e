import { furthestStage, type ReachedStage } from './abandonment';
import type { Account } from './accounts';
import type { AbandonmentStage } from './abandonment';
import type { Step } from './flow';
import type { FlowCall, FlowEffect } from './flow-effects';
import type { FlowState, PendingCall } from './flow-state';
import type { ModalName } from './modal';
import { topModal, withBaseModal } from './modal-stack';

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

/**
 * Sends the pending call (again): a new id, so that a late answer to an earlier try changes
 * nothing. DESIGN §3.15: while the browser is offline nothing is sent; the call waits (`held`)
 * and goes when the connection is back.
 */
export function sendPending(state: FlowState, pending: PendingCall): Transition {
  const id = state.nextCallId;
  const next = { ...state, nextCallId: id + 1, pending: { ...pending, id, retryAtMs: undefined, held: !state.online } };
  if (!state.online) return unchanged(next);
  if (pending.call.kind !== 'verify') return emit(next, { type: 'call', id, call: pending.call });
  return state.unverifiedJwt === undefined ? unchanged(next) : emit(next, { type: 'verify', id, jwt: state.unverifiedJwt });
}

/** Spec §7: starts a call the flow waits for (the spinner mask is up until it answers). */
export function startCall(
  state: FlowState,
  call: PendingCall['call'],
  context: { readonly keep?: readonly Account[]; readonly exitStage?: AbandonmentStage; readonly replay?: boolean } = {},
): Transition {
  // DESIGN §3.11: once this tab has asked for an approval, a committed one is its own (same key).
  const asked = call.kind === 'confirm' ? { ...state, approvalAsked: true } : state;
  return sendPending(asked, {
    id: 0, call, keep: context.keep, exitStage: context.exitStage, attempt: 1, firstSentAtMs: state.nowMs, retryAtMs: undefined,
    held: false, replay: context.replay ?? false, unclear: false,
  });
}

/** A call the flow does not wait for (keep-alive): its answer changes nothing; offline it is not sent. */
export function sendAside(state: FlowState, call: FlowCall): Transition {
  if (!state.online) return unchanged(state);
  const id = state.nextCallId;
  return emit({ ...state, nextCallId: id + 1 }, { type: 'call', id, call });
}

/** The answer's call is the one the flow waits for (a late answer to an earlier call is ignored). */
export function isAwaited(state: FlowState, id: number, kind: FlowCall['kind'] | 'verify'): boolean {
  return state.pending?.id === id && state.pending.call.kind === kind;
}

/** Spec §2: shows a step of the flow (one page view per arrival, DESIGN §3.8). */
export function showStep(state: FlowState, step: Step): Transition {
  return emit({ ...state, screen: { kind: 'flow' }, step, pending: undefined }, { type: 'pageView', step });
}

/** Opens an ordinary modal (under any time-critical one: DESIGN §3.10); the request that led to it is over. */
export function openModal(state: FlowState, name: ModalName): Transition {
  return unchanged({ ...state, pending: undefined, modals: withBaseModal(state.modals, name) });
}

/** DESIGN §3.8: the flow has reached this stage. */
export const reach = (state: FlowState, stage: ReachedStage): FlowState => ({ ...state, stage: furthestStage(state.stage, stage) });

/** The consent is confirmed, decided elsewhere, or the exit taken: no button of the page may start anything. */
export const isFinished = (state: FlowState): boolean => state.ended || state.confirmation !== undefined || state.decidedElsewhere !== undefined;

/**
 * What the customer can reach on the page: the flow's screen, nothing finished, no request under
 * way (the spinner mask) and no modal over it (the page behind a modal is inert).
 */
export const pageIsActionable = (state: FlowState): boolean =>
  state.screen.kind === 'flow' && !isFinished(state) && state.pending === undefined && topModal(state.modals) === undefined;

/**
 * Issue 15 "a login form at HTML speed": the login form is on screen (pre-rendered into the entry
 * page, docs/prerendered-login.md) while the token is verified and the consent read: the launch
 * is going to the login step, unless it replays a decision made before a reload (DESIGN §3.11).
 * The customer may type; nothing is sent and no button acts until the login step is shown.
 */
export const awaitingLogin = (state: FlowState): boolean => {
  const pending = state.pending;
  if (state.screen.kind !== 'loading' || pending === undefined || pending.replay || state.replayDecision) return false;
  return pending.call.kind === 'verify' || pending.call.kind === 'consentDetails';
};

/** A confirmation is being decided (its description is saved first, spec §7): nothing may end the flow under it. */
export const isConfirming = (state: FlowState): boolean => {
  const call = state.pending?.call;
  return call !== undefined && (call.kind === 'confirm' || (call.kind === 'saveSelection' && call.then === 'confirm'));
};

/** An exit is under way (its reject call): the modal's buttons are busy. */
export const isExiting = (state: FlowState): boolean => state.pending?.call.kind === 'reject';

/**
 * The top modal's buttons are busy while a decision is asked (DESIGN §3.11), except the
 * inactivity warning's during a confirmation: extending the session is no way out (spec §4,
 * WCAG 2.2.1), and the customer keeps the choice while the bank decides.
 */
export const modalButtonsBusy = (state: FlowState): boolean =>
  isExiting(state) || (isConfirming(state) && topModal(state.modals)?.name !== 'timeoutWarning');
