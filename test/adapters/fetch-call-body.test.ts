// DESIGN §3.4 "Every call has a timeout" (the timeout covers the body too), and what fetchCall makes
// of an answer's body: UTF-8 text (a byte-order mark dropped, a character split between two chunks
// whole, an invalid byte replaced), empty when there is none, and no answer when the connection
// drops in the middle of it. Issue 33 item 17 tried reading the body as a stream; these held for
// both reads (docs/performance.md "What DevTools adds to the bench's figures").
import { expect } from 'chai';
import { fetchCall } from '../../adapters/fetch-call';
import type { FetchFunction } from '../../adapters/fetch.token';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** A fetch whose answer's body comes in the given chunks; `fail` errors the stream after them. */
function streamed(chunks: readonly Uint8Array[], fail?: Error): FetchFunction {
  return () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        if (fail === undefined) controller.close();
        else controller.error(fail);
      },
    });
    return Promise.resolve(new Response(body, { status: 200 }));
  };
}

const GET = { method: 'GET', url: '/customer-auth/accounts', headers: {} } as const;

describe("fetchCall reads an answer's body", () => {
  it('a character split across two chunks arrives whole, in the order sent', async () => {
    const bytes = utf8('{"name":"Café ’ Ōtautahi"}');
    const splitInsideTheQuote = bytes.indexOf(0xe2) + 1; // inside the three bytes of ’
    const chunks = [bytes.slice(0, 3), bytes.slice(3, splitInsideTheQuote), bytes.slice(splitInsideTheQuote)];
    const outcome = await fetchCall(streamed(chunks), GET);
    expect(outcome).to.deep.equal({ kind: 'answer', status: 200, body: '{"name":"Café ’ Ōtautahi"}' });
  });

  it('a byte-order mark dropped and an invalid byte replaced, as the Fetch standard decodes UTF-8', async () => {
    const bytes = Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8('{"a":"'), 0xff, ...utf8('"}')]);
    const expected = '{"a":"\uFFFD"}';
    const outcome = await fetchCall(streamed([bytes.slice(0, 2), bytes.slice(2, 7), bytes.slice(7)]), GET);
    expect(outcome).to.deep.equal({ kind: 'answer', status: 200, body: expected });
    expect(outcome.kind === 'answer' && outcome.body.startsWith('{'), 'the byte-order mark dropped').to.equal(true);
  });

  it('an answer without a body is an empty text', async () => {
    const outcome = await fetchCall(() => Promise.resolve(new Response(null, { status: 204 })), { ...GET, method: 'PUT' });
    expect(outcome).to.deep.equal({ kind: 'answer', status: 204, body: '' });
  });

  it('a connection lost in the middle of the body is no answer, not half a text', async () => {
    const outcome = await fetchCall(streamed([utf8('{"accounts":[')], new TypeError('network error')), GET);
    expect(outcome).to.deep.equal({ kind: 'noAnswer', detail: 'TypeError: network error' });
  });

  it("a body still coming at the call's deadline is timedOut (the timeout covers the body)", async () => {
    const neverEnds: FetchFunction = (_input, init) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(utf8('{"accounts":['));
          init?.signal?.addEventListener('abort', () => controller.error(init.signal?.reason));
        },
      });
      return Promise.resolve(new Response(body, { status: 200 }));
    };
    const outcome = await fetchCall(neverEnds, GET, { getTimeoutMs: 30 });
    expect(outcome).to.deep.equal({ kind: 'timedOut' });
  });
});
