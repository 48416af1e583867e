import type { Result } from '../../domain/result';
import type { RuntimeConfig } from '../runtime-config';

/** CONTRACT §2: loads `config/config.json` at startup. The error lists what is wrong, for the startup error page. */
export interface ConfigSource {
  load(): Promise<Result<RuntimeConfig, readonly string[]>>;
}
export const CONFIG_SOURCE = Symbol('ConfigSource');
