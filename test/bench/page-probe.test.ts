// The bench's in-page probe measures what it says (issue 15 items 2 and 3): on pages whose timings
// are known, its marks come in order and its Event Timing reading sees a handler's busy time.
import { expect } from 'chai';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { coldStart } from '../../bench/measure';
import { installProbe } from '../../bench/page-probe';
import { DESKTOP } from '../../bench/profiles';
import { STATIC_LOGIN_HTML } from '../../bench/static-login';
import { launchChromium } from '../browser/browser-harness';

const LATE_FORM = `<!doctype html><html lang="en"><head><title>late</title><script src="/late.js" defer></script></head><body><main id="m"></main></body></html>`;
// The form shows 300 ms after the script runs, and Continue is enabled only once both fields hold text.
const LATE_SCRIPT = `setTimeout(() => {
  document.getElementById('m').innerHTML = '<form><label>Username <input name="username"></label><label>Code <input name="secureCode"></label><button type="submit" disabled>Continue</button></form>';
  const form = document.querySelector('form');
  form.addEventListener('input', () => { setTimeout(() => { form.querySelector('button').disabled = !(form.username.value && form.secureCode.value); }, 200); });
}, 300);
document.addEventListener('click', (event) => { if (event.target.id === 'busy') { const until = performance.now() + 120; while (performance.now() < until); } });`;
const BUSY = `<!doctype html><html lang="en"><head><title>busy</title><script src="/late.js" defer></script></head><body><button id="busy">Busy</button><button id="idle">Idle</button></body></html>`;

describe('bench: the in-page probe (start-up marks, Event Timing)', function () {
  this.timeout(60000);
  let server: http.Server;
  let origin = '';
  let browser: Browser;
  before(async () => {
    server = http.createServer((request, response) => {
      const pages: Record<string, [string, string]> = {
        '/static': ['text/html', STATIC_LOGIN_HTML], '/late': ['text/html', LATE_FORM], '/busy': ['text/html', BUSY], '/late.js': ['application/javascript', LATE_SCRIPT],
      };
      const [type, body] = pages[request.url ?? ''] ?? ['text/plain', 'not found'];
      response.writeHead(type === 'text/plain' ? 404 : 200, { 'content-type': type });
      response.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('marks a static form painted, then accepting input, with Continue usable at once', async () => {
    const times = await coldStart(browser, `${origin}/static`, DESKTOP, true);
    expect(times.inputReady).to.be.at.least(times.formPainted);
    expect(times.continueUsable).to.equal(times.formPainted);
  });

  it('waits for a form that a script draws, and for Continue until the typed input is taken', async () => {
    const times = await coldStart(browser, `${origin}/late`, DESKTOP, true);
    expect(times.formPainted).to.be.at.least(300);
    expect(times.continueUsable ?? 0).to.be.at.least(times.formPainted + 200);
  });

  it('reads a click\'s interaction duration and processing time from Event Timing, only interactions of 16 ms or more', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await installProbe(page, false);
    await page.goto(`${origin}/busy`);
    await page.locator('#idle').click();
    await page.locator('#busy').click();
    await page.waitForFunction(() => window.__bench.events.some((entry) => entry.name === 'click' && entry.processing >= 100));
    const events = await page.evaluate(() => window.__bench.events);
    const busy = events.filter((entry) => entry.name === 'click').sort((a, b) => b.processing - a.processing)[0];
    expect(busy?.processing).to.be.at.least(110);
    expect(busy?.duration).to.be.at.least(112);
    expect(events.every((entry) => entry.interactionId > 0 && entry.duration >= 16), 'interactions of 16 ms or more only').to.equal(true);
    await context.close();
  });
});
