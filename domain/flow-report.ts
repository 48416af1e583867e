import type { ReachedStage } from './abandonment';

/**
 * Issue 35 item 1, docs/contract.md §3 "The flow event": what the bank is told, once per flow, of
 * how it ended, so that it can count Get Metrics' `authorisations` block (docs/metrics.md).
 */
export interface FlowReport {
  /** The token's `jti`: one authorisation request, one flow. */
  readonly flowId: string;
  readonly ending: FlowReportEnding;
  /** With `abandoned` and `failed` only: the furthest stage reached (DESIGN §3.8). */
  readonly stage?: ReachedStage;
  /** Absent when the flow ended before its consent was read. */
  readonly consentKind?: 'new' | 'amended';
  /** Absent when the flow ended before its consent was read. */
  readonly sharing?: 'onceOff' | 'ongoing';
  /** The chosen profile (an amendment's is its arrangement's); absent before one is chosen. */
  readonly customerType?: 'individual' | 'nonIndividual';
}

/**
 * `rejected`: the customer declined or chose to leave (the `rejected` stage); `failed`: an error
 * or a lockout ended it (the failure page, or a modal whose only way on is to return);
 * `abandoned`: it stopped without a decision (the page left, a timeout, the token's expiry).
 */
export type FlowReportEnding = 'approved' | 'rejected' | 'abandoned' | 'failed';
