import { inject, injectable, optional } from 'inversify';
import type { TokenStorage } from '../application/ports/token-storage.port';

/** The session storage of this tab (bound optionally; default `globalThis.sessionStorage`). */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
export const SESSION_STORAGE = Symbol('SessionStorage');

/** The key under which the redirect token is kept. */
export const REDIRECT_JWT_KEY = 'cdr.redirectJwt';

/** Reading `window.sessionStorage` itself throws when storage is disabled (a SecurityError). */
function platformSessionStorage(): StorageLike | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * DESIGN §3.3 "The token leaves the address bar": the redirect token in `sessionStorage` (this
 * tab only, so that a reload continues the flow). Storage that is missing, disabled or full
 * (Safari private mode, blocked cookies, quota) never throws: the token is then kept in memory
 * only, so the flow still works until the page is reloaded (a read gives `undefined` when neither
 * holds one). An empty stored value counts as none.
 */
@injectable()
export class SessionTokenStorage implements TokenStorage {
  private readonly storage: StorageLike | undefined;
  /** The last token written, for when storage refuses it. */
  private memory: string | undefined;

  constructor(@inject(SESSION_STORAGE) @optional() storage?: StorageLike) {
    this.storage = storage ?? platformSessionStorage();
  }

  /** DESIGN §3.3: the stored token, if any. */
  read(): string | undefined {
    try {
      const value = this.storage?.getItem(REDIRECT_JWT_KEY);
      if (typeof value === 'string' && value !== '') return value;
    } catch {
      // Storage unavailable: fall back to memory.
    }
    return this.memory;
  }

  /** DESIGN §3.3: keeps the token for this tab. */
  write(token: string): void {
    this.memory = token === '' ? undefined : token;
    try {
      this.storage?.setItem(REDIRECT_JWT_KEY, token);
    } catch {
      // Storage unavailable or full: the token stays in memory only.
    }
  }

  /** DESIGN §3.3: terminal paths forget the token. */
  clear(): void {
    this.memory = undefined;
    try {
      this.storage?.removeItem(REDIRECT_JWT_KEY);
    } catch {
      // Storage unavailable: nothing was kept.
    }
  }
}
