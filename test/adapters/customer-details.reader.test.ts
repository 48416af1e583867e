import { expect } from 'chai';
import fc from 'fast-check';
import { parseCustomerDetails } from '../../adapters/customer-details.reader';

const REFUSAL = { ok: false, error: 'personalInfo.fullLegalName must be a string' } as const;

describe('adapters/customer-details.reader', () => {
  describe('parseCustomerDetails: CONTRACT §3 customer-details answer (spec §3 "Customer info")', () => {
    it('reads the contract example', () => {
      expect(parseCustomerDetails({ personalInfo: { fullLegalName: 'Jane Citizen' } })).to.deep.equal({
        ok: true,
        value: { fullLegalName: 'Jane Citizen' },
      });
    });

    it('keeps only the full legal name, exactly as sent', () => {
      const raw = { personalInfo: { fullLegalName: '  Jane  Citizen ', occupation: 'x' }, businessList: [] };
      expect(parseCustomerDetails(raw)).to.deep.equal({ ok: true, value: { fullLegalName: '  Jane  Citizen ' } });
    });

    it('accepts an empty name (the contract says only that it is a string)', () => {
      expect(parseCustomerDetails({ personalInfo: { fullLegalName: '' } })).to.deep.equal({ ok: true, value: { fullLegalName: '' } });
    });

    const refused: [string, unknown][] = [
      ['no body', undefined],
      ['null', null],
      ['a string', 'Jane Citizen'],
      ['a list', [{ personalInfo: { fullLegalName: 'Jane Citizen' } }]],
      ['no personalInfo', {}],
      ['personalInfo null', { personalInfo: null }],
      ['personalInfo a string', { personalInfo: 'Jane Citizen' }],
      ['personalInfo a list', { personalInfo: [{ fullLegalName: 'Jane Citizen' }] }],
      ['no fullLegalName', { personalInfo: {} }],
      ['the name at the top level', { fullLegalName: 'Jane Citizen' }],
      ['a null name', { personalInfo: { fullLegalName: null } }],
      ['a numeric name', { personalInfo: { fullLegalName: 42 } }],
      ['a name object', { personalInfo: { fullLegalName: { first: 'Jane' } } }],
    ];
    for (const [name, raw] of refused) {
      it(`refuses ${name}, naming the field`, () => expect(parseCustomerDetails(raw)).to.deep.equal(REFUSAL));
    }

    it('accepts a name exactly when it is a string (property)', () => {
      fc.assert(
        fc.property(fc.jsonValue(), (fullLegalName) => {
          const expected = typeof fullLegalName === 'string' ? { ok: true, value: { fullLegalName } } : REFUSAL;
          expect(parseCustomerDetails({ personalInfo: { fullLegalName } })).to.deep.equal(expected);
        }),
      );
    });

    it('never throws on any JSON, and refuses it unless it holds personalInfo (property)', () => {
      fc.assert(
        fc.property(fc.jsonValue(), (raw) => {
          const result = parseCustomerDetails(raw);
          if (result.ok) expect(raw).to.have.nested.property('personalInfo.fullLegalName', result.value.fullLegalName);
          else expect(result).to.deep.equal(REFUSAL);
        }),
      );
    });
  });
});
