// The sandbox bank serves files uncompressed; production's nginx gzips them (deploy/nginx,
// gzip_comp_level 6). Under the mobile profile's 1.6 Mbps the difference is seconds, so the bench
// puts this proxy in front of each sandbox: the same bytes a customer's phone would receive.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGzip } from 'node:zlib';

const COMPRESSIBLE = /^(text\/|application\/(javascript|json)|image\/svg\+xml)/;

export interface GzipProxy {
  readonly origin: string;
  close(): Promise<void>;
}

export async function startGzipProxy(upstream: string): Promise<GzipProxy> {
  const target = new URL(upstream);
  const server = http.createServer((request, response) => {
    const forwarded = http.request(
      {
        hostname: target.hostname,
        port: target.port,
        path: request.url,
        method: request.method,
        headers: { ...request.headers, host: target.host, 'accept-encoding': 'identity' },
      },
      (answer) => {
        const type = String(answer.headers['content-type'] ?? '');
        const gzip =
          COMPRESSIBLE.test(type) && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')) && answer.headers['content-encoding'] === undefined;
        const headers = { ...answer.headers };
        if (gzip) {
          delete headers['content-length'];
          headers['content-encoding'] = 'gzip';
          headers['vary'] = 'Accept-Encoding';
        }
        response.writeHead(answer.statusCode ?? 502, headers);
        if (gzip) answer.pipe(createGzip({ level: 6 })).pipe(response);
        else answer.pipe(response);
      },
    );
    forwarded.on('error', (error) => {
      response.writeHead(502, { 'content-type': 'text/plain' });
      response.end(`bench proxy: ${error.message}`);
    });
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
