/**
 * An absolute http(s) address (CONTRACT §2 config links, a return address, an address given on
 * the terminal's command line): the parsed URL, or `undefined` for anything else (a relative
 * path, `javascript:`, `ftp:`, text that is no URL).
 */
export function parseHttpUrl(value: string): URL | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** `parseHttpUrl` as a test. */
export const isHttpUrl = (value: string): boolean => parseHttpUrl(value) !== undefined;
