import type { FlowCallKind } from './flow-effects';

/** CONTRACT §3: the endpoint each call of the flow goes to (checked against the HTTP adapter by test/terminal/verdicts.test.ts). */
export const CALL_ENDPOINTS: Readonly<Record<FlowCallKind, string>> = {
  consentDetails: 'GET /customer-auth/data',
  authenticate: 'POST /customer-auth/authenticate',
  customerDetails: 'GET /customer-auth/customer-details',
  businesses: 'GET /customer-auth/businesses',
  confirmBusinessProfile: 'PUT /customer-auth/consent',
  accounts: 'GET /customer-auth/accounts',
  saveSelection: 'PUT /customer-auth/consent',
  confirm: 'POST /customer-auth/confirmation',
  reject: 'POST /customer-auth/confirmation',
  keepAlive: 'POST /customer-auth/keep-alive',
};
