import { expect } from 'chai';
import { copy } from '../../domain/copy';
import { FRESH_LOGIN, type LoginState } from '../../domain/login-state';
import { EMPTY_LOGIN_FORM } from '../../domain/login-form';
import {
  dateOfBirthStepUpNotice,
  loginFocus,
  messageReadWithFocus,
  secureCodeClearedBy,
  secureCodeFieldInvalid,
  secureCodeFieldMessage,
} from '../../domain/login-feedback';

const login = (overrides: Partial<LoginState>): LoginState => ({ ...FRESH_LOGIN, ...overrides });
const VALIDATION = 'Please enter your secure code.';

describe('domain/login-feedback (docs/login-feedback.md)', () => {
  describe('the message at the secure code field after a failed login (spec §8, CONTRACT §4)', () => {
    it('the bank did not accept the details: says so, that the code was cleared, and the attempts it reports left', () => {
      const cases: readonly [number | undefined, string][] = [
        [
          4,
          'Your login details were not accepted, so we cleared the secure code. Enter a new one from your Digital Secure Key app. You have 4 attempts left before login is locked for 10 minutes.',
        ],
        [
          2,
          'Your login details were not accepted, so we cleared the secure code. Enter a new one from your Digital Secure Key app. You have 2 attempts left before login is locked for 10 minutes.',
        ],
        [
          1,
          'Your login details were not accepted, so we cleared the secure code. Enter a new one from your Digital Secure Key app. You have 1 attempt left before login is locked for 10 minutes.',
        ],
        [undefined, 'Your login details were not accepted, so we cleared the secure code. Enter a new one from your Digital Secure Key app.'],
        [0, 'Your login details were not accepted, so we cleared the secure code. Enter a new one from your Digital Secure Key app.'],
      ];
      for (const [remaining, expected] of cases) {
        expect(secureCodeFieldMessage(login({ codeCleared: 'notAccepted', remainingAttempts: remaining }), undefined), String(remaining)).to.equal(expected);
        expect(secureCodeFieldMessage(login({ codeCleared: 'notAccepted', remainingAttempts: remaining }), VALIDATION), 'over the validation message').to.equal(
          expected,
        );
      }
    });

    it('any other answer: a secure code works only once', () => {
      expect(secureCodeFieldMessage(login({ codeCleared: 'usedOnce' }), VALIDATION)).to.equal(
        'A secure code works only once, so we cleared it. Enter a new one from your Digital Secure Key app.',
      );
    });

    it("once a new code is being typed, or with nothing cleared, the field's own validation message (spec §5)", () => {
      const typing = login({ codeCleared: 'notAccepted', remainingAttempts: 3, form: { ...EMPTY_LOGIN_FORM, secureCode: '12' } });
      expect(secureCodeFieldMessage(typing, VALIDATION)).to.equal(VALIDATION);
      expect(secureCodeFieldMessage(typing, undefined)).to.equal(undefined);
      expect(secureCodeFieldMessage(login({}), VALIDATION)).to.equal(VALIDATION);
      expect(secureCodeFieldMessage(login({}), undefined)).to.equal(undefined);
    });

    it('otp_failure_001 is "not accepted"; every other code, or none, "used once"', () => {
      expect(secureCodeClearedBy('otp_failure_001')).to.equal('notAccepted');
      for (const code of ['otp_failure_008', 'otp_failure_003', 'tds_otp_failure_002', 'arrangement_owner_mismatch', undefined]) {
        expect(secureCodeClearedBy(code), String(code)).to.equal('usedOnce');
      }
    });
  });

  describe('the date-of-birth step-up (spec §2 "Additional security")', () => {
    it('a neutral notice while the step-up is fresh', () => {
      expect(copy.login.dobStepUp).to.equal('For your security we also need your date of birth.');
      expect(dateOfBirthStepUpNotice(login({ requireDob: true, dobStepUp: true }))).to.equal(copy.login.dobStepUp);
      expect(dateOfBirthStepUpNotice(login({ requireDob: true, dobStepUp: false }))).to.equal(undefined);
      expect(dateOfBirthStepUpNotice(login({ requireDob: false, dobStepUp: false }))).to.equal(undefined);
    });

    it('is not the error banner', () => {
      expect(copy.login.dobStepUp).not.to.equal(copy.login.errorBanner);
    });
  });
});

describe('domain/login-feedback: loginFocus (DESIGN §3.7)', () => {
  it('the date of birth after a step-up, else the banner after an error; an open modal keeps focus', () => {
    expect(loginFocus(login({ requireDob: true, dobStepUp: true, loginError: true }), false)).to.equal('dateOfBirth');
    expect(loginFocus(login({ requireDob: true, dobStepUp: true }), false)).to.equal('dateOfBirth');
    expect(loginFocus(login({ requireDob: true, loginError: true }), false)).to.equal('errorBanner');
    expect(loginFocus(login({ loginError: true }), false)).to.equal('errorBanner');
    expect(loginFocus(login({}), false)).to.equal(undefined);
    expect(loginFocus(login({ requireDob: true, dobStepUp: true, loginError: true }), true)).to.equal(undefined);
    expect(loginFocus(login({ loginError: true }), true)).to.equal(undefined);
  });
});

describe('domain/login-feedback: what a screen reader hears at the fields (issue 25, docs/screen-reader.md)', () => {
  const stepUp = login({ requireDob: true, dobStepUp: true, codeCleared: 'usedOnce', form: { ...EMPTY_LOGIN_FORM, username: 'dob.required' } });

  it('the message read with the focus: the field Continue focused, else at the step-up the emptied code field; none once a code is typed, after an error, or under a modal', () => {
    expect(messageReadWithFocus(login({}), 'username', false)).to.equal('username');
    expect(messageReadWithFocus(stepUp, undefined, false)).to.equal('secureCode');
    expect(messageReadWithFocus({ ...stepUp, form: { ...stepUp.form, secureCode: '1' } }, undefined, false), 'a code typed: no message').to.equal(undefined);
    expect(messageReadWithFocus(login({ loginError: true, codeCleared: 'notAccepted' }), undefined, false), 'the banner takes the focus').to.equal(undefined);
    expect(messageReadWithFocus(stepUp, undefined, true), 'a modal keeps the focus').to.equal(undefined);
  });

  it('the code field is "invalid" when its message is an error, not when it explains the step-up', () => {
    expect(secureCodeFieldInvalid(stepUp, undefined), 'the step-up explains').to.equal(false);
    expect(secureCodeFieldInvalid(stepUp, VALIDATION), 'the explanation still shown').to.equal(false);
    expect(secureCodeFieldInvalid(login({ codeCleared: 'notAccepted' }), undefined), 'not accepted').to.equal(true);
    expect(secureCodeFieldInvalid(login({ codeCleared: 'usedOnce', loginError: true }), undefined), 'used once after an error').to.equal(true);
    expect(secureCodeFieldInvalid(login({}), VALIDATION), 'its validation message').to.equal(true);
    expect(secureCodeFieldInvalid(login({}), undefined), 'no message').to.equal(false);
  });
});
