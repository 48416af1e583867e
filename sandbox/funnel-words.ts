// The funnel page's names of the steps and of the stops (issue 35 item 3), for a bank's product
// owner; each stop keeps the standard's stage name beside it in the table.
import type { MetricsStage } from './authorisation-metrics';
import type { FunnelStep } from './funnel';

/** Each step's name. */
export const STEP_WORDS: Readonly<Record<FunnelStep, string>> = {
  started: 'Started',
  identified: 'Identified',
  authenticated: 'Authenticated',
  accountsChosen: 'Accounts chosen',
  authorised: 'Authorised',
};

/** What the flows of each abandonment stage did (Get Metrics v5 abandonmentsByStage). */
export const STOP_WORDS: Readonly<Record<MetricsStage, string>> = {
  preIdentification: 'stopped before identifying',
  preAuthentication: 'stopped before authenticating',
  preAccountSelection: 'stopped before choosing accounts',
  preAuthorisation: 'stopped before deciding',
  rejected: 'declined',
  failedTokenExchange: 'token exchange failed',
};

/** The drawing's shorter words (its page says the red lines are where the others stopped), to fit 320 px at a readable size. */
export const STOP_SHORT_WORDS: Readonly<Record<MetricsStage, string>> = {
  preIdentification: 'before identifying',
  preAuthentication: 'before authenticating',
  preAccountSelection: 'before choosing accounts',
  preAuthorisation: 'before deciding',
  rejected: 'declined',
  failedTokenExchange: 'token exchange failed',
};
