import { expect } from 'chai';
import { parseBusinessList } from '../../adapters/businesses.reader';
import type { Business } from '../../domain/profiles';

const personal: Business = { companyId: 'PERSONAL', businessName: 'Jane Citizen' };
const trust: Business = { companyId: 'BC1001', businessName: 'Citizen Family Trust' };

describe('adapters/businesses.reader', () => {
  describe('parseBusinessList (CONTRACT §3 businesses)', () => {
    const valid: [string, unknown, readonly Business[]][] = [
      ['the answer body', { businessList: [personal, trust] }, [personal, trust]],
      ['the bare array', [personal], [personal]],
      ['an empty list', { businessList: [] }, []],
      ['extra fields are dropped', [{ ...trust, extra: 1 }], [trust]],
    ];
    for (const [name, raw, expected] of valid) {
      it(`reads ${name}`, () => {
        expect(parseBusinessList(raw)).to.deep.equal({ ok: true, value: expected });
      });
    }

    const invalid: [string, unknown, unknown][] = [
      ['null', null, { kind: 'notABusinessList' }],
      ['a string', 'PERSONAL', { kind: 'notABusinessList' }],
      ['an object without businessList', { businesses: [] }, { kind: 'notABusinessList' }],
      ['businessList not an array', { businessList: {} }, { kind: 'notABusinessList' }],
      ['a null entry', [personal, null], { kind: 'malformedBusiness', index: 1 }],
      ['a missing companyId', [{ businessName: 'X' }], { kind: 'malformedBusiness', index: 0 }],
      ['an empty companyId', [{ companyId: '', businessName: 'X' }], { kind: 'malformedBusiness', index: 0 }],
      ['a numeric businessName', [{ companyId: 'B', businessName: 7 }], { kind: 'malformedBusiness', index: 0 }],
      ['a duplicate companyId', [trust, trust], { kind: 'duplicateCompanyId', companyId: 'BC1001' }],
    ];
    for (const [name, raw, error] of invalid) {
      it(`rejects ${name} with a typed error`, () => {
        expect(parseBusinessList(raw)).to.deep.equal({ ok: false, error });
      });
    }
  });
});
