// Issue 24 item 6: what a hostile-request run found, closed. Requests no route sees (an address
// that cannot be decoded, one Node's parser refuses, one that never finishes arriving) are
// answered with the security headers of every answer (DESIGN §4), and a request that does not
// finish arriving no longer holds its connection: it is answered 408 within seconds.
import net from 'node:net';
import { expect } from 'chai';
import { RunningSandbox } from './sandbox-test-kit';

/** What the server wrote on a raw connection: its head's status and headers (lower case), and whether it closed. */
interface RawAnswer {
  readonly status: number;
  readonly headers: Map<string, string>;
  readonly closedAfterMs: number | undefined;
}

/** Sends `text` as it is on a new connection and reads until the server closes it or `waitMs` pass. */
function rawRequest(origin: string, text: string, waitMs: number): Promise<RawAnswer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const began = Date.now();
    let received = '';
    const socket = net.connect(Number(port), hostname, () => socket.write(text));
    const answer = (closed: boolean): RawAnswer => {
      const [head = ''] = received.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = new Map(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()] as const));
      return { status: Number(statusLine.split(' ')[1] ?? 0), headers, closedAfterMs: closed ? Date.now() - began : undefined };
    };
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(answer(false));
    }, waitMs);
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(answer(true));
    });
  });
}

/** DESIGN §4: the headers every answer carries. */
function expectSecurityHeaders(answer: RawAnswer): void {
  expect(answer.headers.get('content-security-policy'), 'CSP').to.include("default-src 'none'");
  expect(answer.headers.get('content-security-policy')).to.include("frame-ancestors 'none'");
  expect(answer.headers.get('x-frame-options')).to.equal('DENY');
  expect(answer.headers.get('x-content-type-options')).to.equal('nosniff');
  expect(answer.headers.get('referrer-policy')).to.equal('no-referrer');
  expect(answer.headers.get('cache-control')).to.equal('no-store');
}

describe('sandbox bank: hostile requests (issue 24 item 6)', function () {
  this.timeout(30_000);
  const sandbox = new RunningSandbox();
  before(() => sandbox.start());
  after(() => sandbox.dispose());

  it('an address that cannot be decoded (/%ZZ): 400 with the error envelope and the security headers', async () => {
    const answer = await rawRequest(sandbox.origin, 'GET /%ZZ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 5_000);
    expect(answer.status).to.equal(400);
    expect(answer.headers.get('content-type')).to.match(/^application\/json/);
    expectSecurityHeaders(answer);
  });

  it("a request Node's parser refuses (a header without its colon): 400 with the security headers, and the connection closed", async () => {
    const answer = await rawRequest(sandbox.origin, 'GET / HTTP/1.1\r\nHost x\r\n\r\n', 5_000);
    expect(answer.status).to.equal(400);
    expectSecurityHeaders(answer);
    expect(answer.closedAfterMs, 'closed').to.be.a('number');
  });

  it('a POST that declares 1,000 bytes and sends 7 is answered 408 within seconds, with the security headers, and its connection closed', async () => {
    const answer = await rawRequest(
      sandbox.origin,
      'POST /csp-reports HTTP/1.1\r\nHost: x\r\nContent-Type: application/csp-report\r\nContent-Length: 1000\r\n\r\n{"a":1}',
      20_000,
    );
    expect(answer.status).to.equal(408);
    expectSecurityHeaders(answer);
    expect(answer.closedAfterMs, 'closed, not held').to.be.a('number').and.below(15_000);
  });
});
