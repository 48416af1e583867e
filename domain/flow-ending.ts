import type { ReachedStage } from './abandonment';
import { isOnceOnly } from './consent';
import type { FlowReport, FlowReportEnding } from './flow-report';
import type { FlowState } from './flow-state';
import { topModalOf } from './flow-view';
import { MODAL_RULES } from './modal';
import { PERSONAL_PROFILE_ID, selectedProfile } from './profiles';

/** Spec §4 "Button behaviours": the modals of an error or a lockout return, whatever the customer wants. */
const endsInFailure = (state: FlowState): boolean => {
  const top = topModalOf(state.phase);
  if (top === undefined) return false;
  const button = MODAL_RULES[top.name].button;
  return button === 'returnAfterReject' || button === 'onlyReturn';
};

/**
 * How the flow ends if it ends now: as decided, else as the customer chose, else where it stopped.
 * Decided in another tab (DESIGN §3.11): that tab reports the flow, not this one.
 */
function endingNow(state: FlowState): { readonly ending: FlowReportEnding; readonly stage?: ReachedStage } | undefined {
  // The bank's decision as this tab knows it (the success and decided-elsewhere phases set it).
  const decision = state.decision.kind;
  if (decision === 'elsewhere') return undefined;
  // DESIGN §3.11: a committed approval is one, though its code may not have reached this tab.
  if (decision === 'approved' || decision === 'committed') return { ending: 'approved' };
  const stage = state.journey.stage;
  if (stage === 'rejected') return { ending: 'rejected' };
  return { ending: state.phase.kind === 'failed' || endsInFailure(state) ? 'failed' : 'abandoned', stage };
}

/**
 * Issue 35 item 1: the report of this flow if it ends now (at its exit, or as its page goes away);
 * `undefined` without a verified token that names its flow (no `jti`: the bank could not count it), or
 * when another tab decided it.
 */
export function flowReportOf(state: FlowState): FlowReport | undefined {
  const { token, consent, profiles } = state.journey;
  const ending = endingNow(state);
  if (token?.jti === undefined || ending === undefined) return undefined;
  const profileId = selectedProfile(profiles)?.id ?? (consent?.isPAR === true ? consent.profileId : undefined);
  return {
    flowId: token.jti,
    ...ending,
    ...(consent === undefined ? {} : { consentKind: consent.isPAR ? 'amended' : 'new', sharing: isOnceOnly(consent) ? 'onceOff' : 'ongoing' }),
    ...(profileId === undefined ? {} : { customerType: profileId === PERSONAL_PROFILE_ID ? 'individual' : 'nonIndividual' }),
  };
}
