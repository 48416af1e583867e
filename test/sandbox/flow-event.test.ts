// Issue 35 item 1, CONTRACT §3 "The flow event": the sandbox bank records one flow event per
// flow, sent as a beacon would send it (no Authorization header, the token in a text/plain or JSON
// body); a repeat is answered 204 and ignored; a bad body or token is refused with the envelope.
import path from 'node:path';
import { expect } from 'chai';
import { decodeJwt } from 'jose';
import { SqliteSandboxStore } from '../../sandbox/sqlite-sandbox-store';
import { contractViolations } from './contract-validator';
import { errorOf, RunningSandbox, type Answer } from './sandbox-test-kit';

/** docs/sandbox.md: the data directory holds the sandbox's database under this name. */
const DATABASE_FILE = 'sandbox.sqlite';

const FLOW_EVENT = '/customer-auth/flow-event';

/** A flow event for this token, as the app would send it. */
const eventFor = (token: string, fields: Record<string, unknown> = {}): Record<string, unknown> => ({
  redirectJwt: token,
  flowId: decodeJwt(token).jti,
  ending: 'abandoned',
  stage: 'preAccountSelection',
  consentKind: 'new',
  sharing: 'ongoing',
  customerType: 'individual',
  ...fields,
});

describe('sandbox bank: the flow event, once per flow (issue 35 item 1)', () => {
  const sandbox = new RunningSandbox();
  before(() => sandbox.start());
  after(() => sandbox.dispose());

  /** Sends the body as navigator.sendBeacon sends a string: text/plain, no Authorization; checks the answer against the contract. */
  async function beacon(body: unknown, contentType = 'text/plain;charset=UTF-8'): Promise<Answer> {
    const answer = await sandbox.request('POST', FLOW_EVENT, {
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { 'content-type': contentType },
    });
    expect(contractViolations('POST', FLOW_EVENT, answer.status, answer.body), answer.text).to.deep.equal([]);
    return answer;
  }

  /** The flow events in the sandbox's database, read with the sandbox stopped. */
  async function storedEvents(): Promise<Record<string, unknown>> {
    await sandbox.stop();
    const { store } = await SqliteSandboxStore.open(path.join(sandbox.dataDir, DATABASE_FILE));
    const events = Object.fromEntries(store.listFlowEvents().map(({ jti, event }) => [jti, event]));
    store.close();
    await sandbox.start({ port: Number(new URL(sandbox.origin).port) });
    return events;
  }

  it('records the first event of a flow (text/plain or JSON), answers a repeat 204 and keeps the first', async () => {
    const first = await sandbox.token();
    const second = await sandbox.token();
    expect((await beacon(eventFor(first))).status).to.equal(204);
    expect((await beacon(eventFor(first, { ending: 'failed', stage: 'preAuthentication' }))).status).to.equal(204);
    expect((await beacon(eventFor(second, { ending: 'rejected', stage: undefined, customerType: 'nonIndividual' }), 'application/json')).status).to.equal(204);
    const events = await storedEvents();
    const { redirectJwt: _first, ...firstEvent } = eventFor(first);
    const { redirectJwt: _second, stage: _none, ...secondEvent } = eventFor(second, { ending: 'rejected', customerType: 'nonIndividual' });
    expect(events[String(decodeJwt(first).jti)]).to.deep.equal(firstEvent);
    expect(events[String(decodeJwt(second).jti)]).to.deep.equal(secondEvent);
  });

  it('fills new or amended and once-off or ongoing from its own request when the event cannot say (the flow ended before the app read the consent)', async () => {
    const ongoing = await sandbox.token();
    const onceOff = await sandbox.token({ scopes: ['bank:accounts.basic:read'] });
    const early = { ending: 'abandoned', stage: 'preIdentification', consentKind: undefined, sharing: undefined, customerType: undefined };
    expect((await beacon(eventFor(ongoing, early))).status).to.equal(204);
    expect((await beacon(eventFor(onceOff, early))).status).to.equal(204);
    const events = await storedEvents();
    const flow = (token: string): string => String(decodeJwt(token).jti);
    expect(events[flow(ongoing)]).to.deep.equal({
      flowId: flow(ongoing),
      ending: 'abandoned',
      stage: 'preIdentification',
      consentKind: 'new',
      sharing: 'ongoing',
    });
    expect(events[flow(onceOff)]).to.deep.equal({
      flowId: flow(onceOff),
      ending: 'abandoned',
      stage: 'preIdentification',
      consentKind: 'new',
      sharing: 'onceOff',
    });
  });

  it('accepts a token that expired less than an hour ago (a flow that ended by a timeout), not one older', async () => {
    const token = await sandbox.token();
    const exp = Number(decodeJwt(token).exp) * 1000;
    sandbox.nowMs = exp + 30 * 60_000;
    try {
      expect((await beacon(eventFor(token))).status).to.equal(204);
      sandbox.nowMs = exp + 61 * 60_000;
      const late = await beacon(eventFor(await sandbox.token(), {}));
      expect(late.status, 'a fresh token is still accepted').to.equal(204);
      const stale = await beacon(eventFor(token));
      expect(stale.status).to.equal(401);
      expect(errorOf(stale).code).to.equal('invalid_token');
    } finally {
      sandbox.nowMs = Date.now();
    }
  });

  for (const [title, body, status, code] of [
    ['a body that is not JSON', '{"ending":', 400, 'invalid_request'],
    ['an unknown ending', { ending: 'closed' }, 400, 'invalid_request'],
    ['an abandonment without its stage', { stage: undefined }, 400, 'invalid_request'],
    ['an approval with a stage', { ending: 'approved' }, 400, 'invalid_request'],
    ['an unknown field', { extra: 1 }, 400, 'invalid_request'],
    ['a flowId that is not the token’s jti', { flowId: 'another-flow' }, 400, 'invalid_request'],
    ['a token this bank did not sign', { redirectJwt: 'eyJhbGciOiJFUzI1NiJ9.e30.c2ln' }, 401, 'invalid_token'],
  ] as const) {
    it(`refuses ${title} with ${status} ${code} and the error envelope`, async () => {
      const token = await sandbox.token();
      const sent = typeof body === 'string' ? body : JSON.stringify(eventFor(token, body));
      const answer = await beacon(sent);
      expect(answer.status, answer.text).to.equal(status);
      expect(errorOf(answer).code).to.equal(code);
    });
  }

  it('refuses any other content type with 415 and the envelope', async () => {
    const answer = await beacon(JSON.stringify(eventFor(await sandbox.token())), 'text/html');
    expect(answer.status).to.equal(415);
    expect(errorOf(answer).code).to.equal('unsupported_media_type');
  });
});
