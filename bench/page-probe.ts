// What the bench watches inside the page, installed before any of the page's own scripts (an init
// script over the DevTools protocol, which the page's CSP does not govern):
// - paint marks: the first animation frame in which an element matching a selector is on screen
//   (its rAF callback runs just before that frame's paint);
// - start-up: once the login form is on screen, the probe types a username and a secure code the
//   way a browser does (value, then an input event), and marks the first frame in which the submit
//   button is enabled: "Continue usable" (the app took the input and may send it); "input
//   ready" is the first task the main thread runs after the form's frame (a key press would wait
//   for the same tasks); a trusted click's time is kept as lastClick;
// - Event Timing (issue 15 item 3): every `event` entry of 16 ms or more with an interactionId;
// - the last resource's responseEnd before a mark, so a render can be told from the network.
import type { Page } from 'playwright-core';

export interface EventEntry { readonly name: string; readonly interactionId: number; readonly startTime: number; readonly duration: number; readonly processing: number }

export interface ProbeMarks { readonly [name: string]: number | undefined }

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

/** The submit button of a login form, enabled. */
export const CONTINUE_ENABLED = 'form button[type="submit"]:not([disabled]):not([aria-disabled="true"])';
export const USERNAME = 'input[name="username"]';

function probe({ fillLogin, continueSelector, usernameSelector }: { fillLogin: boolean; continueSelector: string; usernameSelector: string }): void {
  const marks: Record<string, number> = {};
  const watched = new Map<string, string>();
  const events: EventEntry[] = [];
  const visible = (selector: string): boolean => {
    const element = document.querySelector<HTMLElement>(selector);
    return element !== null && element.getClientRects().length > 0;
  };
  let filled = false;
  let inputQueued = false;
  const fill = (): void => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    for (const [selector, value] of [[usernameSelector, 'jane.citizen'], ['input[name="secureCode"]', '123456']] as const) {
      const input = document.querySelector<HTMLInputElement>(selector);
      if (input === null || setValue === undefined) continue;
      setValue.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
    filled = true;
  };
  const frame = (): void => {
    const now = performance.now();
    for (const [name, selector] of watched) {
      if (marks[name] === undefined && visible(selector)) marks[name] = now;
    }
    // "accepts input": the first task the main thread runs after the frame that shows the form.
    if (marks['formPainted'] !== undefined && !inputQueued) {
      inputQueued = true;
      setTimeout(() => { marks['inputReady'] = performance.now(); }, 0);
    }
    if (fillLogin && !filled && marks['formPainted'] !== undefined) fill();
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  const watch = (name: string, selector: string): void => {
    delete marks[name];
    watched.set(name, selector);
  };
  watch('formPainted', usernameSelector);
  if (fillLogin) watch('continueUsable', continueSelector);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[]) {
      if (entry.interactionId === 0) continue;
      events.push({ name: entry.name, interactionId: entry.interactionId, startTime: entry.startTime, duration: entry.duration, processing: entry.processingEnd - entry.processingStart });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  addEventListener('click', (event) => { if (event.isTrusted) marks['lastClick'] = event.timeStamp; }, { capture: true });
  const lastResponseEndBefore = (time: number): number =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .map((entry) => entry.responseEnd)
      .filter((end) => end <= time)
      .reduce((latest, end) => Math.max(latest, end), 0);
  window.__bench = { marks, events, watch, lastResponseEndBefore };
}

/** Installs the probe in every document `page` loads; `fillLogin` types into the login form once it shows. */
export async function installProbe(page: Page, fillLogin: boolean): Promise<void> {
  const options = JSON.stringify({ fillLogin, continueSelector: CONTINUE_ENABLED, usernameSelector: USERNAME });
  // tsx compiles with esbuild's keepNames, whose __name helper the page lacks: a no-op stands in,
  // for the probe and for the functions the bench evaluates in the page later.
  await page.addInitScript({ content: `globalThis.__name = (target) => target;\n(${probe.toString()})(${options});` });
}

/** Waits until the probe has marked `name`, and returns the mark (ms since navigation start). */
export async function mark(page: Page, name: string, timeoutMs = 60000): Promise<number> {
  await page.waitForFunction((markName) => window.__bench?.marks[markName] !== undefined, name, { timeout: timeoutMs });
  return page.evaluate((markName) => window.__bench.marks[markName] ?? Number.NaN, name);
}
