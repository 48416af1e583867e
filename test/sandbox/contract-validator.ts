// Checks an answer against the project's OpenAPI 3.1 document of the customer-auth API, so the
// sandbox and the web app cannot drift apart.
import Ajv2020 from 'ajv/dist/2020.js';
import { customerAuthOpenApi } from '../../contract/customer-auth-contract';

const DOCUMENT_ID = 'customer-auth.openapi.json';
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema({ ...customerAuthOpenApi(), $id: DOCUMENT_ID });

type Responses = Record<string, { $ref?: string; content?: Record<string, { schema?: { $ref?: string } }> }>;

/** The documented response of a call for a status (or its `default`), with `$ref`s to components.responses resolved. */
function documentedResponse(method: string, apiPath: string, status: number): { schemaRef?: string; hasBody: boolean } | undefined {
  const doc = customerAuthOpenApi() as unknown as {
    paths: Record<string, Record<string, { responses: Responses }>>;
    components: { responses: Responses };
  };
  const operation = doc.paths[apiPath]?.[method.toLowerCase()];
  if (operation === undefined) return undefined;
  let response = operation.responses[String(status)] ?? operation.responses['default'];
  if (response?.$ref !== undefined) response = doc.components.responses[response.$ref.split('/').pop() ?? ''];
  if (response === undefined) return undefined;
  const schemaRef = response.content?.['application/json']?.schema?.$ref;
  return schemaRef === undefined ? { hasBody: false } : { schemaRef, hasBody: true };
}

/** Every way the answer departs from the contract (empty when it conforms). */
export function contractViolations(method: string, apiPath: string, status: number, body: unknown): string[] {
  const documented = documentedResponse(method, apiPath, status);
  if (documented === undefined) return [`${method} ${apiPath} ${status} is not in the contract`];
  if (!documented.hasBody) return body === undefined ? [] : [`${method} ${apiPath} ${status} must have no body`];
  const validate = ajv.getSchema(`${DOCUMENT_ID}${documented.schemaRef}`);
  if (validate === undefined) return [`schema ${documented.schemaRef} not found`];
  return validate(body) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ''}`);
}
