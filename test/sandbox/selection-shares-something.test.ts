// CONTRACT §5 as the sandbox bank holds it (issue 33 items 12 and 16): only bank permissions
// carry accounts, and a selection that shares nothing is refused, so never approved.
import { expect } from 'chai';
import { accountRef, errorOf, RunningSandbox, type RawAccountLike } from './sandbox-test-kit';

const BASIC = 'bank:accounts.basic:read';
const TRANSACTIONS = 'bank:transactions:read';
const CUSTOMER = 'common:customer.basic:read';

describe('sandbox bank: a selection shares something, and only bank permissions carry accounts (CONTRACT §5)', () => {
  const sandbox = new RunningSandbox();
  before(() => sandbox.start());
  after(() => sandbox.dispose());

  /** A new authorisation of `scopes`, jane.citizen logged in; answers the token and her first eligible account. */
  async function loggedIn(scopes: readonly string[]): Promise<{ token: string; account: ReturnType<typeof accountRef> }> {
    const token = await sandbox.token({ scopes, months: 12 });
    expect((await sandbox.login(token, 'jane.citizen')).status).to.equal(204);
    const list = (await sandbox.call('GET', '/accounts?withBalance=false', token)).body as { accounts: { account: (RawAccountLike | null)[] } };
    const eligible = list.accounts.account.find((entry): entry is RawAccountLike => entry?.supplementaryData.rbwmPIB.eligibleAccount === true);
    if (eligible === undefined) throw new Error('jane.citizen has no eligible account');
    return { token, account: accountRef(eligible) };
  }

  it('issue 33 item 16: every bank permission with no account and no customer scope is refused (400 invalid_request), and no code follows', async () => {
    const { token } = await loggedIn([BASIC, TRANSACTIONS]);
    const saved = await sandbox.call('PUT', '/consent', token, {
      permissions: [
        { permission: BASIC, accounts: [] },
        { permission: TRANSACTIONS, accounts: [] },
      ],
    });
    expect(saved.status).to.equal(400);
    expect(errorOf(saved).code).to.equal('invalid_request');
    expect(errorOf(saved).causes[0]).to.match(/shares nothing/);
    const decided = await sandbox.decide(token, true);
    expect(decided.status, decided.text).to.equal(409);
    expect(errorOf(decided).code).to.equal('out_of_order');
    expect(decided.body).not.to.have.property('auth_code');
  });

  it('issue 33 item 16: without an account, customer data or the profile scope is still something shared (204)', async () => {
    for (const extra of [CUSTOMER, 'profile']) {
      const { token } = await loggedIn([BASIC, extra]);
      const saved = await sandbox.call('PUT', '/consent', token, { permissions: [{ permission: BASIC, accounts: [] }, { permission: extra }] });
      expect(saved.status, `${extra}: ${saved.text}`).to.equal(204);
      expect((await sandbox.decide(token, true)).status).to.equal(200);
    }
  });

  it('issue 33 item 12: openid and profile carry no accounts; the bank permissions carry the selection', async () => {
    const { token, account } = await loggedIn(['openid', 'profile', BASIC, CUSTOMER]);
    const withAccountsOnOpenid = await sandbox.call('PUT', '/consent', token, {
      permissions: [
        { permission: 'openid', accounts: [account] },
        { permission: 'profile' },
        { permission: BASIC, accounts: [account] },
        { permission: CUSTOMER },
      ],
    });
    expect([withAccountsOnOpenid.status, errorOf(withAccountsOnOpenid).code]).to.deep.equal([400, 'invalid_request']);
    const saved = await sandbox.call('PUT', '/consent', token, {
      permissions: [{ permission: 'openid' }, { permission: 'profile' }, { permission: BASIC, accounts: [account] }, { permission: CUSTOMER }],
    });
    expect(saved.status, saved.text).to.equal(204);
    expect((await sandbox.decide(token, true)).status).to.equal(200);
  });

  it('issue 33 item 16: a request of OIDC scopes alone (no data) is never approved: 400 invalid_request, no code; a rejection still goes through', async () => {
    for (const scopes of [['openid'], ['openid', 'cdr:registration']]) {
      const token = await sandbox.token({ scopes, months: 12 });
      expect((await sandbox.login(token, 'jane.citizen')).status).to.equal(204);
      const decided = await sandbox.decide(token, true);
      expect(decided.status, `${scopes.join(' ')}: ${decided.text}`).to.equal(400);
      expect(errorOf(decided).code).to.equal('invalid_request');
      expect(errorOf(decided).causes[0]).to.match(/asks for no data/);
      expect(decided.body).not.to.have.property('auth_code');
      const rejected = await sandbox.decide(token, false);
      expect(rejected.status, rejected.text).to.equal(200);
    }
  });

  it('issue 33 item 12: a consent of openid, profile and customer data is confirmed without a selection (no account step)', async () => {
    const { token } = await loggedIn(['openid', 'profile', CUSTOMER]);
    const decided = await sandbox.decide(token, true);
    expect(decided.status, decided.text).to.equal(200);
  });
});
