import { createHash } from 'node:crypto';

/** CSP Level 3 "hash-source": how a policy names an inline block by its SHA-256, stated here apart from contract/web-security-headers.ts. */
export const cspHash = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
