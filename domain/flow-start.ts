import { decodeErrorPageParam, type ErrorPageData } from './error-page';
import type { FlowAnswer, FlowEffect } from './flow-effects';
import type { FlowEvent } from './flow-events';
import { NO_TIMERS, type FailureRoute, type FlowState } from './flow-state';
import { carryOutEarlyAction } from './flow-login';
import { andThen, emit, isAwaited, showStep, startCall, unchanged, type Transition } from './flow-transition';
import { NO_MODALS } from './modal-stack';
import { brandFlowRoute, flowRouteName, isFollowableRedirectUri, parseRedirectToken } from './redirect-token';
import { FALLBACK_REDIRECT_MS, planTokenExpiryTimer } from './token-expiry-timer';

/** Spec §2: the error routes an address can name (each shows the failure page). */
export const ADDRESS_FAILURE_ROUTES: readonly FailureRoute[] = ['authorize_failure', 'incorrect_jwt', 'consent_fetch_failure'];

/**
 * Spec §2 failure page: a non-closable modal of its own, so nothing else is open or timed; the
 * token is forgotten (DESIGN §3.13), except after a keys outage, where a reload should work.
 */
export function showFailure(state: FlowState, route: FailureRoute, details?: ErrorPageData, ...effects: readonly FlowEffect[]): Transition {
  const screen = details === undefined ? { kind: 'failure' as const, route } : { kind: 'failure' as const, route, details };
  const keepToken = route === 'service_unavailable';
  return emit(
    { ...state, screen, pending: undefined, unverifiedJwt: undefined, modals: NO_MODALS, timers: NO_TIMERS },
    ...effects,
    ...(keepToken ? [] : [{ type: 'clearToken' } as const]),
  );
}

/**
 * Spec §2 loading screen, DESIGN §3.1 and §3.3: the token leaves the address bar first; an error
 * route shows its page; otherwise the token (from the address, or from session storage after a
 * reload) is verified before anything else: nothing is sent to the bank before that.
 */
export function onLaunched(state: FlowState, event: Extract<FlowEvent, { type: 'launched' }>): Transition {
  if (state.screen.kind !== 'loading' || state.pending !== undefined) return unchanged(state);
  const forget: FlowEffect[] = event.jwtFromAddress === undefined ? [] : [{ type: 'forgetAddressToken' }];
  if (event.route === 'authorize_failure') return showFailure(state, 'authorize_failure', decodeErrorPageParam(event.errorParam), ...forget);
  if (ADDRESS_FAILURE_ROUTES.includes(event.route as FailureRoute)) return showFailure(state, event.route as FailureRoute, undefined, ...forget);
  const jwt = event.jwtFromAddress ?? event.jwtFromStorage;
  if (jwt === undefined) return showFailure(state, 'incorrect_jwt', undefined, ...forget);
  const verifying = startCall({ ...state, unverifiedJwt: jwt, replayDecision: event.decided === 'approve' }, { kind: 'verify' });
  return { state: verifying.state, effects: [...forget, ...verifying.effects] };
}

/**
 * DESIGN §3.1: a token is trusted once its signature and expiry are verified, its claims read,
 * its flow route configured (spec §2: otherwise incorrect_jwt) and its redirectUri followable.
 * Then it is kept for this tab (DESIGN §3.3), the expiry timer starts (spec §4) and the consent
 * is loaded. When the bank's keys could not be fetched the token is neither good nor bad: the
 * customer sees Service unavailable and the token is kept, so that a reload can try again.
 */
export function onVerified(state: FlowState, event: Extract<FlowEvent, { type: 'verified' }>, nowMs: number): Transition {
  const jwt = state.unverifiedJwt;
  if (!isAwaited(state, event.id, 'verify') || jwt === undefined) return unchanged(state);
  if (!event.result.ok) {
    const error = event.result.error;
    if (error.kind === 'keysUnavailable') {
      return showFailure(state, 'service_unavailable', undefined,
        { type: 'log', message: `The bank's keys could not be fetched: ${error.detail}` }, { type: 'storeToken', jwt });
    }
    return showFailure(state, 'incorrect_jwt', undefined, { type: 'log', message: `The redirect token was refused: ${error.kind}` });
  }
  const token = parseRedirectToken(event.result.value);
  if (!token.ok) return showFailure(state, 'incorrect_jwt', undefined, { type: 'log', message: `The redirect token's claims are unusable: ${JSON.stringify(token.error)}` });
  if (!state.config.brands.map(brandFlowRoute).includes(flowRouteName(token.value))) {
    return showFailure(state, 'incorrect_jwt', undefined, { type: 'log', message: `No flow route ${flowRouteName(token.value)} is configured` });
  }
  if (!isFollowableRedirectUri(token.value.redirectUri, state.config.production)) {
    return showFailure(state, 'incorrect_jwt', undefined, { type: 'log', message: 'The redirect token\'s redirectUri cannot be followed' });
  }
  const plan = planTokenExpiryTimer(token.value.exp, nowMs);
  const timers = plan.kind === 'cannotSet'
    ? { ...state.timers, tokenExpiry: false, fallbackReturnAtMs: nowMs + FALLBACK_REDIRECT_MS }
    : { ...state.timers, tokenExpiry: plan.kind === 'start' };
  const modals = plan.kind === 'cannotSet' ? { ...state.modals, expiry: true } : state.modals;
  const trusted = { ...state, token: token.value, unverifiedJwt: undefined, timers, modals, replayDecision: false };
  const stored = emit(trusted, { type: 'storeToken', jwt });
  // DESIGN §3.11: an approval made before a reload is asked again with its key first: the bank
  // answers the committed code, so that it is never lost.
  const next = state.replayDecision ? startCall(stored.state, { kind: 'confirm' }, { replay: true }) : startCall(stored.state, { kind: 'consentDetails' });
  return { state: next.state, effects: [...stored.effects, ...next.effects] };
}

/**
 * Spec §4 "Consent guard": the consent is loaded once; then the login step shows, the inactivity
 * timer starts, and a press made on the pre-rendered form while it waited is carried out (issue 20). A consent that cannot be loaded goes to consent_fetch_failure.
 * An amendment starts with the arrangement's description (issue 11: confirming without retyping
 * must not erase it).
 */
export function onConsentDetails(state: FlowState, answer: Extract<FlowAnswer, { kind: 'consentDetails' }>, nowMs: number): Transition {
  if (!answer.result.ok) return showFailure(state, 'consent_fetch_failure');
  const consent = answer.result.value;
  const shown = showStep({ ...state, consent, description: consent.nickname ?? '', timers: { ...state.timers, lastActivityMs: nowMs } }, 'login');
  return andThen(shown, (next) => carryOutEarlyAction(next, nowMs));
}
