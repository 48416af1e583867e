// The sandbox bank (DESIGN §5): one Fastify server on 127.0.0.1 that serves the built consent
// app, plays the bank's side of every customer-auth call and hosts the recipient simulator.
import type { RecordedFlowEvent } from './sandbox-records';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import type { Result } from './result';
import { cacheControlFor, NO_INLINE, securityHeaders } from '../contract/web-security-headers';
import { registerAppShellRoutes, servedInlineSources } from './app-shell.routes';
import { BankSessions } from './bank-sessions';
import { registerCspReportRoutes, SANDBOX_CSP_REPORTING } from './csp-reports.routes';
import { CustomerAuthBank } from './customer-auth-bank';
import { CUSTOMER_AUTH_PREFIX, registerCustomerAuthRoutes } from './customer-auth.routes';
import { registerFlowEventRoute } from './flow-event.routes';
import { registerAdminMetricsRoute } from './admin-metrics.routes';
import { errorEnvelope } from './error-envelope';
import { messagePage } from './html-page';
import { LoginAttempts } from './login-attempts';
import { PERSONAS, type Persona } from './personas';
import { RecipientSimulator, type AuthorisationAsk, type StartedAuthorisation } from './recipient-simulator';
import { registerRecipientSimulatorRoutes } from './recipient-simulator.routes';
import { checkedSandboxConfig } from './checked-config';
import { DEFAULT_INACTIVITY, type InactivitySettings, type SandboxCxSwitches } from './sandbox-config';
import { SandboxTokens } from './sandbox-tokens';
import { loadOrCreateSigningKeys } from './signing-keys';
import { SqliteSandboxStore } from './sqlite-sandbox-store';

/** The project root (two folders up from this file). */
const PROJECT_ROOT = fileURLToPath(new URL('../', import.meta.url));

/** Defaults that work with no configuration at all (DESIGN §5). */
export const SANDBOX_DEFAULTS = {
  host: '127.0.0.1',
  port: 4400,
  dataDir: path.join(PROJECT_ROOT, '.sandbox-data'),
  distDir: path.join(PROJECT_ROOT, 'dist'),
  tokenLifetimeSeconds: 3600,
} as const;

/** How long stopping waits for the answers in flight before it cuts their connections. */
const CLOSE_GRACE_MS = 3000;

/** The database file inside the data folder. */
const DATABASE_FILE = 'sandbox.sqlite';

/** How the sandbox bank is set up; every field has a default. */
export interface SandboxBankOptions {
  /** Port to listen on; 0 picks a free one (tests). Default 4400. */
  readonly port?: number;
  readonly host?: string;
  /** Keeps the signing key and the database. Default ./.sandbox-data. */
  readonly dataDir?: string;
  /** The built consent app. Default ./dist. */
  readonly distDir?: string;
  /** Overrides the inactivity values of config.json (browser tests want short timers). */
  readonly inactivity?: Partial<InactivitySettings>;
  /** Issue 22: the CX standards' switches config.json turns on (CONTRACT §2 `cx`; none by default). */
  readonly cx?: SandboxCxSwitches;
  /** Lifetime of a redirectJwt. Default one hour. */
  readonly tokenLifetimeSeconds?: number;
  /** The clock, in milliseconds (tests move it). */
  readonly nowMs?: () => number;
  readonly personas?: readonly Persona[];
  /** Log errors to stderr. Default false. */
  readonly logErrors?: boolean;
  /**
   * Where the sandbox writes its one-line logs (each CSP violation report). Default: stdout when
   * logErrors is true (npm start), else nowhere.
   */
  readonly log?: (line: string) => void;
  /** How long a request may stall, and take in all, to arrive. Default REQUEST_TIMEOUTS (tests shorten them). */
  readonly requestTimeouts?: RequestTimeouts;
}

/** A created sandbox bank: start it, stop it, and ask for consent as a third party would. */
export interface SandboxBank {
  readonly app: FastifyInstance;
  /** Starts listening; answers the origin, e.g. http://127.0.0.1:4400. */
  listen(): Promise<string>;
  /** The origin once listening. */
  readonly origin: string;
  /** Stops the server and closes the database. */
  close(): Promise<void>;
  /** What the simulator's Start button does: signs a redirectJwt and answers the app's entry path. */
  startAuthorisation(ask: AuthorisationAsk): Promise<Result<StartedAuthorisation, string>>;
  /** Issue 35 item 1: the flow event recorded for the flow of this `jti`, if any (what the bank believes of a flow). */
  flowEventOf(jti: string): RecordedFlowEvent | undefined;
  /** A warning to show at start (e.g. an unreadable database moved aside). */
  readonly warning?: string;
}

/**
 * Issue 24 item 6: Fastify's default is no limit, so a POST that declares 1,000 bytes and sends 7
 * would hold its connection for ever. A request must keep arriving: a connection on which nothing
 * has moved for 10 s is ended, with 408 and the security headers when a request on it is
 * unanswered. A request still arriving has 2 minutes in all: the largest the contract allows,
 * 5,000 accounts under every bank scope (about 2.5 MB, customer-auth.routes.ts), takes 27 s at the
 * bench's mobile upload (750 kbit/s); a 10 s total would refuse every save over about 940 kB there.
 */
const REQUEST_TIMEOUTS: RequestTimeouts = { stalledMs: 10_000, totalMs: 120_000 };

interface RequestTimeouts {
  /** Nothing received or sent on the connection for this long ends it. */
  readonly stalledMs: number;
  /** From a request's first byte to its last. */
  readonly totalMs: number;
}

/** Node's parser errors (before any route): the status and reason of the raw answer. */
function clientErrorStatus(error: NodeJS.ErrnoException): readonly [number, string] {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'Request Timeout'];
  if (error.code === 'HPE_HEADER_OVERFLOW') return [431, 'Request Header Fields Too Large'];
  return [400, 'Bad Request'];
}

const codeForStatus = (status: number): string =>
  status === 413 ? 'payload_too_large' : status === 415 ? 'unsupported_media_type' : status === 404 ? 'not_found' : 'invalid_request';

/** DESIGN §5: builds the sandbox bank (not yet listening). */
export async function createSandboxBank(options: SandboxBankOptions = {}): Promise<SandboxBank> {
  const host = options.host ?? SANDBOX_DEFAULTS.host;
  const dataDir = path.resolve(options.dataDir ?? SANDBOX_DEFAULTS.dataDir);
  const distDir = path.resolve(options.distDir ?? SANDBOX_DEFAULTS.distDir);
  const nowMs = options.nowMs ?? Date.now;
  const personas = options.personas ?? PERSONAS;
  const inactivity: InactivitySettings = { ...DEFAULT_INACTIVITY, ...options.inactivity };
  // Issue 33 item 2: before anything is opened, the config it serves is one the app starts with.
  const config = checkedSandboxConfig(inactivity, options.cx);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });

  const keys = await loadOrCreateSigningKeys(dataDir);
  const { store, warning } = await SqliteSandboxStore.open(path.join(dataDir, DATABASE_FILE));
  let origin = '';
  const tokens = new SandboxTokens(keys, () => origin, nowMs);
  const bank = new CustomerAuthBank({
    store,
    sessions: new BankSessions(nowMs),
    attempts: new LoginAttempts(nowMs, store.loginAttempts),
    tokens,
    personas,
    nowMs,
  });
  const simulator = new RecipientSimulator({
    store,
    tokens,
    origin: () => origin,
    nowMs,
    tokenLifetimeSeconds: options.tokenLifetimeSeconds ?? SANDBOX_DEFAULTS.tokenLifetimeSeconds,
  });

  // DESIGN §4, issue 12: every answer carries the security headers; the CSP allows the served
  // entry page's inline blocks by their hashes (issue 20) and reports to the sandbox's own
  // collector (config.json's cspReportUri) with report-uri only: the sandbox speaks plain HTTP,
  // where report-to would make Chromium send no report at all.
  const inline = servedInlineSources(distDir);
  let headers = securityHeaders(NO_INLINE, SANDBOX_CSP_REPORTING);
  let headersFor = NO_INLINE;
  const currentHeaders = (): Record<string, string> => {
    const sources = inline();
    if (sources !== headersFor) {
      headersFor = sources;
      headers = securityHeaders(sources, SANDBOX_CSP_REPORTING);
    }
    return headers;
  };

  /** An answer written straight to a connection no route answers: the error envelope with the security headers. */
  const writeRawError = (socket: Duplex, status: number, reason: string): void => {
    if (!socket.writable) return;
    const body = JSON.stringify(errorEnvelope(codeForStatus(status), [reason]));
    const lines = Object.entries({ ...currentHeaders(), 'Cache-Control': 'no-store', 'Content-Type': 'application/json; charset=utf-8' }).map(
      ([name, value]) => `${name}: ${value}`,
    );
    socket.write(`HTTP/1.1 ${status} ${reason}\r\n${lines.join('\r\n')}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  };
  // The connections with a request read but not yet answered (a body still arriving among them).
  const unanswered = new WeakSet<Duplex>();
  const timeouts = options.requestTimeouts ?? REQUEST_TIMEOUTS;

  const app = Fastify({
    logger: options.logErrors === true ? { level: 'error' } : false,
    // The limits are the server's own: Fastify applies its requestTimeout option only to a server
    // it creates. Node checks for timed-out requests every 30 s by default; every second keeps
    // the limits near.
    serverFactory: (handler) => {
      const server = createServer(
        { requestTimeout: timeouts.totalMs, headersTimeout: Math.min(timeouts.stalledMs, timeouts.totalMs), connectionsCheckingInterval: 1000 },
        handler,
      );
      server.setTimeout(timeouts.stalledMs, (socket: Socket) => {
        if (unanswered.has(socket)) writeRawError(socket, 408, 'Request Timeout');
        socket.destroy();
      });
      return server;
    },
    // Issue 24 item 6: the answers made before any route (an address that cannot be decoded, a
    // request Node's parser refuses, one that timed out) carry the security headers too.
    frameworkErrors: (error, _request, reply) => {
      void (reply as unknown as FastifyReply)
        .code(400)
        .headers(currentHeaders())
        .header('Cache-Control', 'no-store')
        .send(errorEnvelope('invalid_request', [error.message]));
    },
    clientErrorHandler: (error: NodeJS.ErrnoException, socket) => {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      // A connection that never sent a byte holds no request to answer: it is closed silently,
      // whichever of Node's headers limit and the stall limit ends it first (they fall together).
      if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' && socket.bytesRead === 0) {
        socket.destroy();
        return;
      }
      const [status, reason] = clientErrorStatus(error);
      writeRawError(socket, status, reason);
      socket.destroy(error);
    },
    // A selection of 500 accounts under every bank scope is about 150 KB; 1 MiB leaves room.
    bodyLimit: 1024 * 1024,
    // A request that arrives while the sandbox stops is answered like any other (Fastify's
    // default is a bare 503 without the security headers or the error envelope); its connection then ends.
    return503OnClosing: false,
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, useDefaults: false, allErrors: false } },
  });

  // Only JSON is accepted (text/plain is a 415). An empty JSON body is no body (keep-alive may send
  // none); anything else goes to Fastify's parser, which refuses prototype poisoning.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') {
      done(null, undefined);
      return;
    }
    void jsonParser(request, typeof body === 'string' ? body : body.toString('utf8'), done);
  });

  app.addHook('onRequest', async (request) => {
    unanswered.add(request.raw.socket);
  });
  app.addHook('onResponse', async (request) => {
    unanswered.delete(request.raw.socket);
  });

  let closing = false;
  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(currentHeaders());
    // A request answered while the sandbox stops ends its connection, so that stopping waits for
    // every answer in flight (a committed confirmation is answered, not cut) and then ends.
    if (closing) reply.header('Connection', 'close');
    reply.header('Cache-Control', cacheControlFor(request.url.split('?')[0] ?? '/', reply.statusCode));
    return payload;
  });

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const clientError = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500;
    const status = error.validation !== undefined ? 400 : clientError ? (error.statusCode ?? 400) : 500;
    if (status === 500) request.log.error(error);
    const message = status === 500 ? 'The sandbox bank could not handle this request.' : error.message;
    if (request.url.startsWith(`${CUSTOMER_AUTH_PREFIX}/`) || !(request.method === 'GET' || request.method === 'HEAD')) {
      return reply.code(status).send(errorEnvelope(status === 500 ? 'internal_error' : codeForStatus(status), [message]));
    }
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .send(messagePage(status === 500 ? 'Something went wrong' : 'Bad request', message));
  });

  registerCustomerAuthRoutes(app, bank, tokens);
  registerFlowEventRoute(app, { store, tokens, nowMs });
  registerAdminMetricsRoute(app, { store, nowMs, origin: () => origin });
  registerCspReportRoutes(app, options.log ?? (options.logErrors === true ? (line) => console.log(line) : () => undefined));
  registerRecipientSimulatorRoutes(app, { simulator, store, tokens, personas, nowMs });
  registerAppShellRoutes(app, { distDir, keys, config });

  const port = options.port ?? SANDBOX_DEFAULTS.port;
  return {
    app,
    get origin() {
      return origin;
    },
    async listen() {
      await app.listen({ host, port });
      const address = app.server.address() as AddressInfo;
      origin = `http://${host}:${address.port}`;
      return origin;
    },
    async close() {
      closing = true;
      // Answers in flight finish first; a connection that still hangs after that is cut.
      const cut = setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS);
      try {
        await app.close();
      } finally {
        clearTimeout(cut);
      }
      store.close();
    },
    startAuthorisation: (ask) => simulator.start(ask),
    flowEventOf: (jti) => store.listFlowEvents().find((recorded) => recorded.jti === jti),
    ...(warning === undefined ? {} : { warning }),
  };
}
