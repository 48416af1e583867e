// The measurements the benchmarks share: CPU slowdown, medians, and the start-up time to a login
// form that takes input. `bench/run.ts` (the budgets) and `bench/compare-start.ts` (A/B of two
// builds) use the same ones, so their figures mean the same thing.
import type { Browser, Page } from 'playwright-core';

/** Issue 6: every timing runs at 4× CPU slowdown. */
export const CPU_SLOWDOWN = 4;

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

export const round = (n: number, digits = 1): number => Number(n.toFixed(digits));

export async function slowDown(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

/** Milliseconds from navigation to a username field that takes input. */
export async function timeToLoginForm(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  const field = page.locator('input[name="username"]');
  await field.waitFor({ state: 'visible' });
  return page.evaluate(() => {
    const input = document.querySelector<HTMLInputElement>('input[name="username"]');
    if (input === null || input.disabled) throw new Error('username field not ready');
    input.focus();
    return performance.now();
  });
}

/** One cold start (a fresh browser context, so no cache) of `url`, slowed down. */
export async function coldStart(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await slowDown(page);
    return await timeToLoginForm(page, url);
  } finally {
    await context.close();
  }
}
