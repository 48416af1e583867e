// Issue 35 item 3: the funnel page's numbers. The funnel is derived from Get Metrics'
// authorisations block alone (sandbox/funnel.ts); each group's block is the same count over the
// group's flows (sandbox/funnel-segments.ts), so the groups add up to all flows.
import { expect } from 'chai';
import { authorisationMetrics, type AuthorisationsBlock, type MetricsRecords } from '../../sandbox/authorisation-metrics';
import { funnelOf, type FunnelBar } from '../../sandbox/funnel';
import { FUNNEL_SEGMENTS, recordsOfSegment, segmentFunnels } from '../../sandbox/funnel-segments';
import type { Arrangement, AuthorisationRequest, RecordedFlowEvent } from '../../sandbox/sandbox-records';

const NOW = Date.parse('2026-11-29T02:00:00Z'); // noon AEST
const HOUR = 3600_000;

const split = (individual: number, nonIndividual = 0) => ({ individual, nonIndividual });
const daily = (currentDay: number, ...previousDays: number[]) => ({
  currentDay,
  previousDays: [...previousDays, ...Array<number>(7 - previousDays.length).fill(0)],
});

/** A block of the given days' counts, in Get Metrics v5's shape (AuthorisationMetricsV2). */
function block(counts: {
  onceOff?: number;
  ongoingBusiness?: number;
  amended?: number;
  stages: Record<string, ReturnType<typeof daily>>;
}): AuthorisationsBlock {
  const stages = {
    preIdentification: daily(0),
    preAuthentication: daily(0),
    preAccountSelection: daily(0),
    preAuthorisation: daily(0),
    rejected: daily(0),
    failedTokenExchange: daily(0),
    ...counts.stages,
  };
  const abandoned = Object.values(stages).reduce(
    (sum, day) => daily(sum.currentDay + day.currentDay, ...sum.previousDays.map((count, index) => count + (day.previousDays[index] ?? 0))),
    daily(0),
  );
  const zero = { onceOff: split(0), ongoing: split(0) };
  return {
    activeAuthorisationCount: split(0),
    newAuthorisationCount: {
      currentDay: { onceOff: split(counts.onceOff ?? 0), ongoing: split(0, counts.ongoingBusiness ?? 0) },
      previousDays: Array(7).fill(zero),
    },
    amendedAuthorisationCount: { currentDay: split(0), previousDays: [split(counts.amended ?? 0), ...Array(6).fill(split(0))] },
    revokedAuthorisationCount: { currentDay: split(5), previousDays: Array(7).fill(split(0)) },
    expiredAuthorisationCount: { currentDay: split(5), previousDays: Array(7).fill(split(0)) },
    abandonedConsentFlowCount: abandoned,
    abandonmentsByStage: stages,
  };
}

/** The funnel as [step, count, percent] and its stops as [stage, count, percent, largest]. */
const shape = (bars: readonly FunnelBar[]) =>
  bars.map((bar) => [bar.step, bar.count, bar.percent, bar.stopsAfter.map((stop) => [stop.stage, stop.count, stop.percent, stop.largest])]);

describe('sandbox bank: the funnel page, derived from Get Metrics (issue 35 item 3)', () => {
  describe('funnelOf: the funnel from the authorisations block alone', () => {
    it('started = authorised + abandoned over currentDay and previousDays; each bar less the stage between; shares of started; the largest stop', () => {
      // 3 once-off and 2 business ongoing today, 1 amended yesterday: 6 authorised; 14 abandoned over the days.
      const bars = funnelOf(
        block({
          onceOff: 3,
          ongoingBusiness: 2,
          amended: 1,
          stages: {
            preIdentification: daily(2, 1),
            preAuthentication: daily(1, 0, 0, 0, 0, 0, 0, 1),
            preAccountSelection: daily(1, 1),
            preAuthorisation: daily(3, 1),
            rejected: daily(2),
            failedTokenExchange: daily(0, 1),
          },
        }),
      );
      expect(shape(bars)).to.deep.equal([
        ['started', 20, 100, [['preIdentification', 3, 15, false]]],
        ['identified', 17, 85, [['preAuthentication', 2, 10, false]]],
        ['authenticated', 15, 75, [['preAccountSelection', 2, 10, false]]],
        [
          'accountsChosen',
          13,
          65,
          [
            ['preAuthorisation', 4, 20, true],
            ['rejected', 2, 10, false],
          ],
        ],
        // The customers who authorised: the new and amended authorisations, and the one whose token exchange failed.
        ['authorised', 7, 35, [['failedTokenExchange', 1, 5, false]]],
      ]);
    });

    it('no flow: every count and share 0, no largest stop', () => {
      const bars = funnelOf(block({ stages: {} }));
      expect(bars.map((bar) => [bar.count, bar.percent])).to.deep.equal(Array(5).fill([0, 0]));
      expect(bars.flatMap((bar) => bar.stopsAfter).some((stop) => stop.largest)).to.equal(false);
    });

    it('a period with only the current day (CURRENT) counts that day; stops that tie are all the largest', () => {
      const { previousDays: _previous, ...today } = daily(1, 9);
      const whole = block({ onceOff: 1, stages: { preIdentification: daily(1, 9), rejected: daily(1, 9) } });
      const current: AuthorisationsBlock = {
        ...whole,
        newAuthorisationCount: { currentDay: whole.newAuthorisationCount.currentDay ?? { onceOff: split(0), ongoing: split(0) } },
        amendedAuthorisationCount: { currentDay: split(0) },
        abandonedConsentFlowCount: { currentDay: 2 },
        abandonmentsByStage: { ...whole.abandonmentsByStage, preIdentification: today, rejected: today },
      };
      expect(
        shape(funnelOf(current)).map(([step, count, , stops]) => [
          step,
          count,
          (stops as unknown[][]).filter((stop) => stop[3] === true).map((stop) => stop[0]),
        ]),
      ).to.deep.equal([
        ['started', 3, ['preIdentification']],
        ['identified', 2, []],
        ['authenticated', 2, []],
        ['accountsChosen', 2, ['rejected']],
        ['authorised', 1, []],
      ]);
    });
  });

  describe('the groups: the same count over each group’s flows', () => {
    const request = (jti: string, arrangementId?: string): AuthorisationRequest => ({
      jti,
      state: `state-${jti}`,
      scopes: ['bank:accounts.basic:read'],
      months: 12,
      tppName: 'Budget Buddy',
      redirectUri: 'https://recipient.example/callback',
      consentCreationDate: NOW / 1000,
      expiresAtMs: NOW + HOUR,
      createdAtMs: NOW - 2 * HOUR,
      ...(arrangementId === undefined ? {} : { arrangementId }),
    });
    const arrangement = (id: string, profileId: string): Arrangement => ({
      id,
      owner: 'someone',
      profileId,
      scopes: ['bank:accounts.basic:read'],
      accounts: [],
      sharingStart: NOW / 1000,
      sharingExpires: NOW / 1000 + 86_400 * 365,
      createdAtMs: NOW - HOUR,
      updatedAtMs: NOW - HOUR,
      amendments: 0,
    });
    const event = (jti: string, fields: Omit<RecordedFlowEvent['event'], 'flowId' | 'sharing'>): RecordedFlowEvent => ({
      jti,
      event: { flowId: jti, sharing: 'ongoing', ...fields },
      recordedAtMs: NOW - HOUR,
    });
    const at = NOW - HOUR;
    const records: MetricsRecords = {
      decided: [
        { request: request('approved-personal'), outcome: { kind: 'authorised', code: 'c1', arrangementId: 'arr-1', atMs: at } },
        // An amendment by a business, its event claiming otherwise: the bank's records win.
        { request: request('amended-business', 'arr-2'), outcome: { kind: 'authorised', code: 'c2', arrangementId: 'arr-2', atMs: at } },
        // A rejection with no event: no customer type known.
        { request: request('rejected-silent'), outcome: { kind: 'rejected', atMs: at } },
        // A rejection whose event names the profile.
        { request: request('rejected-business'), outcome: { kind: 'rejected', atMs: at } },
      ],
      arrangements: [arrangement('arr-1', 'PERSONAL'), arrangement('arr-2', 'BC1001')],
      flowEvents: [
        event('amended-business', { ending: 'approved', consentKind: 'new', customerType: 'individual' }),
        event('rejected-business', { ending: 'rejected', consentKind: 'new', customerType: 'nonIndividual' }),
        event('left-at-login', { ending: 'abandoned', stage: 'preIdentification', consentKind: 'new' }),
        event('left-at-review', { ending: 'abandoned', stage: 'preAuthorisation', consentKind: 'amended', customerType: 'individual' }),
        event('failed-accounts', { ending: 'failed', stage: 'preAccountSelection', consentKind: 'new', customerType: 'nonIndividual' }),
      ],
    };
    const flowsOf = (segment: (typeof FUNNEL_SEGMENTS.byCustomerType)[number] | (typeof FUNNEL_SEGMENTS.byConsentKind)[number]): string[] => {
      const part = recordsOfSegment(records, segment);
      return [...new Set([...part.decided.map(({ request: { jti } }) => jti), ...part.flowEvents.map(({ jti }) => jti)])].sort();
    };

    it('new or amended from the request the bank decided, else the event; the customer type from the arrangement, else the event, else none', () => {
      expect(FUNNEL_SEGMENTS.byConsentKind.map(flowsOf)).to.deep.equal([
        ['approved-personal', 'failed-accounts', 'left-at-login', 'rejected-business', 'rejected-silent'],
        ['amended-business', 'left-at-review'],
      ]);
      expect(FUNNEL_SEGMENTS.byCustomerType.map(flowsOf)).to.deep.equal([
        ['approved-personal', 'left-at-review'],
        ['amended-business', 'failed-accounts', 'rejected-business'],
        ['left-at-login', 'rejected-silent'],
      ]);
    });

    it('each grouping adds up to all flows, bar by bar and stop by stop', () => {
      const funnels = segmentFunnels(records, NOW);
      const counts = (bars: readonly FunnelBar[]): number[] => bars.flatMap((bar) => [bar.count, ...bar.stopsAfter.map((stop) => stop.count)]);
      const sum = (groups: readonly { bars: readonly FunnelBar[] }[]): number[] =>
        groups.map((group) => counts(group.bars)).reduce((total, part) => total.map((count, index) => count + (part[index] ?? 0)));
      expect(counts(funnels.all.bars)).to.deep.equal([7, 1, 6, 0, 6, 1, 5, 1, 2, 2, 0]);
      expect(sum(funnels.byConsentKind)).to.deep.equal(counts(funnels.all.bars));
      expect(sum(funnels.byCustomerType)).to.deep.equal(counts(funnels.all.bars));
      expect(funnels.all.bars).to.deep.equal(funnelOf(authorisationMetrics(records, 'ALL', NOW)));
    });
  });
});
