import { expect } from 'chai';
import fc from 'fast-check';
import {
  decodeErrorPageParam,
  failureMessage,
  failurePageText,
  failureReference,
  isDateTime,
  isQuotableCode,
  type ErrorPageData,
} from '../../domain/error-page';

const GENERIC = 'We are unable to process your request.';
const UNDECODABLE: ErrorPageData = { respMessage: GENERIC, respCode: '500', undecodable: true };

const base64url = (text: string): string => Buffer.from(text, 'utf8').toString('base64url');
const base64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');
const encode = (value: unknown): string => base64url(JSON.stringify(value));

const full = { fisp: 'FISP01', respCode: '403', respMessage: 'Consent has expired.', respTime: '2026-06-15T10:00:00Z' };

describe('domain/error-page', () => {
  describe('decodeErrorPageParam: decodable (CONTRACT §7)', () => {
    const cases: readonly { name: string; param: string; data: ErrorPageData }[] = [
      { name: 'all four fields', param: encode(full), data: full },
      {
        name: 'missing fields are undefined',
        param: encode({ respMessage: 'Consent has expired.' }),
        data: { respMessage: 'Consent has expired.' },
      },
      { name: 'empty object', param: encode({}), data: {} },
      {
        name: 'null fields count as missing',
        param: encode({ fisp: null, respCode: '401', respMessage: null }),
        data: { respCode: '401' },
      },
      {
        name: 'extra fields are ignored',
        param: encode({ ...full, stack: 'at x', html: '<b>' }),
        data: full,
      },
      {
        name: 'blank respMessage is absent (the page shows its default)',
        param: encode({ respCode: '401', respMessage: '   ' }),
        data: { respCode: '401' },
      },
      { name: 'unicode message', param: encode({ respMessage: 'Café — réessayez ✓' }), data: { respMessage: 'Café — réessayez ✓' } },
      {
        name: 'standard base64 with / and padding',
        param: base64(JSON.stringify({ respMessage: 'Try later??' })), // eyJ…8/In0=
        data: { respMessage: 'Try later??' },
      },
      {
        name: 'base64url of the same (- and _ alphabet, no padding)',
        param: base64url(JSON.stringify({ respMessage: 'Try later??' })), // eyJ…8_In0
        data: { respMessage: 'Try later??' },
      },
      {
        name: 'standard base64 whose + arrived as a space',
        param: base64(JSON.stringify({ respMessage: '~~~?' })).replaceAll('+', ' '), // In5 fj8
        data: { respMessage: '~~~?' },
      },
      {
        name: 'surrounding whitespace',
        param: `  ${encode({ respCode: '401' })}\n`,
        data: { respCode: '401' },
      },
      {
        name: 'a 500-character message is kept',
        param: encode({ respMessage: 'a'.repeat(500) }),
        data: { respMessage: 'a'.repeat(500) },
      },
    ];
    for (const { name, param, data } of cases) {
      it(name, () => {
        expect(decodeErrorPageParam(param)).to.deep.equal(data);
      });
    }
  });

  describe('decodeErrorPageParam: undecodable gives the generic message with code 500 (spec §8)', () => {
    const cases: readonly { name: string; param: string | undefined }[] = [
      { name: 'no parameter', param: undefined },
      { name: 'empty parameter', param: '' },
      { name: 'not base64', param: 'not base64!!' },
      { name: 'impossible base64 length', param: 'abcde' },
      { name: 'base64 of non-JSON', param: base64url('hello world') },
      { name: 'base64 of truncated JSON', param: base64url('{"respMessage":"x"') },
      { name: 'bytes that are not UTF-8', param: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]).toString('base64url') },
      {
        name: 'JSON whose string holds bytes that are not UTF-8 (never shown as replacement characters)',
        param: Buffer.concat([Buffer.from('{"respMessage":"Sorry '), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]).toString('base64url'),
      },
      {
        name: 'tabs inside the base64 (only base64 characters are read, even where atob would skip them)',
        param: ((encoded: string) => `${encoded.slice(0, 8)}\t\t\t\t${encoded.slice(8)}`)(encode({ respCode: '401' })),
      },
      { name: 'JSON null', param: encode(null) },
      { name: 'JSON array', param: encode([full]) },
      { name: 'JSON string', param: encode('Consent has expired.') },
      { name: 'JSON number', param: encode(500) },
      { name: 'numeric respCode', param: encode({ ...full, respCode: 500 }) },
      { name: 'object respMessage', param: encode({ ...full, respMessage: { text: 'x' } }) },
      { name: 'boolean fisp', param: encode({ ...full, fisp: true }) },
      { name: 'array respTime', param: encode({ ...full, respTime: ['x'] }) },
      { name: 'the raw JSON, not encoded', param: JSON.stringify(full) },
    ];
    for (const { name, param } of cases) {
      it(name, () => {
        expect(decodeErrorPageParam(param)).to.deep.equal(UNDECODABLE);
      });
    }
  });

  describe('decodeErrorPageParam: the message guard', () => {
    const cases: readonly { name: string; message: string }[] = [
      { name: 'markup', message: '<img src=x onerror=alert(1)>' },
      { name: 'a lone <', message: 'Balance < 0' },
      { name: 'a lone >', message: 'Call us -> 1800 000 000' },
      { name: 'over 500 characters', message: 'a'.repeat(501) },
      { name: 'control characters', message: 'Line one\nCall 1800 FAKE' },
      { name: 'a NUL', message: 'x\u0000y' },
      { name: 'a bidirectional override', message: 'Call \u202E0001 008 1' },
    ];
    for (const { name, message } of cases) {
      it(`${name}: generic message, other fields kept`, () => {
        expect(decodeErrorPageParam(encode({ ...full, respMessage: message }))).to.deep.equal({
          ...full,
          respMessage: GENERIC,
        });
      });
    }

    const fieldCases: readonly { name: string; field: 'fisp' | 'respCode' | 'respTime'; value: string }[] = [
      { name: 'markup in respCode', field: 'respCode', value: '<b>500</b>' },
      { name: 'long fisp', field: 'fisp', value: 'f'.repeat(101) },
      { name: 'control character in respTime', field: 'respTime', value: '2026\r\n' },
    ];
    for (const { name, field, value } of fieldCases) {
      it(`${name}: that field is dropped`, () => {
        const { [field]: _dropped, ...rest } = full;
        expect(decodeErrorPageParam(encode({ ...full, [field]: value }))).to.deep.equal(rest);
      });
    }
  });

  describe('properties', () => {
    it('never throws and every field is a string or absent (undecodable: the flag)', () => {
      fc.assert(
        fc.property(
          fc.oneof(
            fc.string(),
            fc.jsonValue().map((v) => encode(v)),
            fc
              .record({ fisp: fc.string(), respCode: fc.string(), respMessage: fc.string(), respTime: fc.string() }, { requiredKeys: [] })
              .map((r) => encode(r)),
          ),
          (param) => {
            const data = decodeErrorPageParam(param);
            const { undecodable, ...fields } = data;
            expect(undecodable === undefined || undecodable).to.equal(true);
            for (const value of Object.values(fields)) expect(value).to.be.a('string');
            if (data.respMessage !== undefined) {
              expect(data.respMessage.length).to.be.at.most(500);
              expect(data.respMessage).not.to.match(/[<>]/);
            }
          },
        ),
        { numRuns: 300 },
      );
    });

    it('a safe message comes back exactly', () => {
      fc.assert(
        fc.property(
          fc
            .string({ minLength: 1, maxLength: 500, unit: 'grapheme' })
            .filter((s) => s.trim() !== '' && !/[<>\p{Cc}\u202a-\u202e\u2066-\u2069]/u.test(s) && s.length <= 500),
          (message) => {
            expect(decodeErrorPageParam(encode({ respMessage: message })).respMessage).to.equal(message);
          },
        ),
        { numRuns: 200 },
      );
    });
  });

  describe("failureMessage (DESIGN §3.13: the bank's own words, never the address's)", () => {
    const DEFAULT = 'Something went wrong. Please try again later.';
    const config = { '403': 'Your data sharing arrangement has expired.', '500': 'Our systems are busy.' };
    const cases: [string, ErrorPageData | undefined, Readonly<Record<string, string>>, string][] = [
      ['no page data: the generic text', undefined, config, DEFAULT],
      ['a configured code: its text', { respCode: '403', respMessage: 'from the address' }, config, config['403']],
      ['a code the config lacks: the generic text, not respMessage', { respCode: '404', respMessage: 'from the address' }, config, DEFAULT],
      ['undecodable, 500 not configured: spec §8 text', UNDECODABLE, {}, GENERIC],
      ['undecodable, 500 configured: the configured text', UNDECODABLE, config, config['500']],
      ['no code: no configured text, even under the key "undefined"', { respMessage: 'x' }, { undefined: 'wrong' }, DEFAULT],
      ['a code that names an inherited property: the generic text', { respCode: 'toString' }, {}, DEFAULT],
    ];
    for (const [name, details, errorMessages, expected] of cases) {
      it(name, () => expect(failureMessage(details, errorMessages)).to.equal(expected));
    }
  });

  describe('failureReference (DESIGN §3.13: the code and time to quote)', () => {
    const cases: [string, ErrorPageData | undefined, string | undefined][] = [
      ['no page data: none', undefined, undefined],
      ['no code: the time alone', { respTime: '2026-06-15T10:00:00Z' }, 'Reference: 2026-06-15T10:00:00Z'],
      ['code and time', full, 'Reference: 403, 2026-06-15T10:00:00Z'],
      ['code alone', { respCode: '500' }, 'Reference: 500'],
      ['the undecodable page: its code 500', UNDECODABLE, 'Reference: 500'],
    ];
    for (const [name, details, expected] of cases) {
      it(name, () => expect(failureReference(details)).to.equal(expected));
    }
  });

  // Issue 21: an authorize_failure address could write "Reference: ACCOUNT FROZEN - CALL 1800 000 000 NOW".
  describe('the failure page shows only what is proven to be a reference (DESIGN §3.13, issue 21)', () => {
    const ATTACK = 'ACCOUNT FROZEN - CALL 1800 000 000 NOW';
    const configured = { ACCOUNT_SUSPENDED_BY_BANK: 'Your account is suspended. Please call us on the number on our website.' };

    it("the issue's address: no reference at all, the generic text", () => {
      const details = decodeErrorPageParam(encode({ respCode: ATTACK }));
      expect(details.respCode, 'decoded for the logs').to.equal(ATTACK);
      expect(failureReference(details, {})).to.equal(undefined);
      expect(failurePageText({ route: 'authorize_failure', details }, {})).to.deep.equal({
        message: 'Something went wrong. Please try again later.',
        reference: undefined,
      });
    });

    it('a code with words is left out and a real time still shown', () => {
      expect(failureReference({ respCode: ATTACK, respTime: '2026-11-23T10:00:00Z' }, {})).to.equal('Reference: 2026-11-23T10:00:00Z');
    });

    it('a time that is not a date-time is left out and the code still shown', () => {
      expect(failureReference({ respCode: '403', respTime: 'CALL 1800 000 000' }, {})).to.equal('Reference: 403');
    });

    it('a code the config knows is shown whatever its form (the bank wrote it)', () => {
      expect(failureReference({ respCode: 'ACCOUNT_SUSPENDED_BY_BANK' }, configured)).to.equal('Reference: ACCOUNT_SUSPENDED_BY_BANK');
      expect(failureReference({ respCode: 'ACCOUNT_SUSPENDED_BY_BANK' }, {})).to.equal(undefined);
    });

    it('failurePageText: the configured text and the reference; service_unavailable and no failure say their own words', () => {
      expect(
        failurePageText({ route: 'authorize_failure', details: { respCode: 'ACCOUNT_SUSPENDED_BY_BANK', respMessage: ATTACK } }, configured),
      ).to.deep.equal({
        message: configured.ACCOUNT_SUSPENDED_BY_BANK,
        reference: 'Reference: ACCOUNT_SUSPENDED_BY_BANK',
      });
      expect(failurePageText({ route: 'service_unavailable' }, configured)).to.deep.equal({
        message: 'We could not check your request with the bank just now. Please reload this page to try again.',
      });
      expect(failurePageText(undefined, configured)).to.deep.equal({ message: 'Something went wrong. Please try again later.' });
      expect(failurePageText({ route: 'incorrect_jwt' }, configured)).to.deep.equal({
        message: 'Something went wrong. Please try again later.',
        reference: undefined,
      });
    });

    describe('isQuotableCode: configured, or at most 12 letters and digits (single - or _ between them) with at most 6 digits', () => {
      const quotable = ['403', '500', 'A', 'AISVAL0009', 'E-1023', 'auth_01', 'ABCDEF123456', 'A-B_C', '123456'];
      const refused = [
        ATTACK,
        '',
        ' 403',
        '403 ',
        'CALL NOW',
        'ABCDEFGHIJKLM',
        '-403',
        '403-',
        '_a',
        'a--b',
        'a-_b',
        '1800000000',
        '1800-000-000',
        '0412345678',
        '1234567',
        'a.b',
        'a/b',
        'tel:1800',
        'ÄBC',
        '４０３',
        'https://x',
        'a\u200bb',
      ];
      for (const code of quotable) it(`${JSON.stringify(code)}: shown`, () => expect(isQuotableCode(code, {})).to.equal(true));
      for (const code of refused) it(`${JSON.stringify(code)}: left out`, () => expect(isQuotableCode(code, {})).to.equal(false));
      it('a configured code is shown; an inherited property name is not a configured code', () => {
        expect(isQuotableCode(ATTACK, { [ATTACK]: 'configured' })).to.equal(true);
        expect(isQuotableCode('__proto__', {})).to.equal(false);
        expect(isQuotableCode('hasOwnProperty', {}), 'inherited, and 14 characters').to.equal(false);
      });
      it('whatever it is, a shown code the config does not know has no space and at most 6 digits (property)', () => {
        fc.assert(
          fc.property(fc.string({ maxLength: 20 }), (code) => {
            if (!isQuotableCode(code, {})) return;
            expect(code).to.match(/^[A-Za-z0-9_-]{1,12}$/);
            expect(code.replace(/\D/g, '').length).to.be.at.most(6);
          }),
          { numRuns: 500 },
        );
      });
    });

    describe('isDateTime: an RFC 3339 date-time (the CDS DateTimeString), T or a space, seconds and zone optional; the day must exist', () => {
      const times = [
        '2026-11-23T10:00:00Z',
        '2007-05-01T15:43:00.12345Z',
        '2012-12-25T15:43:00-08:00',
        '2026-11-23T10:00:00.123456789+10:00',
        '2026-11-23T10:00:00+1000',
        '2026-11-23T10:00:00',
        '2026-11-23T10:00',
        '2026-11-23 10:00:00',
        '2026-11-23t10:00:00z',
        '2024-02-29T23:59:59Z',
        '2000-02-29T00:00:00Z',
      ];
      const notTimes = [
        '',
        't',
        '2026-11-23',
        '10:00:00',
        '10:00:00Z',
        '1800000000',
        '1795000000000',
        'yesterday',
        'CALL 1800 000 000',
        '2026-13-01T00:00:00Z',
        '2026-00-01T00:00:00Z',
        '2026-02-29T00:00:00Z',
        '1900-02-29T00:00:00Z',
        '2026-04-31T00:00:00Z',
        '2026-11-00T00:00:00Z',
        '2026-11-32T00:00:00Z',
        '2026-11-23T24:00:00Z',
        '2026-11-23T10:60:00Z',
        '2026-11-23T10:00:60Z',
        '2026-11-23T10:00:00+24:00',
        '2026-11-23T10:00:00+10:60',
        '2026-11-23T10:00:00-03',
        '2026-11-23T10:00:00.Z',
        '2026-11-23T10:00:00.1234567890Z',
        '2026-11-23T10:00:00Z CALL 1800',
        ' 2026-11-23T10:00:00Z',
        '2026-11-23T10:00:00Z\n',
        '2026-11-23T10:00:00ZZ',
        '26-11-23T10:00:00Z',
        '2026/11/23 10:00:00',
        '23/11/2026 10:00',
        '20261123T100000Z',
        'Mon, 23 Nov 2026 10:00:00 GMT',
        '２０２６-11-23T10:00:00Z',
      ];
      for (const time of times) it(`${JSON.stringify(time)}: shown`, () => expect(isDateTime(time)).to.equal(true));
      for (const time of notTimes) it(`${JSON.stringify(time)}: left out`, () => expect(isDateTime(time)).to.equal(false));

      it('every date-time of a real instant is shown, as Date writes it (property)', () => {
        fc.assert(
          fc.property(fc.date({ min: new Date('0000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }), (date) => {
            expect(isDateTime(date.toISOString())).to.equal(true);
          }),
          { numRuns: 300 },
        );
      });

      it("a shown time holds no letters but the date-time's own (property)", () => {
        fc.assert(
          fc.property(fc.string({ maxLength: 40 }), (text) => {
            if (isDateTime(text)) expect(text).to.match(/^[0-9TtZz:+. -]+$/);
          }),
          { numRuns: 500 },
        );
      });
    });
  });
});
