import { expect } from 'chai';
import { isCustomerScope, isScope, SCOPES } from '../../domain/scopes';

describe('domain/scopes', () => {
  it('lists the seven scopes of spec §3, in its order', () => {
    expect(SCOPES).to.deep.equal([
      'bank:accounts.basic:read',
      'bank:accounts.detail:read',
      'bank:transactions:read',
      'bank:regular_payments:read',
      'bank:payees:read',
      'common:customer.basic:read',
      'common:customer.detail:read',
    ]);
  });

  describe('isScope', () => {
    const cases: [unknown, boolean][] = [
      ['bank:payees:read', true],
      ['common:customer.detail:read', true],
      ['openid', false],
      ['bank:payees:write', false],
      ['BANK:PAYEES:READ', false],
      ['', false],
      [undefined, false],
      [7, false],
    ];
    for (const [value, expected] of cases) it(`${String(value)} → ${expected}`, () => expect(isScope(value)).to.equal(expected));
  });

  describe('isCustomerScope (spec §6: the customer scopes carry no account list)', () => {
    for (const scope of SCOPES) {
      const expected = scope.startsWith('common:');
      it(`${scope} → ${expected}`, () => expect(isCustomerScope(scope)).to.equal(expected));
    }
  });
});
