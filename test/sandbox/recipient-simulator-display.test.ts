// The recipient simulator as a developer reads it (docs/sandbox.md "The recipient simulator"):
// dates in Sydney time like the consent app, readable claim times, accounts counted as the
// customer counts them, a how-to-integrate box, and what each return means.
import { expect } from 'chai';
import { decodeJwt } from 'jose';
import { formatLongDate } from '../../domain/consent';
import { janeCitizenAccounts } from '../../sandbox/persona-accounts';
import { accountsText, claimTimes, countAccounts, sharingPeriodText } from '../../sandbox/recipient-view';
import { referenceOf } from '../../sandbox/account-reference';
import { RunningSandbox } from './sandbox-test-kit';

/** 9 am on 24 November 2026 in Sydney (AEDT, UTC+11): still 23 November in UTC. */
const SYDNEY_MORNING_MS = Date.parse('2026-11-23T22:00:00Z');

describe('sandbox bank: the recipient simulator as a developer reads it', () => {
  describe('recipient-view: dates and times in Sydney time, accounts counted once', () => {
    it('dates as the consent app shows them (D Month YYYY, Sydney), not the UTC date', () => {
      expect(formatLongDate(SYDNEY_MORNING_MS)).to.equal('24 November 2026');
      expect(sharingPeriodText(SYDNEY_MORNING_MS / 1000, Date.parse('2027-05-23T22:00:00Z') / 1000)).to.equal('24 November 2026 to 24 May 2027');
      expect(sharingPeriodText(SYDNEY_MORNING_MS / 1000, undefined)).to.equal('once-off, 24 November 2026');
      expect(sharingPeriodText(1e13, undefined), 'not a date: the raw value').to.equal('once-off, 10000000000000');
    });

    it('times with the zone, daylight saving (AEDT) and not (AEST)', () => {
      const readable = (ms: number): string | undefined => claimTimes({ iat: ms / 1000 })[0]?.readable;
      expect(readable(SYDNEY_MORNING_MS)).to.equal('24 November 2026, 9:00:00 am AEDT');
      expect(readable(Date.parse('2026-06-30T15:30:05Z'))).to.equal('1 July 2026, 1:30:05 am AEST');
      expect(readable(1e16), 'not a date: the raw value').to.equal('10000000000000000');
    });

    it('claim times: each time claim readable; sharing_expires_at 0 is a once-off sharing; other claims left alone', () => {
      const seconds = SYDNEY_MORNING_MS / 1000;
      expect(
        claimTimes({ iat: seconds, exp: seconds + 600, auth_time: seconds, sharing_expires_at: 0, sub: 'x', c_hash: 'y', nbf: 'not a number' }),
      ).to.deep.equal([
        { claim: 'iat', seconds, readable: '24 November 2026, 9:00:00 am AEDT' },
        { claim: 'auth_time', seconds, readable: '24 November 2026, 9:00:00 am AEDT' },
        { claim: 'exp', seconds: seconds + 600, readable: '24 November 2026, 9:10:00 am AEDT' },
        { claim: 'sharing_expires_at', seconds: 0, readable: 'none: a once-off sharing' },
      ]);
    });

    it('a multi-currency account is one account; a reference the profile no longer holds counts as one', () => {
      const references = janeCitizenAccounts.filter((account) => account.supplementaryData.rbwmPIB.eligibleAccount).map(referenceOf);
      const ids = references.map((reference) => reference.secondaryIdentification);
      expect(ids).to.include.members(['ega-aud-01', 'ega-usd-01', 'ega-eur-01']);
      expect(countAccounts(references, janeCitizenAccounts)).to.equal(references.length - 2);
      expect(
        countAccounts(
          references.filter((reference) => reference.schemeName === 'EGA'),
          janeCitizenAccounts,
        ),
      ).to.equal(1);
      expect(countAccounts([{ schemeName: 'BSB_ACCOUNT', identification: '1', secondaryIdentification: 'gone' }], janeCitizenAccounts)).to.equal(1);
      expect([accountsText(1), accountsText(2), accountsText(0)]).to.deep.equal(['1 account', '2 accounts', '0 accounts']);
    });
  });

  describe('the pages', () => {
    const sandbox = new RunningSandbox();
    before(async () => {
      sandbox.nowMs = SYDNEY_MORNING_MS;
      await sandbox.start();
    });
    after(() => sandbox.dispose());

    /** Jane shares her everyday account and the three currencies of her multi-currency account, for 6 months; answers the confirmation. */
    async function confirmEverydayAndTravel(): Promise<{ auth_code: string; state: string; id_token: string }> {
      const token = await sandbox.token({ scopes: ['bank:accounts.basic:read', 'common:customer.basic:read'], months: 6 });
      await sandbox.login(token, 'jane.citizen');
      const accounts = janeCitizenAccounts
        .filter((account) => ['acc-0001', 'ega-aud-01', 'ega-usd-01', 'ega-eur-01'].includes(account.scheme.secondaryIdentification))
        .map(referenceOf);
      const saved = await sandbox.call('PUT', '/consent', token, {
        permissions: [{ permission: 'bank:accounts.basic:read', accounts }, { permission: 'common:customer.basic:read' }],
      });
      expect(saved.status).to.equal(204);
      return (await sandbox.decide(token, true)).body as { auth_code: string; state: string; id_token: string };
    }

    it('the arrangements: two accounts (one of three currencies), the period in Sydney dates; the same on the amend page', async () => {
      const answer = await confirmEverydayAndTravel();
      const arrangementId = decodeJwt(answer.id_token)['cdr_arrangement_id'] as string;
      const home = (await sandbox.request('GET', '/recipient/')).text;
      const row = home.slice(home.indexOf(`<code>${arrangementId}</code>`));
      expect(row).to.match(/^[^]*?<td data-label="Accounts">2 accounts<\/td><td data-label="Period">24 November 2026 to 24 May 2027<\/td>/);
      expect(home).not.to.include('2026-11-23');
      expect(home).to.include('Dates in Sydney time');
      const amend = (await sandbox.request('GET', `/recipient/amend/${arrangementId}`)).text;
      expect(amend).to.include('2 accounts shared').and.include('24 November 2026 to 24 May 2027 (Sydney time)');
    });

    it('a how-to-integrate box on the home page', async () => {
      const home = (await sandbox.request('GET', '/recipient/')).text;
      expect(home).to.include('<h2 id="integrate-heading">How to integrate</h2>');
      for (const text of ['redirectJwt', '/.well-known/jwks.json', 'c_hash', 'error=access_denied', 'No parameters at all', 'cdr_arrangement_id'])
        expect(home, text).to.include(text);
    });

    it('an approval: what it means, and the claim times readable in Sydney time', async () => {
      const answer = await confirmEverydayAndTravel();
      const page = (
        await sandbox.request(
          'GET',
          `/recipient/callback/result?${new URLSearchParams({ code: answer.auth_code, state: answer.state, id_token: answer.id_token })}`,
        )
      ).text;
      expect(page).to.include('<h2 id="meaning-heading">What this means</h2>').and.include('The customer authorised. Check that the state is one you sent');
      expect(page)
        .to.include('Their times, in Sydney time')
        .and.include(`<dt><code>iat</code> ${SYDNEY_MORNING_MS / 1000}</dt><dd>24 November 2026, 9:00:00 am AEDT</dd>`);
      expect(page).to.include('<dd>24 May 2027, 8:00:00 am AEST</dd>');
    });

    it("access_denied: a customer's Cancel is access_denied by design, and says so", async () => {
      const page = (
        await sandbox.request(
          'GET',
          `/recipient/callback?${new URLSearchParams({ error: 'access_denied', respCode: '401', respMessage: 'Authentication failure', state: 'x' })}`,
        )
      ).text;
      expect(page).to.include('The consent app returns access_denied for every one of these').and.include('by design (CONTRACT §6)');
      const other = (await sandbox.request('GET', `/recipient/callback?${new URLSearchParams({ error: 'server_error' })}`)).text;
      expect(other).to.include('The consent app sends only access_denied (CONTRACT §6): this error came from elsewhere.');
    });

    it('the plain return (no code, no error): "Nothing came back", unclear, not a refusal', async () => {
      // The app's plain return lands on /recipient/callback; its script finds no fragment and forwards to /recipient/callback/result.
      const page = (await sandbox.request('GET', '/recipient/callback/result')).text;
      expect(page)
        .to.include('<h1>Nothing came back</h1>')
        .and.include('The consent app returned to the plain redirect address: no code, no error, no state.')
        .and.include('never treat it as access_denied');
      expect(page).to.include('DESIGN §3.11');
    });
  });
});
