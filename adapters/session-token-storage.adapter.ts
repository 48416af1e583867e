import { inject, injectable, optional } from 'inversify';
import type { Decision, TokenStorage } from '../application/ports/token-storage.port';
import { decisionKeyName, FINISHED_BRAND_KEY, flowReportedKeyName, REDIRECT_JWT_KEY } from './browser-address-names';

/** The session storage of this tab (bound optionally; default `globalThis.sessionStorage`). */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
const SESSION_STORAGE = Symbol('SessionStorage');

/** Reading `window.sessionStorage` itself throws when storage is disabled (a SecurityError). */
function platformSessionStorage(): StorageLike | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/** A UUID v4 (RFC 9562) from the platform's cryptographic random source. */
export function uuidV4(): string {
  const crypto = globalThis.crypto;
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * DESIGN §3.3 "The token leaves the address bar", §3.11: the token and each decision's
 * Idempotency-Key kept for this tab, so that a reload continues with the same key. Storage that is
 * missing, disabled or full (Safari private mode, quota) never throws: memory serves until a reload.
 */
@injectable()
export class SessionTokenStorage implements TokenStorage {
  private readonly storage: StorageLike | undefined;
  /** What was written, for when storage refuses it. */
  private readonly memory = new Map<string, string>();

  constructor(@inject(SESSION_STORAGE) @optional() storage?: StorageLike) {
    this.storage = storage ?? platformSessionStorage();
  }

  /** DESIGN §3.3. */
  read(): string | undefined {
    return this.get(REDIRECT_JWT_KEY);
  }

  /** DESIGN §3.3. */
  write(token: string): void {
    this.set(REDIRECT_JWT_KEY, token);
  }

  /** DESIGN §3.3: terminal paths forget the token, and the decision keys with it (DESIGN §3.18: the ending notice keeps them). */
  clear(keepDecisionKeys = false): void {
    const keys = keepDecisionKeys ? [] : [decisionKeyName('approve'), decisionKeyName('reject')];
    for (const name of [REDIRECT_JWT_KEY, ...keys]) this.remove(name);
  }

  /** DESIGN §3.11: made once and kept with the token. */
  decisionKey(decision: Decision): string {
    const kept = this.get(decisionKeyName(decision));
    if (kept !== undefined) return kept;
    const key = uuidV4();
    this.set(decisionKeyName(decision), key);
    return key;
  }

  /** DESIGN §3.11: the decision made in this tab (before a reload), if any; an approval wins. */
  decided(): Decision | undefined {
    if (this.get(decisionKeyName('approve')) !== undefined) return 'approve';
    return this.get(decisionKeyName('reject')) === undefined ? undefined : 'reject';
  }

  /**
   * Issue 33 item 5: the exit to the recipient replaces the app's history entry and forgets the
   * token (DESIGN §3.3), so a Back from the recipient loads the app with nothing to go on. This
   * tab's session storage, which outlives the page as the token does, keeps the finished flow's
   * brand (a configured brand's id, nothing of the customer or the request), so that the app
   * says the request is finished, under its bank's brand.
   */
  finished(): string | undefined {
    return this.get(FINISHED_BRAND_KEY);
  }

  /** Issue 33 item 5; `undefined` forgets it (a new request arrived). */
  rememberFinished(brand: string | undefined): void {
    if (brand === undefined) this.remove(FINISHED_BRAND_KEY);
    else this.set(FINISHED_BRAND_KEY, brand);
  }

  /**
   * Issue 35 item 1: once per flow and tab. The mark outlives a reload and a page restored from
   * the back-forward cache, as the token does; a duplicated tab copies it (docs/metrics.md).
   */
  flowReported(flowId: string): boolean {
    return this.get(flowReportedKeyName(flowId)) !== undefined;
  }

  rememberFlowReported(flowId: string): void {
    this.set(flowReportedKeyName(flowId), '1');
  }

  private get(name: string): string | undefined {
    try {
      const value = this.storage?.getItem(name);
      if (typeof value === 'string' && value !== '') return value;
    } catch {
      // Storage unavailable: fall back to memory.
    }
    const remembered = this.memory.get(name);
    return remembered === '' ? undefined : remembered;
  }

  private set(name: string, value: string): void {
    this.memory.set(name, value);
    try {
      this.storage?.setItem(name, value);
    } catch {
      // Storage unavailable or full: the value stays in memory only.
    }
  }

  private remove(name: string): void {
    this.memory.delete(name);
    try {
      this.storage?.removeItem(name);
    } catch {
      // Storage unavailable: nothing was kept.
    }
  }
}
