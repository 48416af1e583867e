// The production nginx configuration (DESIGN §4): the build writes it beside the site it built
// (dist-nginx/), rendered from web-security-headers.ts with the CSP hashes of that build's entry
// page (issue 20), and Debian's nginx serving a real build answers every route with the
// app and the security headers, caches hashed assets forever, never caches HTML or config.json,
// answers a missing asset with a plain 404, and compresses (gzip always, brotli with Debian's
// brotli modules); a whole consent journey runs under the served CSP with the backend proxied.
// Issue 12: every answer carries Cross-Origin-Resource-Policy and the CSP reports to the address
// the deployer puts in place of the placeholder (report-uri, report-to, Reporting-Endpoints);
// source maps are a 404 unless source-maps.conf is installed; over TLS, Chromium's Reporting API
// report reaches the sandbox's collector, and the documented Strict-Transport-Security line works.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { expect } from 'chai';
import { copy } from '../../domain/copy';
import { FULL_CHROMIUM, launchChromium, SandboxHarness, sharedChromium, watchPage } from '../browser/browser-harness';
import { logIn, onStep, returnResult } from '../browser/consent-app-driver';
import { buildApp, nginxDirOf } from '../../esbuild.config.mjs';
import { renderNginxConfigFiles } from '../../adapters/nginx-config';
import { nginxQuoted } from '../../adapters/nginx-quoted';
import {
  IMMUTABLE_ASSET_CACHE_CONTROL,
  inlineSourcesOf,
  NO_STORE_CACHE_CONTROL,
  securityHeaders,
  type InlineSources,
} from '../../contract/web-security-headers';
import { cspHash } from '../support/csp-hash';

const NGINX = '/usr/sbin/nginx';
/** Debian's libnginx-mod-http-brotli-filter and libnginx-mod-http-brotli-static install these. */
const BROTLI_MODULES = ['/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so', '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'] as const;
/** An entry page's inline blocks, as the renderings below are given them. */
const INLINE: InlineSources = { scripts: [cspHash('document.documentElement.setAttribute("data-entry","login")')], styles: [cspHash('body{margin:0}')] };
const SECURITY_HEADERS = securityHeaders(INLINE);

/** docs/deployment.md: the CSP report address's placeholder in security-headers.conf, and where the server block includes that file. */
const REPORT_URI_PLACEHOLDER = '__CSP_REPORT_URI__';
const SECURITY_HEADERS_INCLUDE = 'consent-app/security-headers.conf';
/** docs/deployment.md: the optional include that serves the source maps. */
const SOURCE_MAPS_FILE = 'source-maps.conf';
/** The headers nginx is to send: DESIGN §4's, reporting to the placeholder with report-to (HTTPS at the edge). */
const NGINX_HEADERS = securityHeaders(INLINE, { uri: REPORT_URI_PLACEHOLDER, reportingApi: true });
const RENDERED = renderNginxConfigFiles(INLINE);
const HEADERS_CONF = RENDERED['security-headers.conf'] ?? '';
const SERVER_CONF = RENDERED['consent-app.conf'] ?? '';

/** docs/deployment.md: the deployer's `sed` of security-headers.conf. */
const fillSecurityHeaders = (template: string, cspReportUri: string): string => template.replaceAll(REPORT_URI_PLACEHOLDER, cspReportUri);

/** docs/deployment.md: the deployer's `sed` of consent-app.conf. */
const fillServer = (template: string, values: { readonly listen: string; readonly dist: string }): string =>
  template.replaceAll('__LISTEN__', values.listen).replaceAll('__DIST__', values.dist);

describe('nginx configuration: rendered from web-security-headers.ts (DESIGN §4)', () => {
  it("the build writes it beside the site, for that site's entry page: its CSP allows exactly the page's inline script and stylesheet (issue 20)", async function () {
    this.timeout(60_000);
    const dist = path.join(mkdtempSync(path.join(os.tmpdir(), 'consent-nginx-render-')), 'dist');
    try {
      await buildApp({ outDir: dist });
      const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
      const inline = inlineSourcesOf(html);
      expect(inline.scripts, 'one inline script').to.have.length(1);
      expect(inline.styles, 'one inline stylesheet').to.have.length(1);
      for (const [name, text] of Object.entries(renderNginxConfigFiles(inline))) {
        expect(readFileSync(path.join(nginxDirOf(dist), name), 'utf8'), name).to.equal(text);
      }
      expect(readdirSync(dist), 'nothing of the nginx configuration is in the web root').to.not.include('nginx');
    } finally {
      rmSync(path.dirname(dist), { recursive: true, force: true });
    }
  });

  it('writes every security header with its exact value and `always`', () => {
    const lines = HEADERS_CONF.split('\n').filter((line) => line.startsWith('add_header'));
    expect(lines).to.deep.equal(Object.entries(NGINX_HEADERS).map(([name, value]) => `add_header ${name} ${nginxQuoted(value)} always;`));
    expect(lines).to.include(`add_header Reporting-Endpoints 'csp-endpoint="${REPORT_URI_PLACEHOLDER}"' always;`);
    expect(lines).to.include('add_header Cross-Origin-Resource-Policy "same-origin" always;');
  });

  it("leaves the CSP report address a placeholder the deployer replaces (documented), in report-uri, report-to's endpoint and nowhere else", () => {
    const conf = HEADERS_CONF;
    expect(conf.split(REPORT_URI_PLACEHOLDER).length - 1, 'the comment and two headers').to.equal(3);
    expect(conf).to.match(/# Replace __CSP_REPORT_URI__ \(twice\) with the deployment's CSP report address/);
    const csp = NGINX_HEADERS['Content-Security-Policy'] ?? '';
    expect(csp).to.match(/; report-uri __CSP_REPORT_URI__; report-to csp-endpoint$/);
    const filled = fillSecurityHeaders(conf, 'https://csp.bank.example/reports');
    expect(filled).not.to.include('__CSP_REPORT_URI__');
    expect(filled).to.include('report-uri https://csp.bank.example/reports; report-to csp-endpoint" always;');
  });

  it('documents Strict-Transport-Security at the TLS edge, not in the plain-HTTP server', () => {
    expect(HEADERS_CONF)
      .to.match(/# Strict-Transport-Security is not here: it belongs where TLS ends/)
      .and.include('#   add_header Strict-Transport-Security "max-age=63072000; includeSubDomains" always;');
    expect(HEADERS_CONF.split('\n').filter((line) => line.startsWith('add_header Strict-Transport-Security'))).to.deep.equal([]);
    expect(SERVER_CONF).to.include('Strict-Transport-Security is sent where TLS ends');
  });

  it('repeats the security headers and one Cache-Control in every location (add_header is not inherited)', () => {
    const locations = [...SERVER_CONF.matchAll(/\n {4}location ([^{]+)\{([^}]*)\}/g)];
    expect(locations.map((match) => match[1]?.trim())).to.deep.equal([
      '/',
      '/assets/',
      '/config/',
      '~ ^/(customer-auth|\\.well-known)/',
      '~ /\\.',
      '~ \\.map$',
    ]);
    for (const [, where, body] of locations) {
      expect(body, where).to.include(`include ${SECURITY_HEADERS_INCLUDE};`);
      expect(body?.match(/add_header Cache-Control /g), where).to.have.length(1);
    }
  });

  const unwritable = ['a"b\'c', 'a$b', 'a\\b', 'a\nb'];
  for (const value of unwritable) {
    it(`refuses a header value nginx would misread: ${JSON.stringify(value)}`, () => {
      expect(() => nginxQuoted(value)).to.throw(/cannot be written for nginx/);
    });
  }

  it('quotes a value holding double quotes with single quotes', () => {
    expect(nginxQuoted('csp-endpoint="/r"')).to.equal('\'csp-endpoint="/r"\'');
    expect(nginxQuoted("default-src 'none'")).to.equal('"default-src \'none\'"');
  });

  it('fills the placeholders', () => {
    const filled = fillServer(SERVER_CONF, { listen: '127.0.0.1:8080', dist: '/srv/consent/dist' });
    expect(filled)
      .to.include('listen 127.0.0.1:8080;')
      .and.include('root "/srv/consent/dist";')
      .and.not.match(/__[A-Z]+__/);
  });
});

// DESIGN §4, written out from DESIGN.md itself (not from web-security-headers.ts, which is what is checked).
const DESIGN_4_EXACT_HEADERS = {
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
} as const;
const DESIGN_4_CACHE_CONTROL = 'no-store';
/** DESIGN §4's CSP directives and their exact sources. */
const DESIGN_4_CSP_DIRECTIVES = {
  'default-src': ["'none'"],
  // DESIGN §4's 'self', and issue 15's one inline script, allowed by its hash alone (no 'unsafe-inline').
  'script-src': ["'self'", ...INLINE.scripts],
  // DESIGN §4's 'self', and issue 20's first-screen stylesheet, allowed by its hash alone.
  'style-src': ["'self'", ...INLINE.styles],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
} as const;

/** A CSP as directive name to its sources (a repeated directive keeps its first, as browsers do). */
function cspDirectives(policy: string): ReadonlyMap<string, readonly string[]> {
  const directives = new Map<string, readonly string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

describe('DESIGN §4 header values: SECURITY_HEADERS against the literal values of DESIGN.md', () => {
  for (const [name, value] of Object.entries(DESIGN_4_EXACT_HEADERS)) {
    it(`${name}: ${value}`, () => {
      expect(SECURITY_HEADERS[name]).to.equal(value);
    });
  }

  it(`Cache-Control: ${DESIGN_4_CACHE_CONTROL} (HTML, configuration, errors)`, () => {
    expect(NO_STORE_CACHE_CONTROL).to.equal(DESIGN_4_CACHE_CONTROL);
  });

  it("sends exactly the headers DESIGN §4 names, plus issue 12's (Cache-Control is set per answer)", () => {
    expect(Object.keys(SECURITY_HEADERS)).to.have.members([
      'Content-Security-Policy',
      'X-Frame-Options',
      'X-Content-Type-Options',
      'Referrer-Policy',
      'Cross-Origin-Opener-Policy',
      'Permissions-Policy',
      'Cross-Origin-Resource-Policy',
    ]);
    expect(Object.keys(NGINX_HEADERS)).to.have.members([...Object.keys(SECURITY_HEADERS), 'Reporting-Endpoints']);
  });

  it("has DESIGN §4's CSP directives with exactly their sources, and no unsafe-inline/unsafe-eval anywhere", () => {
    const policy = SECURITY_HEADERS['Content-Security-Policy'] ?? '';
    const directives = cspDirectives(policy);
    for (const [name, sources] of Object.entries(DESIGN_4_CSP_DIRECTIVES)) expect(directives.get(name), name).to.deep.equal(sources);
    expect(policy).not.to.match(/unsafe-inline|unsafe-eval|unsafe-hashes|strict-dynamic/);
  });

  it('Permissions-Policy denies every feature it names (each one `=()`)', () => {
    const features = (SECURITY_HEADERS['Permissions-Policy'] ?? '').split(',').map((feature) => feature.trim());
    expect(features.length).to.be.greaterThan(0);
    for (const feature of features) expect(feature).to.match(/^[a-z-]+=\(\)$/);
    expect(features).to.include.members(['camera=()', 'microphone=()', 'geolocation=()', 'payment=()']);
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

/** One HTTPS GET to a test server with a self-signed certificate. */
function requestTls(port: number, target: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = https.get({ host: '127.0.0.1', port, path: target, agent: false, rejectUnauthorized: false }, (res) => {
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

/** The report address the tests put in place of the placeholder: a path each nginx may proxy to the sandbox. */
const TEST_REPORT_URI = '/csp-reports';
/** DESIGN §4 and issue 12: the headers nginx serves once the placeholder is filled (for the build under test, issue 20). */
let SERVED_HEADERS: Readonly<Record<string, string>> = {};

/** DESIGN §4: every security header with its exact value. */
function expectSecurityHeaders(answer: Answer, where: string): void {
  for (const [name, value] of Object.entries(SERVED_HEADERS)) expect(answer.headers[name.toLowerCase()], `${where} ${name}`).to.equal(value);
}

/** DESIGN §4: an HTML answer with every security header and a single no-store. */
function expectSecureHtml(answer: Answer, where: string): void {
  expect(answer.headers['content-type'], where).to.match(/^text\/html/);
  expectSecurityHeaders(answer, where);
  expect(answer.headers['cache-control'], `${where} cache-control`).to.equal(NO_STORE_CACHE_CONTROL);
  expect(answer.headers['expires'], `${where} expires`).to.equal(undefined);
}

/** A running nginx: its port and origin, and a stop. */
interface RunningNginx {
  readonly port: number;
  readonly origin: string;
  stop(): Promise<void>;
}

/**
 * Debian's nginx in the foreground on a free loopback port, with the server block and security
 * headers the build wrote for `dist` (nginxDirOf), serving `dist`. `optional` are files of the optional include (consent-app/optional/),
 * `modules` absolute paths of dynamic modules to load (`load_module`). Everything lives in `dir`.
 */
async function startNginx(setup: {
  readonly dir: string;
  readonly dist: string;
  readonly optional?: Readonly<Record<string, string | Buffer>>;
  readonly modules?: readonly string[];
  /** Listen with TLS (ssl_certificate and key files), as at a TLS edge. */
  readonly tls?: { readonly cert: string; readonly key: string };
  /** Lines added to the filled security-headers.conf (the documented HSTS line). */
  readonly extraHeaderLines?: readonly string[];
}): Promise<RunningNginx> {
  const { dir, dist } = setup;
  const conf = path.join(dir, 'conf');
  mkdirSync(path.join(conf, 'consent-app', 'optional'), { recursive: true });
  for (const [name, text] of Object.entries(setup.optional ?? {})) writeFileSync(path.join(conf, 'consent-app', 'optional', name), text);
  const deployDir = nginxDirOf(dist);
  const headers = fillSecurityHeaders(readFileSync(path.join(deployDir, 'security-headers.conf'), 'utf8'), TEST_REPORT_URI);
  writeFileSync(path.join(conf, SECURITY_HEADERS_INCLUDE), `${headers}${(setup.extraHeaderLines ?? []).join('\n')}\n`);
  const port = await freePort();
  const listen = `127.0.0.1:${port}${setup.tls === undefined ? '' : ' ssl'}`;
  const server = fillServer(readFileSync(path.join(deployDir, 'consent-app.conf'), 'utf8'), { listen, dist });
  if (setup.tls !== undefined) {
    writeFileSync(path.join(conf, 'consent-app', 'optional', 'tls.conf'), `ssl_certificate ${setup.tls.cert};\nssl_certificate_key ${setup.tls.key};\n`);
  }
  writeFileSync(path.join(conf, 'consent-app.conf'), server);
  const temp = (name: string): string => path.join(dir, name);
  const loadModules = (setup.modules ?? []).map((module) => `load_module ${module};\n`).join('');
  writeFileSync(
    path.join(conf, 'nginx.conf'),
    `${loadModules}daemon off;
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
`,
  );
  let output = '';
  const child = spawn(NGINX, ['-p', `${dir}/`, '-e', temp('error.log'), '-c', path.join(conf, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(3000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  };
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) {
      const log = existsSync(temp('error.log')) ? readFileSync(temp('error.log'), 'utf8') : '';
      throw new Error(`nginx exited with ${child.exitCode}: ${output}${log}`);
    }
    try {
      await (setup.tls === undefined ? request(port, '/') : requestTls(port, '/'));
      break;
    } catch (error) {
      if (attempt >= 100) {
        await stop();
        throw new Error(`nginx did not answer on port ${port}: ${String(error)} ${output}`);
      }
      await sleep(50);
    }
  }
  return { port, origin: `${setup.tls === undefined ? 'http' : 'https'}://127.0.0.1:${port}`, stop };
}

describe('nginx configuration: Debian nginx serving a real build (DESIGN §4)', function () {
  this.timeout(20000);
  let tmp = '';
  let dist = '';
  let port = 0;
  let nginx: RunningNginx | undefined;
  let indexHtml = '';
  let script = '';
  let stylesheet = '';

  before(async () => {
    if (!existsSync(NGINX)) {
      throw new Error(
        `nginx is not installed (${NGINX}): this test needs Debian's nginx. .ci/run installs it ` +
          '(apt-get install -y nginx-light); run .ci/run, or install nginx-light yourself.',
      );
    }
    tmp = mkdtempSync(path.join(os.tmpdir(), 'consent-nginx-'));
    dist = path.join(tmp, 'dist');
    await buildApp({ outDir: dist });
    indexHtml = readFileSync(path.join(dist, 'index.html'), 'utf8');
    SERVED_HEADERS = securityHeaders(inlineSourcesOf(indexHtml), { uri: TEST_REPORT_URI, reportingApi: true });
    const assets = readdirSync(path.join(dist, 'assets'));
    const found = assets.find((file) => /^main-[A-Z0-9]+\.js$/.test(file));
    if (!found) throw new Error('The build produced no assets/main-<hash>.js.');
    script = found;
    const foundCss = assets.find((file) => /^main-[A-Z0-9]+\.css$/.test(file));
    if (!foundCss) throw new Error('The build produced no assets/main-<hash>.css.');
    stylesheet = foundCss;
    // A precompressed file (gzip_static) and dotfiles that must never be served.
    writeFileSync(path.join(dist, 'assets', 'static-TEST1234.js'), 'export const precompressed = true;\n'.repeat(20));
    writeFileSync(path.join(dist, 'assets', 'static-TEST1234.js.gz'), gzipSync('export const fromGzFile = true;\n'.repeat(20)));
    writeFileSync(path.join(dist, '.env'), 'SECRET=1\n');
    writeFileSync(path.join(dist, 'assets', '.hidden.js'), 'secret\n');

    // nginx-light as installed, without the brotli modules (brotli.conf is optional); api.conf is
    // the documented way to route a backend path from this server (here a stand-in answer).
    nginx = await startNginx({
      dir: path.join(tmp, 'plain'),
      dist,
      optional: { 'api.conf': 'location ^~ /customer-auth/keep-alive { return 204; }\n' },
    });
    port = nginx.port;
  });

  after(async () => {
    await nginx?.stop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  const appRoutes = [
    '/',
    '/index.html',
    '/demo_accc_aisp',
    '/demo_accc_aisp/select-and-confirm',
    '/incorrect_jwt',
    '/consent_fetch_failure',
    '/authorize_failure?error=xyz',
    '/anything/deep',
    '/anything/deep/',
    '/assets',
    '/some.page',
  ];
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

  it('does not serve the source maps: a plain 404, not cached, with the security headers (issue 12)', async () => {
    expect(existsSync(path.join(dist, 'assets', `${script}.map`)), 'the build has the map').to.equal(true);
    for (const target of [`/assets/${script}.map`, `/assets/${stylesheet}.map`, '/assets/none.js.map', '/main.js.map', '/anything/deep.map']) {
      const answer = await request(port, target);
      expect(answer.status, target).to.equal(404);
      expect(answer.body.toString('utf8'), target).not.to.include('mappings').and.not.include('id="root"');
      expectSecureHtml(answer, target);
    }
  });

  it(`serves the source maps with ${SOURCE_MAPS_FILE} in the optional include, cached like their scripts`, async () => {
    const withMaps = await startNginx({
      dir: path.join(tmp, 'maps'),
      dist,
      optional: { [SOURCE_MAPS_FILE]: readFileSync(path.join(nginxDirOf(dist), SOURCE_MAPS_FILE)) },
    });
    try {
      const answer = await request(withMaps.port, `/assets/${script}.map`);
      expect(answer.status).to.equal(200);
      expect(answer.headers['cache-control']).to.equal(IMMUTABLE_ASSET_CACHE_CONTROL);
      expect(JSON.parse(answer.body.toString('utf8'))).to.have.property('mappings');
      expectSecurityHeaders(answer, 'source map');
      const missing = await request(withMaps.port, '/assets/none.js.map');
      expect([missing.status, missing.headers['cache-control']]).to.deep.equal([404, NO_STORE_CACHE_CONTROL]);
      expect((await request(withMaps.port, '/main.js.map')).status, 'only under /assets/').to.equal(404);
      expect((await request(withMaps.port, `/assets/${script}`)).status).to.equal(200);
    } finally {
      await withMaps.stop();
    }
  });

  it('sends Cross-Origin-Resource-Policy and the reporting CSP on every kind of answer (issue 12)', async () => {
    for (const target of ['/', `/assets/${script}`, '/assets/none.js', '/config/config.json', '/.env', '/customer-auth/keep-alive', '/customer-auth/data']) {
      const answer = await request(port, target);
      expect(answer.headers['cross-origin-resource-policy'], target).to.equal('same-origin');
      expect(answer.headers['content-security-policy'], target).to.match(/; report-uri \/csp-reports; report-to csp-endpoint$/);
      expect(answer.headers['reporting-endpoints'], target).to.equal('csp-endpoint="/csp-reports"');
    }
  });

  const misses = [
    '/assets/x.js',
    '/assets/main-AAAAAAAA.css',
    '/config/other.json',
    '/.env',
    '/assets/.hidden.js',
    '/.git/config',
    '/customer-auth/accounts?withBalance=false',
    '/.well-known/jwks.json',
  ];
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
    const context = await (await sharedChromium()).newContext();
    try {
      const { page, cspViolations, errors } = await watchPage(context);
      await page.goto(`http://127.0.0.1:${port}/incorrect_jwt`);
      await page.getByRole('alertdialog', { name: copy.failure.title }).waitFor();
      expect(await page.getByText(copy.failure.defaultMessage).count()).to.equal(1);
      expect(cspViolations, 'CSP violations').to.deep.equal([]);
      expect(errors, 'page errors').to.deep.equal([]);
    } finally {
      await context.close();
    }
  });

  it("answers an app route with DESIGN §4's literal header values (not only the code's constant)", async () => {
    const answer = await request(port, '/demo_accc_aisp');
    for (const [name, value] of Object.entries(DESIGN_4_EXACT_HEADERS)) expect(answer.headers[name.toLowerCase()], name).to.equal(value);
    expect(answer.headers['cache-control']).to.equal(DESIGN_4_CACHE_CONTROL);
    const directives = cspDirectives(String(answer.headers['content-security-policy']));
    const built = inlineSourcesOf(indexHtml);
    const expected = { ...DESIGN_4_CSP_DIRECTIVES, 'script-src': ["'self'", ...built.scripts], 'style-src': ["'self'", ...built.styles] };
    for (const [name, sources] of Object.entries(expected)) expect(directives.get(name), name).to.deep.equal(sources);
  });

  describe("with Debian's brotli modules and deploy/nginx/brotli.conf", () => {
    let brotli: RunningNginx | undefined;
    let brotliPort = 0;
    const precompressed = 'export const fromBrFile = true;\n'.repeat(20);

    before(async () => {
      const missing = BROTLI_MODULES.filter((module) => !existsSync(module));
      if (missing.length > 0) {
        throw new Error(
          `The brotli nginx modules are not installed (missing ${missing.join(', ')}): this test needs Debian's ` +
            'libnginx-mod-http-brotli-filter and libnginx-mod-http-brotli-static. .ci/run installs them ' +
            '(apt-get install -y libnginx-mod-http-brotli-filter libnginx-mod-http-brotli-static); run .ci/run, or install them yourself.',
        );
      }
      // A precompressed .br next to its file (brotli_static), as for gzip_static.
      writeFileSync(path.join(dist, 'assets', 'static-BROTLI12.js'), 'export const precompressed = true;\n'.repeat(20));
      writeFileSync(path.join(dist, 'assets', 'static-BROTLI12.js.br'), brotliCompressSync(precompressed));
      brotli = await startNginx({
        dir: path.join(tmp, 'brotli'),
        dist,
        modules: BROTLI_MODULES,
        optional: { 'brotli.conf': readFileSync(path.join(nginxDirOf(dist), 'brotli.conf')) },
      });
      brotliPort = brotli.port;
    });

    after(async () => {
      await brotli?.stop();
    });

    // brotli_types adds to text/html, which ngx_brotli always compresses; so HTML is brotli too.
    const brotliTargets = [
      {
        what: 'the script',
        target: () => `/assets/${script}`,
        file: () => path.join(dist, 'assets', script),
        type: /^application\/javascript/,
        cache: IMMUTABLE_ASSET_CACHE_CONTROL,
      },
      {
        what: 'the stylesheet',
        target: () => `/assets/${stylesheet}`,
        file: () => path.join(dist, 'assets', stylesheet),
        type: /^text\/css/,
        cache: IMMUTABLE_ASSET_CACHE_CONTROL,
      },
      {
        what: 'index.html on an app route',
        target: () => '/demo_accc_aisp',
        file: () => path.join(dist, 'index.html'),
        type: /^text\/html/,
        cache: NO_STORE_CACHE_CONTROL,
      },
      { what: 'index.html at /', target: () => '/', file: () => path.join(dist, 'index.html'), type: /^text\/html/, cache: NO_STORE_CACHE_CONTROL },
    ];
    for (const { what, target, file, type, cache } of brotliTargets) {
      it(`compresses ${what} with brotli for Accept-Encoding: br, byte for byte, with the same headers`, async () => {
        const original = readFileSync(file());
        const br = await request(brotliPort, target(), { 'Accept-Encoding': 'br' });
        expect(br.status).to.equal(200);
        expect(br.headers['content-encoding']).to.equal('br');
        expect(br.headers.vary).to.match(/Accept-Encoding/);
        expect(br.body.length).to.be.lessThan(original.length);
        expect(brotliDecompressSync(br.body).equals(original)).to.equal(true);
        expect(br.headers['content-type']).to.match(type);
        expect(br.headers['cache-control']).to.equal(cache);
        expectSecurityHeaders(br, `br ${target()}`);
        const plain = await request(brotliPort, target());
        expect(plain.headers['content-encoding']).to.equal(undefined);
        expect(plain.body.equals(original)).to.equal(true);
        for (const name of [...Object.keys(SERVED_HEADERS).map((header) => header.toLowerCase()), 'cache-control', 'content-type']) {
          expect(br.headers[name], `${name} as without brotli`).to.equal(plain.headers[name]);
        }
      });
    }

    it('prefers brotli when the browser accepts both, and still gzips for a gzip-only client', async () => {
      const original = readFileSync(path.join(dist, 'assets', script));
      const both = await request(brotliPort, `/assets/${script}`, { 'Accept-Encoding': 'gzip, deflate, br' });
      expect(both.headers['content-encoding']).to.equal('br');
      expect(brotliDecompressSync(both.body).equals(original)).to.equal(true);
      const gzipped = await request(brotliPort, `/assets/${script}`, { 'Accept-Encoding': 'gzip' });
      expect(gzipped.headers['content-encoding']).to.equal('gzip');
      expect(gunzipSync(gzipped.body).equals(original)).to.equal(true);
      expect(gzipped.headers['cache-control']).to.equal(IMMUTABLE_ASSET_CACHE_CONTROL);
    });

    it('serves a precompressed .br file as it is (brotli_static)', async () => {
      const answer = await request(brotliPort, '/assets/static-BROTLI12.js', { 'Accept-Encoding': 'br' });
      expect(answer.headers['content-encoding']).to.equal('br');
      expect(brotliDecompressSync(answer.body).toString('utf8')).to.equal(precompressed);
      expect(answer.headers['content-length']).to.equal(String(answer.body.length));
      expect(answer.headers['cache-control']).to.equal(IMMUTABLE_ASSET_CACHE_CONTROL);
      expectSecurityHeaders(answer, 'static .br');
    });
  });

  describe('a whole consent journey in Chromium under the served CSP, the backend proxied to the sandbox bank', () => {
    let harness: SandboxHarness | undefined;
    let proxied: RunningNginx | undefined;

    before(async () => {
      harness = await new SandboxHarness().start({ distDir: dist });
      // The committed server block, plus what its comment and the README tell a deployer to add
      // to the optional include to route the backend's paths: `location ^~ … { proxy_pass …; }`.
      const backend = `location ^~ /customer-auth/ { proxy_pass ${harness.origin}; }\n` + `location ^~ /.well-known/ { proxy_pass ${harness.origin}; }\n`;
      proxied = await startNginx({ dir: path.join(tmp, 'proxied'), dist, optional: { 'backend.conf': backend } });
    });

    after(async () => {
      await proxied?.stop();
      await harness?.stop();
    });

    it("jane.citizen: entry on nginx's origin, login, accounts, confirmation, Confirm, the return; no CSP violation", async function () {
      this.timeout(60_000);
      if (!harness || !proxied) throw new Error('before() did not start the sandbox and nginx');
      const nginxOrigin = proxied.origin;
      const context = await (await sharedChromium()).newContext();
      try {
        // CSP violations: the console's reports and the securitypolicyviolation events of every page.
        const { page, cspViolations, errors } = await watchPage(context);
        const consoleErrors: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error') consoleErrors.push(`${page.url()}: ${message.text()}`);
        });
        const answers: { url: string; status: number; csp: string | undefined }[] = [];
        page.on('response', (response) => {
          answers.push({ url: response.url(), status: response.status(), csp: response.headers()['content-security-policy'] });
        });

        // The sandbox signs the entry (its redirectJwt names the sandbox as issuer, which is what
        // its customer-auth API checks); the browser opens the same path and query on nginx.
        const signed = new URL(await harness.entryUrl());
        // A step that never appears (a blocked chunk or stylesheet stalls the app) names what CSP blocked.
        try {
          await page.goto(`${nginxOrigin}${signed.pathname}${signed.search}`);
          await page.getByRole('heading', { name: copy.login.heading }).waitFor();
          expect(new URL(page.url()).origin).to.equal(nginxOrigin);
          await logIn(page, 'jane.citizen');
          await onStep(page, copy.steps.selectAccounts);
          await page.getByRole('checkbox', { name: /^Bills / }).check();
          await page.getByRole('button', { name: copy.buttons.continue, exact: true }).click();
          await onStep(page, copy.steps.confirmation);
          expect(new URL(page.url()).origin, 'still on nginx at the confirmation').to.equal(nginxOrigin);
          await page.getByRole('button', { name: copy.buttons.confirm, exact: true }).click();
          await page.getByRole('dialog', { name: 'Data sharing confirmed' }).waitFor();
          const result = await returnResult(page);
          expect(result.heading).to.equal('Authorised');
          expect(result.failedChecks).to.deep.equal([]);
        } catch (error) {
          throw new Error(`${String(error)}\nCSP violations so far: ${JSON.stringify(cspViolations)}`);
        }

        expect(cspViolations, 'CSP violations').to.deep.equal([]);
        expect(errors, 'page errors').to.deep.equal([]);
        expect(consoleErrors, 'console errors').to.deep.equal([]);

        // Everything of the app came from nginx, under its CSP: the document, the later steps'
        // lazily loaded chunks and steps.css, the JWKS and every customer-auth call.
        const fromNginx = answers.filter((answer) => answer.url.startsWith(`${nginxOrigin}/`));
        const paths = fromNginx.map((answer) => new URL(answer.url).pathname);
        const laterSteps = /<meta name="later-steps-stylesheet" content="([^"]+)">/.exec(indexHtml)?.[1];
        expect(laterSteps).to.match(/^\/assets\/steps-\w+\.css$/);
        expect(paths).to.include(laterSteps);
        const initialChunks = [...indexHtml.matchAll(/href="(\/assets\/chunk-\w+\.js)"/g)].map((match) => match[1]);
        const lazyChunks = paths.filter((p) => /^\/assets\/chunk-\w+\.js$/.test(p) && !initialChunks.includes(p));
        expect(lazyChunks, 'chunks loaded after the first paint').to.have.length.greaterThan(0);
        expect(paths).to.include('/.well-known/jwks.json');
        expect(paths.filter((p) => p.startsWith('/customer-auth/')).length, 'customer-auth calls through nginx').to.be.greaterThan(3);
        expect(
          fromNginx.filter((answer) => answer.status >= 400),
          'failed answers from nginx',
        ).to.deep.equal([]);
        const documentAnswer = fromNginx.find((answer) => new URL(answer.url).pathname === signed.pathname);
        expect(documentAnswer?.csp, 'the page was under the served CSP').to.equal(SERVED_HEADERS['Content-Security-Policy']);
      } finally {
        await context.close();
      }
    });
  });
  describe("over TLS, as at the edge: Chromium's Reporting API report reaches the sandbox, and the documented HSTS line works", () => {
    const OPENSSL = '/usr/bin/openssl';
    let harness: SandboxHarness | undefined;
    let edge: RunningNginx | undefined;
    const reports: string[] = [];
    const hsts = HEADERS_CONF.split('\n')
      .find((line) => line.startsWith('#   add_header Strict-Transport-Security'))
      ?.replace(/^#\s+/, '');

    before(async () => {
      if (!existsSync(OPENSSL))
        throw new Error(`${OPENSSL} is missing: this test makes a self-signed certificate with Debian's openssl (apt-get install openssl).`);
      const tls = { cert: path.join(tmp, 'edge.crt'), key: path.join(tmp, 'edge.key') };
      execFileSync(
        OPENSSL,
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=127.0.0.1',
          '-addext',
          'subjectAltName=IP:127.0.0.1',
          '-keyout',
          tls.key,
          '-out',
          tls.cert,
        ],
        { stdio: 'ignore' },
      );
      harness = await new SandboxHarness().start({ distDir: dist, log: (line) => reports.push(line) });
      writeFileSync(
        path.join(dist, 'violation.html'),
        '<!doctype html><html lang="en"><head><title>v</title></head><body><img src="https://blocked.example/pixel.gif" alt=""></body></html>',
      );
      if (hsts === undefined) throw new Error('security-headers.conf documents no Strict-Transport-Security line');
      edge = await startNginx({
        dir: path.join(tmp, 'edge'),
        dist,
        tls,
        extraHeaderLines: [hsts],
        optional: { 'reports.conf': `location ^~ ${TEST_REPORT_URI} { proxy_pass ${harness.origin}; }\n` },
      });
    });

    after(async () => {
      await edge?.stop();
      await harness?.stop();
    });

    it('sends the documented Strict-Transport-Security line and every security header over TLS', async () => {
      if (!edge) throw new Error('before() did not start nginx');
      const answer = await requestTls(edge.port, '/demo_accc_aisp');
      expect(answer.status).to.equal(200);
      expect(answer.headers['strict-transport-security']).to.equal('max-age=63072000; includeSubDomains');
      expectSecureHtml(answer, 'https /demo_accc_aisp');
    });

    it('a CSP violation on an HTTPS page is reported with the Reporting API (application/reports+json) to the report address', async function () {
      this.timeout(30_000);
      if (!edge) throw new Error('before() did not start nginx');
      // The Reporting API's delivery is the desktop browser's (the headless shell sends no report).
      const browser = await launchChromium(['--ignore-certificate-errors', '--short-reporting-delay'], FULL_CHROMIUM);
      try {
        const page = await (await browser.newContext({ ignoreHTTPSErrors: true })).newPage();
        await page.goto(`${edge.origin}/violation.html`);
        const deadline = Date.now() + 20_000;
        while (!reports.some((line) => line.includes('blocked https://blocked.example/pixel.gif')) && Date.now() < deadline) await sleep(100);
        expect(reports.join('\n')).to.include(
          `CSP violation via report-to (enforce): img-src blocked https://blocked.example/pixel.gif on ${edge.origin}/violation.html`,
        );
      } finally {
        await browser.close();
      }
    });
  });
});
