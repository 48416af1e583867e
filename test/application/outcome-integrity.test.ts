// Issue 12: outcome integrity through the whole application, against the stateful bank (which
// commits a decision once per Idempotency-Key and replays it, CONTRACT §3).
import { expect } from 'chai';
import { NOW_MS, TOKEN, tokenPayload } from '../fixtures/journey.fixture';
import {
  FakeLaunchParameters,
  FakeTokenVerifier,
  ManualActivitySource,
  ManualClock,
  MemoryTokenStorage,
  RecordingAnalytics,
  RecordingRedirector,
} from '../support/fakes';
import { janeCitizenAccounts } from '../../sandbox/persona-accounts';
import { StatefulFakeBank, type FakeBankOptions } from '../support/stateful-fake-bank';
import { journey } from './journey-driver';

const SCOPES = ['bank:accounts.basic:read', 'common:customer.basic:read'];
const settle = async (): Promise<void> => {
  for (let turn = 0; turn < 4; turn += 1) await new Promise((resolve) => setImmediate(resolve));
};

function tab(
  bank: StatefulFakeBank,
  clock: ManualClock,
  shared: { storage?: MemoryTokenStorage; redirector?: RecordingRedirector; launch?: FakeLaunchParameters } = {},
) {
  return journey<StatefulFakeBank>({
    api: bank,
    clock,
    verifier: new FakeTokenVerifier({ [TOKEN]: tokenPayload() }),
    storage: shared.storage ?? new MemoryTokenStorage(),
    redirector: shared.redirector ?? new RecordingRedirector(),
    launch: shared.launch ?? new FakeLaunchParameters(TOKEN),
    analytics: new RecordingAnalytics(),
    activity: new ManualActivitySource(),
  });
}

function bankAndClock(options: Partial<FakeBankOptions> = {}) {
  const clock = new ManualClock(NOW_MS);
  const bank = new StatefulFakeBank({ scopes: SCOPES, redirectUri: 'https://tpp.example/cb', state: 'af0ifjsldkj', ...options }, clock);
  return { bank, clock };
}

/** Logs in as `persona` (jane.citizen), ticks an account (her Bills) and reaches the review. */
async function toReview(j: ReturnType<typeof tab>, persona = 'jane.citizen', account = 'acc-0001'): Promise<void> {
  await j.start();
  await j.logIn(persona);
  j.selection.toggle(account);
  await j.selection.continue();
  expect(j.session.step).to.equal('confirmation');
}

/** Another tab's storage: its own Idempotency-Keys (random in a browser; these differ from the first tab's predictable ones). */
class OtherTabStorage extends MemoryTokenStorage {
  override decisionKey(decision: Parameters<MemoryTokenStorage['decisionKey']>[0]): string {
    return super.decisionKey(decision).replace(/^0{8}/, 'bbbbbbbb');
  }
}

/** The Idempotency-Key of each approval asked, in order. */
const approvalKeys = (bank: StatefulFakeBank): (string | undefined)[] =>
  bank.calls.filter((call) => call.name === 'confirmation' && call.body === true).map((call) => call.key);

/** Confirms and lets the two retries of DESIGN §3.11 (0.5 s, then 1 s later) run. */
async function confirmThroughRetries(j: ReturnType<typeof tab>, clock: ManualClock): Promise<void> {
  void j.confirmation.confirm();
  for (const ms of [0, 500, 1000]) {
    clock.advance(ms);
    await settle();
  }
}

describe('issue 12: a confirmation is never lost (DESIGN §3.11, CONTRACT §3)', () => {
  it('the answer lost after the bank committed (502): asked again with the same key, the code still arrives', async () => {
    const { bank, clock } = bankAndClock();
    const j = tab(bank, clock);
    await toReview(j);
    bank.fail('confirmation', { kind: 'lostAfterCommit', as: 'gateway' });
    void j.confirmation.confirm();
    await settle();
    expect(bank.decision, 'committed').to.equal('approved');
    expect(j.session.loading, 'still asking').to.equal(true);
    clock.advance(500);
    await settle();
    expect(bank.calls.filter((call) => call.name === 'confirmation').map((call) => call.key))
      .to.have.length(2)
      .and.satisfy((keys: string[]) => keys[0] === keys[1]);
    expect(j.modal.current?.name).to.equal('successConfirm');
    clock.advance(2500);
    expect(j.ports.redirector.urls[0]).to.match(/#code=code-jane\.citizen&state=af0ifjsldkj/);
  });

  it('no answer at all (network error) twice: three tries, one key, then the code', async () => {
    const { bank, clock } = bankAndClock();
    const j = tab(bank, clock);
    await toReview(j);
    bank.fail('confirmation', { kind: 'network' });
    bank.fail('confirmation', { kind: 'network' });
    void j.confirmation.confirm();
    await settle();
    clock.advance(500);
    await settle();
    clock.advance(1000);
    await settle();
    const keys = bank.calls.filter((call) => call.name === 'confirmation').map((call) => call.key);
    expect(keys).to.have.length(3);
    expect(new Set(keys).size).to.equal(1);
    expect(j.modal.current?.name).to.equal('successConfirm');
  });

  it("the bank's own refusal (a 4xx with its envelope) is definitive: not asked again; Service unavailable says nothing was shared", async () => {
    const { bank, clock } = bankAndClock();
    const j = tab(bank, clock);
    await toReview(j);
    bank.fail('confirmation', { kind: 'status', status: 403, code: 'consent_refused' });
    await j.confirmation.confirm();
    clock.advance(5000);
    await settle();
    expect(bank.count('confirmation')).to.equal(1);
    expect(j.modal.current?.name).to.equal('serviceUnavailable');
    expect(j.session.outcome).to.equal('nothingShared');
  });

  it('issue 21: a 500 after the bank committed is not a refusal: asked again with the same key, the code arrives', async () => {
    const { bank, clock } = bankAndClock();
    const j = tab(bank, clock);
    await toReview(j);
    bank.fail('confirmation', { kind: 'status', status: 500 });
    void j.confirmation.confirm();
    await settle();
    clock.advance(500);
    await settle();
    const keys = bank.calls.filter((call) => call.name === 'confirmation').map((call) => call.key);
    expect(keys).to.have.length(2);
    expect(new Set(keys).size, 'the same key').to.equal(1);
    expect(j.modal.current?.name).to.equal('successConfirm');
  });

  it("a timeout uses the call's whole deadline: not asked again; leaving asks the bank first (a reject tells a code was issued), so no access_denied after a code", async () => {
    const { bank, clock } = bankAndClock();
    const j = tab(bank, clock);
    await toReview(j);
    bank.fail('confirmation', { kind: 'timeout' });
    void j.confirmation.confirm();
    await settle();
    clock.advance(30_000);
    await settle();
    expect(bank.count('confirmation'), 'no retry past the deadline').to.equal(1);
    expect(j.modal.current?.name).to.equal('serviceUnavailable');
    // The bank never saw it (the fake's timeout answers before the bank), so the reject commits.
    await j.modal.activate();
    await settle();
    expect(bank.decision).to.equal('rejected');
    expect(j.ports.redirector.urls[0]).to.match(/error=access_denied/);
  });

  it("three lost answers after the commit, then Return: the reject finds the approval and the code is fetched with the approval's key", async () => {
    const { bank, clock } = bankAndClock();
    const j = tab(bank, clock);
    await toReview(j);
    for (let i = 0; i < 3; i += 1) bank.fail('confirmation', { kind: 'lostAfterCommit', as: 'gateway' });
    void j.confirmation.confirm();
    for (const ms of [0, 500, 1000]) {
      clock.advance(ms);
      await settle();
    }
    expect(j.modal.current?.name).to.equal('serviceUnavailable');
    await j.modal.activate();
    await settle();
    const calls = bank.calls.filter((call) => call.name === 'confirmation');
    expect(calls.map((call) => call.body)).to.deep.equal([true, true, true, false, true]);
    expect(calls[4]?.key, "the approval's own key").to.equal(calls[0]?.key);
    expect(j.modal.current?.name).to.equal('successConfirm');
    clock.advance(2500);
    expect(j.ports.redirector.urls).to.have.length(1);
    expect(j.ports.redirector.urls[0]).to.match(/#code=/);
  });

  it('a reload between the click and the answer: the new page asks again with the kept key and returns with the code', async () => {
    const { bank, clock } = bankAndClock();
    const storage = new MemoryTokenStorage();
    const redirector = new RecordingRedirector();
    const first = tab(bank, clock, { storage, redirector });
    await toReview(first);
    bank.fail('confirmation', { kind: 'lostAfterCommit', as: 'network' });
    void first.confirmation.confirm();
    await settle();
    first.flow.dispose();
    const reloaded = tab(bank, clock, { storage, redirector, launch: new FakeLaunchParameters(undefined) });
    await reloaded.start();
    await settle();
    expect(reloaded.modal.current?.name).to.equal('successConfirm');
    clock.advance(2500);
    expect(redirector.urls).to.have.length(1);
    expect(redirector.urls[0]).to.match(/#code=code-jane\.citizen/);
    const keys = bank.calls.filter((call) => call.name === 'confirmation').map((call) => call.key);
    expect(new Set(keys).size).to.equal(1);
  });

  it('two tabs: the first confirms; the second is told the request was completed and returns to the plain address, never access_denied', async () => {
    const { bank, clock } = bankAndClock();
    const a = tab(bank, clock);
    const b = tab(bank, clock);
    await toReview(a);
    await b.start();
    await a.confirmation.confirm();
    clock.advance(2500);
    expect(a.ports.redirector.urls[0]).to.match(/#code=/);
    await b.logIn('jane.citizen');
    expect(b.modal.current?.name).to.equal('alreadyCompleted');
    await b.modal.activate();
    expect(b.ports.redirector.urls).to.deep.equal(['https://tpp.example/cb']);
    expect(b.ports.analytics.abandonments, 'the second tab abandoned nothing').to.deep.equal([]);
  });

  it('two tabs: the first rejects; the second returns with access_denied and the state', async () => {
    const { bank, clock } = bankAndClock();
    const a = tab(bank, clock);
    const b = tab(bank, clock);
    await a.start();
    await b.start();
    a.login.cancel();
    await a.modal.activate();
    await b.logIn('jane.citizen');
    expect(b.modal.current?.name).to.equal('alreadyCompleted');
    await b.modal.activate();
    expect(b.ports.redirector.urls[0]).to.match(/error=access_denied.*state=af0ifjsldkj$/);
  });

  // Moved from test/browser/outcome-integrity.test.ts (issue 32 item 2): two tabs are two pages, each its own storage, over one bank.
  it("two tabs both on the review: the first confirms; the second's Confirm is told the request has already been completed, and returns to the plain address, never access_denied", async () => {
    const { bank, clock } = bankAndClock();
    const a = tab(bank, clock);
    const b = tab(bank, clock, { storage: new OtherTabStorage() });
    await toReview(a);
    await toReview(b);
    await a.confirmation.confirm();
    clock.advance(2500);
    expect(a.ports.redirector.urls[0]).to.match(/#code=code-jane\.citizen/);
    await b.confirmation.confirm();
    expect(b.modal.current?.name).to.equal('alreadyCompleted');
    await b.modal.activate();
    expect(b.ports.redirector.urls, 'neither a code nor access_denied').to.deep.equal(['https://tpp.example/cb']);
    expect(bank.decision).to.equal('approved');
  });

  // Moved from test/browser/attacks.test.ts (issue 32 item 2); the persona answers 500 to every approval, as the sandbox's does.
  it('issue 21: a 500 on confirm proves no decision (confirm.fails): asked again with the same key, three tries in all, then Service unavailable; the reject commits, and the return is access_denied with the state', async () => {
    const { bank, clock } = bankAndClock();
    const j = tab(bank, clock);
    await toReview(j, 'confirm.fails', 'cnf-0001');
    await confirmThroughRetries(j, clock);
    const keys = approvalKeys(bank);
    expect(keys, 'no more than the three tries of DESIGN §3.11').to.have.length(3);
    expect(new Set(keys).size, 'one key for every try').to.equal(1);
    expect(j.modal.current?.name).to.equal('serviceUnavailable');
    expect(bank.decision, 'nothing committed').to.equal(undefined);
    await j.modal.activate();
    await settle();
    expect(bank.decision, 'the bank is asked to reject first').to.equal('rejected');
    expect(j.ports.redirector.urls).to.have.length(1);
    expect(j.ports.redirector.urls[0]).to.match(/^https:\/\/tpp\.example\/cb\?error=access_denied.*&state=af0ifjsldkj$/);
  });

  // Moved from test/browser/attacks.test.ts (issue 32 item 2): the connection reset on every try; the Idempotency-Key's form is test/adapters/session-token-storage.test.ts's.
  it('a dropped connection on confirm: asked again with the same key, three tries in all, then Service unavailable; the connection back, the reject commits and the return is access_denied (DESIGN §3.11)', async () => {
    const { bank, clock } = bankAndClock();
    const j = tab(bank, clock);
    await toReview(j);
    for (let i = 0; i < 3; i += 1) bank.fail('confirmation', { kind: 'network' });
    await confirmThroughRetries(j, clock);
    const keys = approvalKeys(bank);
    expect(keys).to.have.length(3);
    expect(keys[0]).to.match(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size, 'one key for every try').to.equal(1);
    expect(j.modal.current?.name).to.equal('serviceUnavailable');
    await j.modal.activate();
    await settle();
    expect(bank.calls.filter((call) => call.name === 'confirmation').map((call) => call.body)).to.deep.equal([true, true, true, false]);
    expect(j.ports.redirector.urls).to.have.length(1);
    expect(j.ports.redirector.urls[0]).to.match(/^https:\/\/tpp\.example\/cb\?error=access_denied.*&state=af0ifjsldkj$/);
  });
});

describe("issue 12: the bank's return address must match the verified token (DESIGN §3.12)", () => {
  for (const [what, answered, followed] of [
    ['the same address with its own query', 'https://tpp.example/cb?session=9', 'https://tpp.example/cb?session=9#'],
    ['another host', 'https://evil.example/cb', 'https://tpp.example/cb#'],
    ['another path', 'https://tpp.example/other', 'https://tpp.example/cb#'],
    ['another port', 'https://tpp.example:8443/cb', 'https://tpp.example/cb#'],
    ['http instead of https', 'http://tpp.example/cb', 'https://tpp.example/cb#'],
  ] as const) {
    it(`a confirmation answer naming ${what}: ${followed === 'https://tpp.example/cb#' ? "the token's address, and the refusal logged" : 'followed'}`, async () => {
      const { bank, clock } = bankAndClock({ redirectUri: answered });
      const j = tab(bank, clock);
      await toReview(j);
      await j.confirmation.confirm();
      clock.advance(2500);
      expect(j.ports.redirector.urls[0]?.startsWith(followed)).to.equal(true);
      expect(
        j.ports.logger.warnings.some((warning) => warning.includes('redirect_uri')),
        'logged',
      ).to.equal(followed === 'https://tpp.example/cb#');
    });
  }

  it("a rejection answer naming another host: access_denied to the token's address", async () => {
    const { bank, clock } = bankAndClock({ redirectUri: 'https://evil.example/steal' });
    const j = tab(bank, clock);
    await j.start();
    j.login.cancel();
    await j.modal.activate();
    expect(j.ports.redirector.urls[0]).to.match(/^https:\/\/tpp\.example\/cb\?error=access_denied/);
  });

  // Moved from test/browser/attacks.test.ts (issue 32 item 2). DESIGN §3.2: the state is echoed exactly; §3.3: terminal paths clear the token.
  it('a 1000-character state is echoed exactly by the success return, and the token is forgotten once returned', async () => {
    const state = `1764300000000-${'a1_B-~.'.repeat(200)}`.slice(0, 1000);
    expect(state).to.have.length(1000);
    const clock = new ManualClock(NOW_MS);
    // As the sandbox: the bank answers the approval with the token's state.
    const bank = new StatefulFakeBank({ scopes: SCOPES, redirectUri: 'https://tpp.example/cb', state }, clock);
    const storage = new MemoryTokenStorage();
    const j = journey<StatefulFakeBank>({ api: bank, clock, storage, verifier: new FakeTokenVerifier({ [TOKEN]: tokenPayload({ state }) }) });
    await toReview(j);
    expect(storage.token, 'kept while the flow runs').to.equal(TOKEN);
    await j.confirmation.confirm();
    clock.advance(2500);
    const url = new URL(j.ports.redirector.urls[0] ?? '');
    const fragment = new URLSearchParams(url.hash.slice(1));
    expect(fragment.get('code')).to.equal('code-jane.citizen');
    expect(fragment.get('state')).to.equal(state);
    expect(storage.token).to.equal(undefined);
  });
});

describe('issue 12: offline is a state, not an error (DESIGN §3.15)', () => {
  it('offline, Continue sends nothing; back online, the login goes and the journey carries on', async () => {
    const { bank, clock } = bankAndClock();
    const j = tab(bank, clock);
    await j.start();
    j.ports.activity.setOnline(false);
    expect(j.session.offline).to.equal(true);
    await j.logIn('jane.citizen');
    expect(bank.count('authenticate'), 'nothing sent offline').to.equal(0);
    expect(j.session.loading).to.equal(true);
    j.ports.activity.setOnline(true);
    await settle();
    expect(bank.count('authenticate')).to.equal(1);
    expect(j.session.step).to.equal('selectAccounts');
    expect(j.session.offline).to.equal(false);
  });

  it('the connection drops under a GET: it is sent again when back, nothing lost', async () => {
    const { bank, clock } = bankAndClock();
    const j = tab(bank, clock);
    await j.start();
    bank.fail('accounts', { kind: 'network' });
    j.ports.activity.online = false; // the browser reports it only after the request failed
    await j.logIn('jane.citizen');
    await settle();
    expect(j.session.offline).to.equal(true);
    expect(j.modal.current, 'no error').to.equal(undefined);
    j.ports.activity.setOnline(true);
    await settle();
    expect(bank.count('accounts')).to.equal(2);
    expect(j.session.step).to.equal('selectAccounts');
  });

  it('the connection drops under a login: not sent again by itself (a login is not safe to repeat); the customer is told and tries again', async () => {
    const { bank, clock } = bankAndClock();
    const j = tab(bank, clock);
    await j.start();
    bank.fail('authenticate', { kind: 'network' });
    j.ports.activity.online = false;
    await j.logIn('jane.citizen');
    await settle();
    expect(j.login.answerLost).to.equal(true);
    expect(j.session.loading).to.equal(false);
    expect(j.modal.current).to.equal(undefined);
    j.ports.activity.setOnline(true);
    await settle();
    expect(bank.count('authenticate'), 'not repeated by itself').to.equal(1);
    await j.logIn('jane.citizen');
    expect(j.session.step).to.equal('selectAccounts');
  });

  // Moved from test/browser/outcome-integrity.test.ts (issue 32 item 2); the notice itself: test/ui/outcome-screens.test.tsx.
  it('offline on the review: Confirm sends nothing while offline; back online, the confirmation goes once and its code arrives', async () => {
    const { bank, clock } = bankAndClock();
    const j = tab(bank, clock);
    await toReview(j);
    j.ports.activity.setOnline(false);
    expect(j.session.offline).to.equal(true);
    void j.confirmation.confirm();
    await settle();
    expect(bank.count('confirmation'), 'nothing sent while offline').to.equal(0);
    j.ports.activity.setOnline(true);
    await settle();
    expect(bank.count('confirmation')).to.equal(1);
    expect(j.modal.current?.name).to.equal('successConfirm');
    clock.advance(2500);
    expect(j.ports.redirector.urls[0]).to.match(/#code=code-jane\.citizen&state=af0ifjsldkj/);
  });
});

// Moved from test/browser/outcome-integrity.test.ts (issue 32 item 2). CONTRACT §3: only the
// arrangement's owner can log in to change it (403 arrangement_owner_mismatch).
describe('issue 12: an amendment is changed only by its owner (CONTRACT §3)', () => {
  it('an amendment logged in by another customer: "This arrangement belongs to another customer", nothing changed; its owner can then log in, the shared account pre-selected', async () => {
    const arrangement = { id: 'arr-jane', owner: 'jane.citizen', profileId: 'PERSONAL', accounts: janeCitizenAccounts.slice(0, 1) };
    const { bank, clock } = bankAndClock({ arrangement });
    const j = tab(bank, clock);
    await j.start();
    expect(j.session.isPar).to.equal(true);
    await j.logIn('trust.owner');
    expect(j.modal.current?.name).to.equal('notArrangementOwner');
    expect(j.session.outcome, 'Nothing has changed').to.equal('nothingShared');
    await j.modal.activate();
    expect(j.modal.current, 'Try again').to.equal(undefined);
    expect(j.session.step).to.equal('login');
    await j.logIn('jane.citizen');
    expect(j.session.step).to.equal('selectAccounts');
    expect(j.selection.accounts.find((account) => account.id === 'acc-0001')?.selected, 'the owner sees the shared account pre-selected').to.equal(true);
  });
});

describe('issue 12: token hygiene (DESIGN §3.3, §3.13)', () => {
  for (const route of ['incorrect_jwt', 'consent_fetch_failure', 'authorize_failure']) {
    it(`${route} with a valid token in the address: the token leaves the address and is not kept`, async () => {
      const storage = new MemoryTokenStorage('an.earlier.token');
      const launch = new FakeLaunchParameters(TOKEN, route);
      const j = journey({ storage, launch });
      await j.start();
      expect(j.session.screen).to.deep.include({ kind: 'failure', route });
      expect(launch.forgotten).to.equal(true);
      expect(storage.token).to.equal(undefined);
      expect(j.ports.api.calls).to.deep.equal([]);
    });
  }

  it('the token is kept only once it is verified and its route known', async () => {
    const storage = new MemoryTokenStorage();
    let verify: () => void = () => undefined;
    const verifier = {
      verify: () =>
        new Promise<never>((resolve) => {
          verify = () => resolve({ ok: true, value: tokenPayload() } as never);
        }),
    };
    const j = journey({ storage, verifier });
    const started = j.start();
    expect(storage.token, 'not before verification').to.equal(undefined);
    verify();
    await started;
    expect(storage.token).to.equal(TOKEN);
  });
});
