// docs/design.md §3.4 "A GET waits for the connection": an offline device spends no retry.
import { expect } from 'chai';
import sinon from 'sinon';
import { waitingForConnection, whenOnline, type Connection } from '../../adapters/connection';
import { fetchCall } from '../../adapters/fetch-call';
import type { FetchFunction } from '../../adapters/fetch.token';

/** A connection the test switches, as the browser's `offline` and `online` events do; `waited()` resolves once someone waits for it. */
function switchable(online: boolean) {
  let listeners: (() => void)[] = [];
  let someoneWaits: () => void = () => undefined;
  const waiting = new Promise<void>((resolve) => {
    someoneWaits = resolve;
  });
  const connection: Connection = {
    isOnline: () => online,
    onOnline: (listener) => {
      listeners.push(listener);
      someoneWaits();
      return () => {
        listeners = listeners.filter((other) => other !== listener);
      };
    },
  };
  return {
    connection,
    goOffline: () => {
      online = false;
    },
    goOnline: () => {
      online = true;
      for (const listener of [...listeners]) listener();
    },
    listening: () => listeners.length,
    waited: () => waiting,
  };
}

/** A network that fails (as `fetch` does offline, with a TypeError) while `down()` says so. */
function network(down: () => boolean) {
  const sent: string[] = [];
  const fetchFn: FetchFunction = (input, init) => {
    sent.push(init?.method ?? 'GET');
    return down() ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(new Response('{"ok":true}', { status: 200 }));
  };
  return { fetchFn, sent };
}

describe('adapters: a GET waits for the connection (docs/design.md §3.4)', () => {
  it('sends a GET at once when online', async () => {
    const link = switchable(true);
    const net = network(() => false);
    const response = await waitingForConnection(net.fetchFn, link.connection)('/config/config.json');
    expect(response.status).to.equal(200);
    expect(net.sent).to.deep.equal(['GET']);
  });

  it('offline, a GET is tried first all the same: a preloaded or cached answer needs no connection', async () => {
    const link = switchable(false);
    const net = network(() => false); // the answer comes from the cache
    const response = await waitingForConnection(net.fetchFn, link.connection)('/config/config.json');
    expect(response.status).to.equal(200);
    expect(net.sent).to.deep.equal(['GET']);
    expect(link.listening()).to.equal(0);
  });

  it('a GET that fails offline is sent again when the connection comes back, unsubscribed after', async () => {
    const link = switchable(false);
    const net = network(() => !link.connection.isOnline());
    const pending = waitingForConnection(net.fetchFn, link.connection)('/config/config.json');
    await link.waited(); // the failed GET waits for the connection
    expect(net.sent, 'the first try, then nothing while offline').to.deep.equal(['GET']);
    link.goOnline();
    expect((await pending).status).to.equal(200);
    expect(net.sent).to.deep.equal(['GET', 'GET']);
    expect(link.listening()).to.equal(0);
  });

  it('sends a POST as it is, offline too, and never again (the flow decides what an offline press does)', async () => {
    const link = switchable(false);
    const net = network(() => true);
    const outcome = await waitingForConnection(net.fetchFn, link.connection)('/customer-auth/authenticate', { method: 'POST' }).catch(
      (error: Error) => error.name,
    );
    expect(outcome).to.equal('TypeError');
    expect(net.sent).to.deep.equal(['POST']);
  });

  it("a GET held offline ends with the call's deadline: timedOut, one try, no listener left", async () => {
    const link = switchable(false);
    const net = network(() => true);
    const outcome = await fetchCall(
      waitingForConnection(net.fetchFn, link.connection),
      { method: 'GET', url: '/config/config.json', headers: {} },
      { getTimeoutMs: 50 },
    );
    expect(outcome).to.deep.equal({ kind: 'timedOut' });
    expect(net.sent).to.deep.equal(['GET']);
    expect(link.listening()).to.equal(0);
  });

  describe('an offline spell of 300 ms, on a fake clock (the spell and the backoff in the same time, whatever the machine does)', () => {
    let clock: sinon.SinonFakeTimers;
    beforeEach(() => {
      clock = sinon.useFakeTimers({ now: Date.now(), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    });
    afterEach(() => clock.restore());

    it("a spell longer than the retries' backoff: the GET that failed as the device went offline is answered once it is back (issue 20)", async () => {
      const link = switchable(true);
      const net = network(() => !link.connection.isOnline());
      link.goOffline();
      setTimeout(() => link.goOnline(), 300); // far longer than two retries at a 5 ms base take
      // The device dropped just after the first try was sent: it fails, the retry waits for the connection.
      let first = true;
      const droppedOnce: FetchFunction = (input, init) => {
        if (first) {
          first = false;
          return Promise.reject(new TypeError('Failed to fetch'));
        }
        return net.fetchFn(input, init);
      };
      const calling = fetchCall(
        waitingForConnection(droppedOnce, link.connection),
        { method: 'GET', url: '/config/config.json', headers: {} },
        { retryBaseDelayMs: 5 },
      );
      await clock.tickAsync(300);
      expect(await calling).to.deep.equal({ kind: 'answer', status: 200, body: '{"ok":true}' });
      expect(net.sent).to.deep.equal(['GET']);
    });

    it('without the wait, the same spell uses up the retries (what the wait is for)', async () => {
      const link = switchable(false);
      setTimeout(() => link.goOnline(), 300);
      const net = network(() => !link.connection.isOnline());
      const calling = fetchCall(net.fetchFn, { method: 'GET', url: '/config/config.json', headers: {} }, { retryBaseDelayMs: 5 });
      await clock.tickAsync(300);
      const outcome = await calling;
      expect(outcome.kind).to.equal('noAnswer');
      expect(net.sent).to.have.length(3);
    });
  });

  it("whenOnline rejects with the signal's reason when it aborts first", async () => {
    const link = switchable(false);
    const controller = new AbortController();
    const waiting = whenOnline(link.connection, controller.signal).catch((error: unknown) => error);
    controller.abort(new Error('deadline'));
    expect(((await waiting) as Error).message).to.equal('deadline');
    expect(link.listening()).to.equal(0);
  });
});
