import type { RuntimeConfig } from '../application/runtime-config';

/** CONTRACT §2 `apiBaseUrl`: the address of one of the bank's customer-auth calls (a base ending in `/` is not doubled). */
export const customerAuthUrl = (config: RuntimeConfig, path: string): string => `${config.apiBaseUrl.replace(/\/+$/, '')}${path}`;
