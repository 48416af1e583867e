// Issue 35 item 4 (the sandbox's part): N scripted flows driven through the sandbox's HTTP API
// (authorisation requests from the simulator's forms, logins, selections, approvals, rejections,
// amendments, flow events at every stage) over several AEST days. Get Metrics must add up
// exactly (the stages to abandonedConsentFlowCount; new + amended + abandoned = started, the
// flows the bank saw end) and match the script, and the funnel page's tables show the same numbers.
import { expect } from 'chai';
import { decodeJwt } from 'jose';
import { accountRef, RunningSandbox, type RawAccountLike } from './sandbox-test-kit';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** Noon AEST (UTC+10, metrics.md) today: the metrics' days are AEST days. */
const NOON_AEST = Math.floor((Date.now() + 10 * HOUR) / DAY) * DAY - 10 * HOUR + 12 * HOUR;
const BASIC = 'bank:accounts.basic:read';
const CUSTOMER = 'common:customer.basic:read';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

type Stage = 'preIdentification' | 'preAuthentication' | 'preAccountSelection' | 'preAuthorisation';
type CustomerType = 'individual' | 'nonIndividual';
/** Where a scripted flow ends: the bank's decision, or only the app's flow event. */
type Ending = 'approved' | 'bankRejected' | 'eventRejected' | { readonly abandoned: Stage } | { readonly failed: Stage };

/** One scripted flow. */
interface ScriptedFlow {
  readonly daysAgo: number;
  readonly ending: Ending;
  readonly persona: 'jane.citizen' | 'trust.owner';
  readonly amends: boolean;
  readonly onceOff: boolean;
  /** Whether the app's flow event is sent (always for an ending without the bank's decision). */
  readonly event: boolean;
}

/** What the script says of a flow: its stage of Get Metrics (or authorised), new or amended, its customer type if known. */
interface Expected {
  readonly daysAgo: number;
  readonly result: Stage | 'rejected' | 'authorised';
  readonly consentKind: 'new' | 'amended';
  readonly customerType?: CustomerType;
}

const customerTypeOf = (flow: ScriptedFlow): CustomerType => (flow.persona === 'trust.owner' ? 'nonIndividual' : 'individual');
/** The customer type the app would name: known once a profile was chosen, i.e. after authentication. */
const profileChosen = (ending: Ending): boolean =>
  typeof ending === 'string'
    ? ending !== 'eventRejected'
    : ['preAccountSelection', 'preAuthorisation'].includes('abandoned' in ending ? ending.abandoned : ending.failed);

function expectedOf(flow: ScriptedFlow): Expected {
  const { ending } = flow;
  const result =
    ending === 'approved'
      ? 'authorised'
      : ending === 'bankRejected' || ending === 'eventRejected'
        ? 'rejected'
        : 'abandoned' in ending
          ? ending.abandoned
          : ending.failed;
  // A rejection the bank decided carries a customer type only in its event.
  const known = ending === 'approved' || (profileChosen(ending) && flow.event);
  return { daysAgo: flow.daysAgo, result, consentKind: flow.amends ? 'amended' : 'new', ...(known ? { customerType: customerTypeOf(flow) } : {}) };
}

/** The script: every ending, new and amended, individual and not, once-off and ongoing, on four AEST days in the window and one before it. */
function script(): ScriptedFlow[] {
  const shapes: Omit<ScriptedFlow, 'daysAgo'>[] = [
    { ending: 'approved', persona: 'jane.citizen', amends: false, onceOff: false, event: true },
    { ending: 'approved', persona: 'trust.owner', amends: false, onceOff: true, event: false },
    { ending: 'approved', persona: 'jane.citizen', amends: true, onceOff: false, event: true },
    { ending: 'bankRejected', persona: 'jane.citizen', amends: false, onceOff: false, event: true },
    { ending: 'bankRejected', persona: 'trust.owner', amends: false, onceOff: false, event: false },
    { ending: 'eventRejected', persona: 'jane.citizen', amends: false, onceOff: true, event: true },
    { ending: { abandoned: 'preIdentification' }, persona: 'jane.citizen', amends: false, onceOff: false, event: true },
    { ending: { abandoned: 'preAuthentication' }, persona: 'jane.citizen', amends: false, onceOff: false, event: true },
    { ending: { failed: 'preAuthentication' }, persona: 'trust.owner', amends: false, onceOff: true, event: true },
    { ending: { abandoned: 'preAccountSelection' }, persona: 'trust.owner', amends: false, onceOff: false, event: true },
    { ending: { abandoned: 'preAuthorisation' }, persona: 'jane.citizen', amends: true, onceOff: false, event: true },
    { ending: { failed: 'preAccountSelection' }, persona: 'jane.citizen', amends: false, onceOff: false, event: true },
    { ending: { abandoned: 'preAuthorisation' }, persona: 'trust.owner', amends: false, onceOff: false, event: true },
  ];
  // Not every shape every day (the first, whose arrangement the amendments amend, always), so that the days differ.
  return [8, 6, 3, 1, 0].flatMap((daysAgo) => shapes.filter((_, index) => index === 0 || (index + daysAgo) % 5 !== 0).map((shape) => ({ daysAgo, ...shape })));
}

describe('sandbox bank: Get Metrics adds up over scripted flows, and the funnel page shows it (issue 35 items 3 and 4)', function () {
  this.timeout(120_000);
  const sandbox = new RunningSandbox();
  before(() => sandbox.start());
  after(() => sandbox.dispose());

  /** The simulator's Start (or Amend) form, as a recipient's request; answers the signed redirectJwt. */
  async function startThroughForm(flow: ScriptedFlow, arrangementId: string | undefined): Promise<string> {
    const form = new URLSearchParams([
      ['scope', BASIC],
      ['scope', CUSTOMER],
      ...(flow.onceOff
        ? [['duration', 'once-off']]
        : [
            ['duration', 'months'],
            ['months', '12'],
          ]),
    ]);
    if (!flow.amends) form.set('persona', flow.persona);
    const answer = await sandbox.request('POST', flow.amends ? `/recipient/amend/${arrangementId ?? ''}` : '/recipient/start', {
      body: form.toString(),
      headers: FORM,
    });
    expect(answer.status, answer.text).to.equal(303);
    return new URL(answer.headers.get('location') ?? '', sandbox.origin).searchParams.get('redirectJwt') ?? '';
  }

  /** Logs in (choosing the trust's profile for trust.owner). */
  async function logIn(token: string, flow: ScriptedFlow): Promise<void> {
    expect((await sandbox.login(token, flow.persona)).status).to.equal(204);
    if (flow.persona === 'trust.owner')
      expect((await sandbox.call('PUT', '/consent', token, { bcin: 'BC1001' }, { requestType: 'BUSINESS_CONTRACT' })).status).to.equal(204);
  }

  /** Saves the first eligible account. */
  async function chooseAccounts(token: string): Promise<void> {
    const accounts = ((await sandbox.call('GET', '/accounts?withBalance=false', token)).body as { accounts: { account: RawAccountLike[] } }).accounts.account;
    const first = accounts
      .filter((account) => account.supplementaryData.rbwmPIB.eligibleAccount)
      .slice(0, 1)
      .map(accountRef);
    const saved = await sandbox.call('PUT', '/consent', token, { permissions: [{ permission: BASIC, accounts: first }, { permission: CUSTOMER }] });
    expect(saved.status, saved.text).to.equal(204);
  }

  /** The app's flow event, as its beacon sends it. */
  async function flowEvent(token: string, flow: ScriptedFlow): Promise<void> {
    const { ending } = flow;
    const fields =
      ending === 'approved'
        ? { ending: 'approved' }
        : ending === 'bankRejected' || ending === 'eventRejected'
          ? { ending: 'rejected' }
          : 'abandoned' in ending
            ? { ending: 'abandoned', stage: ending.abandoned }
            : { ending: 'failed', stage: ending.failed };
    const body = {
      redirectJwt: token,
      flowId: decodeJwt(token).jti,
      consentKind: flow.amends ? 'amended' : 'new',
      sharing: flow.onceOff ? 'onceOff' : 'ongoing',
      ...fields,
      ...(profileChosen(ending) ? { customerType: customerTypeOf(flow) } : {}),
    };
    const answer = await sandbox.request('POST', '/customer-auth/flow-event', {
      body: JSON.stringify(body),
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect(answer.status, answer.text).to.equal(204);
  }

  /** Drives one flow as far as its ending says, over HTTP; answers the arrangement an approval made. */
  async function drive(flow: ScriptedFlow, arrangementId: string | undefined): Promise<string | undefined> {
    const token = await startThroughForm(flow, arrangementId);
    const { ending } = flow;
    const stage = typeof ending === 'string' ? undefined : 'abandoned' in ending ? ending.abandoned : ending.failed;
    let made: string | undefined;
    if (stage === 'preAuthentication') expect((await sandbox.wrongLogin(token, flow.persona)).status).to.equal(401);
    if (ending === 'approved' || ending === 'bankRejected' || stage === 'preAccountSelection' || stage === 'preAuthorisation') await logIn(token, flow);
    if (ending === 'approved' || ending === 'bankRejected' || stage === 'preAuthorisation') await chooseAccounts(token);
    if (ending === 'approved' || ending === 'bankRejected') {
      const answer = await sandbox.decide(token, ending === 'approved');
      expect(answer.status, answer.text).to.equal(200);
      const idToken = (answer.body as { id_token?: string }).id_token;
      made = idToken === undefined ? undefined : String(decodeJwt(idToken)['cdr_arrangement_id']);
    }
    if (flow.event) await flowEvent(token, flow);
    return made;
  }

  it('every count matches the script, the stages add up to the abandoned, new + amended + abandoned = started; the funnel page shows the same', async () => {
    const flows = script();
    let arrangementOfDay: string | undefined;
    for (const [index, flow] of flows.entries()) {
      sandbox.nowMs = NOON_AEST - flow.daysAgo * DAY - 4 * HOUR + index * 60_000;
      const made = await drive(flow, arrangementOfDay);
      if (flow.ending === 'approved' && !flow.amends && flow.persona === 'jane.citizen') arrangementOfDay = made;
    }
    // A flow under way (requested, logged in, no ending yet): the bank has not seen it end, so it is not started.
    sandbox.nowMs = NOON_AEST - HOUR;
    const open = await startThroughForm({ daysAgo: 0, ending: 'approved', persona: 'jane.citizen', amends: false, onceOff: false, event: false }, undefined);
    expect((await sandbox.login(open, 'jane.citizen')).status).to.equal(204);

    sandbox.nowMs = NOON_AEST;
    const answer = await sandbox.request('GET', '/cds-au/v1/admin/metrics?period=ALL');
    expect(answer.status, answer.text).to.equal(200);
    type Daily<T> = { currentDay: T; previousDays: T[] };
    type Split = { individual: number; nonIndividual: number };
    const block = (answer.body as { data: { authorisations: Record<string, unknown> } }).data.authorisations as {
      newAuthorisationCount: Daily<{ onceOff: Split; ongoing: Split }>;
      amendedAuthorisationCount: Daily<Split>;
      abandonedConsentFlowCount: Daily<number>;
      abandonmentsByStage: Record<string, Daily<number>>;
    };
    const onDay = <T>(daily: Daily<T>, daysAgo: number): T | undefined => (daysAgo === 0 ? daily.currentDay : daily.previousDays[daysAgo - 1]);

    // The script's own counts, per day in the window (today and the seven before).
    const expected = flows.map((flow) => ({ flow, ...expectedOf(flow) }));
    const stages = ['preIdentification', 'preAuthentication', 'preAccountSelection', 'preAuthorisation', 'rejected'] as const;
    for (let daysAgo = 0; daysAgo <= 7; daysAgo += 1) {
      const ofDay = expected.filter((flow) => flow.daysAgo === daysAgo);
      const count = (has: (flow: (typeof ofDay)[number]) => boolean): number => ofDay.filter(has).length;
      const byStage = Object.fromEntries(
        [...stages, 'failedTokenExchange'].map((stage) => [stage, onDay(block.abandonmentsByStage[stage] ?? { currentDay: -1, previousDays: [] }, daysAgo)]),
      );
      expect(byStage, `day -${daysAgo}: abandonmentsByStage`).to.deep.equal({
        ...Object.fromEntries(stages.map((stage) => [stage, count((flow) => flow.result === stage)])),
        failedTokenExchange: 0,
      });
      const abandoned = onDay(block.abandonedConsentFlowCount, daysAgo) ?? -1;
      expect(
        Object.values(byStage).reduce((sum: number, stage) => sum + (stage ?? 0), 0),
        `day -${daysAgo}: the stages add up`,
      ).to.equal(abandoned);
      const created = onDay(block.newAuthorisationCount, daysAgo);
      const split = (has: (flow: (typeof ofDay)[number]) => boolean): Split => ({
        individual: count((flow) => has(flow) && flow.customerType === 'individual'),
        nonIndividual: count((flow) => has(flow) && flow.customerType === 'nonIndividual'),
      });
      const approvedNew = (onceOff: boolean) => (flow: (typeof ofDay)[number]) =>
        flow.result === 'authorised' && flow.consentKind === 'new' && flow.flow.onceOff === onceOff;
      expect(created, `day -${daysAgo}: new`).to.deep.equal({ onceOff: split(approvedNew(true)), ongoing: split(approvedNew(false)) });
      const amended = onDay(block.amendedAuthorisationCount, daysAgo);
      expect(amended, `day -${daysAgo}: amended`).to.deep.equal(split((flow) => flow.result === 'authorised' && flow.consentKind === 'amended'));
      // Started: the flows the bank saw end that day (the open one is not among them).
      const authorised = [created?.onceOff, created?.ongoing, amended].reduce((sum, part) => sum + (part?.individual ?? 0) + (part?.nonIndividual ?? 0), 0);
      expect(authorised + abandoned, `day -${daysAgo}: new + amended + abandoned = started`).to.equal(ofDay.length);
    }
    expect(expected.filter((flow) => flow.daysAgo <= 7).length, 'N, the flows in the window').to.equal(43);

    // The funnel page's tables: each group's flows in the window, counted from the script by how far each went.
    const page = await sandbox.request('GET', '/recipient/funnel');
    expect(page.status).to.equal(200);
    const rank = { preIdentification: 0, preAuthentication: 1, preAccountSelection: 2, preAuthorisation: 3, rejected: 3, authorised: 4 } as const;
    const inWindow = expected.filter((flow) => flow.daysAgo <= 7);
    const tableOf = (group: typeof inWindow): [string, number, string][] => {
      const reached = (step: number): number => group.filter((flow) => rank[flow.result] >= step).length;
      const stopped = (stage: (typeof stages)[number]): number => group.filter((flow) => flow.result === stage).length;
      const row = (name: string, count: number): [string, number, string] => [name, count, `${Math.round((100 * count) / group.length)}%`];
      return [
        row('Started', reached(0)),
        row('stopped before identifying (preIdentification)', stopped('preIdentification')),
        row('Identified', reached(1)),
        row('stopped before authenticating (preAuthentication)', stopped('preAuthentication')),
        row('Authenticated', reached(2)),
        row('stopped before choosing accounts (preAccountSelection)', stopped('preAccountSelection')),
        row('Accounts chosen', reached(3)),
        row('stopped before deciding (preAuthorisation)', stopped('preAuthorisation')),
        row('declined (rejected)', stopped('rejected')),
        row('Authorised', reached(4)),
        row('token exchange failed (failedTokenExchange)', 0),
      ];
    };
    /** A table of the page as [stage, flows, share] rows, and its caption (the page's own markup, sandbox/funnel-page.ts). */
    const tableOnPage = (id: string): { caption: string; rows: [string, number, string][] } => {
      const table = new RegExp(`<table class="funnel-table" id="${id}">([^]*?)</table>`).exec(page.text)?.[1] ?? '';
      const rows = [...table.matchAll(/<tr[^>]*><th scope="row">([^]*?)<\/th><td>(\d+)<\/td><td>(\d+%)<\/td><\/tr>/g)].map(
        ([, name = '', count, share = '']): [string, number, string] => [name.replace(/<[^>]+>/g, ''), Number(count), share],
      );
      return { caption: /<caption>([^]*?)<\/caption>/.exec(table)?.[1] ?? '', rows };
    };
    const groups: [string, string, typeof inWindow][] = [
      ['all-table', 'All flows', inWindow],
      ['kind-0-table', 'New authorisations', inWindow.filter((flow) => flow.consentKind === 'new')],
      ['kind-1-table', 'Amendments', inWindow.filter((flow) => flow.consentKind === 'amended')],
      ['type-0-table', 'Individual', inWindow.filter((flow) => flow.customerType === 'individual')],
      ['type-1-table', 'Non-individual', inWindow.filter((flow) => flow.customerType === 'nonIndividual')],
      ['type-2-table', 'Before a profile was chosen', inWindow.filter((flow) => flow.customerType === undefined)],
    ];
    for (const [id, title, group] of groups) {
      const shown = tableOnPage(id);
      expect(shown.caption, id).to.contain(title);
      expect(shown.rows, title).to.deep.equal(tableOf(group));
    }
  });
});
