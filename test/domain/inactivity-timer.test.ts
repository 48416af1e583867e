import { expect } from 'chai';
import fc from 'fast-check';
import { inactivityLevel, inactivityState, validateInactivityConfig, type InactivityConfig } from '../../domain/inactivity-timer';

const CONFIG: InactivityConfig = { inactiveTimeLimit: 300, inactiveReciprocalWarnTime: 60 };
const T0 = 1_795_000_000_000;

describe('domain/inactivity-timer (spec §4, §9, DESIGN §3.5)', () => {
  describe('validateInactivityConfig', () => {
    const cases: [string, { inactiveTimeLimit: unknown; inactiveReciprocalWarnTime: unknown }, string | undefined][] = [
      ['the contract example 300/60', { inactiveTimeLimit: 300, inactiveReciprocalWarnTime: 60 }, undefined],
      ['warn one below the limit', { inactiveTimeLimit: 2, inactiveReciprocalWarnTime: 1 }, undefined],
      ['limit missing', { inactiveTimeLimit: undefined, inactiveReciprocalWarnTime: 60 }, 'notPositiveInteger:inactiveTimeLimit'],
      ['limit a string', { inactiveTimeLimit: '300', inactiveReciprocalWarnTime: 60 }, 'notPositiveInteger:inactiveTimeLimit'],
      ['limit zero', { inactiveTimeLimit: 0, inactiveReciprocalWarnTime: 60 }, 'notPositiveInteger:inactiveTimeLimit'],
      ['limit negative', { inactiveTimeLimit: -300, inactiveReciprocalWarnTime: 60 }, 'notPositiveInteger:inactiveTimeLimit'],
      ['limit fractional', { inactiveTimeLimit: 300.5, inactiveReciprocalWarnTime: 60 }, 'notPositiveInteger:inactiveTimeLimit'],
      ['limit NaN', { inactiveTimeLimit: Number.NaN, inactiveReciprocalWarnTime: 60 }, 'notPositiveInteger:inactiveTimeLimit'],
      ['limit Infinity', { inactiveTimeLimit: Number.POSITIVE_INFINITY, inactiveReciprocalWarnTime: 60 }, 'notPositiveInteger:inactiveTimeLimit'],
      ['warn null', { inactiveTimeLimit: 300, inactiveReciprocalWarnTime: null }, 'notPositiveInteger:inactiveReciprocalWarnTime'],
      ['warn zero', { inactiveTimeLimit: 300, inactiveReciprocalWarnTime: 0 }, 'notPositiveInteger:inactiveReciprocalWarnTime'],
      ['warn equal to limit', { inactiveTimeLimit: 60, inactiveReciprocalWarnTime: 60 }, 'warnNotBelowLimit'],
      ['warn above limit', { inactiveTimeLimit: 60, inactiveReciprocalWarnTime: 300 }, 'warnNotBelowLimit'],
    ];
    for (const [label, input, expected] of cases) {
      it(`${label} → ${expected ?? 'ok'}`, () => {
        const result = validateInactivityConfig(input);
        if (expected === undefined) {
          expect(result).to.deep.equal({ ok: true, value: input });
          return;
        }
        expect(result.ok).to.equal(false);
        if (result.ok) return;
        const error = result.error;
        expect(error.kind === 'notPositiveInteger' ? `${error.kind}:${error.field}` : error.kind).to.equal(expected);
      });
    }
  });

  describe('inactivityState with 300 s limit, 60 s warning', () => {
    const rows: [elapsedMs: number, level: 0 | 1 | 2, remaining: number, nextDeadlineOffsetMs: number | undefined][] = [
      [0, 2, 300, 240_000],
      [1, 2, 300, 240_000],
      [239_000, 2, 61, 240_000],
      [239_999, 2, 61, 240_000],
      [240_000, 1, 60, 241_000],
      [240_001, 1, 60, 241_000],
      [240_999, 1, 60, 241_000],
      [241_000, 1, 59, 242_000],
      [298_500, 1, 2, 299_000],
      [299_000, 1, 1, 300_000],
      [299_999, 1, 1, 300_000],
      [300_000, 0, 0, undefined],
      [300_001, 0, 0, undefined],
      [86_400_000, 0, 0, undefined],
      [-5_000, 2, 300, 240_000],
    ];
    for (const [elapsed, level, remaining, next] of rows) {
      it(`${elapsed} ms after activity → level ${level}, ${remaining} s, next ${next ?? 'none'}`, () => {
        const state = inactivityState(CONFIG, T0, T0 + elapsed);
        expect(state.level).to.equal(level);
        expect(state.remainingSeconds).to.equal(remaining);
        expect(state.nextDeadlineMs).to.equal(next === undefined ? undefined : T0 + next);
        expect(inactivityLevel(CONFIG, T0, T0 + elapsed)).to.equal(level);
      });
    }

    it('a late tick (throttled tab) shows the countdown for the actual time, not the ticks counted', () => {
      // Last punctual tick at 241 s showed 59 s; the next tick arrives 30 s late.
      expect(inactivityState(CONFIG, T0, T0 + 241_000).remainingSeconds).to.equal(59);
      expect(inactivityState(CONFIG, T0, T0 + 271_500)).to.deep.equal({ level: 1, remainingSeconds: 29, nextDeadlineMs: T0 + 272_000 });
      // A tick arriving after the limit lapses at once.
      expect(inactivityState(CONFIG, T0, T0 + 400_000)).to.deep.equal({ level: 0, remainingSeconds: 0 });
    });

    it('extending returns to level 2 with the full limit', () => {
      const now = T0 + 280_000;
      expect(inactivityLevel(CONFIG, T0, now)).to.equal(1);
      expect(inactivityState(CONFIG, now, now)).to.deep.equal({ level: 2, remainingSeconds: 300, nextDeadlineMs: now + 240_000 });
    });

    it('non-finite times are bugs and throw, naming the argument', () => {
      expect(() => inactivityState(CONFIG, Number.NaN, T0)).to.throw(RangeError, 'lastActivityMs must be a finite time in ms, got NaN');
      expect(() => inactivityState(CONFIG, T0, Number.POSITIVE_INFINITY)).to.throw(RangeError, 'nowMs must be a finite time in ms, got Infinity');
    });
  });

  describe('properties', () => {
    const configArb = fc
      .tuple(fc.integer({ min: 2, max: 7200 }), fc.integer({ min: 1, max: 7199 }))
      .filter(([limit, warn]) => warn < limit)
      .map(([inactiveTimeLimit, inactiveReciprocalWarnTime]): InactivityConfig => ({ inactiveTimeLimit, inactiveReciprocalWarnTime }));
    const timeArb = fc.integer({ min: 0, max: 4_000_000_000_000 });
    const offsetArb = fc.integer({ min: -10_000_000, max: 10_000_000 });

    it('generated configs validate', () => {
      fc.assert(fc.property(configArb, (config) => validateInactivityConfig(config).ok));
    });

    it('the level never increases as time passes', () => {
      fc.assert(
        fc.property(configArb, timeArb, offsetArb, fc.nat(10_000_000), (config, last, offset, later) => {
          const a = inactivityLevel(config, last, last + offset);
          const b = inactivityLevel(config, last, last + offset + later);
          return b <= a;
        }),
      );
    });

    it('remaining seconds are never negative and never above the limit', () => {
      fc.assert(
        fc.property(configArb, timeArb, offsetArb, (config, last, offset) => {
          const { remainingSeconds } = inactivityState(config, last, last + offset);
          return remainingSeconds >= 0 && remainingSeconds <= config.inactiveTimeLimit && Number.isInteger(remainingSeconds);
        }),
      );
    });

    it('nothing shown changes before the next deadline, and something changes at it', () => {
      fc.assert(
        fc.property(configArb, timeArb, offsetArb, (config, last, offset) => {
          const now = last + offset;
          const state = inactivityState(config, last, now);
          if (state.nextDeadlineMs === undefined) return state.level === 0;
          if (state.nextDeadlineMs <= now) return false;
          const shown = (s: typeof state): string => (s.level === 1 ? `1:${s.remainingSeconds}` : String(s.level));
          const justBefore = inactivityState(config, last, state.nextDeadlineMs - 1);
          const atDeadline = inactivityState(config, last, state.nextDeadlineMs);
          return shown(justBefore) === shown(state) && shown(atDeadline) !== shown(state);
        }),
      );
    });

    it('the warning opens exactly when warn-time seconds remain', () => {
      fc.assert(
        fc.property(configArb, timeArb, (config, last) => {
          const warnAt = last + (config.inactiveTimeLimit - config.inactiveReciprocalWarnTime) * 1000;
          return (
            inactivityLevel(config, last, warnAt - 1) === 2 &&
            inactivityState(config, last, warnAt).level === 1 &&
            inactivityState(config, last, warnAt).remainingSeconds === config.inactiveReciprocalWarnTime
          );
        }),
      );
    });
  });
});
