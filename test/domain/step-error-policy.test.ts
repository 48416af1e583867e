import { expect } from 'chai';
import fc from 'fast-check';
import type { ApiError } from '../../domain/api-error';
import { accountStepFailure, customerDetailsErrorModal, saveOrConfirmErrorModal, type AccountStepFailure } from '../../domain/step-error-policy';

const apiError = (status: number, code?: string, causes: readonly string[] = []): ApiError =>
  code === undefined ? { status, causes } : { status, code, causes };
const describeError = ({ status, code, causes }: ApiError): string =>
  `${status}${code === undefined ? '' : ` ${code}`}${causes.length === 0 ? '' : ` [${causes.join(', ')}]`}`;

/** Any ApiError: statuses around the ones the spec names, codes that look like the spec's. */
const anyApiError: fc.Arbitrary<ApiError> = fc
  .record({
    status: fc.constantFrom(0, 200, 400, 401, 404, 422, 429, 500, 502, 503),
    code: fc.option(fc.constantFrom('A09', 'A05', 'A06', 'a09', '500', 'AISVAL0009', '') as fc.Arbitrary<string>, { nil: undefined }),
    causes: fc.array(fc.constantFrom('AISVAL0009', 'AISVAL0008', 'x AISVAL0009 y', 'A09', '')),
  })
  .map(({ status, code, causes }) => apiError(status, code, causes));

describe('domain/step-error-policy', () => {
  describe('saveOrConfirmErrorModal (spec §8: save-selection or confirm failure)', () => {
    const cases: [ApiError, 'noEligibleAccounts' | 'serviceUnavailable'][] = [
      [apiError(400, 'A09'), 'noEligibleAccounts'],
      [apiError(400, 'A05'), 'noEligibleAccounts'],
      [apiError(400, 'A05', ['anything']), 'noEligibleAccounts'],
      [apiError(400, 'A06'), 'serviceUnavailable'],
      [apiError(400, 'a09'), 'serviceUnavailable'],
      [apiError(400, 'A09 '), 'serviceUnavailable'],
      [apiError(400, ''), 'serviceUnavailable'],
      [apiError(400), 'serviceUnavailable'],
      [apiError(400, undefined, ['A09']), 'serviceUnavailable'],
      [apiError(422, 'A09'), 'serviceUnavailable'],
      [apiError(500, 'A05'), 'serviceUnavailable'],
      [apiError(401, 'A09'), 'serviceUnavailable'],
      [apiError(0), 'serviceUnavailable'],
    ];
    for (const [error, modal] of cases) {
      it(`${describeError(error)} → ${modal}`, () => expect(saveOrConfirmErrorModal(error)).to.equal(modal));
    }
  });

  describe('accountStepFailure (spec §8 "Account step")', () => {
    const modal = (name: 'unavailableResource' | 'wentWrong' | 'serviceUnavailable'): AccountStepFailure => ({ kind: 'modal', modal: name });
    const goOn: AccountStepFailure = { kind: 'continueWithoutAccounts' };
    const cases: [ApiError, AccountStepFailure][] = [
      [apiError(400, 'A09'), goOn],
      [apiError(400, 'A05'), goOn],
      [apiError(400, 'A06'), modal('serviceUnavailable')],
      [apiError(400), modal('serviceUnavailable')],
      [apiError(422), modal('unavailableResource')],
      [apiError(422, 'A09'), modal('unavailableResource')],
      [apiError(500, '500', ['AISVAL0009']), modal('wentWrong')],
      [apiError(500, '500', ['first', 'error AISVAL0009 in the second cause']), modal('wentWrong')],
      [apiError(500, '500', ['AISVAL0008']), modal('serviceUnavailable')],
      [apiError(500, '500', ['aisval0009']), modal('serviceUnavailable')],
      [apiError(500, '500'), modal('serviceUnavailable')],
      [apiError(500, undefined, ['AISVAL0009']), modal('serviceUnavailable')],
      [apiError(500, '501', ['AISVAL0009']), modal('serviceUnavailable')],
      [apiError(502, '500', ['AISVAL0009']), modal('serviceUnavailable')],
      [apiError(503), modal('serviceUnavailable')],
      [apiError(0), modal('serviceUnavailable')],
    ];
    for (const [error, failure] of cases) {
      const label = failure.kind === 'modal' ? failure.modal : failure.kind;
      it(`${describeError(error)} → ${label}`, () => expect(accountStepFailure(error)).to.deep.equal(failure));
    }

    it('continues exactly where a save or confirm would open no eligible accounts (property)', () => {
      fc.assert(
        fc.property(anyApiError, (error) => {
          const continues = accountStepFailure(error).kind === 'continueWithoutAccounts';
          expect(continues).to.equal(saveOrConfirmErrorModal(error) === 'noEligibleAccounts');
        }),
      );
    });
  });

  describe('customerDetailsErrorModal (spec §8 "Customer details")', () => {
    const cases: [ApiError, 'ageLimitation' | 'serviceUnavailable'][] = [
      [apiError(422), 'ageLimitation'],
      [apiError(422, 'AGE', ['under 18']), 'ageLimitation'],
      [apiError(400), 'serviceUnavailable'],
      [apiError(421), 'serviceUnavailable'],
      [apiError(423), 'serviceUnavailable'],
      [apiError(500), 'serviceUnavailable'],
      [apiError(0), 'serviceUnavailable'],
    ];
    for (const [error, modal] of cases) {
      it(`${describeError(error)} → ${modal}`, () => expect(customerDetailsErrorModal(error)).to.equal(modal));
    }
  });
});
