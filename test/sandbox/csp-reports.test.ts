// Issue 12: the sandbox collects CSP violation reports in both formats (report-uri:
// application/csp-report; report-to: application/reports+json, which nginx's HTTPS deployments
// ask for), validates them, logs one line each, and answers anything else with a 4xx error
// envelope, never a 500. Chromium's own report of a sandbox page arrives too (its Reporting API
// one, through nginx over TLS, is in test/adapters/nginx.test.ts).
import { EventEmitter } from 'node:events';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import fc from 'fast-check';
import { CSP_REPORT_PATH } from '../../sandbox/csp-reports.routes';

/** docs/sandbox.md: a delivery of reports over 64 KiB is refused (413). */
const CSP_REPORT_BODY_LIMIT = 64 * 1024;
import { sharedChromium } from '../browser/browser-harness';
import { errorOf, RunningSandbox, type Answer } from './sandbox-test-kit';

const LEGACY = 'application/csp-report';
const REPORTING_API = 'application/reports+json';

const legacyReport = {
  'csp-report': {
    'document-uri': 'http://127.0.0.1:4400/demo_accc_aisp',
    referrer: '',
    'violated-directive': 'script-src-elem',
    'effective-directive': 'script-src-elem',
    'original-policy': "default-src 'none'; report-uri /csp-reports",
    disposition: 'enforce',
    'blocked-uri': 'inline',
    'line-number': 12,
    'column-number': 3,
    'source-file': 'http://127.0.0.1:4400/demo_accc_aisp',
    'status-code': 200,
    'script-sample': 'alert(1)',
  },
};

const reportingApiReport = (directive: string, blocked: string) => ({
  type: 'csp-violation',
  age: 10,
  url: 'http://127.0.0.1:4400/demo_accc_aisp',
  user_agent: 'Mozilla/5.0',
  body: {
    documentURL: 'http://127.0.0.1:4400/demo_accc_aisp',
    blockedURL: blocked,
    effectiveDirective: directive,
    originalPolicy: "default-src 'none'",
    disposition: 'enforce',
    statusCode: 200,
    sourceFile: 'http://127.0.0.1:4400/assets/main.js',
    lineNumber: 1,
    columnNumber: 200,
  },
});

describe('sandbox bank: CSP violation reports (issue 12)', () => {
  const sandbox = new RunningSandbox();
  const logged: string[] = [];
  const lines = new EventEmitter();
  before(function () {
    this.timeout(30_000); // a sandbox's start: over mocha's own default of 2 s on a busy machine
    return sandbox.start({
      log: (line) => {
        logged.push(line);
        lines.emit('line');
      },
    });
  });

  /** Resolves once a logged line includes `text` (checked now, then at each line the sandbox logs); fails after `limitMs` naming it. */
  const loggedLine = (text: string, limitMs: number): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      const check = (): void => {
        if (!logged.some((line) => line.includes(text))) return;
        lines.off('line', check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        lines.off('line', check);
        reject(new Error(`no line logged within ${limitMs} ms with "${text}"; logged:\n${logged.join('\n')}`));
      }, limitMs);
      lines.on('line', check);
      check();
    });
  after(() => sandbox.dispose());
  beforeEach(() => {
    logged.length = 0;
  });

  const send = (body: unknown, type: string): Promise<Answer> =>
    sandbox.request('POST', CSP_REPORT_PATH, { body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': type } });
  const expectRefused = (answer: Answer, status: number, code: string): void => {
    expect(answer.status, answer.text).to.equal(status);
    expect(answer.headers.get('content-type')).to.match(/^application\/json/);
    expect(errorOf(answer).code).to.equal(code);
  };

  it('takes a report-uri report (application/csp-report) and logs it in one line', async () => {
    const answer = await send(legacyReport, LEGACY);
    expect(answer.status).to.equal(204);
    expect(logged).to.deep.equal([
      'CSP violation via report-uri (enforce): script-src-elem blocked inline on http://127.0.0.1:4400/demo_accc_aisp at http://127.0.0.1:4400/demo_accc_aisp:12:3 sample "alert(1)"',
    ]);
  });

  it('takes a Reporting API delivery (application/reports+json) and logs each violation in one line', async () => {
    const other = { type: 'deprecation', age: 1, url: 'http://x/', user_agent: 'UA', body: { id: 'x', message: 'm' } };
    const answer = await send(
      [reportingApiReport('img-src', 'https://tracker.example/p.gif'), other, reportingApiReport('connect-src', 'https://evil.example/')],
      `${REPORTING_API}; charset=utf-8`,
    );
    expect(answer.status).to.equal(204);
    expect(logged).to.have.length(2);
    expect(logged[0]).to.equal(
      'CSP violation via report-to (enforce): img-src blocked https://tracker.example/p.gif on http://127.0.0.1:4400/demo_accc_aisp at http://127.0.0.1:4400/assets/main.js:1:200',
    );
    expect(logged[1]).to.match(/^CSP violation via report-to \(enforce\): connect-src blocked https:\/\/evil\.example\//);
  });

  it('never lets a report forge log lines or flood one: control characters replaced, fields cut at 200 characters', async () => {
    const forged = {
      'csp-report': {
        ...legacyReport['csp-report'],
        'blocked-uri': 'https://x/\nCSP violation (enforce): forged\r\u2028\u001b[31m',
        'script-sample': 'y'.repeat(5000),
      },
    };
    expect((await send(forged, LEGACY)).status).to.equal(204);
    expect(logged).to.have.length(1);
    expect(logged[0])
      .not.to.match(/[\n\r\u2028]/)
      .and.not.to.include('\u001b');
    expect(logged[0]?.length).to.be.lessThan(1000);
  });

  it('refuses what is not a report with a 4xx error envelope and logs nothing', async () => {
    expectRefused(await send('{"csp-report":', LEGACY), 400, 'invalid_request');
    expectRefused(await send('', LEGACY), 400, 'invalid_request');
    expectRefused(await send({ 'csp-report': 'x' }, LEGACY), 400, 'invalid_report');
    expectRefused(await send({ 'csp-report': { 'document-uri': 'http://x/' } }, LEGACY), 400, 'invalid_report');
    expectRefused(await send({ 'csp-report': { 'document-uri': 7, 'violated-directive': 'img-src' } }, LEGACY), 400, 'invalid_report');
    expectRefused(
      await send({ 'csp-report': { 'document-uri': 'http://x/', 'violated-directive': 'img-src', 'line-number': '3' } }, LEGACY),
      400,
      'invalid_report',
    );
    expectRefused(await send([], REPORTING_API), 400, 'invalid_report');
    expectRefused(await send(legacyReport, REPORTING_API), 400, 'invalid_report');
    expectRefused(await send([{ type: 'csp-violation', body: { documentURL: 'http://x/' } }], REPORTING_API), 400, 'invalid_report');
    expectRefused(
      await send(
        Array.from({ length: 101 }, () => reportingApiReport('img-src', 'x')),
        REPORTING_API,
      ),
      400,
      'invalid_report',
    );
    expectRefused(
      await send('{"csp-report":{"document-uri":"http://x/","violated-directive":"img-src"},"__proto__":{"polluted":true}}', LEGACY),
      400,
      'invalid_request',
    );
    expectRefused(await send(legacyReport, 'application/json'), 415, 'unsupported_media_type');
    expectRefused(await send('x', 'text/plain'), 415, 'unsupported_media_type');
    expectRefused(await sandbox.request('POST', CSP_REPORT_PATH), 415, 'unsupported_media_type');
    expectRefused(
      await send({ 'csp-report': { ...legacyReport['csp-report'], 'script-sample': 'z'.repeat(CSP_REPORT_BODY_LIMIT) } }, LEGACY),
      413,
      'payload_too_large',
    );
    expect(logged).to.deep.equal([]);
    const get = await sandbox.request('GET', CSP_REPORT_PATH);
    expect(get.status, 'not the app').to.equal(404);
  });

  it('never answers 5xx to any body of either media type (property, seed 1212)', async function () {
    // 150 requests: about a second here, several on a busy machine (mocha's own default is 2 s).
    this.timeout(30_000);
    const bodies = fc.oneof(
      fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
      fc
        .record({
          'csp-report': fc.dictionary(
            fc.constantFrom('document-uri', 'violated-directive', 'effective-directive', 'blocked-uri', 'line-number', 'source-file'),
            fc.jsonValue({ maxDepth: 1 }),
          ),
        })
        .map((value) => JSON.stringify(value)),
      fc
        .array(
          fc.record({
            type: fc.constantFrom('csp-violation', 'deprecation', 7),
            body: fc.dictionary(fc.constantFrom('documentURL', 'effectiveDirective', 'blockedURL', 'lineNumber'), fc.jsonValue({ maxDepth: 1 })),
          }),
          { maxLength: 3 },
        )
        .map((value) => JSON.stringify(value)),
      fc.string({ maxLength: 200 }),
    );
    await fc.assert(
      fc.asyncProperty(bodies, fc.constantFrom(LEGACY, REPORTING_API), async (body, type) => {
        const answer = await send(body, type);
        expect(answer.status, `${type} ${body}`).to.be.oneOf([204, 400]);
        if (answer.status === 400) expect(errorOf(answer).code).to.be.oneOf(['invalid_request', 'invalid_report']);
      }),
      { numRuns: 150, seed: 1212 },
    );
    for (const line of logged) expect(line).to.match(/^CSP violation via report-(uri|to) \([^\n]*\): [^\n]*$/);
  });

  it("receives Chromium's own report of a violation on a sandbox page (report-uri over plain HTTP)", async function () {
    this.timeout(30_000);
    writeFileSync(
      path.join(sandbox.distDir, 'violation.html'),
      '<!doctype html><html lang="en"><head><title>v</title></head><body><img src="https://blocked.example/pixel.gif" alt=""></body></html>',
    );
    const context = await (await sharedChromium()).newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${sandbox.origin}/violation.html`);
      await loggedLine('img-src blocked https://blocked.example/pixel.gif', 20_000);
      expect(logged.join('\n')).to.include(
        `CSP violation via report-uri (enforce): img-src blocked https://blocked.example/pixel.gif on ${sandbox.origin}/violation.html`,
      );
    } finally {
      await context.close();
    }
  });
});
