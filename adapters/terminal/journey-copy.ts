import type { FlowCallKind } from '../../domain/flow-effects';
import type { FailureRoute } from '../../domain/flow-state';
import type { ExpectedReturn } from './journey-answers';
import type { JourneyReturn, ReturnMismatch } from './journey-outcome';
import { TIMED_OUT } from '../../domain/api-error';
import { CALL_ENDPOINTS } from '../../domain/call-endpoints';
import type { FailedCall, JourneyCause, JourneyVerdict, RunStop } from './journey-verdict';
import type { ModalName } from '../../domain/modal';
import type { KnownOutcome } from '../../domain/outcome';
import { assertNever } from '../../domain/result';

/**
 * The terminal channel's words for the engineer running `npm run journey` (docs/terminal.md):
 * the verdict line, and what each cause, stop and outcome is called. Not the customer's words
 * (those are domain/copy.ts's): these name endpoints, statuses and the bank's codes.
 */
export const journeyCopy = {
  passed: 'PASSED',
  failed: 'FAILED',
  /** What each call of the flow is, for the engineer. */
  calls: {
    consentDetails: 'reading the consent',
    authenticate: 'the login',
    customerDetails: 'reading the customer details',
    businesses: 'reading the profiles',
    confirmBusinessProfile: 'choosing the profile',
    accounts: 'the account list',
    saveSelection: 'saving the selection',
    confirm: 'the confirmation',
    reject: 'the rejection',
    keepAlive: 'the keep-alive',
  } satisfies Record<FlowCallKind, string>,
  got: (what: string): string => `the recipient got ${what}`,
  /** The return is not the one the run expected (journey-outcome.ts judgeReturn's mismatch). */
  expected: (wanted: string, got: string): string => `expected ${wanted}, the recipient got ${got}`,
  anAuthorisationCode: 'an authorisation code',
  error: (error: string): string => `error ${error}`,
  cancelled: 'the customer cancelled (Cancel, then "Yes, leave")',
  lockedOut: (permanent: boolean): string => `the login is locked (${permanent ? 'permanent lockout' : 'temporary lockout'})`,
  stoppedAnswering: 'the bank stopped answering',
  noAnswer: (call: string, endpoint: string, detail: string | undefined): string =>
    `${endpoint} (${call}) got no answer${detail === undefined ? '' : `: ${detail}`}`,
  noAnswerInTime: 'no answer in time',
  callFailed: (call: string): string => `${call} failed`,
  answered: (endpoint: string, status: number): string => `${endpoint} answered HTTP ${status}`,
  bankCode: (code: string): string => `bank code ${code}`,
  causes: (causes: readonly string[]): string => `cause${causes.length === 1 ? '' : 's'} ${causes.join(' | ')}`,
  shown: (title: string): string => `(the app showed "${title}")`,
  bankModal: (title: string): string => `the bank ended the journey with "${title}"`,
  sessionEnded: { inactivity: 'the session ended: no key was pressed for too long (inactivity)', tokenExpiry: 'the session ended: the redirect token expired' },
  failurePage: (route: FailureRoute): string => `the failure page showed (${route})`,
  rejectionFailed: 'the bank did not record the rejection',
  interrupted: 'the run was interrupted (Ctrl+C)',
  /** Issue 33 item 15: the app refused an answer itself (nothing was sent to the bank). */
  refused: (said: string): string => `the app refused an answer: ${said}`,
  timedOut: (seconds: number): string => `no return within ${seconds} s`,
  /** DESIGN §3.16: what the bank's known decision says was shared ('' when nothing may be said). */
  outcome: {
    nothingShared: 'nothing was shared or changed',
    unknown: 'the bank may hold the approval: check the arrangement before trying again',
    notHandedOn: 'the bank holds the approval, but its code was not passed on',
    shared: 'the bank approved',
    decidedElsewhere: 'the request was already decided in another session',
    noJourney: '',
  } satisfies Record<KnownOutcome, string>,
} as const;

/** How the verdict names a modal: its title as the customer saw it. */
export type ModalTitle = (name: ModalName) => string;

/** CONTRACT §6: what the recipient got, in a few words. */
function describeReturned(got: JourneyReturn): string {
  switch (got.kind) {
    case 'code':
      return journeyCopy.anAuthorisationCode;
    case 'jarm':
      return 'a JARM response';
    case 'plain':
      return 'the return address with no result';
    case 'error':
      return `${journeyCopy.error(got.error)}${got.respMessage === undefined ? '' : ` (${got.respMessage})`}`;
  }
}

/** CONTRACT §6: what the run expected, in a few words. */
const describeExpected = (expected: ExpectedReturn): string => (expected.kind === 'code' ? journeyCopy.anAuthorisationCode : journeyCopy.error(expected.error));

/** A return that is not the one expected, as the verdict line says it. */
const describeMismatch = ({ expected, got }: ReturnMismatch): string => journeyCopy.expected(describeExpected(expected), describeReturned(got));

/** A failed call as the engineer reads it: what it was, the endpoint, the HTTP status, the bank's code and causes. */
function describeFailedCall({ call, error }: FailedCall, title: ModalTitle, modal?: ModalName): string {
  const what = journeyCopy.calls[call];
  const endpoint = CALL_ENDPOINTS[call];
  if (error.status === 0) {
    const detail = error.code === TIMED_OUT ? journeyCopy.noAnswerInTime : error.causes[0];
    return journeyCopy.noAnswer(what, endpoint, detail);
  }
  const parts = [journeyCopy.answered(endpoint, error.status)];
  if (error.code !== undefined) parts.push(journeyCopy.bankCode(error.code));
  if (error.causes.length > 0) parts.push(journeyCopy.causes(error.causes));
  const said = parts.join(', ');
  return modal === undefined ? said : `${said} ${journeyCopy.shown(title(modal))}`;
}

function describeCause(cause: JourneyCause, title: ModalTitle): string {
  switch (cause.kind) {
    case 'cancelled':
      return cause.rejection === undefined
        ? journeyCopy.cancelled
        : `${journeyCopy.cancelled}; ${journeyCopy.rejectionFailed}: ${describeFailedCall(cause.rejection, title)}`;
    case 'lockedOut':
      return cause.failure === undefined
        ? journeyCopy.lockedOut(cause.permanent)
        : `${journeyCopy.lockedOut(cause.permanent)}: ${describeFailedCall(cause.failure, title)}`;
    case 'noAnswer':
      return `${journeyCopy.stoppedAnswering}: ${describeFailedCall(cause.failure, title)}`;
    case 'bankError':
      return `${journeyCopy.callFailed(journeyCopy.calls[cause.failure.call])}: ${describeFailedCall(cause.failure, title, cause.modal)}`;
    case 'bankModal':
      return journeyCopy.bankModal(title(cause.modal));
    case 'sessionEnded':
      return journeyCopy.sessionEnded[cause.reason];
    case 'failurePage':
      return journeyCopy.failurePage(cause.route);
    default:
      return assertNever(cause);
  }
}

function describeStop(stop: RunStop): string {
  switch (stop.kind) {
    case 'interrupted':
      return journeyCopy.interrupted;
    case 'timedOut':
      return journeyCopy.timedOut(stop.seconds);
    case 'script':
      return stop.reason;
    case 'refused':
      return journeyCopy.refused(stop.said);
    default:
      return assertNever(stop);
  }
}

/** The verdict line (docs/terminal.md "The end of a run"); a scripted run's own reason only when nothing more precise is known. */
export function verdictLine(verdict: JourneyVerdict, title: ModalTitle): string {
  if (verdict.passed) return `${journeyCopy.passed}: ${journeyCopy.got(describeReturned(verdict.returned))}`;
  const parts: string[] = [];
  const stop = verdict.stop;
  const scripted = stop?.kind === 'script' || stop?.kind === 'refused';
  if (stop !== undefined && !scripted) parts.push(describeStop(stop));
  if (verdict.cause !== undefined) parts.push(describeCause(verdict.cause, title));
  else if (stop !== undefined && scripted) parts.push(describeStop(stop));
  if (verdict.mismatch !== undefined) parts.push(describeMismatch(verdict.mismatch));
  else if (verdict.returned !== undefined) parts.push(journeyCopy.got(describeReturned(verdict.returned)));
  const outcome = journeyCopy.outcome[verdict.outcome];
  if (outcome !== '') parts.push(outcome);
  return `${journeyCopy.failed}: ${parts.join('; ')}`;
}
