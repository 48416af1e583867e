// The launch's names in the address, the session storage and the entry page's marks. A module
// with no decorator and no dependency, so that the entry page's script uses the same names.
import type { Decision } from '../application/ports/token-storage.port';

/** The query parameter that carries the redirect token (spec §2). */
export const REDIRECT_JWT_PARAM = 'redirectJwt';

/** The query parameter of an `authorize_failure` address (CONTRACT §7). */
export const ERROR_PARAM = 'error';

/** CONTRACT §2: where the app reads its runtime configuration, served beside it; the entry page preloads it (esbuild.config.mjs). */
export const CONFIG_PATH = '/config/config.json';

/** DESIGN §3.3. */
export const REDIRECT_JWT_KEY = 'cdr.redirectJwt';

/** Issue 33 item 5: the brand of the flow this tab finished, for a Back from the recipient. */
export const FINISHED_BRAND_KEY = 'cdr.finishedBrand';

/** Issue 35 item 1: the mark of a flow this tab has reported to the bank. */
export const flowReportedKeyName = (flowId: string): string => `cdr.flowReported.${flowId}`;

/** DESIGN §3.11. */
export const decisionKeyName = (decision: Decision): string => `cdr.idempotencyKey.${decision}`;

/** The attribute the entry page's script sets on `<html>`: `login` or `elsewhere` (docs/prerendered-login.md). */
export const ENTRY_ATTRIBUTE = 'data-entry';

/** Issue 20: the attribute the entry page's script sets on `<html>`: the token's brand, when the entry page carries it. */
export const BRAND_ATTRIBUTE = 'data-brand';

/** Issue 20: the attribute the entry page's script sets on `<html>` for a press before the app took the form over. */
export const EARLY_ACTION_ATTRIBUTE = 'data-early-action';

/** Issue 20: the entry page's recovery from a file lost at load (docs/prerendered-login.md); the app clears the count once it starts. */
export const ENTRY_KEPT_KEY = 'cdr.entry.kept';
export const ENTRY_RELOADS_KEY = 'cdr.entry.reloads';

/** Issue 20: the id of the entry page's `<script type="application/json">` with the brands and links it was built with. */
export const ENTRY_CONFIG_ID = 'entry-config';
