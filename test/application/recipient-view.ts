// What the sandbox's recipient simulator makes of a return (CONTRACT §6), read over HTTP as a
// browser landing on its callback would see it, with no browser.
import { jsdomWindow } from '../adapters/jsdom-window';

/** The callback page: its heading, the checks that failed, the values and the verified claims. */
export interface RecipientView {
  readonly heading: string;
  readonly failedChecks: readonly string[];
  readonly values: Readonly<Record<string, string>>;
  readonly claims: Readonly<Record<string, unknown>> | undefined;
}

/**
 * CONTRACT §6: an error return is shown at the callback address itself; a success carries its
 * values in the fragment, which the callback page's script forwards to /recipient/callback/result
 * (sandbox/recipient-assets/callback.js): the same page is asked for here.
 */
export async function recipientView(returnUrl: string): Promise<RecipientView> {
  const url = new URL(returnUrl);
  const fragment = url.hash.replace(/^#/, '');
  const page = url.hash === '' ? url : new URL(`/recipient/callback/result${fragment === '' ? '' : `?${fragment}`}`, url.origin);
  const response = await fetch(page);
  if (!response.ok) throw new Error(`the recipient simulator answered ${response.status} at ${page.pathname}`);
  const { document } = jsdomWindow(page.href, await response.text());
  const values: Record<string, string> = {};
  for (const term of document.querySelectorAll('dl dt')) values[term.textContent ?? ''] = term.nextElementSibling?.textContent ?? '';
  const claimsText = document.querySelector('pre.wrap')?.textContent;
  return {
    heading: document.querySelector('h1')?.textContent ?? '',
    failedChecks: [...document.querySelectorAll('.checks li.failed')].map((item) => item.textContent ?? ''),
    values,
    claims: claimsText ? (JSON.parse(claimsText) as Record<string, unknown>) : undefined,
  };
}
