// The HTTP face of the sandbox bank's customer-auth API (CONTRACT §3): bearer check, request
// schemas from the project's OpenAPI document, answers and the error envelope.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Result } from './result';
import { contractSchema } from '../contract/customer-auth-contract';
import type { BearerToken, CustomerAuthBank } from './customer-auth-bank';
import type { AuthenticateRequest, SaveSelectionRequest } from '../contract/customer-auth.wire';
import { errorEnvelope, type BankFailure } from './error-envelope';
import type { SandboxTokens } from './sandbox-tokens';

/** The path prefix of the customer-auth API. */
export const CUSTOMER_AUTH_PREFIX = '/customer-auth';

/**
 * How long after its expiry a token still gets the answer committed to its Idempotency-Key
 * (a confirmation whose answer was lost just before the token expired). Nothing else is answered.
 */
const REPLAY_GRACE_SECONDS = 600;

/** CONTRACT §3: an Idempotency-Key is a UUID (8-4-4-4-12 hexadecimal digits, either case). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const IDEMPOTENCY_KEY_REQUIRED = 'The Idempotency-Key header is required: a UUID, one per decision, the same on a repeat (CONTRACT §3).';

/** The request's Idempotency-Key when it is one UUID. */
function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' && UUID.test(key) ? key : undefined;
}

/**
 * The largest account selection (PUT /customer-auth/consent): huge.accounts' 5,000 accounts under
 * each of the 5 bank scopes are about 2.5 MB; every other call keeps the server's 1 MiB.
 */
const SELECTION_BODY_LIMIT = 4 * 1024 * 1024;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** POST /customer-auth/confirmation: a recently expired token may get its committed answer again. */
    replaysToExpiredTokens?: boolean;
  }
}

const bearers = new WeakMap<FastifyRequest, BearerToken>();

function bearerOf(request: FastifyRequest): BearerToken {
  const bearer = bearers.get(request);
  if (bearer === undefined) throw new Error('customer-auth route reached without a verified bearer token');
  return bearer;
}

/** Sends a bank answer: the value with `okStatus`, or the failure's status with the error envelope. */
function answer<T>(reply: FastifyReply, result: Result<T, BankFailure>, okStatus: 200 | 204 = 200): FastifyReply {
  if (!result.ok) return reply.code(result.error.status).send(errorEnvelope(result.error.code, result.error.causes));
  return okStatus === 204 ? reply.code(204).send() : reply.code(200).send(result.value);
}

/**
 * CONTRACT §3: registers every customer-auth call. Every call must carry a bearer redirectJwt
 * this bank signed and that has not expired (checked before the body is read); bodies are
 * validated against the contract's schemas (a failure is a 400 error envelope).
 */
export function registerCustomerAuthRoutes(app: FastifyInstance, bank: CustomerAuthBank, tokens: SandboxTokens): void {
  app.register(
    async (api) => {
      api.addHook('onRequest', async (request, reply) => {
        // The confirmation also hears a token that expired a short while ago: it gets the answer
        // committed to its Idempotency-Key, and nothing else (CONTRACT §3, a confirmation is never lost).
        const grace = request.routeOptions.config.replaysToExpiredTokens === true ? REPLAY_GRACE_SECONDS : 0;
        const verified = await tokens.verifyBearer(request.headers.authorization, grace);
        if (!verified.ok) {
          return reply
            .code(401)
            .header('WWW-Authenticate', 'Bearer')
            .send(errorEnvelope('invalid_token', [verified.error]));
        }
        bearers.set(request, verified.value);
        return undefined;
      });

      api.post<{ Body: AuthenticateRequest }>('/authenticate', { schema: { body: contractSchema('AuthenticateRequest') } }, async (request, reply) =>
        answer(reply, bank.authenticate(bearerOf(request), request.body), 204),
      );

      api.get('/customer-details', async (request, reply) => answer(reply, bank.customerDetails(bearerOf(request))));

      api.get('/businesses', async (request, reply) => answer(reply, bank.businesses(bearerOf(request))));

      api.get(
        '/accounts',
        { schema: { querystring: { type: 'object', properties: { withBalance: { type: 'string', enum: ['true', 'false'] } } } } },
        async (request, reply) => answer(reply, bank.accounts(bearerOf(request))),
      );

      api.get('/data', async (request, reply) => answer(reply, bank.consentData(bearerOf(request))));

      api.put<{ Body: { bcin: string } | SaveSelectionRequest }>(
        '/consent',
        {
          bodyLimit: SELECTION_BODY_LIMIT,
          schema: {
            headers: { type: 'object', properties: { requesttype: { type: 'string', enum: ['BUSINESS_CONTRACT'] } } },
            body: contractSchema('ConsentRequest'),
          },
        },
        async (request, reply) => {
          const body = request.body;
          const business = request.headers['requesttype'] === 'BUSINESS_CONTRACT';
          if (business !== 'bcin' in body) {
            const cause = business
              ? 'With header requestType: BUSINESS_CONTRACT the body is {"bcin": "…"}.'
              : 'A body {"bcin": "…"} needs the header requestType: BUSINESS_CONTRACT.';
            return reply.code(400).send(errorEnvelope('invalid_request', [cause]));
          }
          const token = bearerOf(request);
          return answer(reply, 'bcin' in body ? bank.chooseProfile(token, body.bcin) : bank.saveSelection(token, body), 204);
        },
      );

      api.post<{ Body: { authorisationStatus: boolean } }>(
        '/confirmation',
        {
          schema: { body: contractSchema('ConfirmationRequest') },
          config: { replaysToExpiredTokens: true },
          // CONTRACT §3: the decision's Idempotency-Key, checked before the body.
          preValidation: async (request, reply) => {
            if (idempotencyKeyOf(request) === undefined) {
              return reply.code(400).send(errorEnvelope('invalid_request', [IDEMPOTENCY_KEY_REQUIRED]));
            }
            return undefined;
          },
        },
        async (request, reply) => {
          const key = idempotencyKeyOf(request);
          if (key === undefined) return reply.code(400).send(errorEnvelope('invalid_request', [IDEMPOTENCY_KEY_REQUIRED]));
          return answer(reply, await bank.decide(bearerOf(request), request.body.authorisationStatus, key));
        },
      );

      api.post(
        '/keep-alive',
        {
          schema: { body: contractSchema('EmptyObject') },
          // CONTRACT §3 sends {}; spec §7 says "empty": both are accepted.
          preValidation: async (request) => {
            request.body ??= {};
          },
        },
        async (request, reply) => answer(reply, bank.keepAlive(bearerOf(request)), 204),
      );
    },
    { prefix: CUSTOMER_AUTH_PREFIX },
  );
}
