// How the timing searches' CPU throttle slows a page (docs/testing.md "The CPU throttle"): a fixed
// loop of 3×10⁷ square roots in a blank page, three times at each rate, under the throttle this
// machine gives (a cgroup quota where one can be made) and under Chromium's emulation, with the
// CPU the page's renderers spend while it then sits idle for 2 s.
//   npx tsx bench/cpu-throttle.ts
import { launchChromium, renderersOf } from '../test/browser/browser-harness';
import { slowCpu } from '../test/browser/cpu-throttle';
import type { Browser } from 'playwright-core';

const loop = (): number => {
  const start = performance.now();
  let sum = 0;
  for (let i = 0; i < 3e7; i++) sum += Math.sqrt(i);
  return sum > 0 ? performance.now() - start : 0;
};

/** CPU seconds of `browser`'s renderers so far. */
async function renderersCpu(browser: Browser): Promise<number> {
  return (await renderersOf(browser)).reduce((sum, renderer) => sum + renderer.cpuTime, 0);
}

const shared = await launchChromium();
try {
  for (const how of ['quota', 'emulation'] as const) {
    for (const rate of [1, 2, 4]) {
      const slow = await slowCpu(shared, rate, how);
      const page = await (await slow.browser.newContext()).newPage();
      await page.goto('data:text/html,<p>probe</p>');
      await slow.set(page, rate);
      const ms: number[] = [];
      for (let i = 0; i < 3; i++) ms.push(await page.evaluate(loop));
      const before = await renderersCpu(slow.browser);
      await page.waitForTimeout(2_000);
      const idle = (await renderersCpu(slow.browser)) - before;
      console.log(`${how.padEnd(9)} ${rate}x: loop ${ms.map((m) => m.toFixed(0)).join(', ')} ms; idle 2 s: ${idle.toFixed(2)} s of the renderers' CPU`);
      await page.context().close();
      await slow.close();
    }
  }
} finally {
  await shared.close();
}
