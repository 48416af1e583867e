import type { AbandonmentStage } from './abandonment';
import type { FlowAnswer, FlowEffect } from './flow-effects';
import { NO_TIMERS, type FlowState } from './flow-state';
import { showFailure } from './flow-start';
import { rememberEarlyAction } from './flow-login';
import { backToProfiles } from './flow-steps';
import { andThen, emit, isExiting, isFinished, modalButtonsBusy, openModal, pageIsActionable, sendAside, startCall, unchanged, type Transition } from './flow-transition';
import type { RedirectToken } from './redirect-token';
import { MODAL_RULES } from './modal';
import { topModal, withBaseModal, withoutBaseModal, withTimeoutWarning } from './modal-stack';
import { assertNever, type Result } from './result';
import { accessDeniedReturnUrl, plainReturnUrl, returnTarget, successReturnUrl, type ReturnUrl, type ReturnUrlError } from './return-url';

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

/**
 * Spec §4 onlyReturn (and the token's expiry): access_denied to the token's address, without
 * asking the bank. DESIGN §3.11: when a confirmation's outcome stayed unclear and the bank can no
 * longer be asked, the customer returns to the plain address: access_denied could follow a code.
 */
export function leaveWithoutServer(state: FlowState, stage: AbandonmentStage): Transition {
  const token = state.token;
  if (token === undefined || state.ended) return unchanged(state);
  if (state.decisionUnclear || state.approvalCommitted) return leave(state, plainReturnUrl(token.redirectUri), undefined);
  return leave(state, accessDeniedReturnUrl(token.redirectUri, token.state), stage);
}

/**
 * Spec §4 pendingRefreshFlow / returnAfterReject, DESIGN §3.2: reject the consent on the
 * server first, then return with access_denied. The timers stop: the flow is ending (what is
 * on screen stays, its buttons busy, until the bank answers).
 */
export function leaveAfterReject(state: FlowState, stage: AbandonmentStage): Transition {
  if (state.token === undefined || state.ended || isExiting(state)) return unchanged(state);
  // DESIGN §3.11: the bank holds this tab's approval (its code could not be had): nothing to reject.
  if (state.approvalCommitted) return leaveWithoutServer(state, stage);
  return startCall({ ...state, timers: NO_TIMERS }, { kind: 'reject' }, { exitStage: stage });
}

/**
 * DESIGN §3.12: where a bank answer's `redirect_uri` may take the customer: only to the verified
 * token's address (scheme, host, port and path), else the token's address; a refusal is logged.
 */
function answeredTarget(token: RedirectToken, answered: string | undefined): { readonly target: string; readonly log: FlowEffect[] } {
  const { target, refused } = returnTarget(answered, token.redirectUri);
  return { target, log: refused === undefined ? [] : [{ type: 'log', message: `Returned to the token's redirectUri: ${refused}` }] };
}

/** CONTRACT §6: the return after a confirmed consent, to the address the token allows (DESIGN §3.12). */
function leaveWithSuccess(state: FlowState): Transition {
  const token = state.token;
  if (token === undefined || state.confirmation === undefined || state.ended) return unchanged(state);
  const { target, log } = answeredTarget(token, state.confirmation.redirect_uri);
  return andThen(emit(state, ...log), (next) => leave(next, successReturnUrl({ ...state.confirmation, redirect_uri: target }, token.redirectUri), undefined));
}

/**
 * Spec §4: the rejection's answer: return to the address it gives, when the token allows it
 * (DESIGN §3.12), else the token's; if the bank could not reject, Service unavailable (its button
 * returns without the server). DESIGN §3.11: a reject that asked whether an unclear confirmation
 * was committed and got no answer cannot tell: the customer returns to the plain address.
 */
export function onRejected(state: FlowState, answer: Extract<FlowAnswer, { kind: 'reject' }>): Transition {
  const token = state.token;
  const stage = state.pending?.exitStage;
  if (token === undefined || stage === undefined) return unchanged(state);
  if (!answer.result.ok && state.decisionUnclear) return leaveWithoutServer({ ...state, pending: undefined }, stage);
  // The bank could not reject: the warnings that led here close (the timers are stopped; nothing
  // restarts), and Service unavailable says so.
  if (!answer.result.ok) return openModal({ ...state, modals: { ...state.modals, timeoutSeconds: undefined, expiry: false } }, 'serviceUnavailable');
  const { target, log } = answeredTarget(token, answer.result.value.redirect_uri);
  return andThen(emit(state, ...log), (next) => leave(next, accessDeniedReturnUrl(target, token.state), stage));
}

/**
 * DESIGN §3.11: the decision was taken in another tab or window: return as the bank decided,
 * access_denied after a rejection, the plain address after an approval (its code went back with
 * the other tab: never access_denied after a code). This tab's flow was not abandoned.
 */
function leaveAsDecided(state: FlowState): Transition {
  const token = state.token;
  if (token === undefined) return unchanged(state);
  if (state.decidedElsewhere === 'rejected') return leave(state, accessDeniedReturnUrl(token.redirectUri, token.state), undefined);
  return leave(state, plainReturnUrl(token.redirectUri), undefined);
}

/**
 * Spec §2: Cancel (PAR on confirmation: Exit without saving) asks first: the sharing-incomplete
 * modal. On the pre-rendered form waiting for the login step, it is remembered (issue 20).
 */
export const onCancel = (state: FlowState): Transition => (pageIsActionable(state) ? openModal(state, 'sharingIncomplete') : rememberEarlyAction(state, 'cancel'));

/**
 * Spec §8 "any other error opens Service unavailable": a step that cannot be shown. The request
 * under way (an exit's reject, say) goes on.
 */
export const onStepUnavailable = (state: FlowState): Transition =>
  state.screen.kind === 'flow' && !isFinished(state) && !isExiting(state)
    ? unchanged({ ...state, modals: withBaseModal(state.modals, 'serviceUnavailable') })
    : unchanged(state);

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
  if (top === undefined || modalButtonsBusy(state) || state.ended) return unchanged(state);
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
      // DESIGN §3.11: after a confirmation whose outcome stayed unclear, the bank is asked first
      // (a reject tells whether a code was issued): no access_denied after a code.
      return state.decisionUnclear ? leaveAfterReject(state, state.stage) : leaveWithoutServer(state, state.stage);
    case 'returnWithSuccess':
      return leaveWithSuccess(state);
    case 'returnAsDecided':
      return leaveAsDecided(state);
    default:
      return assertNever(behaviour);
  }
}

/** The close button, Escape, or a closable modal's second button. */
export function onModalDismiss(state: FlowState, nowMs: number): Transition {
  const top = topModal(state.modals);
  if (top === undefined || modalButtonsBusy(state) || isFinished(state) || !MODAL_RULES[top.name].closable) return unchanged(state);
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
