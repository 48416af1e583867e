// The HTTP face of the sandbox bank's customer-auth API (CONTRACT §3): bearer check, request
// schemas from the project's OpenAPI document, answers and the error envelope.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Result } from '../../domain/result';
import { contractSchema } from '../contract/customer-auth-contract';
import type { BearerToken, CustomerAuthBank } from './customer-auth-bank';
import type { AuthenticateBody, SaveSelectionBody } from './customer-auth-wire';
import { errorEnvelope, type BankFailure } from './error-envelope';
import type { SandboxTokens } from './sandbox-tokens';

/** The path prefix of the customer-auth API. */
export const CUSTOMER_AUTH_PREFIX = '/customer-auth';

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
        const verified = await tokens.verifyBearer(request.headers.authorization);
        if (!verified.ok) {
          return reply.code(401).header('WWW-Authenticate', 'Bearer').send(errorEnvelope('invalid_token', [verified.error]));
        }
        bearers.set(request, verified.value);
        return undefined;
      });

      api.post<{ Body: AuthenticateBody }>('/authenticate', { schema: { body: contractSchema('AuthenticateRequest') } }, async (request, reply) =>
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

      api.put<{ Body: { bcin: string } | SaveSelectionBody }>(
        '/consent',
        {
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
        { schema: { body: contractSchema('ConfirmationRequest') } },
        async (request, reply) => {
          const token = bearerOf(request);
          return answer(reply, request.body.authorisationStatus ? await bank.confirm(token) : await bank.reject(token));
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
