import { expect } from 'chai';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { type GzipProxy, startGzipProxy } from '../../bench/gzip-proxy';

describe("bench: the gzip proxy in front of the sandbox (production's nginx gzips, deploy/nginx)", () => {
  let upstream: http.Server;
  let proxy: GzipProxy;
  const script = 'console.log("the same bytes");'.repeat(100);
  before(async () => {
    upstream = http.createServer((request, response) => {
      if (request.url === '/app.js') {
        response.writeHead(200, { 'content-type': 'application/javascript', 'set-cookie': 'a=1' });
        response.end(script);
      } else {
        response.writeHead(200, { 'content-type': 'image/png' });
        response.end(Buffer.from([1, 2, 3]));
      }
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    proxy = await startGzipProxy(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`);
  });
  after(async () => {
    await proxy.close();
    await new Promise((resolve) => upstream.close(resolve));
  });

  const get = (path: string, acceptEncoding: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> =>
    new Promise((resolve, reject) => {
      http
        .get(`${proxy.origin}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });

  it('gzips scripts for a browser that accepts gzip, keeping the other headers', async () => {
    const { headers, body } = await get('/app.js', 'gzip, deflate, br');
    expect(headers['content-encoding']).to.equal('gzip');
    expect(headers['set-cookie']).to.deep.equal(['a=1']);
    expect(body.length).to.be.lessThan(script.length / 5);
    expect(gunzipSync(body).toString()).to.equal(script);
  });

  it('passes images and clients without gzip through unchanged', async () => {
    expect((await get('/logo.png', 'gzip')).headers['content-encoding']).to.equal(undefined);
    const plain = await get('/app.js', 'identity');
    expect(plain.headers['content-encoding']).to.equal(undefined);
    expect(plain.body.toString()).to.equal(script);
  });
});
