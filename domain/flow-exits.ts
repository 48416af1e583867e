import type { AbandonmentStage } from './abandonment';
import { backFrom } from './flow';
import { confirmFailed, confirmed } from './flow-steps';
import type { FlowAnswer, FlowEffect } from './flow-effects';
import { flowReportOf } from './flow-ending';
import { showFailure } from './flow-start';
import type {
  Confirmed,
  DecidedElsewhere,
  Ended,
  EndingNotice,
  EndingReason,
  Exit,
  Failed,
  FlowState,
  Leaving,
  LeavingFrom,
  OnSteps,
  Phase,
  Reading,
  Screen,
  Starting,
  TrustedPhase,
} from './flow-state';
import type { Step } from './flow';
import { backToProfiles } from './flow-steps';
import {
  andThen,
  callOver,
  emit,
  inPhase,
  isAtStep,
  newCall,
  openModal,
  sendPending,
  unchanged,
  withJourney,
  withModals,
  type Transition,
} from './flow-transition';
import { flowFlags, modalButtonsBusy, openModalsOf, pageIsActionable, screenOf } from './flow-view';
import { MODAL_RULES, type ModalButtonBehaviour } from './modal';
import { topModal, withBaseModal, withoutBaseModal, withTimeoutWarning, type ModalEntry } from './modal-stack';
import type { RedirectToken } from './redirect-token';
import { assertNever, type Result } from './result';
import { accessDeniedReturnUrl, plainReturnUrl, returnTarget, successReturnUrl, type ReturnUrl, type ReturnUrlError } from './return-url';

/** DESIGN §3.18: how long the notice of an ending the customer did not choose shows before the exit. */
export const ENDING_NOTICE_MS = 5000;

/**
 * DESIGN §3.2 "An exit the browser did not take": how long a page that is still there after its
 * exit waits before it offers the exit itself (a recipient's page normally opens well within it).
 */
export const EXIT_OFFER_MS = 5000;

/**
 * DESIGN §3.2: the journey has left for `exit`; what was on screen stays, and offers the exit again
 * if the page is still here later. Issue 33 item 5: a verified journey's exit to the recipient
 * finishes its request: its brand is kept for the tab, so that a Back from the recipient says so.
 * Issue 35 item 1: the bank is told how the flow ended.
 */
function ended(state: FlowState, screen: Screen, modals: readonly ModalEntry[], exit: Exit, stage: AbandonmentStage | undefined): Transition<Ended> {
  // Issue 35 item 1: the flow event goes before the page starts to leave (a beacon queued after
  // the navigation began was sometimes never sent, seen in Chromium under the browser journeys).
  const report = flowReportOf(state);
  const effects: FlowEffect[] = [
    ...(report === undefined ? [] : [{ type: 'report', report } as const]),
    { type: 'leave', url: exit.url },
    { type: 'clearToken' },
  ];
  const token = state.journey.token;
  if (exit.to === 'recipient' && token !== undefined) effects.push({ type: 'rememberFinished', brand: token.brand.toLowerCase() });
  if (stage !== undefined) effects.push({ type: 'abandoned', stage });
  return emit(inPhase(state, { kind: 'ended', screen, modals, exit, offerExitAtMs: state.nowMs + EXIT_OFFER_MS }), ...effects);
}

/**
 * DESIGN §3.2 "An exit the browser did not take" (a Back aborted it, or the address answered
 * without a page): the notice's button takes the same exit; nothing else is sent again.
 */
export function takeExitAgain(state: FlowState<Ended>): Transition<Ended> {
  if (state.phase.offerExitAtMs !== undefined) return unchanged(state);
  return emit(state, { type: 'leave', url: state.phase.exit.url });
}

/**
 * DESIGN §3.2 "One exit": once; the token forgotten (§3.3), one abandonment stage reported (§3.8).
 * An address that cannot be followed shows the failure page instead.
 */
function leave(
  state: FlowState,
  url: Result<ReturnUrl, ReturnUrlError>,
  stage: AbandonmentStage | undefined,
  to: Exit['to'] = 'recipient',
): Transition<Failed | Ended> {
  if (!url.ok) {
    const forgotten: FlowState = { ...state, journey: { ...state.journey, token: undefined } };
    return showFailure(forgotten, 'incorrect_jwt', undefined, { type: 'log', message: `Refused to return to ${JSON.stringify(url.error)}` });
  }
  return ended(state, screenOf(state.phase), openModalsOf(state.phase), { url: url.value, to }, reportedStage(state, stage));
}

/** DESIGN §3.8: the stage an exit reports: a journey the customer chose to leave was rejected, however it ends. */
const reportedStage = (state: FlowState, stage: AbandonmentStage | undefined): AbandonmentStage | undefined =>
  stage === undefined ? undefined : state.journey.stage === 'rejected' ? 'rejected' : stage;

/** DESIGN §3.18: an ending the customer did not choose (`explain`) is announced before its exit. */
function leaveOrExplain(
  state: FlowState<TrustedPhase>,
  url: Result<ReturnUrl, ReturnUrlError>,
  stage: AbandonmentStage | undefined,
  explain: undefined,
): Transition<Failed | Ended>;
function leaveOrExplain(
  state: FlowState<TrustedPhase>,
  url: Result<ReturnUrl, ReturnUrlError>,
  stage: AbandonmentStage | undefined,
  explain: EndingReason | undefined,
): Transition<Failed | EndingNotice | Ended>;
function leaveOrExplain(
  state: FlowState<TrustedPhase>,
  url: Result<ReturnUrl, ReturnUrlError>,
  stage: AbandonmentStage | undefined,
  explain: EndingReason | undefined,
): Transition<Failed | EndingNotice | Ended> {
  if (explain === undefined || !url.ok) return leave(state, url, stage);
  const notice: EndingNotice = {
    kind: 'endingNotice',
    reason: explain,
    url: url.value,
    stage: reportedStage(state, stage),
    returnAtMs: state.nowMs + ENDING_NOTICE_MS,
    screen: screenOf(state.phase),
  };
  return emit(inPhase(state, notice), { type: 'clearToken', keepDecisionKeys: true });
}

/** DESIGN §3.18: the ending notice's time is up, or its button pressed: the exit it announced. */
export function leaveAfterNotice(state: FlowState<EndingNotice>): Transition<Ended> {
  const notice = state.phase;
  return ended(state, notice.screen, openModalsOf(notice), { url: notice.url, to: 'recipient' }, notice.stage);
}

/** DESIGN §3.11: the bank may hold (or holds) this journey's approval: access_denied could follow a code. */
const mayHoldApproval = (state: FlowState): boolean =>
  state.decision.kind === 'unclear' || state.decision.kind === 'committed' || state.decision.kind === 'approved';

/**
 * Spec §4 onlyReturn (and the token's expiry): access_denied to the token's address, without
 * asking the bank. DESIGN §3.11: when the bank may hold this journey's approval and can no longer
 * be asked, the customer returns to the plain address: access_denied could follow a code.
 */
function returnWithoutServer(state: FlowState, token: RedirectToken, stage: AbandonmentStage) {
  return mayHoldApproval(state)
    ? { url: plainReturnUrl(token.redirectUri), stage: undefined }
    : { url: accessDeniedReturnUrl(token.redirectUri, token.state), stage };
}

/** Spec §4 onlyReturn (and the token's expiry), see {@link returnWithoutServer}. */
export function leaveWithoutServer(state: FlowState<TrustedPhase>, stage: AbandonmentStage): Transition<Failed | Ended>;
export function leaveWithoutServer(
  state: FlowState<TrustedPhase>,
  stage: AbandonmentStage,
  explain: EndingReason | undefined,
): Transition<Failed | EndingNotice | Ended>;
export function leaveWithoutServer(state: FlowState<TrustedPhase>, stage: AbandonmentStage, explain?: EndingReason): Transition<Failed | EndingNotice | Ended> {
  const exit = returnWithoutServer(state, state.journey.token, stage);
  return leaveOrExplain(state, exit.url, exit.stage, explain);
}

/**
 * Spec §4 pendingRefreshFlow / returnAfterReject, DESIGN §3.2: reject on the bank first, then
 * return with access_denied. DESIGN §3.11: when the bank holds this journey's approval there is
 * nothing to reject.
 */
export function leaveAfterReject(state: FlowState<Reading | OnSteps>, stage: AbandonmentStage): Transition<Leaving | Failed | Ended>;
export function leaveAfterReject(
  state: FlowState<Reading | OnSteps>,
  stage: AbandonmentStage,
  explain: EndingReason,
): Transition<Leaving | Failed | EndingNotice | Ended>;
export function leaveAfterReject(
  state: FlowState<Reading | OnSteps>,
  stage: AbandonmentStage,
  explain?: EndingReason,
): Transition<Leaving | Failed | EndingNotice | Ended> {
  if (state.decision.kind === 'committed') return leaveWithoutServer(state, stage, explain);
  const call = newCall(state, { kind: 'reject' });
  const modals = state.phase.modals;
  // Issue 34 item 1: the step it leaves from is kept: if the bank cannot reject, the customer is back there.
  const leaving: FlowState<Leaving> = isAtStep(state)
    ? inPhase(state, { kind: 'leaving', step: state.phase.step, call, modals, stage, explain })
    : inPhase(state, { kind: 'leaving', step: undefined, call, modals, stage, explain });
  return sendPending(leaving, call);
}

/** DESIGN §3.12: a bank answer's `redirect_uri` is followed only when the token allows it; a refusal is logged. */
function answeredTarget(token: RedirectToken, answered: string | undefined): { readonly target: string; readonly log: FlowEffect[] } {
  const { target, refused } = returnTarget(answered, token.redirectUri);
  return { target, log: refused === undefined ? [] : [{ type: 'log', message: `Returned to the token's redirectUri: ${refused}` }] };
}

/** CONTRACT §6: the return after a confirmed consent, to the address the token allows (DESIGN §3.12). */
export function leaveWithSuccess(state: FlowState<Confirmed>) {
  const token = state.journey.token;
  const answer = state.phase.answer;
  const { target, log } = answeredTarget(token, answer.redirect_uri);
  return andThen(emit(state, ...log), (next) => leave(next, successReturnUrl({ ...answer, redirect_uri: target }, token.redirectUri), undefined));
}

/** Issue 34 item 1: the rejection was asked from a step (not the loading screen), whose data the journey holds. */
const leftAStep = (state: FlowState<Leaving>): state is FlowState<LeavingFrom<Step>> => state.phase.step !== undefined;

/** DESIGN §3.2: the bank could not reject: back where it was asked, under Service unavailable, with nothing timed any more. */
function rejectionFailed(state: FlowState<Leaving>): Transition<Reading | OnSteps> {
  const modals = withBaseModal({ ...state.phase.modals, timeoutSeconds: undefined, expiry: false }, 'serviceUnavailable');
  const back: FlowState<Reading | OnSteps> = leftAStep(state)
    ? inPhase(state, { kind: 'steps', step: state.phase.step, call: undefined, modals, lastActivityMs: undefined })
    : inPhase(state, { kind: 'starting', task: 'reading', call: undefined, modals });
  return unchanged(withJourney(back, { expiry: { kind: 'off' } }));
}

/**
 * Spec §4: the rejection's answer: access_denied to its address when the token allows it
 * (DESIGN §3.12). If the bank could not reject after an unclear approval, a code may have been
 * issued: the plain address (DESIGN §3.11); otherwise Service unavailable.
 */
export function onRejected(state: FlowState<Leaving>, answer: Extract<FlowAnswer, { kind: 'reject' }>) {
  const phase = state.phase;
  const token = state.journey.token;
  if (!answer.result.ok) return state.decision.kind === 'unclear' ? leaveWithoutServer(state, phase.stage, phase.explain) : rejectionFailed(state);
  const { target, log } = answeredTarget(token, answer.result.value.redirect_uri);
  return andThen(emit({ ...state, decision: { kind: 'rejected' } }, ...log), (next) =>
    leaveOrExplain(next, accessDeniedReturnUrl(target, token.state), phase.stage, phase.explain),
  );
}

/**
 * DESIGN §3.11: the code of an approval the bank holds for this journey, asked for again while
 * leaving: with it, the success; without it, the plain address (never access_denied after a code).
 */
export function onCodeWhileLeaving(state: FlowState<Leaving>, answer: Extract<FlowAnswer, { kind: 'confirm' }>, nowMs: number) {
  if (answer.result.ok) return confirmed(state, answer.result.value, nowMs);
  return leaveWithoutServer(state, state.phase.stage, state.phase.explain);
}

/**
 * DESIGN §3.11: the confirmation's answer on a step (or its code asked for again): the success;
 * else No eligible accounts / Service unavailable, in the words of what is known.
 */
export function onConfirmed<P extends OnSteps>(state: FlowState<P>, answer: Extract<FlowAnswer, { kind: 'confirm' }>, nowMs: number) {
  return answer.result.ok ? confirmed(state, answer.result.value, nowMs) : confirmFailed(state, answer.result.error);
}

/**
 * DESIGN §3.11: the approval made before a reload, asked again at start: its code, or the journey
 * starts as usual with the outcome unclear; a `committed` approval whose code still cannot be had
 * opens Service unavailable (its button returns to the plain address).
 */
export function onReplayed(state: FlowState<Reading>, answer: Extract<FlowAnswer, { kind: 'confirm' }>, nowMs: number) {
  if (answer.result.ok) return confirmed(state, answer.result.value, nowMs);
  if (state.decision.kind === 'committed') return openModal(state, 'serviceUnavailable');
  // It asks again after an unclear outcome (the reload came before the answer): a refusal does not
  // undo what the earlier try may have committed. The outcome stays unclear; a rejection will tell.
  return sendPending(callOver(state), newCall(state, { kind: 'consentDetails' }));
}

/**
 * DESIGN §3.11: the decision was taken in another tab or window: return as the bank decided,
 * access_denied after a rejection, the plain address after an approval (its code went back with
 * the other tab: never access_denied after a code). This tab's journey was not abandoned.
 */
export function leaveAsDecided(state: FlowState<DecidedElsewhere>) {
  const token = state.journey.token;
  if (state.phase.as === 'rejected') return leave(state, accessDeniedReturnUrl(token.redirectUri, token.state), undefined);
  return leave(state, plainReturnUrl(token.redirectUri), undefined);
}

/**
 * Spec §2: Cancel (PAR on confirmation: Exit without saving) asks first: the sharing-incomplete
 * modal. On the pre-rendered form waiting for the login step, it is remembered (issue 20).
 */
export const onCancel = <P extends OnSteps>(state: FlowState<P>): Transition<P> =>
  pageIsActionable(state) ? openModal(state, 'sharingIncomplete') : unchanged(state);

/** Spec §8 "any other error opens Service unavailable": a step that cannot be shown. The request under way goes on. */
export const onStepUnavailable = <P extends OnSteps>(state: FlowState<P>): Transition<P> =>
  unchanged(withModals(state, (modals) => withBaseModal(modals, 'serviceUnavailable')));

/**
 * Spec §4 timeout warning, WCAG 2.2.1: closing the warning (or "Stay logged in") extends the
 * session: the timer starts again and the bank's session is kept alive. Any other closable
 * modal just closes, showing what was under it.
 */
function closeStepModal<P extends OnSteps>(state: FlowState<P>, nowMs: number): Transition<P> {
  const phase = state.phase;
  if (topModal(phase.modals)?.name !== 'timeoutWarning') return unchanged(withModals(state, withoutBaseModal));
  return sendAsideKeepAlive(inPhase(state, { ...phase, modals: withTimeoutWarning(phase.modals, undefined), lastActivityMs: nowMs }));
}

/** A closable modal over the loading screen or the pre-rendered form closes (there is no session to extend yet). */
const closeStartingModal = (state: FlowState<Reading>): Transition<Reading> => unchanged(withModals(state, withoutBaseModal));

/** Spec §7 keep-alive: a call nobody waits for; offline it is not sent. */
function sendAsideKeepAlive<P extends Phase>(state: FlowState<P>): Transition<P> {
  if (!state.online) return unchanged(state);
  const id = state.nextCallId;
  return emit({ ...state, nextCallId: id + 1 }, { type: 'call', id, call: { kind: 'keepAlive' } });
}

/** The top modal's main button, when it can be pressed (spec §4: not while the bank decides). */
function pressable(state: FlowState<Starting | OnSteps>): ModalButtonBehaviour | undefined {
  const top = topModal(state.phase.modals);
  return top === undefined || modalButtonsBusy(state) ? undefined : MODAL_RULES[top.name].button;
}

/**
 * Spec §4 "Button behaviours" that close or leave, alike while starting and on a step. The
 * success, decided-elsewhere and ending-notice modals are their own phases', which take their own
 * buttons; a stack holds none of them (modal-stack.ts), so they change nothing here.
 */
function pressMain<P extends Reading | OnSteps>(state: FlowState<P>, button: Exclude<ModalButtonBehaviour, 'previousStep'>, close: () => Transition<P>) {
  switch (button) {
    case 'close':
      return close();
    case 'pendingRefreshFlow':
      return leaveAfterReject(withJourney(state, { stage: 'rejected' }), 'rejected');
    case 'returnAfterReject':
      return leaveAfterReject(state, state.journey.stage);
    case 'onlyReturn':
      // DESIGN §3.11: when the bank may hold an unclear approval, it is asked first (a reject
      // tells whether a code was issued): no access_denied after a code.
      return state.decision.kind === 'unclear' ? leaveAfterReject(state, state.journey.stage) : leaveWithoutServer(state, state.journey.stage);
    case 'returnWithSuccess':
    case 'returnAsDecided':
    case 'returnNow':
      return unchanged(state);
    default:
      return assertNever(button);
  }
}

/** Spec §4 "Button behaviours": the top modal's main button on a step; "OK" of the profile warning returns to select-profile. */
export function modalPrimaryAtStep<P extends OnSteps>(state: FlowState<P>, nowMs: number) {
  const button = pressable(state);
  if (button === undefined) return unchanged(state);
  if (button === 'previousStep') return backToProfiles(withModals(state, withoutBaseModal));
  return pressMain(state, button, () => closeStepModal(state, nowMs));
}

/** Spec §4 "Button behaviours" while starting: the token-expiry redirect (spec §4: it can open while the consent is read), Service unavailable. */
export function modalPrimaryWhileStarting(state: FlowState<Reading>) {
  const button = pressable(state);
  // The profile warning opens only on the account step (spec §4 Back).
  if (button === undefined || button === 'previousStep') return unchanged(state);
  return pressMain(state, button, () => closeStartingModal(state));
}

/** The close button, Escape, or a closable modal's second button, on a step. */
export function modalDismissAtStep<P extends OnSteps>(state: FlowState<P>, nowMs: number): Transition<P> {
  const top = topModal(state.phase.modals);
  if (top === undefined || modalButtonsBusy(state) || !MODAL_RULES[top.name].closable) return unchanged(state);
  return closeStepModal(state, nowMs);
}

/**
 * DESIGN §3.18 "The phone's Back does what the page's Back does" (issue 33 item 4): on a step, it
 * closes a closable modal (a modal that cannot be closed stays); else it is the page's Back
 * (`back`, where `backFrom` gives the step one), or, on a step without Back, the leave question
 * with staying as its main button (`leaveOnBack`).
 */
export function browserBackAtStep<P extends OnSteps, R extends Transition>(state: FlowState<P>, nowMs: number, back: ((state: FlowState<P>) => R) | undefined) {
  const top = topModal(state.phase.modals);
  if (top !== undefined) return MODAL_RULES[top.name].closable ? modalDismissAtStep(state, nowMs) : unchanged(state);
  if (back !== undefined && backFrom(state.phase.step, flowFlags(state)).kind !== 'none') return back(state);
  return pageIsActionable(state) ? openModal(state, 'leaveOnBack') : unchanged(state);
}

/**
 * Spec §2 failure page: Go Back to the verified token's address (plain when the bank may hold an
 * approval, DESIGN §3.11), or Leave Page to the bank's public site.
 */
export function onLeaveFailurePage(state: FlowState<Failed>) {
  const token = state.journey.token;
  // DESIGN §3.1, §3.13: a failure page may come before the token was trusted, or after it was forgotten.
  if (token === undefined) return leave(state, plainReturnUrl(state.config.publicSiteUrl), undefined, 'publicSite');
  const exit = returnWithoutServer(state, token, state.journey.stage);
  return leave(state, exit.url, exit.stage);
}
