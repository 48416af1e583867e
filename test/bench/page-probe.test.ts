// The bench's in-page probe measures what it says (issue 15 items 2 and 3): on pages whose timings
// are known, its marks come in order and its Event Timing reading sees a handler's busy time.
import { expect } from 'chai';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { coldStart } from '../../bench/measure';
import { CONTINUE_ENABLED, installProbe, LOGIN_READY } from '../../bench/page-probe';
import { DESKTOP } from '../../bench/profiles';
import { STATIC_LOGIN_HTML } from '../../bench/static-login';
import { sharedChromium } from '../browser/browser-harness';

const LATE_FORM = `<!doctype html><html lang="en"><head><title>late</title><script src="/late.js" defer></script></head><body><main id="m"></main></body></html>`;
// The form shows 300 ms after the script runs, and Continue is enabled only once both fields hold text.
const LATE_SCRIPT = `setTimeout(() => {
  document.getElementById('m').innerHTML = '<form><label>Username <input name="username"></label><label>Code <input name="secureCode"></label><button type="submit" disabled>Continue</button></form>';
  const form = document.querySelector('form');
  form.addEventListener('input', () => { setTimeout(() => { form.querySelector('button').disabled = !(form.username.value && form.secureCode.value); }, 200); });
}, 300);
document.addEventListener('click', (event) => { if (event.target.id === 'busy') { const until = performance.now() + 120; while (performance.now() < until); } });`;
// Issue 20: Continue is never disabled; the form is data-ready 400 ms after the script runs. `clear` empties the fields first.
const READY_FORM = (clear: boolean): string =>
  `<!doctype html><html lang="en"><head><title>ready</title><script src="/ready${clear ? '-clear' : ''}.js" defer></script></head><body><form class="login-form"><label>Username <input name="username"></label><label>Code <input name="secureCode"></label><button type="submit">Continue</button></form></body></html>`;
const READY_SCRIPT = (clear: boolean): string =>
  `setTimeout(() => { ${clear ? "for (const input of document.querySelectorAll('input')) input.value = '';" : ''} document.querySelector('form').setAttribute('data-ready', ''); }, 400);`;
// The username is there at once; the secure code field only 500 ms later (a page still being parsed).
const SPLIT_FORM = `<!doctype html><html lang="en"><head><title>split</title><script src="/split.js" defer></script></head><body><form class="login-form"><label>Username <input name="username"></label><span id="later"></span><button type="submit">Continue</button></form></body></html>`;
const SPLIT_SCRIPT = `setTimeout(() => { document.getElementById('later').innerHTML = '<label>Code <input name="secureCode"></label>'; setTimeout(() => document.querySelector('form').setAttribute('data-ready', ''), 300); }, 500);`;
const NO_FORM = `<!doctype html><html lang="en"><head><title>nothing</title></head><body><p>Loading</p></body></html>`;
const BUSY = `<!doctype html><html lang="en"><head><title>busy</title><script src="/late.js" defer></script></head><body><button id="busy">Busy</button><button id="idle">Idle</button></body></html>`;

describe('bench: the in-page probe (start-up marks, Event Timing)', function () {
  this.timeout(60000);
  let server: http.Server;
  let origin = '';
  let browser: Browser;
  before(async () => {
    server = http.createServer((request, response) => {
      const pages: Record<string, [string, string]> = {
        '/static': ['text/html', STATIC_LOGIN_HTML],
        '/late': ['text/html', LATE_FORM],
        '/busy': ['text/html', BUSY],
        '/late.js': ['application/javascript', LATE_SCRIPT],
        '/ready': ['text/html', READY_FORM(false)],
        '/ready.js': ['application/javascript', READY_SCRIPT(false)],
        '/ready-clear': ['text/html', READY_FORM(true)],
        '/ready-clear.js': ['application/javascript', READY_SCRIPT(true)],
        '/nothing': ['text/html', NO_FORM],
        '/split': ['text/html', SPLIT_FORM],
        '/split.js': ['application/javascript', SPLIT_SCRIPT],
      };
      const [type, body] = pages[request.url ?? ''] ?? ['text/plain', 'not found'];
      response.writeHead(type === 'text/plain' ? 404 : 200, { 'content-type': type });
      response.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await sharedChromium();
  });
  after(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('marks a static form painted, then accepting input, with Continue usable at once', async () => {
    const times = await coldStart(browser, `${origin}/static`, DESKTOP, { fillLogin: true, continueSelector: CONTINUE_ENABLED });
    expect(times.failure).to.equal(undefined);
    expect(times.inputReady).to.be.at.least(times.formPainted ?? Number.NaN);
    expect(times.continueUsable).to.equal(times.formPainted);
    expect(times.typedKept).to.equal(true);
  });

  it('waits for a form that a script draws, and for Continue until the typed input is taken', async () => {
    const times = await coldStart(browser, `${origin}/late`, DESKTOP, { fillLogin: true, continueSelector: CONTINUE_ENABLED });
    expect(times.formPainted).to.be.at.least(300);
    expect(times.continueUsable ?? 0).to.be.at.least((times.formPainted ?? Number.NaN) + 200);
  });

  it("takes the product's Continue as usable once the login form is data-ready, not when its (never disabled) button shows (issue 20)", async () => {
    const times = await coldStart(browser, `${origin}/ready`, DESKTOP, { fillLogin: true, continueSelector: LOGIN_READY });
    expect(times.failure).to.equal(undefined);
    expect(times.continueUsable ?? 0).to.be.at.least((times.formPainted ?? Number.NaN) + 350);
    expect(times.typedKept, 'the fields hold what was typed').to.equal(true);
  });

  it('notes when the typed text is gone by the time Continue is usable', async () => {
    const times = await coldStart(browser, `${origin}/ready-clear`, DESKTOP, { fillLogin: true, continueSelector: LOGIN_READY });
    expect(times.continueUsable).to.be.a('number');
    expect(times.typedKept).to.equal(false);
  });

  it('types into a field that comes after the form first paints, in the frame it comes', async () => {
    const times = await coldStart(browser, `${origin}/split`, DESKTOP, { fillLogin: true, continueSelector: LOGIN_READY });
    expect(times.failure).to.equal(undefined);
    expect(times.typedKept, 'the secure code was typed into once it was there').to.equal(true);
  });

  it('returns a start whose form never shows as a failure, naming the mark, instead of throwing (issue 20 item 5)', async () => {
    const times = await coldStart(browser, `${origin}/nothing`, DESKTOP, { fillLogin: true, continueSelector: LOGIN_READY, markTimeoutMs: 1500 });
    expect(times.formPainted).to.equal(undefined);
    expect(times.failure).to.match(/^form painted: "formPainted" not reached within 1.5 s/);
  });

  it("reads a click's interaction duration and processing time from Event Timing, only interactions of 16 ms or more", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await installProbe(page, { fillLogin: false });
    await page.goto(`${origin}/busy`);
    await page.locator('#idle').click();
    await page.locator('#busy').click();
    await page.waitForFunction(() => window.__bench.events.some((entry) => entry.name === 'click' && entry.processing >= 100));
    const events = await page.evaluate(() => window.__bench.events);
    const busy = events.filter((entry) => entry.name === 'click').sort((a, b) => b.processing - a.processing)[0];
    expect(busy?.processing).to.be.at.least(110);
    expect(busy?.duration).to.be.at.least(112);
    expect(
      events.every((entry) => entry.interactionId > 0 && entry.duration >= 16),
      'interactions of 16 ms or more only',
    ).to.equal(true);
    await context.close();
  });
});
