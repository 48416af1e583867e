// The funnel of the recipient simulator's funnel page (issue 35 item 3), derived from Get Metrics'
// `authorisations` block alone: the flows of its days (currentDay and previousDays) by the stage
// they reached, and where the others stopped. Pure.
import type { AuthorisationsBlock, MetricsStage } from './authorisation-metrics';

/** The funnel's steps, in the order a flow passes them. */
export type FunnelStep = 'started' | 'identified' | 'authenticated' | 'accountsChosen' | 'authorised';

/** A count with its share of the flows started (whole percent; 0 when none started). */
interface Share {
  readonly count: number;
  readonly percent: number;
}

/** Where some flows stopped after a step: one of Get Metrics' abandonment stages. */
interface FunnelStop extends Share {
  readonly stage: MetricsStage;
  /** The stop where the most flows were lost (every one of them when several tie). */
  readonly largest: boolean;
}

/** One bar: the flows that reached the step, then where those that went no further stopped. */
export interface FunnelBar extends Share {
  readonly step: FunnelStep;
  readonly stopsAfter: readonly FunnelStop[];
}

/**
 * Get Metrics v5 (AuthorisationMetricsV2): the abandonment stages that end a flow after each
 * step. failedTokenExchange comes after the customer authorised: the recipient's exchange failed.
 */
const STOPS_AFTER: readonly (readonly [FunnelStep, readonly MetricsStage[]])[] = [
  ['started', ['preIdentification']],
  ['identified', ['preAuthentication']],
  ['authenticated', ['preAccountSelection']],
  ['accountsChosen', ['preAuthorisation', 'rejected']],
  ['authorised', ['failedTokenExchange']],
];

type Split = { readonly individual: number; readonly nonIndividual: number };

/** A daily count over every day of the answer: currentDay and previousDays. */
const overDays = <T>(daily: { readonly currentDay?: T; readonly previousDays?: readonly T[] }, count: (day: T) => number): number =>
  [...(daily.currentDay === undefined ? [] : [daily.currentDay]), ...(daily.previousDays ?? [])].reduce((sum, day) => sum + count(day), 0);

const both = (split: Split): number => split.individual + split.nonIndividual;
const itself = (count: number): number => count;

/**
 * The funnel of the answer's days: started = authorised (new and amended) + abandoned, each next
 * bar the last one less the abandonments of the stage between them (issue 35 item 3).
 */
export function funnelOf(block: AuthorisationsBlock): readonly FunnelBar[] {
  const stageCount = (stage: MetricsStage): number => overDays(block.abandonmentsByStage[stage] ?? {}, itself);
  const authorised = overDays(block.newAuthorisationCount, (day) => both(day.onceOff) + both(day.ongoing)) + overDays(block.amendedAuthorisationCount, both);
  const started = authorised + overDays(block.abandonedConsentFlowCount, itself);
  const share = (count: number): Share => ({ count, percent: started === 0 ? 0 : Math.round((100 * count) / started) });
  const largest = Math.max(...STOPS_AFTER.flatMap(([, stages]) => stages.map(stageCount)));
  let reached = started;
  return STOPS_AFTER.map(([step, stages]) => {
    const bar = {
      step,
      ...share(reached),
      stopsAfter: stages.map((stage) => ({ stage, ...share(stageCount(stage)), largest: largest > 0 && stageCount(stage) === largest })),
    };
    reached -= stages.reduce((sum, stage) => sum + stageCount(stage), 0);
    return bar;
  });
}
