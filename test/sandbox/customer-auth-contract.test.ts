// The contract test: the project's OpenAPI 3.1 document covers every call the sandbox serves,
// and the sandbox's answers (success and failure) conform to it. Every other sandbox test checks
// each answer against the same document through the test kit.
import { expect } from 'chai';
import { customerAuthOpenApi } from '../../contract/customer-auth-contract';
import { contractViolations } from './contract-validator';
import { RunningSandbox } from './sandbox-test-kit';

describe('customer-auth contract (OpenAPI 3.1) and the sandbox bank', () => {
  const sandbox = new RunningSandbox();
  before(() => sandbox.start());
  after(() => sandbox.dispose());

  it('is an OpenAPI 3.1 document with every call of CONTRACT §3', () => {
    const doc = customerAuthOpenApi();
    expect(doc.openapi).to.match(/^3\.1\./);
    const operations = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    expect(operations).to.have.members([
      'POST /customer-auth/authenticate',
      'GET /customer-auth/customer-details',
      'GET /customer-auth/businesses',
      'GET /customer-auth/accounts',
      'GET /customer-auth/data',
      'PUT /customer-auth/consent',
      'POST /customer-auth/confirmation',
      'POST /customer-auth/keep-alive',
      'POST /customer-auth/flow-event',
    ]);
  });

  it('documents every customer-auth route the sandbox serves, and no more', () => {
    const served = sandbox.bank.app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .map((line) => /customer-auth\/([\w-]+) \(([A-Z, ]+)\)/.exec(line))
      .flatMap((match) =>
        match === null
          ? []
          : (match[2] ?? '')
              .split(', ')
              .filter((method) => method !== 'HEAD')
              .map((method) => `${method} /customer-auth/${match[1]}`),
      );
    const documented = Object.entries(customerAuthOpenApi().paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(served).to.have.members(documented);
  });

  it('catches an answer that departs from the contract', () => {
    expect(contractViolations('GET', '/customer-auth/customer-details', 200, { personalInfo: {} })).to.deep.equal([
      "/personalInfo must have required property 'fullLegalName'",
    ]);
    expect(contractViolations('GET', '/customer-auth/accounts', 500, { message: 'boom' })).to.deep.equal([
      "/ must have required property 'error'".replace('/ ', ' '),
    ]);
    expect(contractViolations('POST', '/customer-auth/keep-alive', 204, { unexpected: true })).to.deep.equal([
      'POST /customer-auth/keep-alive 204 must have no body',
    ]);
  });

  it('answers every call of a whole flow, for every persona, as the contract says', async () => {
    const personas = [
      'jane.citizen',
      'trust.owner',
      'no.eligible',
      'many.accounts',
      'minor.customer',
      'flaky.bank',
      'businesses.down',
      'accounts.unavailable',
      'accounts.wentwrong',
      'accounts.null',
      'save.ineligible',
      'confirm.fails',
      'jarm.customer',
      'lost.answer',
      'locked.forever',
      'sanctioned',
      'dob.required',
      'joint.approval',
    ];
    for (const username of personas) {
      const token = await sandbox.token({ scopes: ['bank:accounts.basic:read', 'common:customer.basic:read'], months: 12 });
      // The kit validates each answer below against the OpenAPI document.
      await sandbox.call('GET', '/data', token);
      await sandbox.login(token, username);
      await sandbox.call('POST', '/keep-alive', token, {});
      await sandbox.call('GET', '/customer-details', token);
      const businesses = await sandbox.call('GET', '/businesses', token);
      if (username === 'trust.owner') await sandbox.call('PUT', '/consent', token, { bcin: 'BC1002' }, { requestType: 'BUSINESS_CONTRACT' });
      const accounts = await sandbox.call('GET', '/accounts?withBalance=false', token);
      const list =
        accounts.status === 200
          ? (
              accounts.body as {
                accounts: {
                  account: ({
                    scheme: { schemeName: string; identification: string; secondaryIdentification: string };
                    supplementaryData: { rbwmPIB: { eligibleAccount: boolean } };
                  } | null)[];
                };
              }
            ).accounts.account
          : [];
      const eligible = list.filter((a) => a?.supplementaryData.rbwmPIB.eligibleAccount === true).slice(0, 2);
      await sandbox.call('PUT', '/consent', token, {
        permissions: [
          {
            permission: 'bank:accounts.basic:read',
            accounts: eligible.map((a) => ({
              schemeName: a?.scheme.schemeName,
              identification: a?.scheme.identification,
              secondaryIdentification: a?.scheme.secondaryIdentification,
            })),
          },
          { permission: 'common:customer.basic:read' },
        ],
      });
      await sandbox.decide(token, true);
      await sandbox.decide(token, false);
      expect(businesses.status, username).to.be.a('number');
    }
  });
});
