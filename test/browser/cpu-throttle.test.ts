// The timing searches' CPU throttle (test/browser/cpu-throttle.ts): where a cgroup can be made,
// each renderer of the page's own Chromium is held to its share of a core, and let go again.
import { expect } from 'chai';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { browserSuite, renderersOf } from './browser-harness';
import { slowCpu } from './cpu-throttle';

/** Each renderer of `browser`, with the quota of its cgroup v1 `cpu` group (µs per 10 ms; -1 none). */
async function renderersQuota(browser: Browser): Promise<{ pid: number; group: string; quotaUs: number }[]> {
  return (await renderersOf(browser)).map(({ id }) => {
    const line = readFileSync(`/proc/${String(id)}/cgroup`, 'utf8')
      .split('\n')
      .find((entry) => /^\d+:cpu:/.test(entry));
    const group = path.join('/sys/fs/cgroup/cpu', line?.split(':')[2] ?? '/');
    return { pid: id, group, quotaUs: Number(readFileSync(path.join(group, 'cpu.cfs_quota_us'), 'utf8')) };
  });
}

describe('browser: the timing searches CPU throttle', function () {
  this.timeout(60_000);
  const suite = browserSuite();

  it('a page at full speed stays in the run’s Chromium', async () => {
    const slow = await slowCpu(suite.browser, 1);
    expect(slow.browser).to.equal(suite.browser);
    await slow.close();
    expect(suite.browser.isConnected(), 'the shared Chromium is not closed with it').to.equal(true);
  });

  it('4x: every renderer of the page’s own Chromium gets a quarter of a core, then all of it, and its groups go with it', async function () {
    const slow = await slowCpu(suite.browser, 4);
    if (slow.how !== 'quota') this.skip(); // No cgroup here (not root, or no cgroup v1 `cpu`): Chromium's emulation serves.
    expect(slow.browser).not.to.equal(suite.browser);
    try {
      const page = await (await slow.browser.newContext()).newPage();
      await page.goto(`${suite.harness.origin}/recipient/`);
      await slow.set(page, 4);
      const throttled = await renderersQuota(slow.browser);
      expect(throttled.length, 'renderers').to.be.above(0);
      for (const renderer of throttled) expect(renderer.quotaUs, `renderer ${String(renderer.pid)} in ${renderer.group}`).to.equal(2_500);
      await slow.set(page, 1);
      for (const renderer of await renderersQuota(slow.browser)) expect(renderer.quotaUs, `renderer ${String(renderer.pid)} let go`).to.equal(-1);
      await slow.close();
      for (const { group } of throttled) expect(existsSync(group), `${group} removed`).to.equal(false);
    } finally {
      await slow.close();
    }
  });
});
