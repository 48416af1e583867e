import { expect } from 'chai';
import fc from 'fast-check';
import {
  COUNTDOWN_TICK_MS,
  FALLBACK_REDIRECT_MS,
  TOKEN_EXPIRY_WARNING_SECONDS,
  planTokenExpiryTimer,
  shouldStartTokenExpiryTimer,
  tokenExpiryLevel,
  tokenExpiryNextDeadlineMs,
  type TokenExpiryLevel,
} from '../../domain/token-expiry-timer';

const EXP = 1_795_000_600;
const EXP_MS = EXP * 1000;

describe('domain/token-expiry-timer (spec §4, §9, DESIGN §3.5)', () => {
  it('spec §9 constants: 10 s setting, 10000 ms fallback redirect, 1000 ms tick', () => {
    expect(TOKEN_EXPIRY_WARNING_SECONDS).to.equal(10);
    expect(FALLBACK_REDIRECT_MS).to.equal(10000);
    expect(COUNTDOWN_TICK_MS).to.equal(1000);
  });

  const rows: [msBeforeExp: number, level: TokenExpiryLevel, next: number | undefined, start: boolean][] = [
    [3_600_000, 'none', EXP_MS - 10_000, true],
    [10_001, 'none', EXP_MS - 10_000, true],
    [10_000, 'warning', EXP_MS, true],
    [9_999, 'warning', EXP_MS, true],
    [1, 'warning', EXP_MS, true],
    [0, 'final', undefined, false],
    [-1, 'final', undefined, false],
    [-86_400_000, 'final', undefined, false],
  ];
  for (const [before, level, next, start] of rows) {
    it(`${before} ms before exp → ${level}, next ${next ?? 'none'}, start ${start}`, () => {
      const now = EXP_MS - before;
      expect(tokenExpiryLevel(EXP, now)).to.equal(level);
      expect(tokenExpiryNextDeadlineMs(EXP, now)).to.equal(next);
      expect(shouldStartTokenExpiryTimer(EXP, now)).to.equal(start);
    });
  }

  describe('planTokenExpiryTimer', () => {
    const now = EXP_MS - 60_000;
    const cases: [string, unknown, number, unknown][] = [
      ['a future exp starts', EXP, now, { kind: 'start', expMs: EXP_MS }],
      ['an exp inside the warning still starts', EXP, EXP_MS - 5_000, { kind: 'start', expMs: EXP_MS }],
      ['a past exp is not started', EXP, EXP_MS, { kind: 'alreadyExpired' }],
      ['missing exp cannot be set', undefined, now, { kind: 'cannotSet' }],
      ['string exp cannot be set', String(EXP), now, { kind: 'cannotSet' }],
      ['NaN exp cannot be set', Number.NaN, now, { kind: 'cannotSet' }],
      ['zero exp cannot be set', 0, now, { kind: 'cannotSet' }],
      ['null exp cannot be set', null, now, { kind: 'cannotSet' }],
      ['an exp beyond any clock cannot be set', Number.MAX_SAFE_INTEGER, now, { kind: 'cannotSet' }],
    ];
    for (const [label, exp, at, expected] of cases) {
      it(label, () => {
        expect(planTokenExpiryTimer(exp, at)).to.deep.equal(expected);
      });
    }
  });

  it('non-finite numbers are bugs and throw, naming the argument', () => {
    expect(() => tokenExpiryLevel(Number.NaN, 0)).to.throw(RangeError, 'expSeconds must be a finite number, got NaN');
    expect(() => tokenExpiryLevel(EXP, Number.NaN)).to.throw(RangeError, 'nowMs must be a finite number, got NaN');
  });

  describe('properties', () => {
    const rank: Record<TokenExpiryLevel, number> = { none: 2, warning: 1, final: 0 };
    const expArb = fc.integer({ min: 1, max: 4_000_000_000 });
    const offsetArb = fc.integer({ min: -100_000_000, max: 100_000_000 });

    it('the level never goes back as time passes', () => {
      fc.assert(
        fc.property(expArb, offsetArb, fc.nat(100_000_000), (exp, offset, later) => {
          const now = exp * 1000 + offset;
          return rank[tokenExpiryLevel(exp, now + later)] <= rank[tokenExpiryLevel(exp, now)];
        }),
      );
    });

    it('the level holds until the next deadline and changes at it', () => {
      fc.assert(
        fc.property(expArb, offsetArb, (exp, offset) => {
          const now = exp * 1000 + offset;
          const level = tokenExpiryLevel(exp, now);
          const next = tokenExpiryNextDeadlineMs(exp, now);
          if (next === undefined) return level === 'final';
          return next > now && tokenExpiryLevel(exp, next - 1) === level && tokenExpiryLevel(exp, next) !== level;
        }),
      );
    });

    it('the timer starts exactly when the level is not final', () => {
      fc.assert(
        fc.property(expArb, offsetArb, (exp, offset) => {
          const now = exp * 1000 + offset;
          const plan = planTokenExpiryTimer(exp, now);
          return (plan.kind === 'start') === (tokenExpiryLevel(exp, now) !== 'final');
        }),
      );
    });
  });
});
