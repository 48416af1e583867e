// Serves the built consent app (dist/) at the root with an SPA fallback, the sandbox's
// config/config.json and its JWKS (DESIGN §4-5, CONTRACT §2).
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HASHED_ASSETS_PREFIX, inlineSourcesOf, NO_INLINE, type InlineSources } from '../contract/web-security-headers';
import { CSP_REPORT_PATH } from './csp-reports.routes';
import { CUSTOMER_AUTH_PREFIX } from './customer-auth.routes';
import { errorEnvelope } from './error-envelope';
import { messagePage } from './html-page';
import { RECIPIENT_PREFIX } from './recipient-simulator.routes';
import type { SigningKeys } from './signing-keys';

/** DESIGN §3.14: the sandbox brands' logos (config `logoUrl`), served from the app's own origin as the CSP requires. */
const BRAND_ASSETS_PREFIX = '/brand/';
const BRAND_ASSETS_DIR = fileURLToPath(new URL('./brand-assets/', import.meta.url));

/** Paths that never fall back to the app: a miss there is a plain 404. */
const NO_FALLBACK_PREFIXES = [
  BRAND_ASSETS_PREFIX,
  `${CUSTOMER_AUTH_PREFIX}/`,
  HASHED_ASSETS_PREFIX,
  '/.well-known/',
  '/config/',
  `${RECIPIENT_PREFIX}/`,
  CSP_REPORT_PATH,
];

const pathOf = (request: FastifyRequest): string => request.url.split('?')[0] ?? '/';

const NOT_BUILT = messagePage(
  'The consent app is not built yet',
  'The sandbox bank is running, but dist/ holds no built app. Run "npm run build" (or "npm start", which builds first) and reload this page.',
);

/**
 * DESIGN §4, issue 20: the inline blocks of the entry page the sandbox serves, which its CSP
 * allows by their hashes. Read again when index.html changes (a rebuild while the sandbox runs);
 * none before the app is built.
 */
export function servedInlineSources(distDir: string): () => InlineSources {
  const file = path.join(distDir, 'index.html');
  let seen: { readonly modified: number; readonly sources: InlineSources } | undefined;
  return () => {
    let modified: number;
    try {
      modified = statSync(file).mtimeMs;
    } catch {
      return NO_INLINE;
    }
    if (seen?.modified !== modified) seen = { modified, sources: inlineSourcesOf(readFileSync(file, 'utf8')) };
    return seen.sources;
  };
}

/** DESIGN §4: the app's index.html for any client-side route, or a clear page when it is not built. */
async function sendAppShell(reply: FastifyReply, distDir: string): Promise<FastifyReply> {
  if (!existsSync(path.join(distDir, 'index.html'))) return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT);
  return reply.code(200).sendFile('index.html', distDir, { cacheControl: false });
}

/** Registers the app shell, the SPA fallback (as the not-found handler), config.json and the JWKS. */
export function registerAppShellRoutes(
  app: FastifyInstance,
  options: { readonly distDir: string; readonly keys: SigningKeys; readonly config: Readonly<Record<string, unknown>> },
): void {
  const { distDir } = options;
  app.register(fastifyStatic, { root: distDir, prefix: '/', index: false, wildcard: true, cacheControl: false, dotfiles: 'deny' });
  app.register(fastifyStatic, {
    root: BRAND_ASSETS_DIR,
    prefix: BRAND_ASSETS_PREFIX,
    decorateReply: false,
    index: false,
    cacheControl: false,
    dotfiles: 'deny',
  });

  // Issue 33 item 2: as checked at start (checked-config.ts).
  app.get('/config/config.json', async () => options.config);
  app.get('/.well-known/jwks.json', async () => options.keys.jwks);

  // The printed address opens the recipient simulator; the app's entry URL is /?redirectJwt=….
  app.get('/', async (request, reply) => {
    const query = request.url.split('?')[1] ?? '';
    if (query === '') return reply.redirect(`${RECIPIENT_PREFIX}/`, 302);
    return sendAppShell(reply, distDir);
  });

  app.setNotFoundHandler(async (request, reply) => {
    const requestPath = pathOf(request);
    const api = [`${CUSTOMER_AUTH_PREFIX}/`, '/.well-known/', '/config/', CSP_REPORT_PATH];
    if (api.some((prefix) => requestPath.startsWith(prefix))) {
      return reply.code(404).send(errorEnvelope('not_found', [`${request.method} ${requestPath} is not a call of this bank.`]));
    }
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (!isPageRequest || NO_FALLBACK_PREFIXES.some((prefix) => requestPath.startsWith(prefix))) {
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send(messagePage('Not found', `Nothing is served at ${requestPath}.`));
    }
    return sendAppShell(reply, distDir);
  });
}
