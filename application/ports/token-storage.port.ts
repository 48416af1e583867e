/** The customer's decision on the consent: authorise or reject. */
export type Decision = 'approve' | 'reject';

/**
 * DESIGN §3.3: where the redirect token lives once it has left the address bar: this tab only,
 * so that a reload continues the flow. Terminal paths clear it. DESIGN §3.11: the decision's
 * `Idempotency-Key` is kept with it, so that a reload or a repeat sends the same key.
 */
export interface TokenStorage {
  read(): string | undefined;
  write(token: string): void;
  /** Forgets the token and, unless `keepDecisionKeys`, any decision key. */
  clear(keepDecisionKeys?: boolean): void;
  /** The `Idempotency-Key` of this decision (a UUID v4), made and kept the first time it is asked for. */
  decisionKey(decision: Decision): string;
  /** The decision a key was made for in this tab (after a reload: the customer had decided), if any. */
  decided(): Decision | undefined;
  /** Issue 33 item 5: the brand of the flow this tab finished (its exit to the recipient taken), if any. */
  finished(): string | undefined;
  /** Issue 33 item 5: keeps the finished flow's brand for this tab; `undefined` forgets it. */
  rememberFinished(brand: string | undefined): void;
  /** Issue 35 item 1: whether this tab has told the bank how the flow `flowId` ended. */
  flowReported(flowId: string): boolean;
  /** Issue 35 item 1: the flow is reported: a reload or a page restored from the back-forward cache does not report it again. */
  rememberFlowReported(flowId: string): void;
}
export const TOKEN_STORAGE = Symbol('TokenStorage');
