// Issue 35 item 2: the sandbox's Get Metrics (v5) `authorisations` block, counted from scripted
// journeys through its HTTP API (decisions, amendments, an expiry, flow events), checked exactly
// and validated against the standard's own schema (contract/cds-admin-metrics-v5.schema.json).
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import Ajv2020 from 'ajv/dist/2020.js';
import { decodeJwt } from 'jose';
import { accountRef, RunningSandbox, type RawAccountLike } from './sandbox-test-kit';

const SCHEMA_ID = 'cds-admin-metrics-v5.schema.json';
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema({ ...(JSON.parse(readFileSync(new URL('../../contract/cds-admin-metrics-v5.schema.json', import.meta.url), 'utf8')) as object), $id: SCHEMA_ID });

/** Every way `value` departs from the standard's schema `name` (empty when it conforms). */
function violations(name: string, value: unknown): string[] {
  const validate = ajv.getSchema(`${SCHEMA_ID}#/$defs/${name}`);
  if (validate === undefined) return [`no schema ${name}`];
  return validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ''}`);
}

const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** Issue 35 item 2: the metrics' days are AEST days (UTC+10). Noon AEST today. */
const NOON_AEST = Math.floor((Date.now() + 10 * HOUR) / DAY) * DAY - 10 * HOUR + 12 * HOUR;
const BASIC = 'bank:accounts.basic:read';
const CUSTOMER = 'common:customer.basic:read';

type Ending = { ending: 'approved' | 'rejected' } | { ending: 'abandoned' | 'failed'; stage: string };

describe('sandbox bank: Get Metrics v5 authorisations, counted from the journeys (issue 35 item 2)', function () {
  this.timeout(120_000);
  const sandbox = new RunningSandbox();
  before(() => sandbox.start());
  after(() => sandbox.dispose());

  /** A new token at time `atMs`. */
  async function tokenAt(atMs: number, ask: { months?: number; arrangementId?: string } = { months: 12 }): Promise<string> {
    sandbox.nowMs = atMs;
    return sandbox.token({ scopes: [BASIC, CUSTOMER], ...ask });
  }

  /** Logs in, picks the profile, saves one account and decides; answers the id_token's claims when approved. */
  async function decide(token: string, approve: boolean, username = 'jane.citizen', bcin?: string): Promise<Record<string, unknown>> {
    expect((await sandbox.login(token, username)).status).to.equal(204);
    if (bcin !== undefined) expect((await sandbox.call('PUT', '/consent', token, { bcin }, { requestType: 'BUSINESS_CONTRACT' })).status).to.equal(204);
    const accounts = ((await sandbox.call('GET', '/accounts?withBalance=false', token)).body as { accounts: { account: RawAccountLike[] } }).accounts.account;
    const eligible = accounts
      .filter((account) => account.supplementaryData.rbwmPIB.eligibleAccount)
      .slice(0, 1)
      .map(accountRef);
    const saved = await sandbox.call('PUT', '/consent', token, { permissions: [{ permission: BASIC, accounts: eligible }, { permission: CUSTOMER }] });
    expect(saved.status, saved.text).to.equal(204);
    const answer = await sandbox.decide(token, approve);
    expect(answer.status, answer.text).to.equal(200);
    const idToken = (answer.body as { id_token?: string }).id_token;
    return idToken === undefined ? {} : decodeJwt(idToken);
  }

  /** Sends the flow event as a beacon would. */
  async function flowEvent(token: string, ending: Ending, fields: Record<string, string> = {}): Promise<void> {
    const body = { redirectJwt: token, flowId: decodeJwt(token).jti, consentKind: 'new', sharing: 'ongoing', ...ending, ...fields };
    const answer = await sandbox.request('POST', '/customer-auth/flow-event', {
      body: JSON.stringify(body),
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect(answer.status, answer.text).to.equal(204);
  }

  it('counts new, amended, revoked, expired, active and abandoned flows per AEST day (a rejection the app made for a lockout at its stage), and the answer validates against the standard', async () => {
    // 33 days ago: a one-month sharing, expired since (on the day its id_token says).
    const expiringToken = await tokenAt(NOON_AEST - 33 * DAY, { months: 1 });
    const expiresAt = Number((await decide(expiringToken, true))['sharing_expires_at']);
    // 8 days ago: outside the seven previous days.
    await flowEvent(await tokenAt(NOON_AEST - 8 * DAY), { ending: 'abandoned', stage: 'preIdentification' });
    // Two days ago: a rejection at the bank.
    await decide(await tokenAt(NOON_AEST - 2 * DAY), false);
    // Yesterday: one new ongoing authorisation, one flow abandoned before identification.
    const revokedToday = String((await decide(await tokenAt(NOON_AEST - DAY), true))['cdr_arrangement_id']);
    await flowEvent(await tokenAt(NOON_AEST - DAY + HOUR), { ending: 'abandoned', stage: 'preIdentification' });
    // Today.
    const ongoing = await tokenAt(NOON_AEST - 6 * HOUR);
    const arrangement = String((await decide(ongoing, true))['cdr_arrangement_id']);
    await flowEvent(ongoing, { ending: 'approved' }, { customerType: 'individual' });
    const onceOff = await tokenAt(NOON_AEST - 6 * HOUR, {});
    await decide(onceOff, true);
    await flowEvent(onceOff, { ending: 'abandoned', stage: 'preAuthorisation' }); // the bank's approval wins
    await decide(await tokenAt(NOON_AEST - 5 * HOUR), true, 'trust.owner', 'BC1001');
    await decide(await tokenAt(NOON_AEST - 5 * HOUR, { months: 12, arrangementId: arrangement }), true);
    const rejected = await tokenAt(NOON_AEST - 4 * HOUR);
    await decide(rejected, false);
    await flowEvent(rejected, { ending: 'rejected' }); // the same flow: counted once
    // A lockout: the app rejects for the customer (spec §4 returnAfterReject), and its event says where the flow stopped.
    const lockedOut = await tokenAt(NOON_AEST - 4 * HOUR);
    await decide(lockedOut, false);
    await flowEvent(lockedOut, { ending: 'failed', stage: 'preAuthentication' });
    const first = await tokenAt(NOON_AEST - 3 * HOUR);
    await flowEvent(first, { ending: 'abandoned', stage: 'preIdentification' });
    await flowEvent(first, { ending: 'abandoned', stage: 'preAuthorisation' }); // a repeat: ignored
    const wrongCode = await tokenAt(NOON_AEST - 3 * HOUR);
    expect((await sandbox.wrongLogin(wrongCode, 'jane.citizen')).status).to.equal(401);
    await flowEvent(wrongCode, { ending: 'abandoned', stage: 'preAuthentication' });
    await flowEvent(await tokenAt(NOON_AEST - 2 * HOUR), { ending: 'failed', stage: 'preAccountSelection' });
    await flowEvent(await tokenAt(NOON_AEST - 2 * HOUR), { ending: 'abandoned', stage: 'preAuthorisation' }, { customerType: 'nonIndividual' });
    await flowEvent(await tokenAt(NOON_AEST - HOUR), { ending: 'rejected' }, { consentKind: 'amended' });
    // The recipient revokes yesterday's arrangement; it can no longer be amended.
    sandbox.nowMs = NOON_AEST - HOUR;
    const revoke = await sandbox.request('POST', `/recipient/revoke/${revokedToday}`);
    expect(revoke.status, revoke.text).to.equal(303);
    expect((await sandbox.request('POST', `/recipient/revoke/${revokedToday}`)).status, 'a second revocation').to.equal(303);
    const amendRevoked = await sandbox.bank.startAuthorisation({ scopes: [BASIC], months: 12, arrangementId: revokedToday });
    expect(amendRevoked.ok ? 'started' : amendRevoked.error).to.equal(`The arrangement ${revokedToday} was revoked.`);
    expect((await sandbox.request('POST', '/recipient/revoke/no-such-arrangement')).status).to.equal(404);

    sandbox.nowMs = NOON_AEST;
    const answer = await sandbox.request('GET', '/cds-au/v1/admin/metrics?period=ALL');
    expect(answer.status, answer.text).to.equal(200);
    expect(answer.headers.get('x-v')).to.equal('5');
    const { data, links } = answer.body as { data: { requestTime: string; authorisations: Record<string, unknown> }; links: unknown };
    expect(violations('AuthorisationMetricsV2', data.authorisations)).to.deep.equal([]);
    expect(violations('Links', links)).to.deep.equal([]);
    expect(data.requestTime).to.equal(new Date(NOON_AEST).toISOString());

    const split = (individual: number, nonIndividual = 0) => ({ individual, nonIndividual });
    const days = <T>(today: T, previous: Partial<Record<number, T>>, zero: T) => ({
      currentDay: today,
      previousDays: Array.from({ length: 7 }, (_, index) => previous[index + 1] ?? zero),
    });
    const zeroNew = { onceOff: split(0), ongoing: split(0) };
    const expiredAge = Math.floor((NOON_AEST + 10 * HOUR) / DAY) - Math.floor((expiresAt * 1000 + 10 * HOUR) / DAY);
    expect(expiredAge).to.be.within(1, 7);
    const stage = (today: number, previous: Partial<Record<number, number>> = {}) => days(today, previous, 0);
    expect(data.authorisations).to.deep.equal({
      activeAuthorisationCount: split(1, 1),
      newAuthorisationCount: days({ onceOff: split(1), ongoing: split(1, 1) }, { 1: { onceOff: split(0), ongoing: split(1) } }, zeroNew),
      revokedAuthorisationCount: days(split(1), {}, split(0)),
      amendedAuthorisationCount: days(split(1), {}, split(0)),
      expiredAuthorisationCount: days(split(0), { [expiredAge]: split(1) }, split(0)),
      abandonedConsentFlowCount: stage(7, { 1: 1, 2: 1 }),
      abandonmentsByStage: {
        preIdentification: stage(1, { 1: 1 }),
        preAuthentication: stage(2),
        preAccountSelection: stage(1),
        preAuthorisation: stage(1),
        rejected: stage(2, { 2: 1 }),
        failedTokenExchange: stage(0),
      },
    });

    // The standard: each abandoned flow in one stage only, the stages adding up to the count.
    const byStage = Object.values(data.authorisations['abandonmentsByStage'] as Record<string, { currentDay: number; previousDays: number[] }>);
    const total = data.authorisations['abandonedConsentFlowCount'] as { currentDay: number; previousDays: number[] };
    expect(byStage.reduce((sum, counts) => sum + counts.currentDay, 0)).to.equal(total.currentDay);
    total.previousDays.forEach((count, day) => expect(byStage.reduce((sum, counts) => sum + (counts.previousDays[day] ?? 0), 0)).to.equal(count));

    // CURRENT has only today, HISTORIC only the previous days; both still validate.
    for (const [period, has, hasNot] of [
      ['CURRENT', 'currentDay', 'previousDays'],
      ['HISTORIC', 'previousDays', 'currentDay'],
    ] as const) {
      const part = (await sandbox.request('GET', `/cds-au/v1/admin/metrics?period=${period}`)).body as typeof answer.body & {
        data: { authorisations: Record<string, object> };
      };
      const { authorisations } = part.data;
      expect(violations('AuthorisationMetricsV2', authorisations), period).to.deep.equal([]);
      expect(authorisations['newAuthorisationCount'], period).to.have.key(has).and.not.have.key(hasNot);
      expect(authorisations['abandonmentsByStage']?.['rejected' as keyof object], period).to.have.key(has);
    }
  });

  it('an amendment begun before its arrangement was revoked is refused at its confirmation (400), the arrangement left revoked', async () => {
    const arrangementId = String((await decide(await tokenAt(NOON_AEST), true))['cdr_arrangement_id']);
    const amendment = await tokenAt(NOON_AEST + HOUR, { months: 12, arrangementId });
    expect((await sandbox.request('POST', `/recipient/revoke/${arrangementId}`)).status).to.equal(303);
    expect((await sandbox.login(amendment, 'jane.citizen')).status).to.equal(204);
    const accounts = ((await sandbox.call('GET', '/accounts?withBalance=false', amendment)).body as { accounts: { account: RawAccountLike[] } }).accounts
      .account;
    const eligible = accounts
      .filter((account) => account.supplementaryData.rbwmPIB.eligibleAccount)
      .slice(0, 1)
      .map(accountRef);
    expect(
      (await sandbox.call('PUT', '/consent', amendment, { permissions: [{ permission: BASIC, accounts: eligible }, { permission: CUSTOMER }] })).status,
    ).to.equal(204);
    const answer = await sandbox.decide(amendment, true);
    expect(answer.status, answer.text).to.equal(400);
    expect(answer.text).to.contain('was revoked; it can no longer be amended');
  });

  it('refuses an unknown period with 400 and the standard error', async () => {
    const answer = await sandbox.request('GET', '/cds-au/v1/admin/metrics?period=YESTERDAY');
    expect(answer.status).to.equal(400);
    expect((answer.body as { errors: { code: string }[] }).errors[0]?.code).to.equal('urn:au-cds:error:cds-all:Field/InvalidField');
  });
});
