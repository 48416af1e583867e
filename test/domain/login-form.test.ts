import { expect } from 'chai';
import type { CalendarDate, DateOfBirthParts } from '../../domain/date-of-birth';
import {
  authenticateRequest,
  canContinue,
  EMPTY_LOGIN_FORM,
  secureCodeError,
  usernameError,
  type AuthenticateRequest,
  type LoginForm,
} from '../../domain/login-form';

const today: CalendarDate = { year: 2026, month: 6, day: 15 };
const noDob: DateOfBirthParts = { day: '', month: '', year: '' };
const form = (username: string, secureCode: string, dob: DateOfBirthParts = noDob): LoginForm => ({
  username,
  secureCode,
  dob,
});

describe('domain/login-form', () => {
  it('starts empty: no username, no secure code, no date of birth', () => {
    expect(EMPTY_LOGIN_FORM).to.deep.equal({ username: '', secureCode: '', dob: { day: '', month: '', year: '' } });
  });

  describe('usernameError (spec §5)', () => {
    const cases: readonly { username: string; flagged: boolean; message: string | undefined }[] = [
      { username: '', flagged: false, message: 'Error: username cannot be empty.' },
      { username: '', flagged: true, message: 'Please enter your username.' },
      { username: '   ', flagged: false, message: 'Error: username cannot be empty.' },
      { username: '\t', flagged: true, message: 'Please enter your username.' },
      { username: 'jane.citizen', flagged: false, message: undefined },
      { username: 'jane.citizen', flagged: true, message: undefined },
      { username: 'abc', flagged: false, message: undefined },
    ];
    for (const { username, flagged, message } of cases) {
      it(`${JSON.stringify(username)} (login error ${flagged}) → ${message}`, () => {
        expect(usernameError(username, flagged)).to.equal(message);
      });
    }
  });

  describe('secureCodeError (spec §5)', () => {
    const cases: readonly { code: string; valid: boolean }[] = [
      { code: '123456', valid: true },
      { code: '000000', valid: true },
      { code: '', valid: false },
      { code: '12345', valid: false },
      { code: '1234567', valid: false },
      { code: '12345a', valid: false },
      { code: ' 123456', valid: false },
      { code: '123 456', valid: false },
      { code: '１２３４５６', valid: false },
      { code: '١٢٣٤٥٦', valid: false },
    ];
    for (const { code, valid } of cases) {
      it(`${JSON.stringify(code)} → ${valid ? 'valid' : 'message'}`, () => {
        expect(secureCodeError(code)).to.equal(valid ? undefined : 'Please enter your secure code.');
      });
    }
  });

  describe('canContinue (spec §5)', () => {
    const goodDob: DateOfBirthParts = { day: '25', month: '12', year: '1966' };
    const cases: readonly { name: string; form: LoginForm; requireDob: boolean; expected: boolean }[] = [
      { name: 'empty form', form: EMPTY_LOGIN_FORM, requireDob: false, expected: false },
      { name: 'username and code', form: form('jane.citizen', '123456'), requireDob: false, expected: true },
      { name: 'blank username', form: form('  ', '123456'), requireDob: false, expected: false },
      { name: 'short code', form: form('jane.citizen', '12345'), requireDob: false, expected: false },
      { name: 'DOB required, not filled', form: form('jane.citizen', '123456'), requireDob: true, expected: false },
      {
        name: 'DOB required, partly filled',
        form: form('jane.citizen', '123456', { day: '25', month: '12', year: '' }),
        requireDob: true,
        expected: false,
      },
      { name: 'DOB required and valid', form: form('dob.required', '123456', goodDob), requireDob: true, expected: true },
      {
        name: 'DOB required, impossible date',
        form: form('dob.required', '123456', { day: '31', month: '02', year: '1966' }),
        requireDob: true,
        expected: false,
      },
      {
        name: 'DOB required, future date',
        form: form('dob.required', '123456', { day: '16', month: '06', year: '2026' }),
        requireDob: true,
        expected: false,
      },
      {
        name: 'DOB required, today',
        form: form('dob.required', '123456', { day: '15', month: '06', year: '2026' }),
        requireDob: true,
        expected: true,
      },
      {
        name: 'DOB not required, invalid DOB parts ignored',
        form: form('jane.citizen', '123456', { day: '99', month: '', year: '' }),
        requireDob: false,
        expected: true,
      },
      { name: 'DOB valid but code missing', form: form('dob.required', '', goodDob), requireDob: true, expected: false },
    ];
    for (const { name, form: f, requireDob, expected } of cases) {
      it(`${name} → ${expected}`, () => {
        expect(canContinue(f, { requireDob, today })).to.equal(expected);
      });
    }
  });

  describe('authenticateRequest (spec §3, CONTRACT §3)', () => {
    const cases: readonly { name: string; form: LoginForm; requireDob: boolean; request: AuthenticateRequest }[] = [
      {
        name: 'secure code only',
        form: form('jane.citizen', '123456'),
        requireDob: false,
        request: { authType: 'SECURE_CODE', username: 'jane.citizen', secureCode: '123456' },
      },
      {
        name: 'username trimmed',
        form: form('  jane.citizen \t', '123456'),
        requireDob: false,
        request: { authType: 'SECURE_CODE', username: 'jane.citizen', secureCode: '123456' },
      },
      {
        name: 'DOB required and filled',
        form: form('dob.required', '123456', { day: '25', month: '12', year: '1966' }),
        requireDob: true,
        request: { authType: 'DOB_SECURE_CODE', username: 'dob.required', secureCode: '123456', dateOfBirth: '1966-12-25' },
      },
      {
        name: 'DOB day and month zero-padded',
        form: form('dob.required', '123456', { day: '5', month: '2', year: '1966' }),
        requireDob: true,
        request: { authType: 'DOB_SECURE_CODE', username: 'dob.required', secureCode: '123456', dateOfBirth: '1966-02-05' },
      },
      {
        name: 'DOB filled but not required',
        form: form('jane.citizen', '123456', { day: '25', month: '12', year: '1966' }),
        requireDob: false,
        request: { authType: 'SECURE_CODE', username: 'jane.citizen', secureCode: '123456' },
      },
      {
        name: 'DOB required but partly filled',
        form: form('dob.required', '123456', { day: '25', month: '', year: '1966' }),
        requireDob: true,
        request: { authType: 'SECURE_CODE', username: 'dob.required', secureCode: '123456' },
      },
      {
        name: 'DOB required but malformed',
        form: form('dob.required', '123456', { day: 'xx', month: '12', year: '1966' }),
        requireDob: true,
        request: { authType: 'SECURE_CODE', username: 'dob.required', secureCode: '123456' },
      },
    ];
    for (const { name, form: f, requireDob, request } of cases) {
      it(name, () => {
        expect(authenticateRequest(f, requireDob)).to.deep.equal(request);
      });
    }

    it('does not change the form', () => {
      const f = form(' jane ', '123456', { day: '5', month: '2', year: '1966' });
      const before = JSON.stringify(f);
      authenticateRequest(f, true);
      expect(JSON.stringify(f)).to.equal(before);
    });
  });
});
