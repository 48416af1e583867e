// The funnel page's groups of flows (issue 35 item 3): new or amended, individual or not. Get
// Metrics' abandonmentsByStage is not split that way, so each group's block is the same count
// (authorisationMetrics) over that group's flows only (docs/metrics.md "The funnel page"). Pure.
import { authorisationMetrics, customerTypeOf, type CustomerType, type MetricsRecords } from './authorisation-metrics';
import { funnelOf, type FunnelBar } from './funnel';

/** What the bank knows of a flow: new or amended, and the customer type once a profile was chosen. */
interface FlowTraits {
  readonly consentKind: 'new' | 'amended';
  readonly customerType?: CustomerType;
}

/** A group of flows the page draws a funnel of. */
export interface FunnelSegment {
  readonly title: string;
  readonly has: (traits: FlowTraits) => boolean;
}

/** Every flow; then by new or amended; then by customer type, with the flows that stopped before a profile. */
export const FUNNEL_SEGMENTS = {
  all: { title: 'All flows', has: () => true },
  byConsentKind: [
    { title: 'New authorisations', has: (traits) => traits.consentKind === 'new' },
    { title: 'Amendments', has: (traits) => traits.consentKind === 'amended' },
  ],
  byCustomerType: [
    { title: 'Individual', has: (traits) => traits.customerType === 'individual' },
    { title: 'Non-individual', has: (traits) => traits.customerType === 'nonIndividual' },
    { title: 'Before a profile was chosen', has: (traits) => traits.customerType === undefined },
  ],
} as const satisfies { all: FunnelSegment; byConsentKind: readonly FunnelSegment[]; byCustomerType: readonly FunnelSegment[] };

/**
 * Each flow's traits. The bank's records first, as in the count (CONTRACT §3 "The flow event"):
 * new or amended from the request it decided; the customer type from the arrangement an approval
 * made. Otherwise the flow event's own fields; a flow with no profile chosen has no customer type.
 */
function traitsOfFlows(records: MetricsRecords): Map<string, FlowTraits> {
  const arrangements = new Map(records.arrangements.map((arrangement) => [arrangement.id, arrangement]));
  const events = new Map(records.flowEvents.map(({ jti, event }) => [jti, event]));
  const traits = new Map<string, FlowTraits>();
  for (const { jti, event } of records.flowEvents) {
    traits.set(jti, { consentKind: event.consentKind, ...(event.customerType === undefined ? {} : { customerType: event.customerType }) });
  }
  for (const { request, outcome } of records.decided) {
    const customerType = outcome.kind === 'authorised' ? customerTypeOf(arrangements.get(outcome.arrangementId)) : events.get(request.jti)?.customerType;
    traits.set(request.jti, { consentKind: request.arrangementId === undefined ? 'new' : 'amended', ...(customerType === undefined ? {} : { customerType }) });
  }
  return traits;
}

/** The records of the segment's flows only (the arrangements stay whole: an approval's customer type is its arrangement's). */
export function recordsOfSegment(records: MetricsRecords, segment: FunnelSegment): MetricsRecords {
  const traits = traitsOfFlows(records);
  const inSegment = (jti: string): boolean => {
    const flow = traits.get(jti);
    return flow !== undefined && segment.has(flow);
  };
  return {
    decided: records.decided.filter(({ request }) => inSegment(request.jti)),
    arrangements: records.arrangements,
    flowEvents: records.flowEvents.filter(({ jti }) => inSegment(jti)),
  };
}

/** A segment's title and funnel. */
export interface SegmentFunnel {
  readonly title: string;
  readonly bars: readonly FunnelBar[];
}

/** The page's funnels: every segment's flows counted as Get Metrics counts them (period ALL), then drawn as a funnel. */
export function segmentFunnels(records: MetricsRecords, nowMs: number) {
  const funnel = (segment: FunnelSegment): SegmentFunnel => ({
    title: segment.title,
    bars: funnelOf(authorisationMetrics(recordsOfSegment(records, segment), 'ALL', nowMs)),
  });
  return {
    all: funnel(FUNNEL_SEGMENTS.all),
    byConsentKind: FUNNEL_SEGMENTS.byConsentKind.map(funnel),
    byCustomerType: FUNNEL_SEGMENTS.byCustomerType.map(funnel),
  };
}
