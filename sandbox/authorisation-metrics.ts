// Get Metrics' `authorisations` block (Consumer Data Standards, Get Metrics v5,
// AuthorisationMetricsV2; issue 35 item 2), counted from the sandbox's own records and the flow
// events. Pure: the records and the time in, the block out.
import type { FlowStage } from '../contract/customer-auth.wire';
import { PERSONAL_PROFILE } from './personas';
import type { Arrangement, AuthorisationOutcome, AuthorisationRequest, RecordedFlowEvent } from './sandbox-records';

/** Get Metrics' `period`: the current day, the previous days, or both. */
export type MetricsPeriod = 'CURRENT' | 'HISTORIC' | 'ALL';

/** AuthorisationMetricsV2's abandonment stages, each abandoned flow in one only. */
export type MetricsStage = FlowStage | 'rejected' | 'failedTokenExchange';

const STAGES: readonly MetricsStage[] = [
  'preIdentification',
  'preAuthentication',
  'preAccountSelection',
  'preAuthorisation',
  'rejected',
  'failedTokenExchange',
];

/** Get Metrics v5: "A maximum of seven entries is required if available"; the sandbox has them all. */
const PREVIOUS_DAYS = 7;

/**
 * The days are AEST days (UTC+10 all year): the standard leaves the time zone of the day to the
 * data holder ("must be consistent", Get Metrics v5); issue 35 item 2 asks for AEST.
 */
const AEST_OFFSET_MS = 10 * 3600_000;
const DAY_MS = 86_400_000;
const aestDay = (ms: number): number => Math.floor((ms + AEST_OFFSET_MS) / DAY_MS);

/** What the block is counted from. */
export interface MetricsRecords {
  readonly decided: readonly { readonly request: AuthorisationRequest; readonly outcome: AuthorisationOutcome }[];
  readonly arrangements: readonly Arrangement[];
  readonly flowEvents: readonly RecordedFlowEvent[];
}

type Split = { individual: number; nonIndividual: number };
/** Get Metrics v5's customer types. */
export type CustomerType = keyof Split;
type Daily<T> = { currentDay?: T; previousDays?: T[] };

/** Counts per AEST day: index 0 is today, 1 yesterday, … up to PREVIOUS_DAYS. */
class Days<T> {
  private readonly days: T[];
  constructor(
    private readonly today: number,
    zero: () => T,
  ) {
    this.days = Array.from({ length: PREVIOUS_DAYS + 1 }, zero);
  }
  /** Changes the counts of the day `ms` falls on, when that is today or one of the previous days. */
  add(ms: number, change: (day: T) => T): void {
    const age = this.today - aestDay(ms);
    const day = this.days[age];
    if (age >= 0 && day !== undefined) this.days[age] = change(day);
  }
  /** The period's view: currentDay, previousDays, or both. */
  view(period: MetricsPeriod): Daily<T> {
    const [current, ...previous] = this.days;
    return {
      ...(period === 'HISTORIC' || current === undefined ? {} : { currentDay: current }),
      ...(period === 'CURRENT' ? {} : { previousDays: previous }),
    };
  }
}

const split = (): Split => ({ individual: 0, nonIndividual: 0 });
/** The customer type of an authorisation: its arrangement's profile (PERSONAL is individual). */
export const customerTypeOf = (arrangement: Arrangement | undefined): CustomerType =>
  arrangement === undefined || arrangement.profileId === PERSONAL_PROFILE ? 'individual' : 'nonIndividual';

/**
 * Where each flow that was not authorised stopped, and when: the bank's decisions first (a
 * rejection at the stage its event names, when the app rejected for an ending the customer did
 * not choose), then the events of the flows the bank saw no decision for.
 */
function abandonments(records: MetricsRecords): { stage: MetricsStage; atMs: number }[] {
  const decided = new Map(records.decided.map(({ request, outcome }) => [request.jti, outcome]));
  const events = new Map(records.flowEvents.map(({ jti, event }) => [jti, event]));
  const found: { stage: MetricsStage; atMs: number }[] = [];
  for (const [jti, outcome] of decided) {
    if (outcome.kind !== 'rejected') continue;
    // The app rejects for the customer when an error, a lockout or a timeout ends the flow (spec §4
    // returnAfterReject): its event then says where the flow stopped; only the customer's own is `rejected`.
    const event = events.get(jti);
    const stopped = event?.ending === 'abandoned' || event?.ending === 'failed' ? event.stage : undefined;
    found.push({ stage: stopped ?? 'rejected', atMs: outcome.atMs });
  }
  for (const { jti, event, recordedAtMs } of records.flowEvents) {
    // CONTRACT §3 "The flow event": the bank's own decision wins over what an event says.
    if (decided.has(jti) || event.ending === 'approved') continue;
    const stage = event.ending === 'rejected' ? 'rejected' : event.stage;
    if (stage !== undefined) found.push({ stage, atMs: recordedAtMs });
  }
  return found;
}

/** Get Metrics v5's `authorisations` block (AuthorisationMetricsV2), as authorisationMetrics answers it. */
export type AuthorisationsBlock = ReturnType<typeof authorisationMetrics>;

/** Get Metrics v5's `authorisations` block (AuthorisationMetricsV2) for the period, at `nowMs`. */
export function authorisationMetrics(records: MetricsRecords, period: MetricsPeriod, nowMs: number) {
  const today = aestDay(nowMs);
  const arrangements = new Map(records.arrangements.map((arrangement) => [arrangement.id, arrangement]));
  const created = new Days(today, () => ({ onceOff: split(), ongoing: split() }));
  const amended = new Days(today, split);
  const revoked = new Days(today, split);
  const expired = new Days(today, split);
  const abandoned = new Days(today, () => 0);
  const byStage = new Map(STAGES.map((stage) => [stage, new Days(today, () => 0)]));
  const active = split();

  const one = (day: Split, customer: CustomerType): Split => ({ ...day, [customer]: day[customer] + 1 });
  for (const { request, outcome } of records.decided) {
    if (outcome.kind !== 'authorised') continue;
    const customer = customerTypeOf(arrangements.get(outcome.arrangementId));
    if (request.arrangementId !== undefined) amended.add(outcome.atMs, (day) => one(day, customer));
    else {
      const sharing = request.months === undefined ? 'onceOff' : 'ongoing';
      created.add(outcome.atMs, (day) => ({ ...day, [sharing]: one(day[sharing], customer) }));
    }
  }
  for (const arrangement of records.arrangements) {
    const customer = customerTypeOf(arrangement);
    const expiresMs = arrangement.sharingExpires === undefined ? undefined : arrangement.sharingExpires * 1000;
    const { revokedAtMs } = arrangement;
    // An arrangement ends once: revoked (by the simulator) or expired, whichever came first.
    if (revokedAtMs !== undefined && (expiresMs === undefined || revokedAtMs < expiresMs)) revoked.add(revokedAtMs, (day) => one(day, customer));
    else if (expiresMs === undefined) continue;
    else if (expiresMs > nowMs) active[customer] += 1;
    else expired.add(expiresMs, (day) => one(day, customer));
  }
  for (const { stage, atMs } of abandonments(records)) {
    abandoned.add(atMs, (count) => count + 1);
    byStage.get(stage)?.add(atMs, (count) => count + 1);
  }

  return {
    activeAuthorisationCount: active,
    newAuthorisationCount: created.view(period),
    revokedAuthorisationCount: revoked.view(period),
    amendedAuthorisationCount: amended.view(period),
    expiredAuthorisationCount: expired.view(period),
    abandonedConsentFlowCount: abandoned.view(period),
    abandonmentsByStage: Object.fromEntries(STAGES.map((stage) => [stage, byStage.get(stage)?.view(period) ?? {}])),
  };
}
