import { dateTimeFormat } from './date-time-format';
import { BANK_TIME_ZONE } from './consent';
import { copy } from './copy';
import { assertNever, err, ok, type Result } from './result';

/** Spec §3 "Login info": the three date-of-birth inputs, as typed (DD, MM, YYYY). */
export interface DateOfBirthParts {
  readonly day: string;
  readonly month: string;
  readonly year: string;
}

/** A calendar date (month 1-12). Used for "today", which the caller supplies: the domain reads no clock. */
export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

export type DateOfBirthError = 'incomplete' | 'invalid' | 'future';

export const EMPTY_DATE_OF_BIRTH: DateOfBirthParts = { day: '', month: '', year: '' };

/**
 * Spec §5 (its project note) departs from "4 digits": an earlier year is a typing mistake (`1066`
 * for 1966), since nobody born before 1900 is alive to be a customer.
 */
export const MIN_BIRTH_YEAR = 1900;

const DAY_OR_MONTH = /^\d{1,2}$/;
const YEAR = /^\d{4}$/;

/** Spec §5: day 01-31, at most 2 digits (`1` and `01` both mean the first). */
const isValidDayPart = (day: string): boolean => DAY_OR_MONTH.test(day) && Number(day) >= 1 && Number(day) <= 31;

/** Spec §5: month 01-12, at most 2 digits. */
const isValidMonthPart = (month: string): boolean => DAY_OR_MONTH.test(month) && Number(month) >= 1 && Number(month) <= 12;

/** Spec §5: year of 4 digits (and not before {@link MIN_BIRTH_YEAR}). */
const isValidYearPart = (year: string): boolean => YEAR.test(year) && Number(year) >= MIN_BIRTH_YEAR;

const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The number of days in a month (1-12) of a year, leap years included. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

const compareDates = (a: CalendarDate, b: CalendarDate): number => a.year - b.year || a.month - b.month || a.day - b.day;

const isBlank = (part: string): boolean => part === '';

/** Spec §5: the three inputs as a date of birth; `future` is after `today` (today itself is accepted). */
export function parseDateOfBirth(parts: DateOfBirthParts, today: CalendarDate): Result<CalendarDate, DateOfBirthError> {
  const { day, month, year } = parts;
  if ((!isBlank(day) && !isValidDayPart(day)) || (!isBlank(month) && !isValidMonthPart(month)) || (!isBlank(year) && !isValidYearPart(year))) {
    return err('invalid');
  }
  if (isBlank(day) || isBlank(month) || isBlank(year)) return err('incomplete');
  const date: CalendarDate = { year: Number(year), month: Number(month), day: Number(day) };
  if (date.day > daysInMonth(date.year, date.month)) return err('invalid');
  if (compareDates(date, today) > 0) return err('future');
  return ok(date);
}

/** One box of the date of birth. */
export type DateOfBirthPart = keyof DateOfBirthParts;

/** The three boxes, in the order they are shown and filled. */
const DATE_OF_BIRTH_PARTS: readonly DateOfBirthPart[] = ['day', 'month', 'year'];

/** What the date-of-birth block says, and the boxes it marks (issue 33 item 3, the GOV.UK date input). */
export interface DateOfBirthProblem {
  readonly error: DateOfBirthError;
  readonly message: string;
  /** The boxes at fault, in order: the first takes the focus on Continue. */
  readonly parts: readonly DateOfBirthPart[];
}

/** Issue 33 item 3: "Enter your date of birth" when nothing is typed, else what is missing (GOV.UK date input). */
function missingPartsMessage(missing: readonly DateOfBirthPart[]): string {
  const texts = copy.validation.dobMustInclude;
  const [first, second] = missing;
  if (first === undefined || missing.length === DATE_OF_BIRTH_PARTS.length) return copy.validation.dobEmpty;
  if (second === undefined) return texts[first];
  if (first === 'day') return second === 'month' ? texts.dayAndMonth : texts.dayAndYear;
  return texts.monthAndYear;
}

/**
 * Spec §5: the message under the date-of-birth block, and the boxes it marks. An incomplete date
 * is named only once Continue was pressed (`continued`): multi-part inputs are valid unless a
 * part is invalid (spec §5), but Continue on an empty or half-filled date says what is missing,
 * marks the missing boxes and sends nothing (issue 33 item 3, a departure in docs/wording.md). A
 * wrong or future date marks the whole date.
 */
export function dateOfBirthProblem(
  parts: DateOfBirthParts,
  today: CalendarDate,
  { continued }: { readonly continued: boolean },
): DateOfBirthProblem | undefined {
  const parsed = parseDateOfBirth(parts, today);
  if (parsed.ok) return undefined;
  const error = parsed.error;
  switch (error) {
    case 'incomplete': {
      if (!continued) return undefined;
      const missing = DATE_OF_BIRTH_PARTS.filter((part) => isBlank(parts[part]));
      return { error, message: missingPartsMessage(missing), parts: missing };
    }
    case 'invalid':
      return { error, message: copy.validation.dobInvalid, parts: DATE_OF_BIRTH_PARTS };
    case 'future':
      return { error, message: copy.validation.dobInFuture, parts: DATE_OF_BIRTH_PARTS };
    default:
      return assertNever(error);
  }
}

/** Spec §5: the message under the date-of-birth block once it is left; an incomplete date carries none until Continue ({@link dateOfBirthProblem}). */
export const dateOfBirthError = (parts: DateOfBirthParts, today: CalendarDate): string | undefined =>
  dateOfBirthProblem(parts, today, { continued: false })?.message;

/** Spec §5: the three parts are filled and make a real, past date of birth. */
export function isCompleteDateOfBirth(parts: DateOfBirthParts, today: CalendarDate): boolean {
  return parseDateOfBirth(parts, today).ok;
}

/** Spec §5: all three parts are filled (the condition for sending the date of birth at all). */
export const isFilledDateOfBirth = (parts: DateOfBirthParts): boolean => !isBlank(parts.day) && !isBlank(parts.month) && !isBlank(parts.year);

/** Spec §3 "Authenticate request": `YYYY-MM-DD`; the calendar is not checked here ({@link parseDateOfBirth} is the validation). */
export function isoDateOfBirth(parts: DateOfBirthParts): string | undefined {
  if (!isValidDayPart(parts.day) || !isValidMonthPart(parts.month) || !YEAR.test(parts.year)) return undefined;
  return `${parts.year}-${parts.month.padStart(2, '0')}-${parts.day.padStart(2, '0')}`;
}

const PASTED_WITH_SEPARATORS = /^(\d{1,2})\s*[/\-. ]\s*(\d{1,2})\s*[/\-. ]\s*(\d{4})$/;
const PASTED_DIGITS_ONLY = /^(\d{2})(\d{2})(\d{4})$/;

/**
 * Spec §2 "Login screen" (example 25/12/1966): a whole date pasted into the block, split. Not
 * validated: 31/02/1966 is split so that the validator can say so.
 */
export function parsePastedDate(text: string): DateOfBirthParts | undefined {
  const trimmed = text.trim();
  const match = PASTED_WITH_SEPARATORS.exec(trimmed) ?? PASTED_DIGITS_ONLY.exec(trimmed);
  if (match === null) return undefined;
  const [, day = '', month = '', year = ''] = match;
  return { day: day.padStart(2, '0'), month: month.padStart(2, '0'), year };
}

/** Spec §5 "cannot be in the future": today in the bank's time zone, by the caller's clock. */
export function calendarDateOf(ms: number, timeZone: string = BANK_TIME_ZONE): CalendarDate {
  const parts = dateTimeFormat({ year: 'numeric', month: 'numeric', day: 'numeric', timeZone }).formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}
