import { expect } from 'chai';
import fc from 'fast-check';
import type { ApiError } from '../../domain/api-error';
import {
  loginErrorOutcome,
  MAX_LOGIN_ERRORS,
  remainingOtpAttempts,
  REMAINING_ATTEMPTS_DOB_THRESHOLD,
  TEMPORARY_LOCKOUT_MS,
  type LoginAttemptState,
  type LoginErrorOutcome,
} from '../../domain/login-error-policy';
import type { ModalName } from '../../domain/modal';

const apiError = (code: string | undefined, causes: readonly string[] = [], status = 401): ApiError =>
  code === undefined ? { status, causes } : { status, code, causes };
const fresh: LoginAttemptState = { failures: 0, requireDob: false };
const attempts = (n: number): string => JSON.stringify({ remainingOTPattempts: n });

describe('domain/login-error-policy', () => {
  it('has the constants of spec §9', () => {
    expect(MAX_LOGIN_ERRORS).to.equal(5);
    expect(REMAINING_ATTEMPTS_DOB_THRESHOLD).to.equal(3);
    expect(TEMPORARY_LOCKOUT_MS).to.equal(10 * 60 * 1000);
  });

  describe('loginErrorOutcome: every code of spec §8 (fresh state)', () => {
    const modalOnly = (modal: ModalName, temporaryLockout = false): LoginErrorOutcome => ({
      modal,
      requireDob: false,
      failures: 0,
      loginErrorFlagged: false,
      temporaryLockout,
      // DESIGN §3.8: every login error about the credentials identifies; a service failure does not.
      identified: modal !== 'serviceUnavailable',
      dobStepUp: false,
    });
    // Spec §2 "Additional security": a first request for the date of birth is a step-up (a
    // neutral notice), not the error banner.
    const dobStepUp: LoginErrorOutcome = {
      modal: undefined,
      requireDob: true,
      failures: 0,
      loginErrorFlagged: false,
      temporaryLockout: false,
      identified: true,
      dobStepUp: true,
    };
    const cases: readonly { code: string | undefined; outcome: LoginErrorOutcome }[] = [
      { code: 'sanction_failed_001', outcome: modalOnly('sanctionCountryError') },
      {
        code: 'otp_failure_001',
        outcome: { modal: undefined, requireDob: false, failures: 1, loginErrorFlagged: true, temporaryLockout: false, identified: true, dobStepUp: false },
      },
      { code: 'otp_failure_008', outcome: dobStepUp },
      { code: 'dob_failure_002', outcome: dobStepUp },
      { code: 'tds_otp_failure_007', outcome: dobStepUp },
      { code: 'otp_failure_002', outcome: modalOnly('permanentLockout') },
      { code: 'otp_failure_003', outcome: modalOnly('temporaryLockout', true) },
      { code: 'dob_failure_004', outcome: modalOnly('temporaryLockout', true) },
      { code: 'otp_failure_004', outcome: modalOnly('serviceUnavailable') },
      { code: 'tds_otp_failure_003', outcome: modalOnly('serviceUnavailable') },
      { code: 'dob_failure_003', outcome: modalOnly('serviceUnavailable') },
      { code: 'otp_failure_005', outcome: modalOnly('secureKeyNotActivated') },
      { code: 'otp_failure_006', outcome: modalOnly('ecareSuspension') },
      { code: 'tds_otp_failure_004', outcome: modalOnly('ecareSuspension') },
      { code: 'tds_otp_failure_002', outcome: modalOnly('incorrectSecurityCodeLockout') },
      { code: 'arrangement_owner_mismatch', outcome: modalOnly('notArrangementOwner') },
      { code: 'some_new_code_999', outcome: modalOnly('serviceUnavailable') },
      { code: 'OTP_FAILURE_002', outcome: modalOnly('serviceUnavailable') },
      { code: '', outcome: modalOnly('serviceUnavailable') },
      { code: 'toString', outcome: modalOnly('serviceUnavailable') },
      { code: '__proto__', outcome: modalOnly('serviceUnavailable') },
      { code: undefined, outcome: modalOnly('serviceUnavailable') },
    ];
    for (const { code, outcome } of cases) {
      it(`${code ?? 'no error stack'} → ${outcome.modal ?? 'banner'}`, () => {
        expect(loginErrorOutcome(apiError(code), fresh)).to.deep.equal(outcome);
      });
    }

    it('a network failure (status 0, no stack) → serviceUnavailable', () => {
      expect(loginErrorOutcome(apiError(undefined, [], 0), fresh).modal).to.equal('serviceUnavailable');
    });
  });

  describe('loginErrorOutcome: the otp_failure_001 counter', () => {
    const cases = [
      { failures: 0, next: 1, modal: undefined },
      { failures: 1, next: 2, modal: undefined },
      { failures: 3, next: 4, modal: undefined },
      { failures: 4, next: 5, modal: 'invalidUsernameLastAttempt' },
      { failures: 5, next: 6, modal: 'invalidUsernameLastAttempt' },
    ] as const;
    for (const { failures, next, modal } of cases) {
      it(`${failures} failures → ${next}, ${modal ?? 'banner'}`, () => {
        const outcome = loginErrorOutcome(apiError('otp_failure_001'), { failures, requireDob: false });
        expect(outcome).to.deep.equal({
          modal,
          requireDob: false,
          failures: next,
          loginErrorFlagged: true,
          temporaryLockout: false,
          identified: true,
          dobStepUp: false,
        });
      });
    }

    it('five wrong codes in a row end on the last-attempt modal', () => {
      let state: LoginAttemptState = fresh;
      const modals: (ModalName | undefined)[] = [];
      for (let i = 0; i < MAX_LOGIN_ERRORS; i += 1) {
        const outcome = loginErrorOutcome(apiError('otp_failure_001'), state);
        modals.push(outcome.modal);
        state = { failures: outcome.failures, requireDob: outcome.requireDob };
      }
      expect(modals).to.deep.equal([undefined, undefined, undefined, undefined, 'invalidUsernameLastAttempt']);
    });

    it('other codes leave the counter alone', () => {
      for (const code of ['otp_failure_008', 'otp_failure_002', 'otp_failure_003', undefined]) {
        expect(loginErrorOutcome(apiError(code), { failures: 3, requireDob: false }).failures).to.equal(3);
      }
    });
  });

  describe("loginErrorOutcome: the bank's remaining attempts decide the wording (issue 11 defect 4)", () => {
    const cases = [
      { remaining: 4, modal: undefined, banner: true, lockout: false },
      { remaining: 2, modal: undefined, banner: true, lockout: false },
      { remaining: 1, modal: 'invalidUsernameLastAttempt', banner: true, lockout: false },
      { remaining: 0, modal: 'temporaryLockout', banner: false, lockout: true },
    ] as const;
    for (const { remaining, modal, banner, lockout } of cases) {
      for (const failures of [0, 3, 4, 7]) {
        it(`${remaining} left after ${failures} earlier failures → ${modal ?? 'banner'}`, () => {
          const outcome = loginErrorOutcome(apiError('otp_failure_001', [attempts(remaining)]), { failures, requireDob: false });
          expect(outcome.modal).to.equal(modal);
          expect(outcome.loginErrorFlagged).to.equal(banner);
          expect(outcome.temporaryLockout).to.equal(lockout);
          expect(outcome.failures).to.equal(failures + 1);
          expect(outcome.remainingAttempts).to.equal(remaining);
        });
      }
    }

    it('0 left is never called "one attempt left" (the sandbox has already locked the username)', () => {
      expect(loginErrorOutcome(apiError('otp_failure_001', [attempts(0)]), { failures: 4, requireDob: true }).modal).to.equal('temporaryLockout');
    });

    it('1 left opens the last-attempt modal even on the first failure the app has seen', () => {
      expect(loginErrorOutcome(apiError('otp_failure_001', [attempts(1)]), fresh).modal).to.equal('invalidUsernameLastAttempt');
    });

    it("the spec's counter of 5 applies only when the bank reports none", () => {
      expect(loginErrorOutcome(apiError('otp_failure_001', [attempts(3)]), { failures: 4, requireDob: false }).modal).to.equal(undefined);
      expect(loginErrorOutcome(apiError('otp_failure_001', []), { failures: 4, requireDob: false }).modal).to.equal('invalidUsernameLastAttempt');
      expect(loginErrorOutcome(apiError('otp_failure_001', ['{bad']), { failures: 4, requireDob: false }).modal).to.equal('invalidUsernameLastAttempt');
    });

    it('other codes pass the reported number on', () => {
      expect(loginErrorOutcome(apiError('otp_failure_008', [attempts(2)]), fresh).remainingAttempts).to.equal(2);
      expect(loginErrorOutcome(apiError('otp_failure_002', [attempts(2)]), fresh).remainingAttempts).to.equal(2);
      expect(loginErrorOutcome(apiError('otp_failure_002', []), fresh)).to.not.have.property('remainingAttempts');
    });
  });

  describe('loginErrorOutcome: date of birth from remaining attempts', () => {
    const cases = [
      { causes: [attempts(4)], requireDob: false },
      { causes: [attempts(3)], requireDob: false },
      { causes: [attempts(2)], requireDob: true },
      { causes: [attempts(1)], requireDob: true },
      { causes: [attempts(0)], requireDob: true },
      { causes: [attempts(-1)], requireDob: false },
      { causes: ['AISVAL0009', attempts(1)], requireDob: false },
      { causes: ['{not json'], requireDob: false },
      { causes: [], requireDob: false },
    ];
    for (const { causes, requireDob } of cases) {
      it(`otp_failure_001 with causes ${JSON.stringify(causes)} → requireDob ${requireDob}`, () => {
        const outcome = loginErrorOutcome(apiError('otp_failure_001', causes), fresh);
        expect(outcome.requireDob).to.equal(requireDob);
      });
    }

    it('applies to other codes too', () => {
      const outcome = loginErrorOutcome(apiError('otp_failure_004', [attempts(2)]), fresh);
      expect(outcome).to.deep.equal({
        modal: 'serviceUnavailable',
        requireDob: true,
        failures: 0,
        loginErrorFlagged: false,
        temporaryLockout: false,
        remainingAttempts: 2,
        identified: false,
        dobStepUp: true,
      });
    });

    it('a date-of-birth code once the date of birth is asked for is an error about what was typed (the banner), not a step-up', () => {
      for (const code of ['otp_failure_008', 'dob_failure_002', 'tds_otp_failure_007']) {
        const outcome = loginErrorOutcome(apiError(code), { failures: 1, requireDob: true });
        expect(outcome.loginErrorFlagged, code).to.equal(true);
        expect(outcome.dobStepUp, code).to.equal(false);
      }
    });

    it('a wrong code that leaves fewer than 3 attempts is an error (the banner) and a step-up (the notice)', () => {
      const outcome = loginErrorOutcome(apiError('otp_failure_001', [attempts(2)]), { failures: 2, requireDob: false });
      expect(outcome).to.include({ loginErrorFlagged: true, dobStepUp: true, requireDob: true, remainingAttempts: 2 });
      expect(loginErrorOutcome(apiError('otp_failure_001', [attempts(1)]), { failures: 3, requireDob: true }).dobStepUp).to.equal(false);
    });

    it('once required, the date of birth stays required', () => {
      for (const code of ['otp_failure_001', 'otp_failure_002', 'otp_failure_003', 'unknown', undefined]) {
        expect(loginErrorOutcome(apiError(code, [attempts(4)]), { failures: 2, requireDob: true }).requireDob).to.equal(true);
      }
    });
  });

  describe('remainingOtpAttempts (CONTRACT §4)', () => {
    const cases: readonly { causes: readonly string[]; remaining: number | undefined }[] = [
      { causes: ['{"remainingOTPattempts":2}'], remaining: 2 },
      { causes: ['{"remainingOTPattempts":0}'], remaining: 0 },
      { causes: ['{"remainingOTPattempts":5,"other":"x"}'], remaining: 5 },
      { causes: ['{"remainingOTPattempts":2}', '{"remainingOTPattempts":0}'], remaining: 2 },
      { causes: ['AISVAL0009', '{"remainingOTPattempts":1}'], remaining: undefined },
      { causes: [], remaining: undefined },
      { causes: [''], remaining: undefined },
      { causes: ['{"remainingOTPattempts":'], remaining: undefined },
      { causes: ['{"remainingOTPattempts":"2"}'], remaining: undefined },
      { causes: ['{"remainingOTPattempts":null}'], remaining: undefined },
      { causes: ['{"remainingOTPattempts":-1}'], remaining: undefined },
      { causes: ['{"remainingOTPattempts":1.5}'], remaining: undefined },
      { causes: ['{"remainingOTPattempts":1e400}'], remaining: undefined },
      { causes: ['{"remainingotpattempts":1}'], remaining: undefined },
      { causes: ['2'], remaining: undefined },
      { causes: ['[2]'], remaining: undefined },
      { causes: ['null'], remaining: undefined },
      { causes: ['{"remainingOTPattempts":{"value":2}}'], remaining: undefined },
    ];
    for (const { causes, remaining } of cases) {
      it(`${JSON.stringify(causes)} → ${remaining}`, () => {
        expect(remainingOtpAttempts(causes)).to.equal(remaining);
      });
    }

    it('never throws (property)', () => {
      fc.assert(
        fc.property(
          fc.array(
            fc.oneof(
              fc.string(),
              fc.json(),
              fc.jsonValue().map((v) => JSON.stringify({ remainingOTPattempts: v })),
            ),
          ),
          (causes) => {
            const remaining = remainingOtpAttempts(causes);
            if (remaining !== undefined) expect(Number.isInteger(remaining) && remaining >= 0).to.equal(true);
          },
        ),
        { numRuns: 200 },
      );
    });
  });
});
