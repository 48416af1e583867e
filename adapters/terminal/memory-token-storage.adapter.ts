import type { Decision, TokenStorage } from '../../application/ports/token-storage.port';
import { uuidV4 } from '../session-token-storage.adapter';

/**
 * DESIGN §3.3, §3.11 in a terminal: the redirect token and each decision's Idempotency-Key are
 * kept in this process's memory only (a run is one journey; nothing is written to disk).
 */
export class MemoryTokenStorage implements TokenStorage {
  private stored: string | undefined = undefined;
  private finishedBrand: string | undefined = undefined;
  private readonly keys = new Map<Decision, string>();
  private readonly reported = new Set<string>();

  /** `newKey` makes each decision's Idempotency-Key (tests give predictable ones). */
  constructor(
    token?: string,
    private readonly newKey: () => string = uuidV4,
  ) {
    if (token !== undefined) this.write(token);
  }

  read(): string | undefined {
    return this.stored;
  }

  write(token: string): void {
    this.stored = token === '' ? undefined : token;
  }

  clear(keepDecisionKeys = false): void {
    this.stored = undefined;
    if (!keepDecisionKeys) this.keys.clear();
  }

  decisionKey(decision: Decision): string {
    const kept = this.keys.get(decision);
    if (kept !== undefined) return kept;
    const key = this.newKey();
    this.keys.set(decision, key);
    return key;
  }

  decided(): Decision | undefined {
    if (this.keys.has('approve')) return 'approve';
    return this.keys.has('reject') ? 'reject' : undefined;
  }

  /** Issue 33 item 5: the brand of the flow this process finished, if any. */
  finished(): string | undefined {
    return this.finishedBrand;
  }

  rememberFinished(brand: string | undefined): void {
    this.finishedBrand = brand;
  }

  /** Issue 35 item 1: once per flow. */
  flowReported(flowId: string): boolean {
    return this.reported.has(flowId);
  }

  rememberFlowReported(flowId: string): void {
    this.reported.add(flowId);
  }
}
