// The customer-auth contract (CONTRACT.md §3-§5) as JSON Schemas, read from the project's one
// OpenAPI 3.1 document, so that the sandbox's request validation and the contract tests share a source.
import { readFileSync } from 'node:fs';

/** A JSON Schema as the OpenAPI document holds it (OpenAPI 3.1 schemas are JSON Schema). */
export type JsonSchema = { readonly [keyword: string]: unknown };

/**
 * The parts of the OpenAPI document this module reads.
 * @public what customerAuthOpenApi answers.
 */
export interface CustomerAuthOpenApi {
  readonly openapi: string;
  readonly paths: { readonly [path: string]: { readonly [method: string]: unknown } };
  readonly components: { readonly schemas: { readonly [name: string]: JsonSchema } };
}

/** Where the document lives, beside this module. */
const CUSTOMER_AUTH_OPENAPI_URL = new URL('./customer-auth.openapi.json', import.meta.url);

let cached: CustomerAuthOpenApi | undefined;

/**
 * CONTRACT §3: the project's OpenAPI 3.1 document of the customer-auth API (read once).
 * @public a bank checks its server's answers against it, as the sandbox's tests do (test/sandbox/contract-validator.ts).
 */
export function customerAuthOpenApi(): CustomerAuthOpenApi {
  cached ??= JSON.parse(readFileSync(CUSTOMER_AUTH_OPENAPI_URL, 'utf8')) as CustomerAuthOpenApi;
  return cached;
}

const SCHEMA_REF = '#/components/schemas/';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function inline(value: unknown, schemas: CustomerAuthOpenApi['components']['schemas'], seen: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => inline(item, schemas, seen));
  if (!isObject(value)) return value;
  const ref = value['$ref'];
  if (typeof ref === 'string') {
    if (!ref.startsWith(SCHEMA_REF)) throw new Error(`Unsupported $ref ${ref} in the customer-auth contract.`);
    const name = ref.slice(SCHEMA_REF.length);
    if (seen.includes(name)) throw new Error(`Recursive schema ${name} in the customer-auth contract.`);
    const target = schemas[name];
    if (target === undefined) throw new Error(`Unknown schema ${name} in the customer-auth contract.`);
    return inline(target, schemas, [...seen, name]);
  }
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'description')
      .map(([key, item]) => [key, inline(item, schemas, seen)]),
  );
}

/**
 * CONTRACT §3-§5: the named component schema with every `$ref` inlined (and descriptions left
 * out), ready for a draft-07/2020-12 validator such as Fastify's Ajv.
 */
export function contractSchema(name: string): JsonSchema {
  const { schemas } = customerAuthOpenApi().components;
  if (schemas[name] === undefined) throw new Error(`Unknown schema ${name} in the customer-auth contract.`);
  return inline({ $ref: `${SCHEMA_REF}${name}` }, schemas, []) as JsonSchema;
}
