// The HTTP face of the flow event (issue 35 item 1, CONTRACT §3 "The flow event"): no bearer
// header (a beacon cannot send one), a JSON body sent as application/json or text/plain.
import type { FastifyInstance } from 'fastify';
import { contractSchema } from '../contract/customer-auth-contract';
import type { FlowEvent } from '../contract/customer-auth.wire';
import { CUSTOMER_AUTH_PREFIX } from './customer-auth.routes';
import { errorEnvelope } from './error-envelope';
import { recordFlowEvent, type FlowEventDeps } from './flow-events';

/** The largest flow event accepted: a token (at most 8 KB) and a few short fields. */
const FLOW_EVENT_BODY_LIMIT = 16 * 1024;

/** Registers POST /customer-auth/flow-event. */
export function registerFlowEventRoute(app: FastifyInstance, deps: FlowEventDeps): void {
  app.register(
    async (api) => {
      // CONTRACT §3 "The flow event": navigator.sendBeacon with a string body sends text/plain;
      // it holds the same JSON, read by Fastify's parser (which refuses prototype poisoning).
      const jsonParser = api.getDefaultJsonParser('error', 'error');
      api.addContentTypeParser('text/plain', { parseAs: 'string' }, (request, body, done) => {
        void jsonParser(request, typeof body === 'string' ? body : body.toString('utf8'), done);
      });
      api.post<{ Body: FlowEvent }>(
        '/flow-event',
        { bodyLimit: FLOW_EVENT_BODY_LIMIT, schema: { body: contractSchema('FlowEvent') } },
        async (request, reply) => {
          const recorded = await recordFlowEvent(deps, request.body);
          if (!recorded.ok) return reply.code(recorded.error.status).send(errorEnvelope(recorded.error.code, recorded.error.causes));
          return reply.code(204).send();
        },
      );
    },
    { prefix: CUSTOMER_AUTH_PREFIX },
  );
}
