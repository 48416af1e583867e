import { expect } from 'chai';
import fc from 'fast-check';
import { apiErrorFromEnvelope, type ApiError } from '../../domain/api-error';

/** CONTRACT §4: the error envelope, with one error stack entry. */
const envelope = (entry: unknown): unknown => ({ error: { errorInfo: [{ errorStack: [entry] }] } });

describe('domain/api-error', () => {
  describe('apiErrorFromEnvelope: the first error stack entry of CONTRACT §4', () => {
    it('reads the contract example: code and causes, with the status', () => {
      const body = envelope({ code: 'otp_failure_001', causes: ['{"remainingOTPattempts":2}'] });
      expect(apiErrorFromEnvelope(401, body)).to.deep.equal({
        status: 401,
        code: 'otp_failure_001',
        causes: ['{"remainingOTPattempts":2}'],
      });
    });

    it('reads only the first errorInfo and the first errorStack entry', () => {
      const body = {
        error: {
          errorInfo: [
            {
              errorStack: [
                { code: 'A09', causes: ['first'] },
                { code: 'A05', causes: ['second'] },
              ],
            },
            { errorStack: [{ code: 'otp_failure_002', causes: ['other'] }] },
          ],
        },
      };
      expect(apiErrorFromEnvelope(400, body)).to.deep.equal({ status: 400, code: 'A09', causes: ['first'] });
    });

    const entries: [string, unknown, ApiError][] = [
      ['several causes, in order', { code: '500', causes: ['x', 'AISVAL0009'] }, { status: 500, code: '500', causes: ['x', 'AISVAL0009'] }],
      ['causes that are not strings are dropped', { code: '500', causes: ['a', 1, null, { b: 2 }, 'c'] }, { status: 500, code: '500', causes: ['a', 'c'] }],
      ['no causes: an empty list', { code: 'A09' }, { status: 500, code: 'A09', causes: [] }],
      ['causes not a list: an empty list', { code: 'A09', causes: 'AISVAL0009' }, { status: 500, code: 'A09', causes: [] }],
      ['an empty code is still a code', { code: '', causes: [] }, { status: 500, code: '', causes: [] }],
      ['a numeric code is no code (causes kept)', { code: 500, causes: ['AISVAL0009'] }, { status: 500, causes: ['AISVAL0009'] }],
      ['no code (causes kept)', { causes: ['AISVAL0009'] }, { status: 500, causes: ['AISVAL0009'] }],
    ];
    for (const [name, entry, expected] of entries) {
      it(name, () => expect(apiErrorFromEnvelope(500, envelope(entry))).to.deep.equal(expected));
    }

    it('has no code property at all when there is no code (so `code` in the error means a code came)', () => {
      expect(apiErrorFromEnvelope(500, envelope({ causes: [] }))).not.to.have.property('code');
      expect(apiErrorFromEnvelope(500, undefined)).not.to.have.property('code');
    });

    const notEnvelopes: [string, unknown][] = [
      ['no body', undefined],
      ['null', null],
      ['an HTML page', '<html>Bad gateway</html>'],
      ['a number', 503],
      ['a list', [envelope({ code: 'A09' })]],
      ['{} (no error)', {}],
      ['error: null', { error: null }],
      ['error: a string', { error: 'A09' }],
      ['error: a list', { error: [{ errorInfo: [{ errorStack: [{ code: 'A09' }] }] }] }],
      ['no errorInfo', { error: {} }],
      ['errorInfo not a list', { error: { errorInfo: { errorStack: [{ code: 'A09' }] } } }],
      ['errorInfo empty', { error: { errorInfo: [] } }],
      ['errorInfo[0] null', { error: { errorInfo: [null] } }],
      ['errorInfo[0] a list', { error: { errorInfo: [[{ errorStack: [{ code: 'A09' }] }]] } }],
      ['no errorStack', { error: { errorInfo: [{}] } }],
      ['errorStack not a list', { error: { errorInfo: [{ errorStack: { code: 'A09' } }] } }],
      ['errorStack empty', { error: { errorInfo: [{ errorStack: [] }] } }],
      ['errorStack[0] null', envelope(null)],
      ['errorStack[0] a string', envelope('A09')],
      ['errorStack[0] a list', envelope([{ code: 'A09' }])],
    ];
    for (const [name, body] of notEnvelopes) {
      it(`not an envelope (${name}): the status alone, no code, no causes`, () => {
        expect(apiErrorFromEnvelope(502, body)).to.deep.equal({ status: 502, causes: [] });
      });
    }

    it('never throws, keeps the status, and gives only string causes, on any JSON (property)', () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 599 }), fc.oneof(fc.jsonValue(), fc.jsonValue().map(envelope)), (status, body) => {
          const error = apiErrorFromEnvelope(status, body);
          expect(error.status).to.equal(status);
          expect(error.causes.every((cause) => typeof cause === 'string')).to.equal(true);
          if ('code' in error) expect(error.code).to.be.a('string');
        }),
      );
    });
  });
});
