import type { AbandonmentStage } from './abandonment';
import type { FlowAnswer, FlowEffect } from './flow-effects';
import { NO_TIMERS, type FlowState } from './flow-state';
import { showFailure } from './flow-start';
import { backToProfiles } from './flow-steps';
import { emit, isExiting, isFinished, openModal, pageIsActionable, sendAside, startCall, unchanged, type Transition } from './flow-transition';
import { MODAL_RULES } from './modal';
import { topModal, withoutBaseModal, withTimeoutWarning } from './modal-stack';
import { assertNever, type Result } from './result';
import { accessDeniedReturnUrl, plainReturnUrl, successReturnUrl, type ReturnUrl, type ReturnUrlError } from './return-url';

/**
 * DESIGN §3.2 "One exit": the flow ends here, once. The token is forgotten (DESIGN §3.3), an
 * abandoned flow reports its one stage (DESIGN §3.8), and nothing is sent afterwards. An address
 * that cannot be followed (not http(s)) is never followed: the failure page shows instead.
 */
function leave(state: FlowState, url: Result<ReturnUrl, ReturnUrlError>, stage: AbandonmentStage | undefined): Transition {
  if (!url.ok) {
    return showFailure({ ...state, token: undefined }, 'incorrect_jwt', undefined, { type: 'log', message: `Refused to return to ${JSON.stringify(url.error)}` });
  }
  const effects: FlowEffect[] = [{ type: 'leave', url: url.value }, { type: 'clearToken' }];
  if (stage !== undefined) effects.push({ type: 'abandoned', stage: state.rejected ? 'rejected' : stage });
  return emit({ ...state, ended: true, pending: undefined, timers: NO_TIMERS }, ...effects);
}

/** Spec §4 onlyReturn (and the token's expiry): access_denied to the token's address, without asking the bank. */
export function leaveWithoutServer(state: FlowState, stage: AbandonmentStage): Transition {
  const token = state.token;
  if (token === undefined || state.ended) return unchanged(state);
  return leave(state, accessDeniedReturnUrl(token.redirectUri, token.state), stage);
}

/**
 * Spec §4 pendingRefreshFlow / returnAfterReject, DESIGN §3.2: reject the consent on the
 * server first, then return with access_denied. The timers stop and their warnings close: the
 * flow is ending (if the bank cannot reject, Service unavailable says so, and nothing restarts).
 */
export function leaveAfterReject(state: FlowState, stage: AbandonmentStage): Transition {
  if (state.token === undefined || state.ended || isExiting(state)) return unchanged(state);
  const modals = { ...state.modals, timeoutSeconds: undefined, expiry: false };
  return startCall({ ...state, timers: NO_TIMERS, modals }, { kind: 'reject' }, { exitStage: stage });
}

/** CONTRACT §6: the return after a confirmed consent. */
function leaveWithSuccess(state: FlowState): Transition {
  const token = state.token;
  if (token === undefined || state.confirmation === undefined || state.ended) return unchanged(state);
  return leave(state, successReturnUrl(state.confirmation, token.redirectUri), undefined);
}

/**
 * Spec §4: the rejection's answer: return to the address it gives (else the token's); if the
 * bank could not reject, Service unavailable (its button returns without the server).
 */
export function onRejected(state: FlowState, answer: Extract<FlowAnswer, { kind: 'reject' }>): Transition {
  const token = state.token;
  const stage = state.pending?.exitStage;
  if (token === undefined || stage === undefined) return unchanged(state);
  if (!answer.result.ok) return openModal(state, 'serviceUnavailable');
  return leave(state, accessDeniedReturnUrl(answer.result.value.redirect_uri ?? token.redirectUri, token.state), stage);
}

/** Spec §2: Cancel (PAR on confirmation: Exit without saving) asks first: the sharing-incomplete modal. */
export const onCancel = (state: FlowState): Transition => (pageIsActionable(state) ? openModal(state, 'sharingIncomplete') : unchanged(state));

/** Spec §8 "any other error opens Service unavailable": a step that cannot be shown. */
export const onStepUnavailable = (state: FlowState): Transition =>
  state.screen.kind === 'flow' && !isFinished(state) ? openModal(state, 'serviceUnavailable') : unchanged(state);

/**
 * Spec §4 timeout warning, WCAG 2.2.1: closing the warning (or "Stay logged in") extends the
 * session: the timer starts again and the bank's session is kept alive. Any other closable
 * modal just closes, showing what was under it.
 */
function closeTop(state: FlowState, nowMs: number): Transition {
  const top = topModal(state.modals);
  if (top?.name === 'timeoutWarning') {
    const extended = { ...state, modals: withTimeoutWarning(state.modals, undefined), timers: { ...state.timers, lastActivityMs: nowMs } };
    return sendAside(extended, { kind: 'keepAlive' });
  }
  return unchanged({ ...state, modals: withoutBaseModal(state.modals) });
}

/** Spec §4 "Button behaviours": the top modal's main button. */
export function onModalPrimary(state: FlowState, nowMs: number): Transition {
  const top = topModal(state.modals);
  if (top === undefined || isExiting(state) || state.ended) return unchanged(state);
  const behaviour = MODAL_RULES[top.name].button;
  if (state.confirmation !== undefined && behaviour !== 'returnWithSuccess') return unchanged(state);
  switch (behaviour) {
    case 'close':
      return closeTop(state, nowMs);
    case 'previousStep':
      return backToProfiles({ ...state, modals: withoutBaseModal(state.modals) });
    case 'pendingRefreshFlow':
      return leaveAfterReject({ ...state, rejected: true }, 'rejected');
    case 'returnAfterReject':
      return leaveAfterReject(state, state.stage);
    case 'onlyReturn':
      return leaveWithoutServer(state, state.stage);
    case 'returnWithSuccess':
      return leaveWithSuccess(state);
    default:
      return assertNever(behaviour);
  }
}

/** The close button, Escape, or a closable modal's second button. */
export function onModalDismiss(state: FlowState, nowMs: number): Transition {
  const top = topModal(state.modals);
  if (top === undefined || isExiting(state) || isFinished(state) || !MODAL_RULES[top.name].closable) return unchanged(state);
  return closeTop(state, nowMs);
}

/**
 * Spec §2 failure page: Go Back to the verified token's address (access_denied), or Leave Page
 * to the bank's public site. A flow that had started (its token verified) counts as abandoned
 * before identification.
 */
export function onLeaveFailurePage(state: FlowState): Transition {
  if (state.screen.kind !== 'failure' || state.ended) return unchanged(state);
  const token = state.token;
  if (token !== undefined) return leave(state, accessDeniedReturnUrl(token.redirectUri, token.state), 'preIdentification');
  return leave(state, plainReturnUrl(state.config.publicSiteUrl), undefined);
}

/** After a confirmation the success modal returns the customer when its time is up. */
export const returnAfterSuccess = leaveWithSuccess;
