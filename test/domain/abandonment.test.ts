import { expect } from 'chai';
import fc from 'fast-check';
import { furthestStage, type ReachedStage } from '../../domain/abandonment';

/** DESIGN §3.8: the stages a flow reaches going forward, in order. */
const ORDER: readonly ReachedStage[] = ['preIdentification', 'preAuthentication', 'preAccountSelection', 'preAuthorisation'];

describe('domain/abandonment (DESIGN §3.8, CDR abandonmentsByStage)', () => {
  describe('furthestStage: a flow that went back a step keeps the furthest stage it reached', () => {
    for (const [i, reached] of ORDER.entries()) {
      for (const [j, now] of ORDER.entries()) {
        const expected = j > i ? now : reached;
        it(`reached ${reached}, now ${now} → ${expected}`, () => {
          expect(furthestStage(reached, now)).to.equal(expected);
        });
      }
    }

    it('is the later of the two whatever the order, and idempotent', () => {
      fc.assert(
        fc.property(fc.constantFrom(...ORDER), fc.constantFrom(...ORDER), (a, b) => {
          const later = ORDER.indexOf(a) >= ORDER.indexOf(b) ? a : b;
          expect(furthestStage(a, b)).to.equal(later);
          expect(furthestStage(b, a)).to.equal(later);
          expect(furthestStage(furthestStage(a, b), b)).to.equal(later);
        }),
      );
    });
  });
});
