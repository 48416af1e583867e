import { isRecord } from './is-record';
import { err, ok, type Result } from './result';

/** Spec §3 "Customer info": the customer's personal details. */
export interface CustomerDetails {
  readonly fullLegalName: string;
}

/** CONTRACT §3 `GET /customer-auth/customer-details`: `{"personalInfo":{"fullLegalName":"…"}}`. */
export function parseCustomerDetails(raw: unknown): Result<CustomerDetails, string> {
  const personalInfo = isRecord(raw) ? raw['personalInfo'] : undefined;
  const fullLegalName = isRecord(personalInfo) ? personalInfo['fullLegalName'] : undefined;
  return typeof fullLegalName === 'string' ? ok({ fullLegalName }) : err('personalInfo.fullLegalName must be a string');
}
