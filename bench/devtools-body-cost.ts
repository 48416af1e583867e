// Issue 33 item 17: what the DevTools protocol itself adds to reading a large answer, the part of
// the bench's 5,000-account figure a customer's phone does not pay. Playwright enables the Network
// domain on every page it drives, and with it Chromium keeps a copy of each fetch's body (for
// Network.getResponseBody), decoded when the body completes; a body read as a stream is not kept.
// A page reads huge.accounts' answer (1.85 MB of JSON, gzipped, arriving in 16 KB pieces) in
// alternate runs with `Response.text()` and with a stream read (TextDecoder, chunk by chunk), each
// then JSON.parse, and times from the answer's responseEnd to the parsed JSON; once in a Chromium
// that no DevTools client attaches to (the page posts its figures back), once under Playwright.
// No CPU slowdown (that needs the protocol). `npx tsx bench/devtools-body-cost.ts [--runs N]`
// (default 9 of each). Not a test: a figure to read.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { hugeAccounts } from '../sandbox/persona-accounts';
import { CHROMIUM_ARGS, FULL_CHROMIUM, launchChromium } from '../test/browser/browser-harness';
import { summarise } from './stats';

const at = process.argv.indexOf('--runs');
const RUNS = at === -1 ? 9 : Number(process.argv[at + 1]);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`--runs must be a whole number above 0, not ${process.argv[at + 1]}`);

const answer = gzipSync(Buffer.from(JSON.stringify({ data: { accounts: hugeAccounts } })), { level: 6 });
const PIECE = 16 * 1024;
const PAUSE_MS = 20;
const METHODS = ['text', 'stream'] as const;
type Method = (typeof METHODS)[number];
interface Reading {
  readonly method: Method;
  readonly afterResponseEndMs: number;
}

const PAGE = `<!doctype html><meta charset="utf-8"><title>body cost</title><script type="module">
const read = {
  text: (response) => response.text(),
  stream: async (response) => {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    const parts = [];
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) parts.push(decoder.decode(chunk.value, { stream: true }));
    parts.push(decoder.decode());
    return parts.join('');
  },
};
const readings = [];
for (let run = 0; run < ${RUNS * 2}; run++) {
  const method = run % 2 === 0 ? 'text' : 'stream';
  const url = '/accounts.json?' + run;
  const body = JSON.parse(await read[method](await fetch(url, { cache: 'no-store' })));
  const parsed = performance.now();
  if (body.data.accounts.length !== ${hugeAccounts.length}) throw new Error('not the whole list');
  const entry = performance.getEntriesByType('resource').find((resource) => resource.name.endsWith(url));
  readings.push({ method, afterResponseEndMs: parsed - entry.responseEnd });
  await new Promise((resolve) => setTimeout(resolve, 300));
}
await fetch('/readings', { method: 'POST', body: JSON.stringify(readings) });
</script>`;

/** Serves the page and the answer; resolves with the page's readings once it posts them. */
async function serve(): Promise<{ readonly url: string; readonly readings: Promise<Reading[]>; close(): Promise<void> }> {
  let deliver: (readings: Reading[]) => void = () => undefined;
  const readings = new Promise<Reading[]>((resolve) => {
    deliver = resolve;
  });
  const server = http.createServer((request, response) => {
    void (async () => {
      if (request.url === '/') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
      } else if (request.url?.startsWith('/accounts.json')) {
        response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'cache-control': 'no-store' });
        for (let from = 0; from < answer.length; from += PIECE) {
          response.write(answer.subarray(from, from + PIECE));
          await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
        }
        response.end();
      } else if (request.url === '/readings') {
        let text = '';
        for await (const chunk of request) text += String(chunk);
        response.end();
        deliver(JSON.parse(text) as Reading[]);
      } else {
        response.writeHead(404).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    readings,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The page in a Chromium no DevTools client attaches to. */
async function withoutDevTools(): Promise<Reading[]> {
  const served = await serve();
  const profile = await mkdtemp(path.join(os.tmpdir(), 'consent-body-cost-'));
  const browser = spawn(FULL_CHROMIUM.path, [...CHROMIUM_ARGS, `--user-data-dir=${profile}`, served.url], { stdio: 'ignore' });
  const exited = new Promise((resolve) => browser.once('exit', resolve));
  try {
    return await served.readings;
  } finally {
    browser.kill();
    await exited;
    await served.close();
    await rm(profile, { recursive: true, force: true });
  }
}

/** The same page opened by Playwright (the Network domain enabled, as in every bench and test). */
async function underPlaywright(): Promise<Reading[]> {
  const served = await serve();
  const browser = await launchChromium([], FULL_CHROMIUM);
  try {
    const page = await browser.newPage();
    await page.goto(served.url);
    return await served.readings;
  } finally {
    await browser.close();
    await served.close();
  }
}

console.log(
  `huge.accounts' answer, ${answer.length} bytes gzipped; ms from responseEnd to the parsed JSON, no CPU slowdown, load ${os.loadavg()[0]?.toFixed(2)}`,
);
for (const [name, readings] of [
  ['no DevTools client', await withoutDevTools()],
  ['under Playwright', await underPlaywright()],
] as const) {
  for (const method of METHODS) {
    const times = readings.filter((reading) => reading.method === method).map((reading) => Math.round(reading.afterResponseEndMs * 10) / 10);
    const summary = summarise(times);
    console.log(`  ${name.padEnd(18)} ${method.padEnd(6)} median ${summary.median} (quartiles ${summary.q1}–${summary.q3}): ${times.join(' ')}`);
  }
}
