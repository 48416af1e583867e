// DESIGN §3.4 "Every call has a timeout": a GET the bank never answers keeps the spinner until
// the call's deadline, then the spinner goes and Service unavailable says so (spec §8), never an
// endless spinner. The deadline is the fetch adapter's: DEFAULT_HTTP_CALL_OPTIONS.getTimeoutMs
// (15 s, the web composition root binds no other), honoured over real HTTP by
// test/adapters/fetch-customer-auth-api.test.ts "a GET with no answer in time is TIMED_OUT". Moved
// from test/browser/attacks.test.ts (issue 32 item 2), on the manual clock instead of 15 s of wall time.
import { expect } from 'chai';
import { DEFAULT_HTTP_CALL_OPTIONS } from '../../adapters/fetch.token';
import type { AccountState } from '../../domain/accounts';
import { TIMED_OUT, type ApiError } from '../../domain/api-error';
import { err, type Result } from '../../domain/result';
import { janeAccounts, newConsent } from '../fixtures/journey.fixture';
import { FakeCustomerAuthApi, ManualClock } from '../support/fakes';
import { settle } from '../support/journey-world';
import { journey } from './journey-driver';

/** A bank whose account list never answers: the adapter gives up at its GET deadline on this clock. */
class UnansweredAccounts extends FakeCustomerAuthApi {
  constructor(private readonly clock: ManualClock) {
    super({ consentDetail: newConsent(), accounts: janeAccounts() });
  }
  override accounts(): Promise<Result<AccountState, ApiError>> {
    this.calls.push({ name: 'accounts' });
    return new Promise((resolve) => {
      this.clock.schedule(DEFAULT_HTTP_CALL_OPTIONS.getTimeoutMs, () => resolve(err({ status: 0, code: TIMED_OUT, causes: [] })));
    });
  }
}

describe('application: a GET that never answers (DESIGN §3.4)', () => {
  it('the spinner stays until the 15 s timeout, then goes, and Service unavailable says so', async () => {
    const clock = new ManualClock();
    const j = journey({ clock, api: new UnansweredAccounts(clock) });
    await j.start();
    const loggingIn = j.logIn();
    await settle();
    expect(j.ports.api.count('accounts'), 'the account list is asked for').to.equal(1);
    expect(j.session.loading, 'the spinner while it is awaited').to.equal(true);
    clock.advance(DEFAULT_HTTP_CALL_OPTIONS.getTimeoutMs - 1);
    await settle();
    expect(j.session.loading, 'not given up before the deadline').to.equal(true);
    expect(j.modal.current).to.equal(undefined);
    clock.advance(1);
    await loggingIn;
    await settle();
    expect(DEFAULT_HTTP_CALL_OPTIONS.getTimeoutMs, 'DESIGN §3.4: GET timeout 15 s').to.equal(15_000);
    expect(j.session.loading, 'the spinner is gone').to.equal(false);
    expect(j.modal.current?.name).to.equal('serviceUnavailable');
    expect(j.ports.api.count('accounts'), 'a timed-out GET is not sent again').to.equal(1);
  });
});
