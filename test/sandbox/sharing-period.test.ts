import { expect } from 'chai';
import fc from 'fast-check';
import { capMonths, isoSeconds, sharingExpiry } from '../../sandbox/sharing-period';

const seconds = (iso: string): number => Date.parse(iso) / 1000;

describe('sandbox bank: the sharing period (CONTRACT §3 expirationDateTime)', () => {
  it('a once-off sharing has no expiry', () => {
    expect(sharingExpiry(seconds('2026-01-31T00:00:00Z'), undefined)).to.equal(undefined);
  });

  // Issue 11 defect 11: 31 January + 1 month was 3 March.
  const cases: readonly [start: string, months: number, end: string][] = [
    ['2026-01-31T00:00:00Z', 1, '2026-02-28T00:00:00Z'],
    ['2028-01-31T10:30:00Z', 1, '2028-02-29T10:30:00Z'],
    ['2026-03-31T00:00:00Z', 1, '2026-04-30T00:00:00Z'],
    ['2026-08-31T23:59:59Z', 6, '2027-02-28T23:59:59Z'],
    ['2026-05-15T12:00:00Z', 12, '2027-05-15T12:00:00Z'],
    ['2026-11-23T00:00:00Z', 3, '2027-02-23T00:00:00Z'],
    ['2026-12-31T00:00:00Z', 2, '2027-02-28T00:00:00Z'],
  ];
  for (const [start, months, end] of cases) {
    it(`${start} + ${months} months = ${end}`, () => {
      expect(isoSeconds(sharingExpiry(seconds(start), months) ?? 0)).to.equal(end.replace('.000', ''));
    });
  }

  it('always lands in the month it aims at, never later (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2090-01-01T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 12 }),
        (start, months) => {
          const end = new Date((sharingExpiry(Math.floor(start.getTime() / 1000), months) ?? 0) * 1000);
          const aimed = start.getUTCFullYear() * 12 + start.getUTCMonth() + months;
          expect(end.getUTCFullYear() * 12 + end.getUTCMonth()).to.equal(aimed);
          expect(end.getUTCDate()).to.be.at.most(start.getUTCDate());
        },
      ),
    );
  });

  it('caps a request above 12 months at 12', () => {
    expect(capMonths(13)).to.equal(12);
    expect(capMonths(12)).to.equal(12);
    expect(capMonths(3)).to.equal(3);
  });
});
