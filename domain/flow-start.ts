import { decodeErrorPageParam, type ErrorPageData } from './error-page';
import type { FlowAnswer, FlowEffect } from './flow-effects';
import type { FlowEvent } from './flow-events';
import { carryOutEarlyAction } from './flow-login';
import type { ExpiryTimer, Failed, FailureRoute, FlowState, Reading, Verifying } from './flow-state';
import { andThen, callOver, emit, inPhase, showStep, startCall, unchanged, withJourney, withModals, type Transition } from './flow-transition';
import { brandFlowRoute, flowRouteName, isFollowableRedirectUri, parseRedirectToken } from './redirect-token';
import { FALLBACK_REDIRECT_MS, planTokenExpiryTimer } from './token-expiry-timer';

/** Spec §2: the error routes an address can name (each shows the failure page). */
export const ADDRESS_FAILURE_ROUTES: readonly FailureRoute[] = ['authorize_failure', 'incorrect_jwt', 'consent_fetch_failure'];

/**
 * Spec §2 failure page: a non-closable page of its own, so nothing else is open, timed or asked;
 * the token is forgotten (DESIGN §3.13), except after a keys outage, where a reload should work.
 */
export function showFailure(state: FlowState, route: FailureRoute, details?: ErrorPageData, ...effects: readonly FlowEffect[]): Transition<Failed> {
  const phase: Failed = details === undefined ? { kind: 'failed', route } : { kind: 'failed', route, details };
  const keepToken = route === 'service_unavailable';
  return emit(withJourney(inPhase(state, phase), { expiry: { kind: 'off' } }), ...effects, ...(keepToken ? [] : [{ type: 'clearToken' } as const]));
}

/**
 * Spec §2 loading screen, DESIGN §3.1 and §3.3: the token leaves the address bar first; an error
 * route shows its page; otherwise the token (from the address, or from session storage after a
 * reload) is verified before anything else: nothing is sent to the bank before that. DESIGN
 * §3.11: an approval this tab asked before a reload is unclear until the bank is asked again.
 */
export function onLaunched(state: FlowState<Verifying>, event: Extract<FlowEvent, { type: 'launched' }>) {
  const phase = state.phase;
  if (phase.call !== undefined) return unchanged(state);
  const forget: FlowEffect[] = event.jwtFromAddress === undefined ? [] : [{ type: 'forgetAddressToken' }];
  if (event.route === 'authorize_failure') return showFailure(state, 'authorize_failure', decodeErrorPageParam(event.errorParam), ...forget);
  if (ADDRESS_FAILURE_ROUTES.includes(event.route as FailureRoute)) return showFailure(state, event.route as FailureRoute, undefined, ...forget);
  const jwt = event.jwtFromAddress ?? event.jwtFromStorage;
  const finished = finishedBrand(state, event.finished);
  if (jwt === undefined) return finished === undefined ? showFailure(state, 'incorrect_jwt', undefined, ...forget) : showCompleted(state, finished, forget);
  // Issue 33 item 5: a new request arrived: the record of a finished one no longer speaks for this tab.
  if (event.jwtFromAddress !== undefined && event.finished !== undefined) forget.push({ type: 'rememberFinished', brand: undefined });
  const decision = event.decided === 'approve' ? { kind: 'unclear' as const } : state.decision;
  const verifying = startCall({ ...state, decision, phase: { ...phase, jwt } }, { kind: 'verify' });
  return { state: verifying.state, effects: [...forget, ...verifying.effects] };
}

/** Issue 33 item 5: the finished flow's brand, if it is one this deployment serves (else it is no brand: an ordinary failure page). */
const finishedBrand = (state: FlowState, brand: string | undefined): string | undefined =>
  brand !== undefined && state.config.brands.includes(brand.toLowerCase()) ? brand.toLowerCase() : undefined;

/**
 * Issue 33 item 5 "a finished flow says it is finished": the app loaded again in a tab whose flow
 * already left for the recipient (the customer pressed Back on the recipient's page; the exit had
 * replaced the app's own history entry, and the token was forgotten, DESIGN §3.3) shows "This
 * request has already been completed" in the failure page's frame, under that flow's brand, which
 * the exit kept for the tab (the `rememberFinished` effect). Nothing is sent; there is nothing to end.
 */
function showCompleted(state: FlowState, brand: string, forget: readonly FlowEffect[]): Transition<Failed> {
  const phase: Failed = { kind: 'failed', route: 'already_completed', brand };
  return emit(withJourney(inPhase(state, phase), { expiry: { kind: 'off' } }), ...forget);
}

/** Spec §4 "Token expiry timer": started, not started (already past), or the fallback return when it cannot be set. */
function expiryTimer(exp: unknown, nowMs: number): ExpiryTimer {
  const plan = planTokenExpiryTimer(exp, nowMs);
  if (plan.kind === 'cannotSet') return { kind: 'fallback', returnAtMs: nowMs + FALLBACK_REDIRECT_MS };
  return plan.kind === 'start' ? { kind: 'running' } : { kind: 'off' };
}

/**
 * DESIGN §3.1: a token is trusted once verified, its claims read, its flow route configured
 * (spec §2: otherwise incorrect_jwt) and its redirectUri followable. DESIGN §3.11: an approval
 * made before a reload is asked again first, so that its code is never lost. When the bank's keys
 * could not be fetched the token is neither good nor bad: it is kept, so that a reload can try again.
 */
export function onVerified(state: FlowState<Verifying>, event: Extract<FlowEvent, { type: 'verified' }>, nowMs: number) {
  const phase = state.phase;
  const jwt = phase.jwt;
  if (phase.call?.id !== event.id || phase.call.call.kind !== 'verify' || jwt === undefined) return unchanged(state);
  if (!event.result.ok) {
    const error = event.result.error;
    if (error.kind === 'keysUnavailable') {
      return showFailure(
        state,
        'service_unavailable',
        undefined,
        { type: 'log', message: `The bank's keys could not be fetched: ${error.detail}` },
        { type: 'storeToken', jwt },
      );
    }
    return showFailure(state, 'incorrect_jwt', undefined, { type: 'log', message: `The redirect token was refused: ${error.kind}` });
  }
  const token = parseRedirectToken(event.result.value);
  if (!token.ok)
    return showFailure(state, 'incorrect_jwt', undefined, { type: 'log', message: `The redirect token's claims are unusable: ${JSON.stringify(token.error)}` });
  if (!state.config.brands.map(brandFlowRoute).includes(flowRouteName(token.value))) {
    return showFailure(state, 'incorrect_jwt', undefined, { type: 'log', message: `No flow route ${flowRouteName(token.value)} is configured` });
  }
  if (!isFollowableRedirectUri(token.value.redirectUri, state.config.production)) {
    return showFailure(state, 'incorrect_jwt', undefined, { type: 'log', message: "The redirect token's redirectUri cannot be followed" });
  }
  const expiry = expiryTimer(token.value.exp, nowMs);
  const trusted: FlowState<Reading> = {
    ...state,
    phase: { kind: 'starting', task: 'reading', call: undefined, modals: phase.modals },
    journey: { ...state.journey, token: token.value, expiry },
  };
  const shown = expiry.kind === 'fallback' ? withModals(trusted, (modals) => ({ ...modals, expiry: true })) : trusted;
  const stored = emit(shown, { type: 'storeToken', jwt });
  return andThen(stored, (next) => startCall(next, { kind: state.decision.kind === 'unclear' ? 'confirm' : 'consentDetails' }));
}

/**
 * Spec §4 "Consent guard": the consent is loaded once. An amendment starts with the arrangement's
 * description (issue 11: confirming without retyping must not erase it).
 */
export function onConsentDetails(state: FlowState<Reading>, answer: Extract<FlowAnswer, { kind: 'consentDetails' }>, nowMs: number) {
  if (!answer.result.ok) return showFailure(state, 'consent_fetch_failure');
  const consent = answer.result.value;
  const read = { ...callOver(state), journey: { ...state.journey, consent, description: consent.nickname ?? '' } };
  return andThen(showStep(read, 'login'), (next) => carryOutEarlyAction(next, nowMs));
}
