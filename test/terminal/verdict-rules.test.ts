import 'reflect-metadata/lite';
import { expect } from 'chai';
import { FetchCustomerAuthApi } from '../../adapters/fetch-customer-auth-api.adapter';
import { MemoryTokenStorage } from '../../adapters/terminal/memory-token-storage.adapter';
import type { RuntimeConfig } from '../../application/runtime-config';
import { CallJournal } from '../../adapters/terminal/call-journal';
import type { ApiError } from '../../domain/api-error';
import { CALL_ENDPOINTS } from '../../domain/call-endpoints';
import type { FlowCallKind } from '../../domain/flow-effects';
import { initialFlowState, type FlowState } from '../../domain/flow-state';
import { verdictLine } from '../../adapters/terminal/journey-copy';
import { judgeReturn } from '../../adapters/terminal/journey-outcome';
import { journeyVerdict, NO_FAILED_CALLS, noteAnswer, type CallRecord, type JourneyCause } from '../../adapters/terminal/journey-verdict';
import { err, ok } from '../../domain/result';
import type { ReturnUrl } from '../../domain/return-url';

const failure = (status: number, code?: string, causes: string[] = []): ApiError => (code === undefined ? { status, causes } : { status, code, causes });
const state = (): FlowState =>
  initialFlowState(
    { brands: ['demo'], production: false, inactivity: { inactiveTimeLimit: 300, inactiveReciprocalWarnTime: 60 }, publicSiteUrl: 'https://bank.example' },
    0,
  );
const note = (record: CallRecord, call: FlowCallKind, error?: ApiError): CallRecord =>
  noteAnswer(record, call, error === undefined ? ok(undefined) : err(error));

/** docs/terminal.md "Verdicts": the rules that pick what a verdict names (adapters/terminal/journey-verdict.ts), without a bank. */
describe("terminal channel: the verdict's rules", () => {
  describe('which failed call the ending is about (noteAnswer)', () => {
    it('a failure is the cause; a later success of a journey call (a retry, a login after a wrong code) clears it', () => {
      const failed = note(NO_FAILED_CALLS, 'accounts', failure(503));
      expect(failed.cause).to.deep.equal({ call: 'accounts', error: failure(503) });
      expect(note(failed, 'accounts')).to.deep.equal(NO_FAILED_CALLS);
    });

    it("an exit's own call (the rejection, the keep-alive) that fails after a cause does not replace it; its success does not clear it", () => {
      const failed = note(NO_FAILED_CALLS, 'accounts', failure(500, '500', ['AISVAL0009']));
      const rejected = note(failed, 'reject', failure(0, 'no_answer'));
      expect(rejected.cause?.call).to.equal('accounts');
      expect(rejected.exit).to.deep.equal({ call: 'reject', error: failure(0, 'no_answer') });
      expect(note(failed, 'reject')).to.deep.equal(failed);
      expect(note(failed, 'keepAlive')).to.deep.equal(failed);
    });

    it("an exit's call that fails with no cause before it is the cause", () => {
      expect(note(NO_FAILED_CALLS, 'keepAlive', failure(0, 'no_answer')).cause?.call).to.equal('keepAlive');
    });

    it('the journal passes every call on unchanged and notes its answer', async () => {
      const answers: Record<string, unknown> = {};
      const api = new Proxy({}, { get: (_target, name: string) => () => Promise.resolve(answers[name] ?? ok(undefined)) });
      answers['accounts'] = err(failure(500, '500', ['AISVAL0009']));
      const journal = new CallJournal(api as never);
      expect(await journal.accounts()).to.deep.equal(answers['accounts']);
      expect(journal.record.cause).to.deep.equal({ call: 'accounts', error: failure(500, '500', ['AISVAL0009']) });
      answers['confirmation'] = err(failure(500, 'x'));
      await journal.confirmation(false, 'key');
      expect(journal.record.exit?.call).to.equal('reject');
    });
  });

  it("each call's endpoint is the one the HTTP adapter calls (CONTRACT §3)", async () => {
    const called: string[] = [];
    const config = { apiBaseUrl: 'https://bank.example/api' } as RuntimeConfig;
    const fetchFn = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const url = new URL(String(input));
      called.push(`${init?.method ?? 'GET'} ${url.pathname.replace(/^\/api/, '')}`);
      return Promise.resolve(new Response('{}', { status: 500, headers: { 'Content-Type': 'application/json' } }));
    };
    const api = new FetchCustomerAuthApi(config, new MemoryTokenStorage(), fetchFn, { retryBaseDelayMs: 0 });
    const calls: [FlowCallKind, () => Promise<unknown>][] = [
      ['consentDetails', () => api.consentDetails()],
      ['authenticate', () => api.authenticate({} as never)],
      ['customerDetails', () => api.customerDetails()],
      ['businesses', () => api.businesses()],
      ['confirmBusinessProfile', () => api.confirmBusinessProfile({} as never)],
      ['accounts', () => api.accounts()],
      ['saveSelection', () => api.saveSelection({} as never)],
      ['confirm', () => api.confirmation(true, '00000000-0000-4000-8000-000000000000')],
      ['reject', () => api.confirmation(false, '00000000-0000-4000-8000-000000000000')],
      ['keepAlive', () => api.keepAlive()],
    ];
    for (const [kind, call] of calls) {
      called.length = 0;
      await call();
      expect(called[0], kind).to.equal(CALL_ENDPOINTS[kind]);
    }
  });

  describe('what happened, in order (the verdict of a run that did not return)', () => {
    const journeyCause = (ending: FlowState, calls: CallRecord): JourneyCause | undefined => {
      const verdict = journeyVerdict({ returned: undefined, expected: { kind: 'code' }, stop: undefined, state: ending, calls });
      return verdict.passed ? undefined : verdict.cause;
    };
    const ended = (modal: string, stage?: 'rejected'): FlowState => {
      const base = state();
      return {
        ...base,
        phase: {
          kind: 'ended',
          screen: { kind: 'flow', step: 'login' },
          modals: [{ name: modal as never }],
          exit: { url: 'https://recipient.example/cb' as ReturnUrl, to: 'recipient' },
          offerExitAtMs: undefined,
        },
        journey: { ...base.journey, ...(stage === undefined ? {} : { stage }) },
      };
    };
    const calls = note(NO_FAILED_CALLS, 'authenticate', failure(403, 'otp_failure_003'));

    it("the customer's own Cancel first, whatever failed", () => {
      expect(journeyCause(ended('sharingIncomplete', 'rejected'), calls)).to.deep.equal({ kind: 'cancelled', rejection: undefined });
    });

    it("then the lockout, with the login's failure", () => {
      expect(journeyCause(ended('temporaryLockout'), calls)).to.deep.equal({ kind: 'lockedOut', permanent: false, failure: calls.cause });
    });

    it('then a call with no answer ("the bank stopped answering"), or the bank\'s error, with the modal it showed', () => {
      const none = note(NO_FAILED_CALLS, 'saveSelection', failure(0, 'no_answer', ['fetch failed']));
      expect(journeyCause(ended('serviceUnavailable'), none)).to.deep.equal({ kind: 'noAnswer', failure: none.cause, modal: 'serviceUnavailable' });
      const refused = note(NO_FAILED_CALLS, 'accounts', failure(500, '500', ['AISVAL0009']));
      expect(journeyCause(ended('wentWrong'), refused)).to.deep.equal({ kind: 'bankError', failure: refused.cause, modal: 'wentWrong' });
    });

    it("then the bank's modal alone, the session's own end, the failure page; the help texts are no ending", () => {
      expect(journeyCause(ended('noEligibleAccounts'), NO_FAILED_CALLS)).to.deep.equal({ kind: 'bankModal', modal: 'noEligibleAccounts' });
      expect(journeyCause(ended('sessionEndedInactive'), NO_FAILED_CALLS)).to.deep.equal({ kind: 'sessionEnded', reason: 'inactivity' });
      expect(journeyCause(ended('lostSecureKey'), NO_FAILED_CALLS)).to.equal(undefined);
      const failed: FlowState = { ...state(), phase: { kind: 'failed', route: 'incorrect_jwt' } };
      expect(journeyCause(failed, NO_FAILED_CALLS)).to.deep.equal({ kind: 'failurePage', route: 'incorrect_jwt' });
    });
  });

  describe('the verdict line', () => {
    const title = (name: string): string => `<${name}>`;

    it('PASSED with what the recipient got, exit 0', () => {
      const verdict = journeyVerdict({
        returned: { kind: 'code', code: 'c' },
        expected: { kind: 'code' },
        stop: undefined,
        state: state(),
        calls: NO_FAILED_CALLS,
      });
      expect(verdict.exitCode).to.equal(0);
      expect(verdictLine(verdict, title)).to.equal('PASSED: the recipient got an authorisation code');
    });

    it("FAILED: the stop, the cause (a script's own reason only when nothing more is known), the return against the expected, exit 1", () => {
      const timedOut = journeyVerdict({
        returned: undefined,
        expected: { kind: 'code' },
        stop: { kind: 'timedOut', seconds: 30 },
        state: state(),
        calls: note(NO_FAILED_CALLS, 'accounts', failure(0, 'timed_out')),
      });
      expect(timedOut.exitCode).to.equal(1);
      expect(verdictLine(timedOut, title)).to.equal(
        'FAILED: no return within 30 s; the bank stopped answering: GET /customer-auth/accounts (the account list) got no answer: no answer in time',
      );
      const script = journeyVerdict({
        returned: undefined,
        expected: { kind: 'code' },
        stop: { kind: 'script', reason: 'no profile "X"' },
        state: state(),
        calls: NO_FAILED_CALLS,
      });
      expect(verdictLine(script, title)).to.equal('FAILED: no profile "X"');
      const refused = journeyVerdict({
        returned: undefined,
        expected: { kind: 'code' },
        stop: { kind: 'script', reason: 'the login was refused' },
        state: state(),
        calls: note(NO_FAILED_CALLS, 'authenticate', failure(401, 'otp_failure_001', ['{"remainingOTPattempts":4}'])),
      });
      expect(verdictLine(refused, title)).to.equal(
        'FAILED: the login failed: POST /customer-auth/authenticate answered HTTP 401, bank code otp_failure_001, cause {"remainingOTPattempts":4}',
      );
    });

    it('issue 34 item 4: a return not the one expected is data (judgeReturn), worded only by the verdict line', () => {
      const got = { kind: 'error', error: 'access_denied', respMessage: 'The customer cancelled' } as const;
      expect(judgeReturn(got, { kind: 'code' })).to.deep.equal({ passed: false, mismatch: { expected: { kind: 'code' }, got } });
      expect(judgeReturn({ kind: 'jarm', response: 'r' }, { kind: 'code' })).to.deep.equal({ passed: true });
      expect(judgeReturn(got, { kind: 'error', error: 'access_denied' })).to.deep.equal({ passed: true });
      const verdict = journeyVerdict({ returned: got, expected: { kind: 'code' }, stop: undefined, state: state(), calls: NO_FAILED_CALLS });
      expect(verdict.exitCode).to.equal(1);
      expect(verdictLine(verdict, (name) => name)).to.equal(
        'FAILED: expected an authorisation code, the recipient got error access_denied (The customer cancelled)',
      );
      const wrongError = journeyVerdict({
        returned: { kind: 'plain' },
        expected: { kind: 'error', error: 'access_denied' },
        stop: undefined,
        state: state(),
        calls: NO_FAILED_CALLS,
      });
      expect(verdictLine(wrongError, (name) => name)).to.equal('FAILED: expected error access_denied, the recipient got the return address with no result');
    });

    it("issue 33 item 15: the app's own refusal of an answer is what happened, not the bank's earlier answer (the date-of-birth step-up's 401)", () => {
      const said = 'Invalid date. Please try again using the correct format DD/MM/YYYY.';
      const verdict = journeyVerdict({
        returned: undefined,
        expected: { kind: 'code' },
        stop: { kind: 'refused', said },
        state: state(),
        calls: note(NO_FAILED_CALLS, 'authenticate', failure(401, 'otp_failure_008')),
      });
      expect(verdict.exitCode).to.equal(1);
      expect(verdictLine(verdict, title)).to.equal(`FAILED: the app refused an answer: ${said}`);
    });
  });
});
