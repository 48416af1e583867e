import { expect } from 'chai';
import fc from 'fast-check';
import {
  calendarDateOf,
  dateOfBirthError,
  dateOfBirthProblem,
  daysInMonth,
  EMPTY_DATE_OF_BIRTH,
  isCompleteDateOfBirth,
  isFilledDateOfBirth,
  isoDateOfBirth,
  MIN_BIRTH_YEAR,
  parseDateOfBirth,
  parsePastedDate,
  type CalendarDate,
  type DateOfBirthParts,
} from '../../domain/date-of-birth';

// Spec §5, in the example's format (docs/wording.md).
const INVALID = 'Invalid date. Please try again using the correct format DD/MM/YYYY.';
const FUTURE = 'Date of birth cannot be in the future. Please try again.';
const today: CalendarDate = { year: 2026, month: 6, day: 15 };
const dob = (day: string, month: string, year: string): DateOfBirthParts => ({ day, month, year });

describe('domain/date-of-birth', () => {
  describe('dateOfBirthError and parseDateOfBirth (spec §5)', () => {
    const cases: readonly { parts: DateOfBirthParts; message: string | undefined; parsed: string }[] = [
      { parts: dob('25', '12', '1966'), message: undefined, parsed: 'ok' },
      { parts: dob('01', '01', '1900'), message: undefined, parsed: 'ok' },
      { parts: dob('1', '2', '1966'), message: undefined, parsed: 'ok' },
      { parts: dob('29', '02', '2000'), message: undefined, parsed: 'ok' },
      { parts: dob('29', '02', '1996'), message: undefined, parsed: 'ok' },
      { parts: dob('30', '04', '1980'), message: undefined, parsed: 'ok' },
      { parts: dob('31', '12', '1980'), message: undefined, parsed: 'ok' },
      { parts: dob('15', '06', '2026'), message: undefined, parsed: 'ok' },
      { parts: dob('14', '06', '2026'), message: undefined, parsed: 'ok' },
      // impossible dates
      { parts: dob('31', '02', '1980'), message: INVALID, parsed: 'invalid' },
      { parts: dob('30', '02', '1980'), message: INVALID, parsed: 'invalid' },
      { parts: dob('31', '04', '1980'), message: INVALID, parsed: 'invalid' },
      { parts: dob('31', '06', '1980'), message: INVALID, parsed: 'invalid' },
      { parts: dob('31', '09', '1980'), message: INVALID, parsed: 'invalid' },
      { parts: dob('31', '11', '1980'), message: INVALID, parsed: 'invalid' },
      { parts: dob('29', '02', '1999'), message: INVALID, parsed: 'invalid' },
      { parts: dob('29', '02', '1900'), message: INVALID, parsed: 'invalid' },
      // malformed parts
      { parts: dob('00', '12', '1966'), message: INVALID, parsed: 'invalid' },
      { parts: dob('32', '12', '1966'), message: INVALID, parsed: 'invalid' },
      { parts: dob('025', '12', '1966'), message: INVALID, parsed: 'invalid' },
      { parts: dob('2a', '12', '1966'), message: INVALID, parsed: 'invalid' },
      { parts: dob(' 5', '12', '1966'), message: INVALID, parsed: 'invalid' },
      { parts: dob('-1', '12', '1966'), message: INVALID, parsed: 'invalid' },
      { parts: dob('25', '00', '1966'), message: INVALID, parsed: 'invalid' },
      { parts: dob('25', '13', '1966'), message: INVALID, parsed: 'invalid' },
      { parts: dob('25', '012', '1966'), message: INVALID, parsed: 'invalid' },
      { parts: dob('25', '12', '66'), message: INVALID, parsed: 'invalid' },
      { parts: dob('25', '12', '19666'), message: INVALID, parsed: 'invalid' },
      { parts: dob('25', '12', '0000'), message: INVALID, parsed: 'invalid' },
      { parts: dob('25', '12', '1899'), message: INVALID, parsed: 'invalid' },
      { parts: dob('25', '12', '١٩٦٦'), message: INVALID, parsed: 'invalid' },
      // future
      { parts: dob('16', '06', '2026'), message: FUTURE, parsed: 'future' },
      { parts: dob('01', '07', '2026'), message: FUTURE, parsed: 'future' },
      { parts: dob('01', '01', '2027'), message: FUTURE, parsed: 'future' },
      { parts: dob('31', '02', '2030'), message: INVALID, parsed: 'invalid' },
      // partially filled: no message until a part is wrong
      { parts: dob('', '', ''), message: undefined, parsed: 'incomplete' },
      { parts: dob('25', '', ''), message: undefined, parsed: 'incomplete' },
      { parts: dob('25', '12', ''), message: undefined, parsed: 'incomplete' },
      { parts: dob('', '', '1966'), message: undefined, parsed: 'incomplete' },
      { parts: dob('', '12', '1966'), message: undefined, parsed: 'incomplete' },
      { parts: dob('25', '', '1966'), message: undefined, parsed: 'incomplete' },
      { parts: dob('31', '02', ''), message: undefined, parsed: 'incomplete' },
      { parts: dob('32', '', ''), message: INVALID, parsed: 'invalid' },
      { parts: dob('', '13', ''), message: INVALID, parsed: 'invalid' },
      { parts: dob('25', '12', '19'), message: INVALID, parsed: 'invalid' },
    ];
    for (const { parts, message, parsed } of cases) {
      it(`${parts.day}/${parts.month}/${parts.year} → ${parsed}`, () => {
        expect(dateOfBirthError(parts, today)).to.equal(message);
        const result = parseDateOfBirth(parts, today);
        expect(result.ok ? 'ok' : result.error).to.equal(parsed);
        expect(isCompleteDateOfBirth(parts, today)).to.equal(parsed === 'ok');
      });
    }

    it('parses the calendar date', () => {
      expect(parseDateOfBirth(dob('5', '02', '1966'), today)).to.deep.equal({
        ok: true,
        value: { year: 1966, month: 2, day: 5 },
      });
    });

    it('agrees with the calendar for every day of 1900-2100 (property)', () => {
      const future: CalendarDate = { year: 9999, month: 12, day: 31 };
      fc.assert(
        fc.property(fc.integer({ min: 1900, max: 2100 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }), (y, m, d) => {
          const real = new Date(Date.UTC(y, m - 1, d)).getUTCMonth() === m - 1;
          const parts = dob(String(d).padStart(2, '0'), String(m).padStart(2, '0'), String(y));
          expect(parseDateOfBirth(parts, future).ok).to.equal(real);
        }),
        { numRuns: 500 },
      );
    });
  });

  // Issue 21: the years 1000-1899 were refused without a word in the docs. Kept, and documented
  // as a departure from spec §5's "year 4 digits" (docs/requirements.md §5, Project note).
  describe('a birth year before 1900 is refused as Invalid date (spec §5 Project note, issue 21)', () => {
    it('the earliest year accepted is 1900', () => expect(MIN_BIRTH_YEAR).to.equal(1900));

    it('every year from 1000 to 1899 (4 digits, as spec §5 asks) is Invalid date, even on a real day', () => {
      for (let year = 1000; year <= 1899; year += 1) {
        const parts = dob('01', '01', String(year));
        expect(parseDateOfBirth(parts, today), String(year)).to.deep.equal({ ok: false, error: 'invalid' });
        expect(dateOfBirthError(parts, today)).to.equal(INVALID);
        expect(isCompleteDateOfBirth(parts, today)).to.equal(false);
      }
    });

    it('1 January 1900 is accepted; 31 December 1899 is not; a pasted 25/12/1899 is split, then refused', () => {
      expect(parseDateOfBirth(dob('01', '01', '1900'), today).ok).to.equal(true);
      expect(dateOfBirthError(dob('31', '12', '1899'), today)).to.equal(INVALID);
      const pasted = parsePastedDate('25/12/1899');
      expect(pasted).to.deep.equal(dob('25', '12', '1899'));
      expect(dateOfBirthError(pasted ?? EMPTY_DATE_OF_BIRTH, today)).to.equal(INVALID);
    });
  });

  describe("the form's inputs (spec §5: the date of birth is sent only when all three parts are filled)", () => {
    it('starts with three empty parts, which are incomplete and show no message', () => {
      expect(EMPTY_DATE_OF_BIRTH).to.deep.equal({ day: '', month: '', year: '' });
      expect(parseDateOfBirth(EMPTY_DATE_OF_BIRTH, today)).to.deep.equal({ ok: false, error: 'incomplete' });
      expect(dateOfBirthError(EMPTY_DATE_OF_BIRTH, today)).to.equal(undefined);
    });

    const filled: [DateOfBirthParts, boolean][] = [
      [dob('25', '12', '1966'), true],
      [dob('99', 'xx', '1'), true],
      [dob('', '12', '1966'), false],
      [dob('25', '', '1966'), false],
      [dob('25', '12', ''), false],
      [dob('', '', ''), false],
    ];
    for (const [parts, expected] of filled) {
      it(`isFilledDateOfBirth ${JSON.stringify(parts)} → ${expected}`, () => expect(isFilledDateOfBirth(parts)).to.equal(expected));
    }
  });

  describe('daysInMonth', () => {
    const cases = [
      [2000, 2, 29],
      [1900, 2, 28],
      [2024, 2, 29],
      [2023, 2, 28],
      [2023, 1, 31],
      [2023, 4, 30],
      [2023, 12, 31],
    ] as const;
    for (const [year, month, days] of cases) {
      it(`${month}/${year} has ${days} days`, () => {
        expect(daysInMonth(year, month)).to.equal(days);
      });
    }
  });

  describe('isoDateOfBirth', () => {
    const cases: readonly { parts: DateOfBirthParts; iso: string | undefined }[] = [
      { parts: dob('25', '12', '1966'), iso: '1966-12-25' },
      { parts: dob('5', '2', '1966'), iso: '1966-02-05' },
      { parts: dob('05', '02', '1966'), iso: '1966-02-05' },
      { parts: dob('', '02', '1966'), iso: undefined },
      { parts: dob('05', '', '1966'), iso: undefined },
      { parts: dob('05', '02', ''), iso: undefined },
      { parts: dob('5x', '02', '1966'), iso: undefined },
      { parts: dob('05', '02', '66'), iso: undefined },
    ];
    for (const { parts, iso } of cases) {
      it(`${JSON.stringify(parts)} → ${iso}`, () => {
        expect(isoDateOfBirth(parts)).to.equal(iso);
      });
    }
  });

  describe('parsePastedDate', () => {
    const cases: readonly { text: string; parts: DateOfBirthParts | undefined }[] = [
      { text: '25/12/1966', parts: dob('25', '12', '1966') },
      { text: '25-12-1966', parts: dob('25', '12', '1966') },
      { text: '25.12.1966', parts: dob('25', '12', '1966') },
      { text: '25 12 1966', parts: dob('25', '12', '1966') },
      { text: '25121966', parts: dob('25', '12', '1966') },
      { text: '  25/12/1966 ', parts: dob('25', '12', '1966') },
      { text: '5/2/1966', parts: dob('05', '02', '1966') },
      { text: '25 / 12 / 1966', parts: dob('25', '12', '1966') },
      { text: '31/02/1966', parts: dob('31', '02', '1966') },
      { text: '1966-12-25', parts: undefined },
      { text: '25/12/66', parts: undefined },
      { text: '2512196', parts: undefined },
      { text: '251219661', parts: undefined },
      { text: '25/12', parts: undefined },
      { text: 'ab/cd/efgh', parts: undefined },
      { text: '', parts: undefined },
      { text: '25/12/1966 <script>', parts: undefined },
      { text: 'on 25/12/1966', parts: undefined },
      { text: '125/12/1966', parts: undefined },
    ];
    for (const { text, parts } of cases) {
      it(`${JSON.stringify(text)} → ${JSON.stringify(parts)}`, () => {
        expect(parsePastedDate(text)).to.deep.equal(parts);
      });
    }

    it('never throws and gives digit parts only (property)', () => {
      fc.assert(
        fc.property(fc.string({ maxLength: 30 }), (text) => {
          const parts = parsePastedDate(text);
          if (parts !== undefined) {
            expect(parts.day).to.match(/^\d{2}$/);
            expect(parts.month).to.match(/^\d{2}$/);
            expect(parts.year).to.match(/^\d{4}$/);
          }
        }),
      );
    });
  });

  describe('dateOfBirthProblem: Continue on an empty or half-filled date says what is missing (issue 33 item 3, GOV.UK date input)', () => {
    const continued = { continued: true };
    const cases: readonly { parts: DateOfBirthParts; message: string; marked: readonly string[] }[] = [
      { parts: dob('', '', ''), message: 'Enter your date of birth.', marked: ['day', 'month', 'year'] },
      { parts: dob('', '12', '1966'), message: 'Date of birth must include a day.', marked: ['day'] },
      { parts: dob('25', '', '1966'), message: 'Date of birth must include a month.', marked: ['month'] },
      { parts: dob('25', '12', ''), message: 'Date of birth must include a year.', marked: ['year'] },
      { parts: dob('', '', '1966'), message: 'Date of birth must include a day and a month.', marked: ['day', 'month'] },
      { parts: dob('', '12', ''), message: 'Date of birth must include a day and a year.', marked: ['day', 'year'] },
      { parts: dob('25', '', ''), message: 'Date of birth must include a month and a year.', marked: ['month', 'year'] },
      { parts: dob('31', '02', ''), message: 'Date of birth must include a year.', marked: ['year'] },
    ];
    for (const { parts, message, marked } of cases) {
      it(`"${parts.day}/${parts.month}/${parts.year}" → "${message}", marking ${marked.join(', ')}`, () => {
        expect(dateOfBirthProblem(parts, today, continued)).to.deep.equal({ error: 'incomplete', message, parts: marked });
      });
    }

    it('before Continue, an incomplete date says nothing (spec §5: multi-part inputs are valid unless a part is invalid)', () => {
      for (const { parts } of cases) expect(dateOfBirthProblem(parts, today, { continued: false }), JSON.stringify(parts)).to.equal(undefined);
    });

    it('a wrong or future date marks the whole date, Continue or not; a right one says nothing', () => {
      for (const state of [{ continued: false }, continued]) {
        expect(dateOfBirthProblem(dob('31', '02', '1990'), today, state)).to.deep.equal({
          error: 'invalid',
          message: INVALID,
          parts: ['day', 'month', 'year'],
        });
        expect(dateOfBirthProblem(dob('25', '12', '1866'), today, state)?.message).to.equal(INVALID);
        expect(dateOfBirthProblem(dob('32', '', ''), today, state)?.message, 'a wrong part comes before the missing ones').to.equal(INVALID);
        expect(dateOfBirthProblem(dob('01', '01', '2099'), today, state)).to.deep.equal({ error: 'future', message: FUTURE, parts: ['day', 'month', 'year'] });
        expect(dateOfBirthProblem(dob('25', '12', '1966'), today, state)).to.equal(undefined);
      }
    });
  });

  describe('calendarDateOf (spec §5 "cannot be in the future": today as the bank sees it)', () => {
    const cases: [string, string, string | undefined, CalendarDate][] = [
      ['Sydney midnight (AEDT) is already the next day', '2027-11-21T13:00:00Z', undefined, { year: 2027, month: 11, day: 22 }],
      ['one ms before it is still the day before', '2027-11-21T12:59:59.999Z', undefined, { year: 2027, month: 11, day: 21 }],
      ['the same instant in UTC', '2027-11-21T13:00:00Z', 'UTC', { year: 2027, month: 11, day: 21 }],
      ['new year in Sydney', '2026-12-31T13:00:00Z', 'Australia/Sydney', { year: 2027, month: 1, day: 1 }],
    ];
    for (const [name, iso, zone, expected] of cases) {
      it(`${name} → ${expected.year}-${expected.month}-${expected.day}`, () => {
        const ms = Date.parse(iso);
        expect(zone === undefined ? calendarDateOf(ms) : calendarDateOf(ms, zone)).to.deep.equal(expected);
      });
    }
  });
});
