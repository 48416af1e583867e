// The sandbox serves the built app with DESIGN §4's headers on every HTML route (the SPA
// fallback included), immutable hashed assets, config.json (CONTRACT §2) and the JWKS.
import { parseRuntimeConfig } from '../../application/runtime-config';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { decodeProtectedHeader } from 'jose';
import { CSP_REPORT_PATH, SANDBOX_CSP_REPORTING } from '../../sandbox/csp-reports.routes';
import { IMMUTABLE_ASSET_CACHE_CONTROL, inlineSourcesOf, NO_INLINE, securityHeaders } from '../../contract/web-security-headers';
import { cspHash } from '../support/csp-hash';
import { RunningSandbox, TEST_ASSET, TEST_INDEX_HTML, type Answer } from './sandbox-test-kit';

/** The served page's inline blocks (issues 15 and 20), which its CSP allows by their hashes. */
const INLINE = inlineSourcesOf(TEST_INDEX_HTML);
const CONTENT_SECURITY_POLICY = securityHeaders(INLINE)['Content-Security-Policy'];
const SECURITY_HEADERS = securityHeaders(INLINE);
/** The sandbox's headers: DESIGN §4's, the CSP reporting to its own collector (issue 12). */
const SANDBOX_HEADERS = securityHeaders(INLINE, SANDBOX_CSP_REPORTING);
const SANDBOX_CSP = SANDBOX_HEADERS['Content-Security-Policy'];

/** DESIGN §4: every security header (for the served page's inline blocks; none when no app is built). */
function expectSecurityHeaders(answer: Answer, where: string, headers = SANDBOX_HEADERS): void {
  for (const [name, value] of Object.entries(headers)) expect(answer.headers.get(name), `${where} ${name}`).to.equal(value);
}

/** DESIGN §4: every security header, no-store, and no inline script or style but those the CSP allows by hash. */
function expectSecureHtml(answer: Answer, where: string, headers = SANDBOX_HEADERS): void {
  expect(answer.headers.get('content-type'), where).to.match(/^text\/html/);
  expectSecurityHeaders(answer, where, headers);
  expect(answer.headers.get('cache-control'), where).to.equal('no-store');
  const csp = answer.headers.get('content-security-policy') ?? '';
  for (const [, body] of answer.text.matchAll(/<script>([\s\S]*?)<\/script>/g)) expect(csp, `${where} inline script`).to.include(cspHash(body ?? ''));
  for (const [, body] of answer.text.matchAll(/<style>([\s\S]*?)<\/style>/g)) expect(csp, `${where} inline style`).to.include(cspHash(body ?? ''));
  expect(answer.text, `${where} style attribute`).not.to.match(/\sstyle=/i);
}

describe('sandbox bank: the app shell, config.json and JWKS (DESIGN §4-5)', () => {
  const sandbox = new RunningSandbox();
  before(() => sandbox.start({ inactivity: { inactiveTimeLimit: 20, inactiveReciprocalWarnTime: 10 } }));
  after(() => sandbox.dispose());

  it("keeps the header values of DESIGN §4, and allows the served page's inline blocks by their hashes alone (issue 20)", () => {
    expect(INLINE.scripts).to.have.length(1);
    expect(INLINE.styles).to.have.length(1);
    expect(CONTENT_SECURITY_POLICY).to.include(`script-src 'self' ${INLINE.scripts[0]};`).and.include(`style-src 'self' ${INLINE.styles[0]};`);
    expect(securityHeaders(NO_INLINE)['Content-Security-Policy']).to.include("script-src 'self';").and.include("style-src 'self';");
    expect(CONTENT_SECURITY_POLICY).to.include("default-src 'none'").and.include("script-src 'self'").and.include("frame-ancestors 'none'");
    expect(CONTENT_SECURITY_POLICY).to.include("base-uri 'none'").and.include("form-action 'self'").and.not.include('unsafe');
    expect(SECURITY_HEADERS['X-Frame-Options']).to.equal('DENY');
    expect(SECURITY_HEADERS['Permissions-Policy']).to.include('camera=()').and.include('microphone=()').and.include('geolocation=()').and.include('payment=()');
  });

  it('sends the printed address (/) to the recipient simulator', async () => {
    const answer = await sandbox.request('GET', '/');
    expect(answer.status).to.equal(302);
    expect(answer.headers.get('location')).to.equal('/recipient/');
    expect(answer.headers.get('content-security-policy')).to.equal(SANDBOX_CSP);
  });

  const appRoutes = [
    '/?redirectJwt=eyJhbGciOiJFUzI1NiJ9.e30.sig',
    '/demo_accc_aisp',
    '/demo_accc_aisp/select-and-confirm',
    '/incorrect_jwt',
    '/consent_fetch_failure',
    '/authorize_failure?error=eyJmaXNwIjoiIn0',
    '/anything/deep/down',
    '/index.html',
  ];
  for (const route of appRoutes) {
    it(`serves the app with every security header at ${route}`, async () => {
      const answer = await sandbox.request('GET', route);
      expect(answer.status).to.equal(200);
      expect(answer.text).to.include(`src="${TEST_ASSET}"`);
      expectSecureHtml(answer, route);
    });
  }

  it('answers HEAD on an app route with the headers', async () => {
    const answer = await sandbox.request('HEAD', '/demo_accc_aisp');
    expect(answer.status).to.equal(200);
    expect(answer.headers.get('content-security-policy')).to.equal(SANDBOX_CSP);
  });

  it('caches hashed assets for a year and never a missing one', async () => {
    const asset = await sandbox.request('GET', TEST_ASSET);
    expect(asset.status).to.equal(200);
    expect(asset.headers.get('content-type')).to.match(/javascript/);
    expect(asset.headers.get('cache-control')).to.equal(IMMUTABLE_ASSET_CACHE_CONTROL);
    expect(asset.headers.get('x-content-type-options')).to.equal('nosniff');

    const missing = await sandbox.request('GET', '/assets/app-000000.js');
    expect(missing.status).to.equal(404);
    expect(missing.headers.get('cache-control')).to.equal('no-store');
    expectSecureHtml(missing, 'missing asset');
  });

  it('serves the sandbox config.json with the inactivity override', async () => {
    const answer = await sandbox.request('GET', '/config/config.json');
    expect(answer.status).to.equal(200);
    expect(answer.headers.get('cache-control')).to.equal('no-store');
    const config = answer.body as Record<string, unknown>;
    expect(config).to.include({
      env: 'sandbox',
      production: false,
      apiBaseUrl: '',
      jwksUri: '/.well-known/jwks.json',
      inactiveTimeLimit: 20,
      inactiveReciprocalWarnTime: 10,
      useTealiumUtag: false,
    });
    // SCENARIOS "two brands", CONTRACT §2 brand objects; the app's own validation accepts them.
    expect((config['brands'] as { id: string }[]).map((brand) => brand.id)).to.deep.equal(['demo', 'coastal']);
    const parsed = parseRuntimeConfig(config);
    expect(parsed.ok && parsed.value.brandDetails.map((brand) => [brand.displayName, brand.palette.adjusted])).to.deep.equal([
      ['Demo Bank', false],
      ['Coastal Bank', false],
    ]);
    for (const brand of config['brands'] as { logoUrl: string }[]) {
      const logo = await sandbox.request('GET', brand.logoUrl);
      expect(logo.status, brand.logoUrl).to.equal(200);
      expect(logo.headers.get('content-type'), brand.logoUrl).to.match(/^image\/svg\+xml/);
    }
    expect((await sandbox.request('GET', '/brand/missing.svg')).status, 'a missing logo is a 404, not the app').to.equal(404);
    expect(config['cspReportUri'], 'CONTRACT §2: the sandbox collects its own CSP reports').to.equal(CSP_REPORT_PATH);
    expect(Object.keys(config['links'] as object)).to.have.members([
      'siteTerms',
      'hyperlink',
      'cookie',
      'legal',
      'importantNotices',
      'cdrPolicy',
      'eligibility',
      'secureKeyHelp',
      'contactUs',
    ]);
  });

  it('reports CSP violations to its own collector with report-uri (plain HTTP: no report-to) (issue 12)', () => {
    expect(SANDBOX_CSP).to.equal(`${CONTENT_SECURITY_POLICY}; report-uri /csp-reports`);
    expect(SANDBOX_HEADERS['Reporting-Endpoints']).to.equal(undefined);
    const https = securityHeaders(INLINE, { uri: 'https://csp.bank.example/r', reportingApi: true });
    expect(https['Content-Security-Policy']).to.equal(`${CONTENT_SECURITY_POLICY}; report-uri https://csp.bank.example/r; report-to csp-endpoint`);
    expect(https['Reporting-Endpoints']).to.equal('csp-endpoint="https://csp.bank.example/r"');
    expect(SECURITY_HEADERS['Reporting-Endpoints'], 'no endpoint without a report address').to.equal(undefined);
    expect(CONTENT_SECURITY_POLICY, 'no report address, no reporting').not.to.include('report-');
    for (const unwritable of ['/a b', '/a;b', '/a,b', 'javascript:alert(1)', '/a"b', "/a'b", 'ftp://x', '', '/a\u0000b']) {
      expect(() => securityHeaders(INLINE, { uri: unwritable, reportingApi: true }), unwritable).to.throw(/cannot be written/);
    }
  });

  it('sends every security header, Cross-Origin-Resource-Policy: same-origin included, on every kind of answer', async () => {
    const token = await sandbox.token();
    const answers: [string, Answer][] = [
      ['app route', await sandbox.request('GET', '/demo_accc_aisp')],
      ['redirect', await sandbox.request('GET', '/')],
      ['hashed asset', await sandbox.request('GET', TEST_ASSET)],
      ['missing asset', await sandbox.request('GET', '/assets/none.js')],
      ['config.json', await sandbox.request('GET', '/config/config.json')],
      ['JWKS', await sandbox.request('GET', '/.well-known/jwks.json')],
      ['API answer', await sandbox.request('GET', '/customer-auth/data', { token })],
      ['API 401', await sandbox.request('GET', '/customer-auth/data')],
      ['API 404', await sandbox.request('GET', '/customer-auth/none', { token })],
      ['API 400', await sandbox.request('POST', '/customer-auth/authenticate', { token, body: '{' })],
      ['recipient page', await sandbox.request('GET', '/recipient/')],
      [
        'CSP report',
        await sandbox.request('POST', '/csp-reports', {
          body: '{"csp-report":{"document-uri":"http://x/","violated-directive":"img-src"}}',
          headers: { 'content-type': 'application/csp-report' },
        }),
      ],
      ['CSP report refused', await sandbox.request('POST', '/csp-reports', { body: 'x', headers: { 'content-type': 'text/plain' } })],
    ];
    for (const [what, answer] of answers) {
      expectSecurityHeaders(answer, `${what} (${answer.status})`);
      expect(answer.headers.get('cross-origin-resource-policy'), what).to.equal('same-origin');
    }
  });

  it('publishes the public ES256 key whose kid the tokens carry, and no private part', async () => {
    const jwks = (await sandbox.request('GET', '/.well-known/jwks.json')).body as { keys: Record<string, string>[] };
    expect(jwks.keys).to.have.length(1);
    const key = jwks.keys[0] ?? {};
    expect(key).to.include({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(key).not.to.have.property('d');
    expect(decodeProtectedHeader(await sandbox.token())).to.deep.equal({ alg: 'ES256', kid: key['kid'], typ: 'JWT' });
  });

  it("answers a page that does not exist under the sandbox's own folders with a 404 page", async () => {
    expect((await sandbox.request('GET', '/recipient/nothing')).status).to.equal(404);
    // Dot-folders are never served from dist/ (403), and never fall back to the app.
    expect((await sandbox.request('GET', '/.well-known/other.json')).status).to.be.oneOf([403, 404]);
    expectSecureHtml(await sandbox.request('GET', '/recipient/nothing'), '/recipient/nothing');
  });

  it('starts without a built app and says how to build it', async () => {
    const emptyDist = mkdtempSync(path.join(os.tmpdir(), 'sandbox-nodist-'));
    const unbuilt = new RunningSandbox();
    try {
      await unbuilt.start({ distDir: path.join(emptyDist, 'dist') });
      for (const route of ['/?redirectJwt=x', '/demo_accc_aisp']) {
        const answer = await unbuilt.request('GET', route);
        expect(answer.status).to.equal(503);
        expect(answer.text).to.include('Run &quot;npm run build&quot;');
        expectSecureHtml(answer, route, securityHeaders(NO_INLINE, SANDBOX_CSP_REPORTING));
      }
      expect((await unbuilt.request('GET', '/recipient/')).status).to.equal(200);
    } finally {
      await unbuilt.dispose();
      rmSync(emptyDist, { recursive: true, force: true });
    }
  });
});
