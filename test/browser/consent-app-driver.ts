// Drives the consent app in a real browser as a customer would: by labels, roles and the spec's texts.
import { expect } from 'chai';
import { decodeJwt } from 'jose';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { copy, modalText } from '../../domain/copy';
import type { ModalName } from '../../domain/modal';
import { isCustomerScope } from '../../domain/scopes';
import type { RawAccount } from '../../contract/customer-auth.wire';
import { referenceOf } from '../../sandbox/account-reference';
import type { AuthorisationAsk } from '../../sandbox/recipient-simulator';
import { SandboxClient } from '../sandbox/sandbox-test-kit';
import { watchPage, type SandboxHarness } from './browser-harness';

export interface OpenedApp {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly cspViolations: string[];
  readonly errors: string[];
  /** Every request the page made (method and URL), for counting calls to the bank. */
  readonly requests: { method: string; url: string; referer: string | undefined }[];
  /** The `state` the recipient sent in this authorisation's token: the return must echo it exactly. */
  readonly state: string;
}

/** The `state` claim of the signed token in an entry URL (`?redirectJwt=`). */
export function stateOf(entryUrl: string): string {
  const state = decodeJwt(new URL(entryUrl).searchParams.get('redirectJwt') ?? '')['state'];
  if (typeof state !== 'string' || state === '') throw new Error(`the entry URL carries no state: ${entryUrl}`);
  return state;
}

/**
 * DESIGN §3.3: where the page keeps anything that contains `token` (its last 40 characters are
 * looked for): sessionStorage and localStorage keys, and cookies. Empty when the token is gone.
 */
export function tokenTraces(page: Page, token: string): Promise<string[]> {
  return page.evaluate((tail) => {
    const traces: string[] = [];
    for (const [name, storage] of [
      ['sessionStorage', sessionStorage],
      ['localStorage', localStorage],
    ] as const) {
      for (let i = 0; i < storage.length; i += 1) {
        const key = storage.key(i) ?? '';
        if (`${key}=${storage.getItem(key) ?? ''}`.includes(tail)) traces.push(`${name}.${key}`);
      }
    }
    if (document.cookie.includes(tail)) traces.push('document.cookie');
    return traces;
  }, token.slice(-40));
}

/** Opens the app with a fresh authorisation, as the recipient simulator would, and waits for the login screen. */
export async function openApp(
  browser: Browser,
  harness: SandboxHarness,
  ask: Partial<AuthorisationAsk> = {},
  viewport = { width: 1280, height: 900 },
  /** Run on the new context before the page opens (e.g. its routes, so that no early request escapes them). */
  prepare: (context: BrowserContext) => Promise<void> = async () => undefined,
): Promise<OpenedApp> {
  const context = await browser.newContext({ viewport });
  await prepare(context);
  const watched = await watchPage(context);
  return { context, ...watched, ...(await openAppOn(watched.page, harness, ask)) };
}

/**
 * openApp in a page that is already open (e.g. a browser suite's reusedPage): its context and its
 * page errors stay with whoever opened it.
 */
export async function openAppOn(
  page: Page,
  harness: SandboxHarness,
  ask: Partial<AuthorisationAsk> = {},
): Promise<Pick<OpenedApp, 'page' | 'requests' | 'state'>> {
  const requests: OpenedApp['requests'] = [];
  page.on('request', (request) => {
    requests.push({ method: request.method(), url: request.url(), referer: request.headers()['referer'] });
  });
  const entryUrl = await harness.entryUrl(ask);
  await page.goto(entryUrl);
  await loginReady(page);
  return { page, requests, state: stateOf(entryUrl) };
}

/**
 * Waits for the login step itself: the entry page shows the pre-rendered form at once (issue 15);
 * the step is there once the token is verified and the consent read: the form is `data-ready`,
 * and a press acts at once (before, it is remembered: issue 20).
 */
export async function loginReady(page: Page): Promise<void> {
  await page.getByRole('heading', { name: copy.login.heading }).waitFor();
  await page.locator('form.login-form[data-ready]').waitFor();
}

/**
 * Fixes the page's time (Date.now) where it is, with Playwright's page clock installed: the app's
 * deadlines read Date.now, so none passes until the test moves the time (`page.clock.setSystemTime`);
 * the timers keep running (axe needs them). Called as soon as a test has moved the clock past a
 * deadline whose screen then runs out by itself (an ending notice returns 5 s after it shows; the
 * token's expiry warning ends 10 s after), before that screen shows: under heavy load real time ran
 * a notice's 5 s out while the test read it (issue 32.17).
 */
export async function fixPageTime(page: Page): Promise<number> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.setFixedTime(now);
  return now;
}

/**
 * Issue 24 "no fixed sleeps": the page has run what it had queued after the last action (the
 * flow's answer to it, React's render and effects), for a check that something did not happen.
 * It waits on three turns of a MessageChannel, which React's scheduler also uses and
 * `page.clock` does not fake.
 */
export async function pageSettled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        let turns = 0;
        channel.port1.onmessage = () => {
          turns += 1;
          if (turns === 3) {
            channel.port1.close();
            resolve();
          } else channel.port2.postMessage(0);
        };
        channel.port2.postMessage(0);
      }),
  );
}

/** Waits until the page's recorder (`window[name]`, an array filled every animation frame) holds at least `count` frames. */
export async function framesRecorded(page: Page, name: string, count: number): Promise<void> {
  await page.waitForFunction(([key, wanted]) => ((window as unknown as Record<string, unknown[] | undefined>)[key]?.length ?? 0) >= wanted, [
    name,
    count,
  ] as const);
}

export async function logIn(page: Page, username: string, code = '123456'): Promise<void> {
  await page.getByLabel(copy.login.usernameLabel, { exact: true }).fill(username);
  await page.getByLabel(copy.login.secureCodeLabel, { exact: true }).fill(code);
  await page.getByRole('button', { name: copy.login.continue, exact: true }).click();
}

/** What the bank answered to one login: the status, and the first error stack entry's code and remainingOTPattempts (CONTRACT §4). */
export interface LoginAnswer {
  readonly status: number;
  readonly code?: string;
  readonly remainingOTPattempts?: number;
}

/** Runs `act` (a click on Continue) and reads the bank's answer to the POST /customer-auth/authenticate it sends. */
export async function loginAnswer(page: Page, act: () => Promise<void>): Promise<LoginAnswer> {
  const answered = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith('/customer-auth/authenticate'));
  await act();
  const response = await answered;
  if (response.ok()) return { status: response.status() };
  const body = (await response.json()) as { error?: { errorInfo?: { errorStack?: { code?: string; causes?: string[] }[] }[] } };
  const entry = body.error?.errorInfo?.[0]?.errorStack?.[0];
  const first = entry?.causes?.[0];
  const remaining = first?.startsWith('{') === true ? (JSON.parse(first) as { remainingOTPattempts?: number }).remainingOTPattempts : undefined;
  return {
    status: response.status(),
    ...(entry?.code === undefined ? {} : { code: entry.code }),
    ...(remaining === undefined ? {} : { remainingOTPattempts: remaining }),
  };
}

/** Waits for the step whose h1 is `title`. */
export async function onStep(page: Page, title: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  // The shell draws the title at once; a later step's body arrives with its (lazily loaded) page.
  await page.locator('main .button-row').first().waitFor();
}

export const modalTitle = (page: Page, title: string) => page.getByRole('dialog', { name: title });

/** A modal by its name, as the sandbox's recipient (Budget Buddy) sees it: new consents unless `isPar`. */
export const modalNamed = (page: Page, name: ModalName, isPar = false) =>
  modalTitle(page, modalText(copy.modals[name].title, { tppName: 'Budget Buddy', isPar, outcome: 'nothingShared' }));

/**
 * Leaves through the success modal's main button and reads the return. Its countdown returns the
 * customer by itself; on a loaded machine it did so as the click landed, and the click then waited
 * 30 s for a button that had gone with its page (issue 32, beside two busy loops): either way counts.
 */
export async function returnFromSuccess(page: Page): Promise<ReturnResult> {
  const button = modalNamed(page, 'successConfirm').getByRole('button', { name: 'Return to Budget Buddy' });
  await Promise.race([page.waitForURL(/\/recipient\/callback/, { timeout: 20_000 }), button.click({ timeout: 20_000 }).catch(() => undefined)]);
  return returnResult(page);
}

/** What the recipient simulator's callback shows after the return. */
export interface ReturnResult {
  readonly heading: string;
  readonly failedChecks: string[];
  readonly values: Record<string, string>;
  readonly claims: Record<string, unknown> | undefined;
}

/** What the recipient simulator's callback page shows: its heading, failed checks, values and claims. */
function readReturn(page: Page): Promise<ReturnResult> {
  return page.evaluate(() => {
    const values: Record<string, string> = {};
    for (const term of document.querySelectorAll('dl dt')) values[term.textContent ?? ''] = term.nextElementSibling?.textContent ?? '';
    const claimsText = document.querySelector('pre.wrap')?.textContent;
    return {
      heading: document.querySelector('h1')?.textContent ?? '',
      failedChecks: [...document.querySelectorAll('.checks li.failed')].map((li) => li.textContent ?? ''),
      values,
      claims: claimsText ? (JSON.parse(claimsText) as Record<string, unknown>) : undefined,
    };
  });
}

export async function returnResult(page: Page): Promise<ReturnResult> {
  // A success return carries its values in the fragment, which callback.js forwards to
  // /recipient/callback/result; an error return is shown at /recipient/callback itself.
  await page.waitForURL(/\/recipient\/callback/, { timeout: 20_000 });
  await page.waitForFunction(() => {
    const heading = document.querySelector('h1')?.textContent ?? '';
    return heading !== '' && !heading.startsWith('Reading');
  });
  return readReturn(page);
}

/** access_denied with this authorisation's exact state, every check passed. */
function expectDenied(result: ReturnResult, state: string): ReturnResult {
  expect(result.heading).to.equal('The customer did not authorise');
  expect(result.failedChecks).to.deep.equal([]);
  expect(result.values['error']).to.equal('access_denied');
  expect(result.values['state'], 'the exact state').to.equal(state);
  return result;
}

/**
 * An error return (cancel, timeout, bank-side end) lands on /recipient/callback?error=… itself
 * (no fragment to forward, so no /result page): access_denied with this authorisation's exact
 * state, every check passed.
 */
export async function expectErrorReturn(page: Page, state: string): Promise<ReturnResult> {
  await page.waitForURL(/\/recipient\/callback(\/result)?\?/, { timeout: 20_000 });
  await page.locator('h1').first().waitFor();
  return expectDenied(await readReturn(page), state);
}

/**
 * Brings every finite CSS animation and transition of the page to its end state at once (a
 * modal's fade-in), so that axe does not measure contrast mid-animation. Finishing rather than
 * waiting also works while a test holds the page clock still. The spinner's endless turn is left alone.
 */
export async function waitForAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    for (const animation of finite) animation.finish();
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** The rejections sent to the bank (CONTRACT §3 confirmation with `authorisationStatus: false`) among `requests`. */
export const rejections = (requests: readonly Request[]): Request[] =>
  requests.filter(
    (r) => r.method() === 'POST' && r.url().endsWith('/customer-auth/confirmation') && r.postData() === JSON.stringify({ authorisationStatus: false }),
  );

/**
 * Issue 32 item 3: an arrangement made over the bank's API as the app would make it (login, the
 * accounts `choose` picks from the bank's list, the save request of CONTRACT §5, approve), for a
 * test whose subject is a later journey (an amendment, the recipient's page), not this walk: its
 * `cdr_arrangement_id`.
 */
export async function arrangementOverHttp(
  harness: SandboxHarness,
  username: string,
  choose: (accounts: readonly RawAccount[]) => readonly RawAccount[],
  ask: Omit<Partial<AuthorisationAsk>, 'scopes'> & { readonly scopes: readonly string[] },
): Promise<string> {
  const client = new SandboxClient(harness.origin);
  const token = new URL(await harness.entryUrl(ask)).searchParams.get('redirectJwt') ?? '';
  expect((await client.login(token, username)).status, `making an arrangement: ${username}'s login`).to.equal(204);
  const listed = (await client.call('GET', '/accounts?withBalance=false', token)).body as { accounts: { account: readonly (RawAccount | null)[] } };
  const accounts = choose(listed.accounts.account.filter((account): account is RawAccount => account !== null)).map(referenceOf);
  const permissions = ask.scopes.map((permission) => (isCustomerScope(permission) ? { permission } : { permission, accounts }));
  expect((await client.call('PUT', '/consent', token, { permissions })).status, 'making an arrangement: the save request').to.equal(204);
  const answer = await client.decide(token, true);
  expect(answer.status, 'making an arrangement: the approval').to.equal(200);
  return String(decodeJwt((answer.body as { id_token: string }).id_token)['cdr_arrangement_id']);
}

/** `arrangementOverHttp`'s choice: the accounts of these nicknames, each of which must be there. */
export const named =
  (...nicknames: readonly string[]) =>
  (accounts: readonly RawAccount[]): RawAccount[] =>
    nicknames.map((name) => {
      const found = accounts.find((account) => account.nickName === name);
      if (found === undefined) throw new Error(`making an arrangement: no account "${name}"`);
      return found;
    });
