// Issue 33 item 2: the config the sandbox serves, read by the app's own reader when the sandbox starts.
// DESIGN §3.19's one exception: config.json is the deployment's file, not the bank's answer.
import { parseRuntimeConfig } from '../application/runtime-config';
import { sandboxConfig, type InactivitySettings, type SandboxCxSwitches } from './sandbox-config';

/**
 * Issue 33 item 2: the sandbox's config.json, built in code, checked as the app checks it at
 * start (application/runtime-config.ts `parseRuntimeConfig`, the reader of the build and of
 * `npm run check-config` too). A setting the app would refuse (a misspelt SANDBOX_CX switch, a
 * warning time not under the time limit) stops the sandbox at start with the app's own lines,
 * rather than let every launch show the failure page.
 */
export function checkedSandboxConfig(inactivity: InactivitySettings, cx: SandboxCxSwitches = {}): Record<string, unknown> {
  const config = sandboxConfig(inactivity, cx);
  const read = parseRuntimeConfig(config);
  if (!read.ok) throw new Error(`Its config.json is one the app refuses (check SANDBOX_CX and the inactivity settings):\n- ${read.error.join('\n- ')}`);
  return config;
}
