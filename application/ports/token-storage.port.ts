/**
 * DESIGN §3.3: where the redirect token lives once it has left the address bar: this tab only,
 * so that a reload continues the flow. Terminal paths clear it.
 */
export interface TokenStorage {
  read(): string | undefined;
  write(token: string): void;
  clear(): void;
}
export const TOKEN_STORAGE = Symbol('TokenStorage');
