import { expect } from 'chai';
import { REDIRECT_JWT_KEY, SessionTokenStorage, type StorageLike } from '../../adapters/session-token-storage.adapter';

class MapStorage implements StorageLike {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

/** Like Safari's private mode of old, or storage disabled by policy: every call throws. */
class ThrowingStorage implements StorageLike {
  getItem(): string | null {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  }
  setItem(): void {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  }
  removeItem(): void {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  }
}

describe('adapters/SessionTokenStorage (DESIGN §3.3)', () => {
  it('writes, reads and clears the token under its key', () => {
    const storage = new MapStorage();
    const tokens = new SessionTokenStorage(storage);
    expect(tokens.read()).to.equal(undefined);
    tokens.write('a.b.c');
    expect(storage.items.get(REDIRECT_JWT_KEY)).to.equal('a.b.c');
    expect(tokens.read()).to.equal('a.b.c');
    tokens.clear();
    expect(storage.items.has(REDIRECT_JWT_KEY)).to.equal(false);
    expect(tokens.read()).to.equal(undefined);
  });

  it('reads a token another instance wrote in this tab (a reload)', () => {
    const storage = new MapStorage();
    new SessionTokenStorage(storage).write('a.b.c');
    expect(new SessionTokenStorage(storage).read()).to.equal('a.b.c');
  });

  it('an empty stored value counts as none', () => {
    const storage = new MapStorage();
    storage.setItem(REDIRECT_JWT_KEY, '');
    expect(new SessionTokenStorage(storage).read()).to.equal(undefined);
  });

  it('never throws when storage throws; the token lives in memory until cleared', () => {
    const tokens = new SessionTokenStorage(new ThrowingStorage());
    expect(tokens.read()).to.equal(undefined);
    expect(() => tokens.write('a.b.c')).not.to.throw();
    expect(tokens.read()).to.equal('a.b.c');
    expect(() => tokens.clear()).not.to.throw();
    expect(tokens.read()).to.equal(undefined);
  });

  it('works with no storage at all', () => {
    const tokens = new SessionTokenStorage(undefined);
    tokens.write('a.b.c');
    expect(tokens.read()).to.equal('a.b.c');
    tokens.clear();
    expect(tokens.read()).to.equal(undefined);
  });
});
