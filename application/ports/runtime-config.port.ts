/**
 * CONTRACT §2: the loaded runtime configuration (`RuntimeConfig`), bound by the composition root
 * as a constant once `config/config.json` has been read and checked.
 */
export const RUNTIME_CONFIG = Symbol('RuntimeConfig');
