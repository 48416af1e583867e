// Issue 15 item 1: the bench's two profiles. Desktop runs unthrottled; mobile is Lighthouse's
// mobile preset: 4× CPU slowdown and a network of 150 ms round trip, 1.6 Mbps down, 750 kbps up,
// applied through the DevTools protocol to every request of the page.
import type { Page } from 'playwright-core';

export interface Profile {
  readonly name: 'desktop' | 'mobile';
  readonly cpuSlowdown: number;
  /** A phone's screen for mobile (rendering cost depends on it), a laptop's for desktop. */
  readonly viewport: { readonly width: number; readonly height: number };
  /** Undefined: no network emulation. */
  readonly network?: { readonly latencyMs: number; readonly downloadBitsPerSecond: number; readonly uploadBitsPerSecond: number };
}

/**
 * The desktop profile, by name.
 * @public a probe's test runs under it (test/bench/page-probe.test.ts), as the benchmarks run under MOBILE.
 */
export const DESKTOP: Profile = { name: 'desktop', cpuSlowdown: 1, viewport: { width: 1280, height: 900 } };
export const MOBILE: Profile = {
  name: 'mobile',
  cpuSlowdown: 4,
  viewport: { width: 412, height: 823 },
  network: { latencyMs: 150, downloadBitsPerSecond: 1.6e6, uploadBitsPerSecond: 750e3 },
};
export const PROFILES: readonly Profile[] = [DESKTOP, MOBILE];

/** Applies `profile` to `page` (before it navigates, so the first request is throttled too). */
export async function applyProfile(page: Page, profile: Profile): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
  if (profile.network === undefined) return;
  // This session keeps no bodies: with the Network domain on, Chromium keeps a decoded copy of each
  // answer's body for every session that asks, which a phone never does (the 5,000-account step
  // rendered about 100 ms later at 4× with it; docs/performance.md "What DevTools adds").
  await cdp.send('Network.enable', { maxTotalBufferSize: 0, maxResourceBufferSize: 0 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.network.latencyMs,
    downloadThroughput: profile.network.downloadBitsPerSecond / 8,
    uploadThroughput: profile.network.uploadBitsPerSecond / 8,
  });
}
