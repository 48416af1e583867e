// A slow phone's CPU for the timing searches' pages (the take-over property, the browser random
// journeys): a CFS quota on the page's renderer processes, which sleeps while the page waits, where
// this machine lets a test make a cgroup v1 `cpu` group (as root); else Chromium's
// `Emulation.setCPUThrottlingRate`, which keeps a throttled page's core busy for its whole life,
// idle or not. docs/testing.md "The CPU throttle" has the measurements and why.
//
// A quota holds a whole process, not one page, so a page slowed by it gets a Chromium of its own.
// `CPU_THROTTLE=emulation` uses the emulation anyway (to compare the two, or replay a case as it was found).
import { mkdirSync, readdirSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { launchChromium, renderersOf } from './browser-harness';

const CPU_CGROUPS = '/sys/fs/cgroup/cpu';
/** The quota's period: 10 ms, shorter than a frame, so that a slowed page is slowed in every frame. */
const PERIOD_US = 10_000;
/** The kernel's least quota. */
const MIN_QUOTA_US = 1_000;
/** How often a throttled Chromium's renderers are looked for: a new one (a page's first, a reload's) runs at full speed until then. */
const SWEEP_MS = 50;

export interface SlowCpu {
  /** How the page is slowed: `quota` (a Chromium of its own) or `emulation` (in the browser given). */
  readonly how: 'quota' | 'emulation';
  /** The Chromium to open the page in. */
  readonly browser: Browser;
  /** Slows `page` to `rate` times its time (1: full speed). */
  set(page: Page, rate: number): Promise<void>;
  /** Closes the Chromium of its own, if any, and removes its groups. */
  close(): Promise<void>;
}

/** Where the renderers' groups go, once made; undefined where no cgroup can be made here. */
let groupsRoot: string | undefined;
let groupsTried = false;

function quotaGroups(): string | undefined {
  if (!groupsTried) {
    groupsTried = true;
    const dir = path.join(CPU_CGROUPS, `consent-app-tests-${String(process.pid)}`);
    try {
      mkdirSync(dir);
      groupsRoot = dir;
      process.once('exit', () => removeGroups(dir));
    } catch {
      groupsRoot = undefined;
    }
  }
  return groupsRoot;
}

/** Removes the group `dir` and the groups in it; false while a renderer in one has not yet ended. */
function removeGroups(dir: string): boolean {
  try {
    const inner = readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    if (!inner.every((entry) => removeGroups(path.join(dir, entry.name)))) return false;
    rmdirSync(dir);
    return true;
  } catch {
    return false;
  }
}

type How = SlowCpu['how'];
/** The throttle asked for: the quota unless `CPU_THROTTLE=emulation`. */
const asked = (): How => (process.env['CPU_THROTTLE'] === 'emulation' ? 'emulation' : 'quota');

/** How a page is slowed here, for a run's summary. */
export const cpuThrottleKind = (): string =>
  asked() === 'quota' && quotaGroups() !== undefined ? 'CPU slowed by a cgroup quota' : "CPU slowed by Chromium's emulation";

const quotaUs = (rate: number): number => (rate <= 1 ? -1 : Math.max(MIN_QUOTA_US, Math.round(PERIOD_US / rate)));

/**
 * A page's CPU slowed by `rate` (the case's rate, so that a page that needs no throttle stays in
 * `shared`). With the quota, the page must be opened in `browser` (a Chromium of its own).
 */
export async function slowCpu(shared: Browser, rate: number, how: How = asked()): Promise<SlowCpu> {
  const root = rate > 1 && how === 'quota' ? quotaGroups() : undefined;
  return root === undefined ? emulated(shared) : await ownChromium(root);
}

function emulated(browser: Browser): SlowCpu {
  const sessions = new WeakMap<Page, Promise<CDPSession>>();
  return {
    how: 'emulation',
    browser,
    async set(page, rate) {
      let session = sessions.get(page);
      if (session === undefined) sessions.set(page, (session = page.context().newCDPSession(page)));
      await (await session).send('Emulation.setCPUThrottlingRate', { rate }).catch(() => undefined);
    },
    async close() {},
  };
}

let made = 0;

/**
 * The throttled Chromiums a test has closed, lent again (32.14): a Chromium's launch and close cost
 * about 2 s of CPU (its browser, GPU, network and zygote processes), 9 of them for the gate's 13
 * journeys. Only the renderers are ever slowed, so a Chromium whose contexts are all closed is as
 * good as a new one. In a mocha run only: a root hook closes them when it ends (a bench script has none).
 */
const idleChromiums: Browser[] = [];
const pooled = typeof globalThis.after === 'function';
if (pooled) {
  after(async () => {
    for (const browser of idleChromiums.splice(0)) await browser.close().catch(() => undefined);
  });
}

/** Takes a renderer out of its group, into the machine's own (the root of the `cpu` hierarchy). */
const release = (pid: number): void => {
  try {
    writeFileSync(path.join(CPU_CGROUPS, 'cgroup.procs'), String(pid));
  } catch {
    // It ended meanwhile.
  }
};

async function ownChromium(root: string): Promise<SlowCpu> {
  const browser = idleChromiums.pop() ?? (await launchChromium());
  const cdp = await browser.newBrowserCDPSession();
  const dir = path.join(root, `chromium-${String((made += 1))}`);
  mkdirSync(dir);
  const groups = new Map<number, string>();
  let rate = 1;
  const write = (group: string, file: string, value: number): void => writeFileSync(path.join(group, file), String(value));

  /** Puts each renderer not yet seen in a group of its own, at the current rate. */
  const sweep = async (): Promise<void> => {
    for (const { id } of await renderersOf(cdp)) {
      if (groups.has(id)) continue;
      const group = path.join(dir, String(id));
      try {
        mkdirSync(group);
        write(group, 'cpu.cfs_period_us', PERIOD_US);
        write(group, 'cpu.cfs_quota_us', quotaUs(rate));
        // cgroup.procs moves every thread of the process; threads it starts later stay with it.
        write(group, 'cgroup.procs', id);
        groups.set(id, group);
      } catch {
        // The renderer ended meanwhile.
      }
    }
  };
  let sweeping: Promise<void> = Promise.resolve();
  let closed: Promise<void> | undefined;
  const sweepOnce = (): Promise<void> => (sweeping = sweeping.then(sweep).catch(() => undefined));
  const timer = setInterval(() => void sweepOnce(), SWEEP_MS);
  // Not what keeps a run alive: a test that fails before `close` still lets mocha end.
  timer.unref();

  return {
    how: 'quota',
    browser,
    async set(_page, newRate) {
      rate = newRate;
      await sweepOnce();
      for (const group of groups.values()) {
        try {
          write(group, 'cpu.cfs_quota_us', quotaUs(rate));
        } catch {
          // Its renderer ended.
        }
      }
    },
    close() {
      closed ??= (async () => {
        clearInterval(timer);
        await sweeping;
        for (const context of browser.contexts()) await context.close().catch(() => undefined);
        if (pooled && browser.isConnected()) {
          // Its renderers still alive (a spare one) leave their groups, which go; the next test's are swept anew.
          await cdp.detach().catch(() => undefined);
          for (const pid of groups.keys()) release(pid);
          idleChromiums.push(browser);
        } else {
          await browser.close().catch(() => undefined);
        }
        // A renderer may outlive its browser's close by a moment; a group left behind goes with the run's own.
        for (let tries = 0; tries < 20 && !removeGroups(dir); tries++) await new Promise((resolve) => setTimeout(resolve, 50));
      })();
      return closed;
    },
  };
}
