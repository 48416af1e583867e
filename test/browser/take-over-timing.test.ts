// Issue 20 "never lose a keystroke" (docs/prerendered-login.md): the take-over of the pre-rendered
// login form as a property, in Chromium against the sandbox. fast-check chooses the CPU throttle,
// a delay for each script, config.json, the bank's keys and the consent answer, when typing starts
// and the pace of the keys, whether each field is typed, pasted or filled in by the browser, and
// how and when Continue is pressed (often before the app is ready). Whatever it chooses: both
// fields hold exactly what was entered, the focus stays where the customer left it, a press is
// acknowledged at once, and Continue logs in with exactly that, once.
//
// The cases run a few at a time, each page slowed on its own (test/browser/cpu-throttle.ts). Which
// cases (docs/testing.md "The gate and the soak"): by default the corpus of every case that once
// found a defect (test/browser/corpus/take-over.json) and a few of its fixed seed;
// `TAKE_OVER_RUNS=n [TAKE_OVER_SEED=<seed>]` runs n random ones (the soak). A failure prints its
// replay: `TAKE_OVER_SEED=<seed> TAKE_OVER_CASE=<n>` or `TAKE_OVER_REPLAY='<case JSON>'`.
import { expect } from 'chai';
import type { Page, Request } from 'playwright-core';
import { copy } from '../../domain/copy';
import { browserSuite, watchPage } from './browser-harness';
import { slowCpu, type SlowCpu } from './cpu-throttle';
import { pageSettled } from './consent-app-driver';
import { timing, type Entry, type Timing } from './take-over-cases';
import { eachConcurrently, planCases, reportCase } from './regression-corpus';

const plan = planCases('TAKE_OVER', timing, new URL('corpus/take-over.json', import.meta.url));
/**
 * Cases in flight at once: more busy pages than cores only contend (and where the throttle is
 * Chromium's emulation, a throttled page keeps its core busy even while it waits).
 */
const CONCURRENCY = Number(process.env['TAKE_OVER_CONCURRENCY'] ?? 3);

const USERNAME = 'jane.citizen';
const CODE = '123456';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Holds back each answer the timing names (a chunk by its order of request). */
async function delayAnswers(page: Page, delays: Timing['delays']): Promise<void> {
  let chunk = 0;
  await page.route(/\/assets\/.*\.js$|\/config\/config\.json$|\/\.well-known\/jwks\.json$|\/customer-auth\/data$/, async (route) => {
    const path = new URL(route.request().url()).pathname;
    const ms = path.startsWith('/assets/main-')
      ? delays.main
      : path.startsWith('/assets/')
        ? (delays.chunks[chunk++ % delays.chunks.length] ?? 0)
        : path.endsWith('config.json')
          ? delays.config
          : path.endsWith('jwks.json')
            ? delays.keys
            : delays.consent;
    await sleep(ms);
    await route.continue().catch(() => undefined);
  });
}

/**
 * The browser's autofill: the value set as the browser sets it (not through the page's own setter,
 * which React watches) and announced by `input` and `change`, without moving the focus.
 */
const autofill = (page: Page, name: string, value: string): Promise<void> =>
  page.evaluate(
    ({ name, value }) => {
      const field = document.querySelector<HTMLInputElement>(`input[name=${name}]`);
      if (field === null) throw new Error(`no field ${name}`);
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
      field.dispatchEvent(new Event('change', { bubbles: true }));
    },
    { name, value },
  );

/** Enters `value` into the field `name` as `how` says; returns whether the customer's focus is now in it. */
async function enter(page: Page, name: string, value: string, how: Entry, keyDelayMs: number): Promise<boolean> {
  if (how === 'autofill') {
    await autofill(page, name, value);
    return false;
  }
  await page.locator(`input[name=${name}]`).click();
  if (how === 'paste') await page.keyboard.insertText(value);
  else await page.keyboard.type(value, { delay: keyDelayMs });
  return true;
}

interface Outcome {
  readonly problems: string[];
}

/** One customer: opens a fresh entry address under `t`, enters the login and presses Continue. */
async function runCase(t: Timing, page: Page, slow: SlowCpu, entryUrl: string): Promise<Outcome> {
  const problems: string[] = [];
  const logins: string[] = [];
  const answers: number[] = [];
  const isLogin = (request: Request): boolean => request.method() === 'POST' && request.url().endsWith('/customer-auth/authenticate');
  page.on('request', (request) => {
    if (isLogin(request)) logins.push(request.postData() ?? '');
  });
  page.on('response', (response) => {
    if (isLogin(response.request())) answers.push(response.status());
  });
  // A press neither the entry script nor the app took would submit the form natively: a new document.
  const documents: string[] = [];
  page.on('domcontentloaded', () => documents.push(page.url()));
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  await slow.set(page, t.cpu);
  await delayAnswers(page, t.delays);
  await page.goto(entryUrl, { waitUntil: 'commit' });
  await page.locator('input[name=username]').waitFor({ state: 'visible', timeout: 30_000 });
  await sleep(t.startAfterMs);

  const inUsername = await enter(page, 'username', USERNAME, t.username, t.keyDelayMs);
  const inCode = await enter(page, 'secureCode', CODE, t.code, t.keyDelayMs);
  const focusedField = inCode ? 'secureCode' : inUsername ? 'username' : undefined;
  await sleep(t.pressAfterMs);

  const fields = await page.evaluate(() => ({
    username: document.querySelector<HTMLInputElement>('input[name=username]')?.value,
    secureCode: document.querySelector<HTMLInputElement>('input[name=secureCode]')?.value,
    focused: document.activeElement?.getAttribute('name') ?? document.activeElement?.tagName,
  }));
  if (fields.username !== USERNAME) problems.push(`the username field holds ${JSON.stringify(fields.username)}`);
  if (fields.secureCode !== CODE) problems.push(`the secure code field holds ${JSON.stringify(fields.secureCode)}`);
  if (focusedField !== undefined && fields.focused !== focusedField) problems.push(`the focus moved from ${focusedField} to ${fields.focused}`);

  if (t.press === 'enter' && focusedField !== undefined) await page.keyboard.press('Enter');
  else await page.getByRole('button', { name: copy.login.continue, exact: true }).click();
  // Acknowledged at once: the login is sent, or "Just a moment…" says it will be.
  const acknowledged =
    logins.length > 0 ||
    (await page.evaluate((ack) => {
      const status = document.querySelector('.login-ack');
      return (status?.textContent === ack && status.checkVisibility()) || document.querySelector('.loading-mask') !== null;
    }, copy.login.earlyAck));
  if (!acknowledged) problems.push('the press was not acknowledged at once');

  const deadline = Date.now() + 30_000;
  while (answers.length === 0 && Date.now() < deadline) await sleep(50);
  if (answers.length === 0) problems.push(`no login was answered (logins sent: ${logins.length})`);
  else if (answers.some((status) => status >= 300)) problems.push(`the login was answered ${answers.join(', ')}`);
  // A second login would follow at once (a press carried out twice): none may. It would be sent
  // before the next step settles, so that is what is awaited. Unthrottled meanwhile: the emulated
  // throttle would keep a core busy for nothing.
  await slow.set(page, 1);
  if (answers.length > 0) {
    await page
      .getByRole('heading', { level: 1, name: copy.steps.selectAccounts })
      .waitFor({ timeout: 30_000 })
      .catch(() => problems.push('the account step did not follow the login'));
    await pageSettled(page);
  }
  if (logins.length !== 1) problems.push(`${logins.length} logins were sent`);
  for (const body of logins) {
    const sent = JSON.parse(body) as { username?: string; secureCode?: string };
    if (sent.username !== USERNAME || sent.secureCode !== CODE) problems.push(`the login sent ${body}`);
  }
  if (documents.length > 1) problems.push(`the page was loaded again: ${documents.slice(1).join(', ')}`);
  const adoptionWarnings = warnings.filter((text) => /adopted|hydrat/i.test(text));
  if (adoptionWarnings.length > 0) problems.push(`the page was not adopted as it was: ${adoptionWarnings[0]?.slice(0, 200)}`);
  return { problems };
}

describe('browser: the take-over of the pre-rendered form under adversarial timing (issue 20)', function () {
  this.timeout(600_000);
  const suite = browserSuite({ tokenLifetimeSeconds: 600 });

  it(`keeps every keystroke, paste and autofill and the focus, acknowledges an early Continue and logs in once with exactly what was entered (${plan.describe})`, async () => {
    const failures: string[] = [];
    await eachConcurrently(plan.cases, CONCURRENCY, async ({ c: t, label, replay }) => {
      const slow = await slowCpu(suite.browser, t.cpu);
      const context = await slow.browser.newContext({ viewport: { width: 390, height: 844 } });
      const { page } = suite.watched({ context, ...(await watchPage(context)) });
      const began = Date.now();
      const { problems } = await runCase(t, page, slow, await suite.harness.entryUrl());
      const ms = Date.now() - began;
      if (process.env['TAKE_OVER_TIMES'] !== undefined) console.log(`${label}: ${ms} ms, cpu ${t.cpu}`);
      reportCase({ search: 'take-over', label, replay, ms, outcome: problems.length === 0 ? 'kept' : 'lost', problems });
      if (problems.length > 0) failures.push(`${label} (replay: ${replay}) ${JSON.stringify(t)}:\n    - ${problems.join('\n    - ')}`);
      await page.context().close();
      await slow.close();
    });
    expect(failures, plan.describe).to.deep.equal([]);
  });
});
