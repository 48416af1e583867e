// The production nginx configuration (DESIGN §4): the committed files are the rendering of
// web-security-headers.ts, and Debian's nginx serving a real build answers every route with the
// app and the security headers, caches hashed assets forever, never caches HTML or config.json,
// answers a missing asset with a plain 404, and compresses.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { expect } from 'chai';
import { copy } from '../../domain/copy';
import { launchChromium, watchPage } from '../browser/browser-harness';
import { buildApp } from '../../esbuild.config.mjs';
import {
  fillNginxServer,
  nginxQuoted,
  NGINX_SECURITY_HEADERS_INCLUDE,
  renderNginxConfigFiles,
  renderNginxSecurityHeaders,
  renderNginxServer,
} from '../../adapters/nginx-config';
import { IMMUTABLE_ASSET_CACHE_CONTROL, NO_STORE_CACHE_CONTROL, SECURITY_HEADERS } from '../../adapters/web-security-headers';

const NGINX = '/usr/sbin/nginx';
const DEPLOY_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../deploy/nginx');

describe('nginx configuration: rendered from web-security-headers.ts (DESIGN §4)', () => {
  for (const [name, text] of Object.entries(renderNginxConfigFiles())) {
    it(`deploy/nginx/${name} is the committed rendering (run \`npx tsx adapters/nginx-config-writer.ts\`)`, () => {
      expect(readFileSync(path.join(DEPLOY_DIR, name), 'utf8')).to.equal(text);
    });
  }

  it('writes every security header with its exact value and `always`', () => {
    const lines = renderNginxSecurityHeaders().split('\n').filter((line) => line.startsWith('add_header'));
    expect(lines).to.deep.equal(Object.entries(SECURITY_HEADERS).map(([name, value]) => `add_header ${name} "${value}" always;`));
  });

  it('repeats the security headers and one Cache-Control in every location (add_header is not inherited)', () => {
    const locations = [...renderNginxServer().matchAll(/\n {4}location ([^{]+)\{([^}]*)\}/g)];
    expect(locations.map((match) => match[1]?.trim())).to.deep.equal(['/', '/assets/', '/config/', '~ ^/(customer-auth|\\.well-known)/', '~ /\\.']);
    for (const [, where, body] of locations) {
      expect(body, where).to.include(`include ${NGINX_SECURITY_HEADERS_INCLUDE};`);
      expect(body?.match(/add_header Cache-Control /g), where).to.have.length(1);
    }
  });

  const unwritable = ['a"b', 'a$b', 'a\\b', 'a\nb'];
  for (const value of unwritable) {
    it(`refuses a header value nginx would misread: ${JSON.stringify(value)}`, () => {
      expect(() => nginxQuoted(value)).to.throw(/cannot be written for nginx/);
    });
  }

  it('fills the placeholders', () => {
    const filled = fillNginxServer(renderNginxServer(), { listen: '127.0.0.1:8080', dist: '/srv/consent/dist' });
    expect(filled).to.include('listen 127.0.0.1:8080;').and.include('root "/srv/consent/dist";').and.not.match(/__[A-Z]+__/);
  });
});

interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/** One raw HTTP/1.1 request (no automatic decompression, so Content-Encoding is observable). */
function request(port: number, target: string, headers: Readonly<Record<string, string>> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: target, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(5000, () => req.destroy(new Error(`GET ${target} timed out`)));
  });
}

/** A loopback port nobody listens on (listen on port 0, read it, close). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** DESIGN §4: every security header with its exact value. */
function expectSecurityHeaders(answer: Answer, where: string): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(answer.headers[name.toLowerCase()], `${where} ${name}`).to.equal(value);
}

/** DESIGN §4: an HTML answer with every security header and a single no-store. */
function expectSecureHtml(answer: Answer, where: string): void {
  expect(answer.headers['content-type'], where).to.match(/^text\/html/);
  expectSecurityHeaders(answer, where);
  expect(answer.headers['cache-control'], `${where} cache-control`).to.equal(NO_STORE_CACHE_CONTROL);
  expect(answer.headers['expires'], `${where} expires`).to.equal(undefined);
}

describe('nginx configuration: Debian nginx serving a real build (DESIGN §4)', function () {
  this.timeout(20000);
  let tmp = '';
  let dist = '';
  let port = 0;
  let nginx: ChildProcess | undefined;
  let nginxOutput = '';
  let indexHtml = '';
  let script = '';

  before(async () => {
    if (!existsSync(NGINX)) {
      throw new Error(`nginx is not installed (${NGINX}): this test needs Debian's nginx. .ci/run installs it `
        + '(apt-get install -y nginx-light); run .ci/run, or install nginx-light yourself.');
    }
    tmp = mkdtempSync(path.join(os.tmpdir(), 'consent-nginx-'));
    dist = path.join(tmp, 'dist');
    await buildApp({ outDir: dist });
    indexHtml = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const found = readdirSync(path.join(dist, 'assets')).find((file) => /^main-[A-Z0-9]+\.js$/.test(file));
    if (!found) throw new Error('The build produced no assets/main-<hash>.js.');
    script = found;
    // A precompressed file (gzip_static) and dotfiles that must never be served.
    writeFileSync(path.join(dist, 'assets', 'static-TEST1234.js'), 'export const precompressed = true;\n'.repeat(20));
    writeFileSync(path.join(dist, 'assets', 'static-TEST1234.js.gz'), gzipSync('export const fromGzFile = true;\n'.repeat(20)));
    writeFileSync(path.join(dist, '.env'), 'SECRET=1\n');
    writeFileSync(path.join(dist, 'assets', '.hidden.js'), 'secret\n');

    const conf = path.join(tmp, 'conf');
    mkdirSync(path.join(conf, 'consent-app', 'optional'), { recursive: true });
    // The documented way to route a backend path from this server (here a stand-in answer).
    writeFileSync(path.join(conf, 'consent-app', 'optional', 'api.conf'), 'location ^~ /customer-auth/keep-alive { return 204; }\n');
    writeFileSync(path.join(conf, NGINX_SECURITY_HEADERS_INCLUDE), readFileSync(path.join(DEPLOY_DIR, 'security-headers.conf')));
    port = await freePort();
    const server = fillNginxServer(readFileSync(path.join(DEPLOY_DIR, 'consent-app.conf'), 'utf8'), { listen: `127.0.0.1:${port}`, dist });
    writeFileSync(path.join(conf, 'consent-app.conf'), server);
    const temp = (name: string): string => path.join(tmp, name);
    writeFileSync(path.join(conf, 'nginx.conf'), `daemon off;
master_process off;
worker_processes 1;
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events { worker_connections 64; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    client_body_temp_path ${temp('client_body')};
    proxy_temp_path ${temp('proxy')};
    fastcgi_temp_path ${temp('fastcgi')};
    uwsgi_temp_path ${temp('uwsgi')};
    scgi_temp_path ${temp('scgi')};
    include consent-app.conf;
}
`);
    const child = spawn(NGINX, ['-p', `${tmp}/`, '-e', temp('error.log'), '-c', path.join(conf, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
    nginx = child;
    child.stdout.on('data', (chunk: Buffer) => { nginxOutput += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { nginxOutput += chunk.toString(); });
    for (let attempt = 0; ; attempt += 1) {
      if (child.exitCode !== null) {
        const log = existsSync(temp('error.log')) ? readFileSync(temp('error.log'), 'utf8') : '';
        throw new Error(`nginx exited with ${child.exitCode}: ${nginxOutput}${log}`);
      }
      try {
        await request(port, '/');
        break;
      } catch (error) {
        if (attempt >= 100) throw new Error(`nginx did not answer on port ${port}: ${String(error)} ${nginxOutput}`);
        await sleep(50);
      }
    }
  });

  after(async () => {
    const child = nginx;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(3000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  const appRoutes = ['/', '/index.html', '/demo_accc_aisp', '/demo_accc_aisp/select-and-confirm', '/incorrect_jwt',
    '/consent_fetch_failure', '/authorize_failure?error=xyz', '/anything/deep', '/anything/deep/', '/assets', '/some.page'];
  for (const route of appRoutes) {
    it(`answers ${route} with the app (200) and every security header, never cached`, async () => {
      const answer = await request(port, route);
      expect(answer.status, route).to.equal(200);
      expect(answer.body.toString('utf8')).to.equal(indexHtml);
      expectSecureHtml(answer, route);
    });
  }

  it('answers HEAD on an app route with the headers', async () => {
    const answer = await new Promise<Answer>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path: '/incorrect_jwt', method: 'HEAD', agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.alloc(0) }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).to.equal(200);
    expectSecureHtml(answer, 'HEAD /incorrect_jwt');
  });

  it('serves a hashed asset as JavaScript, cached for a year, with the security headers', async () => {
    const answer = await request(port, `/assets/${script}`);
    expect(answer.status).to.equal(200);
    expect(answer.headers['content-type']).to.match(/^application\/javascript/);
    expect(answer.headers['cache-control']).to.equal(IMMUTABLE_ASSET_CACHE_CONTROL);
    expect(answer.body.equals(readFileSync(path.join(dist, 'assets', script)))).to.equal(true);
    expectSecurityHeaders(answer, script);
  });

  it('keeps the asset immutable on a 304 revalidation', async () => {
    const first = await request(port, `/assets/${script}`);
    const etag = first.headers.etag;
    expect(etag).to.be.a('string');
    const answer = await request(port, `/assets/${script}`, { 'If-None-Match': etag ?? '' });
    expect(answer.status).to.equal(304);
    expect(answer.headers['cache-control']).to.equal(IMMUTABLE_ASSET_CACHE_CONTROL);
  });

  it('serves the source map next to the script', async () => {
    const answer = await request(port, `/assets/${script}.map`);
    expect(answer.status).to.equal(200);
    expect(answer.headers['cache-control']).to.equal(IMMUTABLE_ASSET_CACHE_CONTROL);
    expect(JSON.parse(answer.body.toString('utf8'))).to.have.property('mappings');
  });

  const misses = ['/assets/x.js', '/assets/main-AAAAAAAA.css', '/config/other.json', '/.env', '/assets/.hidden.js', '/.git/config',
    '/customer-auth/accounts?withBalance=false', '/.well-known/jwks.json'];
  for (const target of misses) {
    it(`answers ${target} with a plain 404: not the app, not cached, with the security headers`, async () => {
      const answer = await request(port, target);
      expect(answer.status).to.equal(404);
      expect(answer.body.toString('utf8')).not.to.include('id="root"').and.not.include('SECRET').and.not.include('secret');
      expectSecureHtml(answer, target);
    });
  }

  it('lets a `location ^~` in the optional include take a backend path, with the server-level headers', async () => {
    const answer = await request(port, '/customer-auth/keep-alive');
    expect(answer.status).to.equal(204);
    expectSecurityHeaders(answer, 'keep-alive');
    expect(answer.headers['cache-control']).to.equal(NO_STORE_CACHE_CONTROL);
  });

  it('never lists the assets directory', async () => {
    const answer = await request(port, '/assets/');
    expect(answer.status).to.be.oneOf([403, 404]);
    expect(answer.body.toString('utf8')).not.to.include(script);
    expectSecureHtml(answer, '/assets/');
  });

  it('serves config.json as JSON, never cached', async () => {
    const answer = await request(port, '/config/config.json');
    expect(answer.status).to.equal(200);
    expect(answer.headers['content-type']).to.match(/^application\/json/);
    expect(answer.headers['cache-control']).to.equal(NO_STORE_CACHE_CONTROL);
    expect(JSON.parse(answer.body.toString('utf8'))).to.deep.equal(JSON.parse(readFileSync(path.join(dist, 'config/config.json'), 'utf8')));
    expectSecurityHeaders(answer, 'config.json');
  });

  it('compresses a script with gzip when the browser accepts it, and only then', async () => {
    const original = readFileSync(path.join(dist, 'assets', script));
    const gzipped = await request(port, `/assets/${script}`, { 'Accept-Encoding': 'gzip' });
    expect(gzipped.status).to.equal(200);
    expect(gzipped.headers['content-encoding']).to.equal('gzip');
    expect(gzipped.headers.vary).to.match(/Accept-Encoding/);
    expect(gzipped.headers['cache-control']).to.equal(IMMUTABLE_ASSET_CACHE_CONTROL);
    expect(gzipped.body.length).to.be.lessThan(original.length);
    expect(gunzipSync(gzipped.body).equals(original)).to.equal(true);
    const plain = await request(port, `/assets/${script}`);
    expect(plain.headers['content-encoding']).to.equal(undefined);
  });

  it('compresses the HTML and config.json too, even through a proxy (CDN)', async () => {
    const html = await request(port, '/demo_accc_aisp', { 'Accept-Encoding': 'gzip', Via: '1.1 cdn' });
    expect(html.headers['content-encoding']).to.equal('gzip');
    expect(gunzipSync(html.body).toString('utf8')).to.equal(indexHtml);
    expectSecureHtml(html, 'gzipped /demo_accc_aisp');
    const config = await request(port, '/config/config.json', { 'Accept-Encoding': 'gzip', Via: '1.1 cdn' });
    expect(config.headers['content-encoding']).to.equal('gzip');
  });

  it('serves a precompressed .gz file as it is (gzip_static)', async () => {
    const answer = await request(port, '/assets/static-TEST1234.js', { 'Accept-Encoding': 'gzip' });
    expect(answer.headers['content-encoding']).to.equal('gzip');
    expect(gunzipSync(answer.body).toString('utf8')).to.equal('export const fromGzFile = true;\n'.repeat(20));
    expect(answer.headers['content-length']).to.equal(String(answer.body.length));
  });

  it('boots the app in Chromium under the served CSP with no violation (no token: the failure page)', async function () {
    this.timeout(30_000);
    const browser = await launchChromium();
    try {
      const context = await browser.newContext();
      const { page, cspViolations, errors } = await watchPage(context);
      await page.goto(`http://127.0.0.1:${port}/incorrect_jwt`);
      await page.getByRole('alertdialog', { name: copy.failure.title }).waitFor();
      expect(await page.getByText(copy.failure.defaultMessage).count()).to.equal(1);
      expect(cspViolations, 'CSP violations').to.deep.equal([]);
      expect(errors, 'page errors').to.deep.equal([]);
    } finally {
      await browser.close();
    }
  });
});
