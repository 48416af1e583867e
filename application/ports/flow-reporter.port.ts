import type { FlowReport } from '../../domain/flow-report';

/**
 * Issue 35 item 1, docs/contract.md §3 "The flow event": tells the bank how a flow ended. It never
 * throws, never waits for the bank, and never delays the exit; the token it began with is the
 * call's credential.
 */
export interface FlowReporter {
  send(redirectJwt: string, report: FlowReport): void;
}
export const FLOW_REPORTER = Symbol('FlowReporter');
