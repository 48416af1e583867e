import { expect } from 'chai';
import { REDIRECT_JWT_KEY } from '../../adapters/browser-address-names';
import { SessionTokenStorage, uuidV4, type StorageLike } from '../../adapters/session-token-storage.adapter';

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
  it("issue 33 item 5: keeps the finished flow's brand for the tab, apart from the token (clearing the token keeps it); undefined forgets it", () => {
    const storage = new MapStorage();
    const tokens = new SessionTokenStorage(storage);
    expect(tokens.finished()).to.equal(undefined);
    tokens.write('a.b.c');
    tokens.clear();
    tokens.rememberFinished('demo');
    expect(storage.items.get('cdr.finishedBrand')).to.equal('demo');
    tokens.clear();
    expect(new SessionTokenStorage(storage).finished(), 'a new page of the tab reads it').to.equal('demo');
    tokens.rememberFinished(undefined);
    expect(storage.items.has('cdr.finishedBrand')).to.equal(false);
    expect(tokens.finished()).to.equal(undefined);
  });

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

  describe("the decision's Idempotency-Key (DESIGN §3.11, CONTRACT §3)", () => {
    const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

    it('is a UUID v4, the same each time it is asked for, one per decision', () => {
      const tokens = new SessionTokenStorage(new MapStorage());
      const approve = tokens.decisionKey('approve');
      expect(approve).to.match(UUID_V4);
      expect(tokens.decisionKey('approve')).to.equal(approve);
      expect(tokens.decisionKey('reject')).to.match(UUID_V4).and.not.equal(approve);
    });

    it('survives a reload (another instance over the same storage), and tells which decision was made', () => {
      const storage = new MapStorage();
      const before = new SessionTokenStorage(storage);
      expect(before.decided()).to.equal(undefined);
      const key = before.decisionKey('approve');
      const after = new SessionTokenStorage(storage);
      expect(after.decided()).to.equal('approve');
      expect(after.decisionKey('approve')).to.equal(key);
    });

    it('is forgotten with the token', () => {
      const tokens = new SessionTokenStorage(new MapStorage());
      tokens.write('a.b.c');
      const key = tokens.decisionKey('reject');
      expect(tokens.decided()).to.equal('reject');
      tokens.clear();
      expect(tokens.decided()).to.equal(undefined);
      expect(tokens.decisionKey('reject')).to.not.equal(key);
    });

    it('lives in memory when storage throws', () => {
      const tokens = new SessionTokenStorage(new ThrowingStorage());
      const key = tokens.decisionKey('approve');
      expect(tokens.decisionKey('approve')).to.equal(key);
      expect(tokens.decided()).to.equal('approve');
    });

    it('the fallback without randomUUID still makes UUID v4s (property)', () => {
      const randomUUID = globalThis.crypto.randomUUID;
      try {
        Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true });
        const keys = Array.from({ length: 200 }, () => uuidV4());
        for (const key of keys) expect(key).to.match(UUID_V4);
        expect(new Set(keys).size).to.equal(200);
      } finally {
        Object.defineProperty(globalThis.crypto, 'randomUUID', { value: randomUUID, configurable: true });
      }
    });
  });
});
