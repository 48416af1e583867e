import { expect } from 'chai';
import fc from 'fast-check';
import { isRecord, nonBlank } from '../../domain/is-record';

describe('domain/is-record', () => {
  describe('isRecord: a plain JSON object, the first check on any payload from the wire', () => {
    const cases: [string, unknown, boolean][] = [
      ['an object', { a: 1 }, true],
      ['an empty object', {}, true],
      ['null', null, false],
      ['undefined', undefined, false],
      ['an array', [], false],
      ['a string', 'x', false],
      ['a number', 1, false],
      ['a boolean', true, false],
    ];
    for (const [name, value, expected] of cases) it(`${name} → ${expected}`, () => expect(isRecord(value)).to.equal(expected));

    it('is true exactly for non-null, non-array objects of any JSON (property)', () => {
      fc.assert(
        fc.property(fc.jsonValue(), (value) => {
          expect(isRecord(value)).to.equal(typeof value === 'object' && value !== null && !Array.isArray(value));
        }),
      );
    });
  });

  describe('nonBlank: a string with a non-blank character, trimmed; undefined otherwise', () => {
    const cases: [string, unknown, string | undefined][] = [
      ['a word', 'Bills', 'Bills'],
      ['a padded word', '  Bills \t', 'Bills'],
      ['inner spaces kept', ' Holiday  fund ', 'Holiday  fund'],
      ['empty', '', undefined],
      ['blank', ' \n\t ', undefined],
      ['null', null, undefined],
      ['a number', 5, undefined],
    ];
    for (const [name, value, expected] of cases) it(`${name} → ${String(expected)}`, () => expect(nonBlank(value)).to.equal(expected));
  });
});
