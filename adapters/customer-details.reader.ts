// CONTRACT §3 `GET /customer-auth/customer-details`, read into the domain's CustomerDetails by the
// field names of the generated wire types (contract/customer-auth.wire.ts).
import type * as Wire from '../contract/customer-auth.wire';
import type { CustomerDetails } from '../domain/customer-details';
import { isRecord } from '../domain/is-record';
import { err, ok, type Result } from '../domain/result';

/** CONTRACT §3: `{"personalInfo":{"fullLegalName":"…"}}`; the name is kept exactly as sent. */
export function parseCustomerDetails(raw: unknown): Result<CustomerDetails, string> {
  const personalInfo = isRecord(raw) ? raw['personalInfo' satisfies keyof Wire.CustomerDetails] : undefined;
  const fullLegalName = isRecord(personalInfo) ? personalInfo['fullLegalName' satisfies keyof Wire.CustomerDetails['personalInfo']] : undefined;
  return typeof fullLegalName === 'string' ? ok({ fullLegalName }) : err('personalInfo.fullLegalName must be a string');
}
