// The recipient simulator's HTTP face under /recipient/: server-rendered pages, form posts that
// start or amend an arrangement, and the callback that shows what came back.
import { fileURLToPath } from 'node:url';
import fastifyFormbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { DATA_SCOPES } from './scopes';
import { storedMetricsRecords } from './admin-metrics.routes';
import { funnelPage } from './funnel-page';
import { segmentFunnels } from './funnel-segments';
import { messagePage } from './html-page';
import type { Persona } from './personas';
import { describeReturn, type ReturnQuery } from './recipient-callback';
import { amendPage, callbackForwardPage, callbackResultPage, simulatorHomePage } from './recipient-pages';
import type { AuthorisationAsk, RecipientSimulator } from './recipient-simulator';
import { SANDBOX_BRAND_IDS } from './sandbox-config';
import type { SandboxTokens } from './sandbox-tokens';
import type { SqliteSandboxStore } from './sqlite-sandbox-store';

/** The simulator's path prefix. */
export const RECIPIENT_PREFIX = '/recipient';

const ASSETS_DIR = fileURLToPath(new URL('./recipient-assets/', import.meta.url));

const scopeField = {
  anyOf: [
    { type: 'string', enum: DATA_SCOPES },
    { type: 'array', maxItems: DATA_SCOPES.length, items: { type: 'string', enum: DATA_SCOPES } },
  ],
};

const durationFields = {
  duration: { type: 'string', enum: ['once-off', 'months'] },
  months: { type: 'string', pattern: '^[0-9]{0,3}$' },
};

/** The new-arrangement form (application/x-www-form-urlencoded). */
const startFormSchema = {
  type: 'object',
  required: ['duration'],
  additionalProperties: false,
  properties: {
    persona: { type: 'string', maxLength: 64 },
    tppName: { type: 'string', maxLength: 80 },
    brand: { type: 'string', enum: SANDBOX_BRAND_IDS },
    scope: scopeField,
    ...durationFields,
  },
};

/** The amend form. */
const amendFormSchema = {
  type: 'object',
  required: ['duration'],
  additionalProperties: false,
  properties: { scope: scopeField, ...durationFields },
};

const returnQuerySchema = {
  type: 'object',
  properties: Object.fromEntries(
    ['code', 'state', 'id_token', 'response', 'error', 'respCode', 'respMessage'].map((name) => [name, { type: 'string', maxLength: 8192 }]),
  ),
};

interface FormBody {
  readonly persona?: string;
  readonly tppName?: string;
  readonly brand?: string;
  readonly scope?: string | readonly string[];
  readonly duration: 'once-off' | 'months';
  readonly months?: string;
}

const sendHtml = (reply: FastifyReply, status: number, page: string): FastifyReply => reply.code(status).type('text/html; charset=utf-8').send(page);

/** The form's fields as an ask; a months field that is empty or not a number is a problem for the simulator to state. */
function askFrom(body: FormBody, arrangementId?: string): AuthorisationAsk {
  const scopes = body.scope === undefined ? [] : typeof body.scope === 'string' ? [body.scope] : [...body.scope];
  const months = body.duration === 'months' ? Number.parseInt(body.months ?? '', 10) : undefined;
  return {
    scopes,
    ...(months === undefined ? {} : { months: Number.isNaN(months) ? 0 : months }),
    ...(body.tppName === undefined ? {} : { tppName: body.tppName }),
    ...(body.brand === undefined ? {} : { brand: body.brand }),
    ...(body.persona === undefined || body.persona === '' ? {} : { personaHint: body.persona }),
    ...(arrangementId === undefined ? {} : { arrangementId }),
  };
}

/** Registers the recipient simulator (pages, forms, callback, its stylesheet and script). */
export function registerRecipientSimulatorRoutes(
  app: FastifyInstance,
  deps: {
    readonly simulator: RecipientSimulator;
    readonly store: SqliteSandboxStore;
    readonly tokens: SandboxTokens;
    readonly personas: readonly Persona[];
    readonly nowMs: () => number;
  },
): void {
  app.register(
    async (recipient) => {
      await recipient.register(fastifyFormbody, { bodyLimit: 16 * 1024 });
      await recipient.register(fastifyStatic, { root: ASSETS_DIR, prefix: '/assets/', decorateReply: false, cacheControl: false, index: false });

      recipient.setErrorHandler(async (error: FastifyError, request, reply) => {
        const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
        if (status === 500) request.log.error(error);
        const message = status === 500 ? 'The simulator could not handle this request.' : `The request was not understood: ${error.message}.`;
        return sendHtml(reply, status, messagePage(status === 500 ? 'Something went wrong' : 'Bad request', message));
      });

      const start = async (reply: FastifyReply, ask: AuthorisationAsk): Promise<FastifyReply> => {
        const started = await deps.simulator.start(ask);
        if (!started.ok) return sendHtml(reply, 400, messagePage('Bad request', started.error));
        return reply.redirect(started.value.appPath, 303);
      };

      recipient.get('/', async (_request, reply) => sendHtml(reply, 200, simulatorHomePage(deps.personas, deps.store.listArrangements())));

      // Issue 35 item 3: where customers give up, drawn from what Get Metrics counts.
      recipient.get('/funnel', async (_request, reply) => {
        const nowMs = deps.nowMs();
        return sendHtml(reply, 200, funnelPage(segmentFunnels(storedMetricsRecords(deps.store), nowMs), nowMs));
      });

      recipient.post<{ Body: FormBody }>('/start', { schema: { body: startFormSchema } }, async (request, reply) => start(reply, askFrom(request.body)));

      recipient.get<{ Params: { id: string } }>('/amend/:id', async (request, reply) => {
        const arrangement = deps.store.findArrangement(request.params.id);
        if (arrangement === undefined) return sendHtml(reply, 404, messagePage('Not found', `There is no arrangement ${request.params.id}.`));
        return sendHtml(reply, 200, amendPage(arrangement, deps.personas));
      });

      recipient.post<{ Params: { id: string }; Body: FormBody }>('/amend/:id', { schema: { body: amendFormSchema } }, async (request, reply) =>
        start(reply, askFrom(request.body, request.params.id)),
      );

      // Issue 35 item 2: the recipient revokes an arrangement (counted by Get Metrics).
      recipient.post<{ Params: { id: string } }>('/revoke/:id', async (request, reply) => {
        const revoked = deps.store.revokeArrangement(request.params.id, deps.nowMs());
        if (revoked === undefined) return sendHtml(reply, 404, messagePage('Not found', `There is no arrangement ${request.params.id}.`));
        return reply.redirect(`${RECIPIENT_PREFIX}/`, 303);
      });

      recipient.get<{ Querystring: ReturnQuery }>('/callback', { schema: { querystring: returnQuerySchema } }, async (request, reply) => {
        const query = request.query;
        if (query.error === undefined && query.response === undefined && query.code === undefined) return sendHtml(reply, 200, callbackForwardPage());
        return sendHtml(reply, 200, callbackResultPage(await describeReturn(query, deps.store, deps.tokens)));
      });

      recipient.get<{ Querystring: ReturnQuery }>('/callback/result', { schema: { querystring: returnQuerySchema } }, async (request, reply) =>
        sendHtml(reply, 200, callbackResultPage(await describeReturn(request.query, deps.store, deps.tokens))),
      );
    },
    { prefix: RECIPIENT_PREFIX },
  );
}
