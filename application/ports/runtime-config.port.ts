/** CONTRACT §2: the runtime configuration, bound once it has been read and checked. */
export const RUNTIME_CONFIG = Symbol('RuntimeConfig');
