// What the bench watches inside the page, installed before any of the page's own scripts (an init
// script over the DevTools protocol, which the page's CSP does not govern):
// - paint marks: the first animation frame in which an element matching a selector is on screen
//   (its rAF callback runs just before that frame's paint);
// - start-up: once the login form is on screen, the probe types a username and a secure code the
//   way a browser does (value, then an input event), and marks "Continue usable": the first frame
//   in which the page's "Continue usable" selector is on screen (for the product, the login form
//   `data-ready`: a press on Continue acts at once, issue 20; for the static page, its submit
//   button, enabled). Each field is typed into in the first frame it is there. Once Continue is
//   usable it notes whether the fields still hold what it typed ("typedKept");
//   "input ready" is the first task the main thread runs after the form's frame (a key press
//   would wait for the same tasks); a trusted click's time is kept as lastClick;
// - Event Timing (issue 15 item 3): every `event` entry of 16 ms or more with an interactionId;
// - the last resource's responseEnd before a mark, so a render can be told from the network.
import type { Page } from 'playwright-core';

interface EventEntry {
  readonly name: string;
  readonly interactionId: number;
  readonly startTime: number;
  readonly duration: number;
  readonly processing: number;
}

declare global {
  interface Window {
    __bench: {
      marks: Record<string, number>;
      events: EventEntry[];
      watch: (name: string, selector: string) => void;
      lastResponseEndBefore: (time: number) => number;
    };
  }
}

/**
 * The static page's "Continue usable": its submit button, there and enabled (it has no script, so
 * this is the frame that shows the form). The product's Continue is never disabled (issue 20), so
 * this selector no longer tells anything about the product: see LOGIN_READY.
 */
export const CONTINUE_ENABLED = 'form button[type="submit"]:not([disabled]):not([aria-disabled="true"])';
/**
 * The product's "Continue usable" (issue 20): the login form is `data-ready` from the moment a
 * press on Continue acts at once (the token verified, the consent read; before that a press is
 * acknowledged "Just a moment…" and carried out later). ui/web/pages/login-page.tsx.
 */
export const LOGIN_READY = 'form.login-form[data-ready]';
export const USERNAME = 'input[name="username"]';
export const SECURE_CODE = 'input[name="secureCode"]';
/** What the probe types into the login form once it shows. */
const TYPED = { username: 'jane.citizen', secureCode: '123456' } as const;

function probe({
  fillLogin,
  continueSelector,
  usernameSelector,
  secureCodeSelector,
  typed,
}: {
  fillLogin: boolean;
  continueSelector: string | null;
  usernameSelector: string;
  secureCodeSelector: string;
  typed: { username: string; secureCode: string };
}): void {
  const marks: Record<string, number> = {};
  const watched = new Map<string, string>();
  const events: EventEntry[] = [];
  const visible = (selector: string): boolean => {
    const element = document.querySelector<HTMLElement>(selector);
    return element !== null && element.getClientRects().length > 0;
  };
  let filled = false;
  let inputQueued = false;
  const fields = [
    [usernameSelector, typed.username],
    [secureCodeSelector, typed.secureCode],
  ] as const;
  const typedInto = new Set<string>();
  // Each field is typed into in the first frame it is there: the browser may paint the username
  // while the rest of a long entry page is still being parsed (seen on the product's page under
  // the mobile profile), so the secure code can come a frame or more later.
  const fill = (): void => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    for (const [selector, value] of fields) {
      const input = document.querySelector<HTMLInputElement>(selector);
      if (typedInto.has(selector) || input === null || setValue === undefined) continue;
      setValue.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      typedInto.add(selector);
    }
    filled = typedInto.size === fields.length;
  };
  const frame = (): void => {
    const now = performance.now();
    for (const [name, selector] of watched) {
      if (marks[name] === undefined && visible(selector)) marks[name] = now;
    }
    // "accepts input": the first task the main thread runs after the frame that shows the form.
    if (marks['formPainted'] !== undefined && !inputQueued) {
      inputQueued = true;
      setTimeout(() => {
        marks['inputReady'] = performance.now();
      }, 0);
    }
    if (fillLogin && !filled && marks['formPainted'] !== undefined) fill();
    // Once Continue is usable and both fields were typed into: do they still hold what was typed? (1 or 0)
    if (fillLogin && filled && marks['continueUsable'] !== undefined && marks['typedKept'] === undefined) {
      marks['typedKept'] = fields.every(([selector, value]) => document.querySelector<HTMLInputElement>(selector)?.value === value) ? 1 : 0;
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  const watch = (name: string, selector: string): void => {
    delete marks[name];
    watched.set(name, selector);
  };
  watch('formPainted', usernameSelector);
  if (continueSelector !== null) watch('continueUsable', continueSelector);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[]) {
      if (entry.interactionId === 0) continue;
      events.push({
        name: entry.name,
        interactionId: entry.interactionId,
        startTime: entry.startTime,
        duration: entry.duration,
        processing: entry.processingEnd - entry.processingStart,
      });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  addEventListener(
    'click',
    (event) => {
      if (event.isTrusted) marks['lastClick'] = event.timeStamp;
    },
    { capture: true },
  );
  const lastResponseEndBefore = (time: number): number =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .map((entry) => entry.responseEnd)
      .filter((end) => end <= time)
      .reduce((latest, end) => Math.max(latest, end), 0);
  window.__bench = { marks, events, watch, lastResponseEndBefore };
}

export interface ProbeOptions {
  /** Type a username and a secure code into the login form once it shows. */
  readonly fillLogin: boolean;
  /** Mark "continueUsable" at the first frame this selector is on screen (none: no such mark). */
  readonly continueSelector?: string;
}

/** Installs the probe in every document `page` loads. */
export async function installProbe(page: Page, { fillLogin, continueSelector }: ProbeOptions): Promise<void> {
  const options = JSON.stringify({
    fillLogin,
    continueSelector: continueSelector ?? null,
    usernameSelector: USERNAME,
    secureCodeSelector: SECURE_CODE,
    typed: TYPED,
  });
  // tsx compiles with esbuild's keepNames, whose __name helper the page lacks: a no-op stands in,
  // for the probe and for the functions the bench evaluates in the page later.
  await page.addInitScript({ content: `globalThis.__name = (target) => target;\n(${probe.toString()})(${options});` });
}

/** The longest Event Timing entry of the last interaction after `seen` entries (16 when under the API's threshold). */
export const lastInteraction = (page: Page, seen: number): Promise<number> =>
  page.evaluate(async (before) => {
    const frame = (): Promise<void> => new Promise((resolve) => requestAnimationFrame(() => resolve()));
    await frame();
    await frame();
    const deadline = performance.now() + 1000;
    while (window.__bench.events.length === before && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const fresh = window.__bench.events.slice(before);
    if (fresh.length === 0) return 16;
    const last = fresh.reduce((latest, entry) => Math.max(latest, entry.interactionId), 0);
    return Math.max(...fresh.filter((entry) => entry.interactionId === last).map((entry) => entry.duration));
  }, seen);

/**
 * Waits until the probe has marked `name`, and returns the mark (ms since navigation start).
 * Throws BenchTimeout, naming what was awaited, when it does not come within `timeoutMs`.
 */
export async function mark(page: Page, name: string, timeoutMs = 120_000): Promise<number> {
  try {
    await page.waitForFunction((markName) => window.__bench?.marks[markName] !== undefined, name, { timeout: timeoutMs });
  } catch (error) {
    throw new BenchTimeout(`"${name}" not reached within ${timeoutMs / 1000} s`, error);
  }
  return page.evaluate((markName) => window.__bench.marks[markName] ?? Number.NaN, name);
}

/** A step of a measurement that did not happen in time (or at all); the bench counts it, it does not stop. */
class BenchTimeout extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'BenchTimeout';
  }
}

/** One line for a failure's record: the message's first line, without Playwright's call log. */
export function describeFailure(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text.split('\n')[0] ?? text).slice(0, 300);
}
