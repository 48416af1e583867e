import { parseRuntimeConfig, type RuntimeConfig } from '../application/runtime-config';
import { err, type Result } from '../domain/result';
import { parseJsonBody } from './fetch-call';

/**
 * CONTRACT §2: config.json's text read as the app reads it at start, every problem named. Issue
 * 33 item 2: one reader for the app (FetchConfigSource), the build (esbuild.config.mjs) and
 * `npm run check-config` (adapters/config-file.ts), so that a bank learns of a bad config from
 * the build or its pipeline with the very lines the app would log to its customers' consoles.
 */
export function readConfigText(text: string): Result<RuntimeConfig, readonly string[]> {
  const parsed = parseJsonBody(text);
  if (parsed === undefined) return err(['config.json is empty']);
  if ('invalid' in parsed) return err([`config.json is not valid JSON (${parsed.invalid})`]);
  return parseRuntimeConfig(parsed.json);
}
