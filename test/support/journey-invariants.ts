// The invariants of issue 11, checked after every command of a random journey. Each names the
// rule it protects; a failure message says which one broke.
import { expect } from 'chai';
import { TRUST_USER } from '../../domain/accounts';
import { copy, modalText } from '../../domain/copy';
import type { SaveSelectionRequest } from '../../domain/save-request';
import { toAccounts } from '../../adapters/account-answer.reader';
import { isStepShown } from '../../domain/flow';
import { callOf } from '../../domain/flow-transition';
import { MODAL_NAMES } from '../../domain/modal';
import { ACCESS_DENIED_MESSAGE } from '../../domain/return-url';
import { isCustomerScope } from '../../domain/scopes';
import { FLOW_ID, TOKEN } from '../fixtures/journey.fixture';
import type { World } from './journey-world';

const FAILURE_ROUTES = ['authorize_failure', 'incorrect_jwt', 'consent_fetch_failure', 'service_unavailable'];

const sorted = (ids: readonly string[]): string[] => [...ids].sort();

/** The account ids the bank would offer on the profile it is on now (its raw accounts, folded as the app folds them). */
function bankAccountIds(world: World): string[] | undefined {
  const profile = world.bank.currentProfile;
  if (profile === undefined) return undefined;
  const state = toAccounts({ accounts: { account: profile.accounts } });
  return state.ok ? state.value.data.map((account) => account.id) : undefined;
}

/** The accounts offered are exactly those of the profile the bank is on, and the page names that profile. */
function accountsMatchTheBanksProfile(world: World): void {
  const { session, confirmation } = world.j;
  if (session.screen.kind !== 'flow' || session.loading) return;
  if (session.step !== 'selectAccounts' && session.step !== 'confirmation') return;
  // None offered: the bank gave none (spec §8 400 A09/A05, which a fault may inject whatever the bank holds).
  if (session.accounts !== undefined && session.accounts.data.length > 0) {
    const expected = bankAccountIds(world);
    expect(expected, 'accounts are shown while the bank has no profile').to.not.equal(undefined);
    expect(sorted(session.accounts.data.map((account) => account.id)), 'the accounts offered are those of the profile the bank is on').to.deep.equal(
      sorted(expected ?? []),
    );
  }
  if (session.isPar || world.bank.profile === undefined) return;
  expect(session.selectedProfile?.id, 'the profile the page names is the one the bank is on').to.equal(world.bank.profile);
  if (session.step === 'confirmation' && confirmation.selectedProfileName !== undefined) {
    expect(confirmation.selectedProfileName, "the review names the bank's profile").to.equal(world.bank.currentProfile?.businessName);
  }
}

/** The customer wording (individual or organisation) follows the ownership of the accounts of the bank's profile (spec §3). */
function wordingFollowsOwnership(world: World): void {
  const { session, confirmation } = world.j;
  if (session.screen.kind !== 'flow' || session.step !== 'confirmation' || session.loading) return;
  // An amendment without accounts (only customer data, or the bank answered A09/A05): the consent
  // detail does not say whose arrangement it is (CONTRACT §3), so nothing tells the wording.
  if (session.isPar && (session.accounts?.data.length ?? 0) === 0) return;
  const profile = world.bank.currentProfile;
  if (profile === undefined || !world.scenario.scopes.some(isCustomerScope)) return;
  const organisation = profile.accounts.some((account) => account.supplementaryData.rbwmPIB.accountOwnershipTypeCode === TRUST_USER);
  const headings = confirmation.clusters.map((cluster) => cluster.heading);
  const organisationWording = headings.some((heading) => heading.startsWith('Organisation'));
  expect(organisationWording, `the wording follows the accounts' ownership (${headings.join(', ')})`).to.equal(organisation);
}

/**
 * Before an inactivity lapse or a token expiry, a warning was on top, whatever other modal was
 * open (DESIGN §3.10): when the flow began to end while the customer was idle, the inactivity
 * warning or the token-expiry redirect was the modal they saw. (A tab coming back from the
 * background after its deadline ends at once: `hidden` exits are not judged here.)
 */
function warnedBeforeTheEnd(world: World): void {
  const exit = world.exit;
  if (exit === undefined || exit.kind !== 'idle') return;
  const url = world.j.ports.redirector.urls[0] ?? '';
  if (!url.includes('error=access_denied')) return; // A confirmed consent's return, not a lapse.
  expect(['timeoutWarning', 'redirectionToTpp'], `the idle customer was warned before being sent back (saw ${world.topWhenTimeRanOut})`).to.include(
    world.topWhenTimeRanOut,
  );
}

/**
 * One exit address; nothing is sent after it; every exit carries the exact state; never
 * access_denied after a code. The fake page never goes, so it offers its exit again
 * (DESIGN §3.2): the same address, only from that notice.
 */
function oneExitWithTheState(world: World): void {
  const urls = world.j.ports.redirector.urls;
  expect(new Set(urls).size, 'one exit address').to.be.at.most(1);
  expect(urls.length - 1, 'the exit taken again only from its notice').to.be.at.most(world.exitsOffered);
  const url = urls[0];
  if (url === undefined || world.exit === undefined) return;
  expect(world.bank.calls.length, 'nothing is sent after the exit').to.equal(world.exit.callsBefore);
  const parsed = new URL(url);
  if (parsed.origin === new URL(world.j.session.config.publicSiteUrl).origin) {
    // A page that trusted no token (a reload after the token expired, or was cleared by an ending) has no recipient to go back to.
    const trustedOnThisPage = (world.verifier.lastAcceptedAt ?? 0) > world.pageSince;
    expect(trustedOnThisPage, "Leave Page to the bank's site only when this page trusted no token").to.equal(false);
    return;
  }
  const fragment = new URLSearchParams(parsed.hash.slice(1));
  if (parsed.searchParams.get('error') === null && fragment.get('code') === null) {
    // The plain address (DESIGN §3.11): decided in another tab, or an approval whose outcome stayed
    // unclear once the token could no longer ask the bank or the bank failed the ask that would have
    // told (a rejection): never after a code it could fetch.
    const expired = world.j.ports.clock.now() >= world.tokenExpiresAtMs;
    const couldNotTell = world.bank.lastDecisionCallFailed;
    expect(
      world.bank.decision !== 'approved' || expired || world.exit.asDecidedElsewhere || couldNotTell,
      'a code the bank issued reaches the third party',
    ).to.equal(true);
    return;
  }
  if (parsed.searchParams.get('error') === 'access_denied') {
    expect(world.bank.decision, 'never access_denied after a code was issued').to.not.equal('approved');
    expect(parsed.searchParams.get('state'), 'the exact state').to.equal(world.tokenState);
    expect(parsed.searchParams.get('respMessage')).to.equal(ACCESS_DENIED_MESSAGE);
    expect(parsed.searchParams.get('client'), "the address's own query is kept").to.equal('7');
  } else {
    expect(world.bank.decision, 'a success return only after the bank approved').to.equal('approved');
    expect(fragment.get('state'), 'the exact state').to.equal(world.tokenState);
    expect(fragment.get('code')).to.match(/^code-/);
  }
}

/** Nothing is sent before the token is verified; no POST is repeated (DESIGN §3.4). */
function callsInOrder(world: World, callsBefore: number): void {
  const calls = world.bank.calls;
  if (calls.length > 0) {
    expect(world.verifier.acceptedAt, 'nothing is sent before the token is verified').to.not.equal(undefined);
    expect(calls[0]?.seq ?? 0, 'nothing is sent before the token is verified').to.be.above(world.verifier.acceptedAt ?? Number.POSITIVE_INFINITY);
  }
  const thisCommand = calls.slice(callsBefore);
  for (const name of ['authenticate', 'saveSelection', 'confirmBusinessProfile'] as const) {
    expect(thisCommand.filter((call) => call.name === name).length, `one ${name} per action`).to.be.at.most(1);
  }
  // DESIGN §3.11: a decision goes with one key; it is asked again only after an unclear outcome
  // (at most twice), and once more to fetch the code of an approval whose answer was lost.
  for (const decision of [true, false]) {
    const sent = calls.filter((call) => call.name === 'confirmation' && call.body === decision);
    const onThisPage = sent.filter((call) => call.seq > world.pageSince);
    expect(onThisPage.length, `confirmation(${decision}) sent at most 6 times by a page`).to.be.at.most(6);
    expect(new Set(sent.map((call) => call.key)).size, `confirmation(${decision}) always with the same Idempotency-Key, reloads included`).to.be.at.most(1);
  }
  expect(world.sentOffline, 'DESIGN §3.15: nothing is sent while the browser is offline').to.deep.equal([]);
}

/** No message contradicts the bank's remaining attempts (issue 11 defect 4). */
function attemptsAsTheBankSays(world: World): void {
  const login = world.bank.lastLogin;
  if (login === undefined || login.command !== world.command || login.code !== 'otp_failure_001') return;
  const names = world.j.modal.stack.map((entry) => entry.name);
  if (world.scenario.reportsRemaining) {
    expect(names.includes('invalidUsernameLastAttempt'), `"one attempt left" iff the bank says 1 is left (${login.remaining})`).to.equal(login.remaining === 1);
    expect(names.includes('temporaryLockout'), `the lockout iff the bank says 0 are left (${login.remaining})`).to.equal(login.remaining === 0);
  } else {
    expect(names.includes('invalidUsernameLastAttempt'), "without the bank's number, the spec's counter of 5 decides").to.equal(world.j.login.failures >= 5);
  }
}

/** What the stage depends on: the customer's own rejection, the review reached, where the page began. */
interface StageFacts {
  readonly customerRejected: boolean;
  readonly reachedReview: boolean;
  readonly pageSince: number;
  /** The last bank call that counts (a flow event's moment); all of them by default. */
  readonly upTo?: number;
}

/** The stage the harness expects for this ended flow (DESIGN §3.8), from what it saw. */
function expectedStage(world: World, facts: StageFacts = { customerRejected: world.exit?.customerRejected === true, ...world }): string {
  if (facts.customerRejected) return 'rejected';
  if (facts.reachedReview) return 'preAuthorisation';
  const logins = world.bank.deliveredLogins.filter((login) => login.seq > facts.pageSince && login.seq <= (facts.upTo ?? Infinity));
  if (logins.some((login) => login.authenticated)) return 'preAccountSelection';
  if (logins.some((login) => login.identified)) return 'preAuthentication';
  return 'preIdentification';
}

/** Every ended flow reports exactly one abandonment stage, the right one; a confirmed one reports none. */
function oneAbandonmentStage(world: World): void {
  const stages = world.j.ports.analytics.abandonments;
  expect(stages.length, 'at most one abandonment stage').to.be.at.most(1);
  const url = world.j.ports.redirector.urls[0];
  if (url === undefined) {
    expect(stages, 'no stage before the flow ends').to.deep.equal([]);
    return;
  }
  // Decided elsewhere (or before a reload of this tab): this page reports nothing (DESIGN §3.11).
  if (world.exit?.asDecidedElsewhere === true) expect(stages, 'decided elsewhere: no stage from this page').to.deep.equal([]);
  else if (url.includes('error=access_denied')) expect(stages, 'the stage reached').to.deep.equal([expectedStage(world)]);
  else if (url.includes('#code=')) expect(stages, 'a confirmed consent is not abandoned').to.deep.equal([]);
}

/** Issue 35 item 1: the failure modals (an error or a lockout: their only way on is to return), by name. */
const FAILURE_MODALS: readonly string[] = [
  'ageLimitation',
  'redirectionToTpp',
  'serviceUnavailable',
  'sanctionCountryError',
  'permanentLockout',
  'temporaryLockout',
  'ecareSuspension',
  'secureKeyNotActivated',
  'noEligibleAccounts',
  'unavailableResource',
  'wentWrong',
];

/**
 * Issue 35 item 1: at most one flow event per flow, with the token it began with and its id; sent
 * at the exit (approved after a code, rejected after the customer's own leave, else abandoned or
 * failed at the stage reached) or as the page went away first; none from a page whose flow another
 * tab decided. A flow that left for the recipient, or whose page went away, was reported.
 */
export function oneFlowEvent(world: World, pageGone = false): void {
  const sent = world.j.ports.reporter.sent;
  expect(sent.length, 'at most one flow event per flow').to.be.at.most(1);
  const verified = world.j.flow.state.journey.token !== undefined;
  const exitUrl = world.j.ports.redirector.urls[0];
  // Decided elsewhere, as this page knows it (another tab, or this tab before a reload whose own
  // event was not sent, offline): this page reports nothing; the bank counts its own decision.
  const decidedElsewhere = world.exit?.asDecidedElsewhere === true || world.j.flow.state.decision.kind === 'elsewhere';
  if (decidedElsewhere && world.reloads === 0) expect(sent, 'decided in another tab: this page reports nothing').to.deep.equal([]);
  // Offline, the event is not sent (it would be lost): a later page of the flow may report it.
  const online = world.j.ports.activity.online;
  const ended = exitUrl !== undefined && world.exit !== undefined && !world.exit.offline && !exitUrl.includes('publicsite');
  if (verified && !decidedElsewhere && ((pageGone && online && world.exit === undefined) || ended))
    expect(sent.length, 'a flow that ended, or whose page went away, is reported').to.equal(1);
  const [first] = sent;
  const moment = world.reported;
  if (first === undefined || moment === undefined) return;
  expect(first.redirectJwt, 'the token the flow began with').to.equal(TOKEN);
  expect(first.report.flowId, "the token's jti").to.equal(FLOW_ID);
  const { ending, stage } = first.report;
  const stageNow = expectedStage(world, {
    customerRejected: moment.rejectedByCustomer,
    reachedReview: moment.reachedReview,
    pageSince: moment.pageSince,
    upTo: moment.lastCall,
  });
  const url = moment.exitUrl ?? '';
  if (moment.atExit && url.includes('#code=')) expect(ending, 'an exit with a code: approved').to.equal('approved');
  else if (ending === 'approved') {
    expect(moment.atExit ? !url.includes('error=') : true, 'approved: never an exit with an error').to.equal(true);
    expect(world.bank.decision, 'approved: the bank holds the approval').to.equal('approved');
  } else if (ending === 'rejected') expect(moment.rejectedByCustomer, 'rejected: the customer chose to leave').to.equal(true);
  else {
    expect(stage, `${ending} at the stage reached`).to.equal(stageNow);
    const failing = moment.screen === 'failure' || (moment.top !== undefined && FAILURE_MODALS.includes(moment.top));
    if (!moment.atExit) expect(ending, `the page went away on ${moment.top ?? moment.screen}`).to.equal(failing ? 'failed' : 'abandoned');
  }
}

/** Every screen reached is one the spec defines; nothing stays loading with no request outstanding. */
function definedScreens(world: World): void {
  const { session, modal } = world.j;
  const screen = session.screen;
  if (screen.kind === 'failure') expect(FAILURE_ROUTES, 'a failure route of spec §2').to.include(screen.route);
  if (screen.kind === 'flow')
    expect(isStepShown(session.step, session.flags), `${session.step} is a step shown under ${JSON.stringify(session.flags)}`).to.equal(true);
  for (const entry of modal.stack) expect(MODAL_NAMES, 'a modal of spec §4').to.include(entry.name);
  const pending = callOf(world.j.flow.state.phase);
  const waiting = pending !== undefined && (pending.retryAtMs !== undefined || pending.held);
  if (world.bank.pendingCalls === 0 && world.j.ports.redirector.urls.length === 0 && !waiting) {
    expect(session.loading, 'the spinner never stays without a request under way (or a retry, or the connection, awaited)').to.equal(false);
  }
}

/** Issue 21: the phase only ever moves as its table (or time) declares. */
function declaredPhaseMoves(world: World): void {
  expect(world.undeclaredMoves, 'phase moves the phase tables do not declare').to.deep.equal([]);
}

/** Every text the customer can read now: the open modals' titles and paragraphs, and the failure page's. */
function textsOnScreen(world: World): string[] {
  const { session, modal } = world.j;
  const context = session.modalContext;
  const texts = modal.stack.flatMap((entry) => {
    const entryCopy = copy.modals[entry.name];
    return [entryCopy.title, ...entryCopy.paragraphs].map((text) => modalText(text, context));
  });
  if (session.screen.kind === 'failure') texts.push(session.failureOutcome);
  return texts;
}

const NOTHING_SHARED = /No data has been shared|No changes have been made|Nothing has been shared or changed|no data will be shared/;
const SHARED = /Data sharing confirmed|successfully shared|Changes saved|have been saved|Your data sharing was confirmed|Your changes were saved/;

/**
 * DESIGN §3.16, issue 21: no text claims that nothing was shared or changed while the bank holds
 * an approval of this authorisation, and none claims a confirmation while it holds none.
 */
function wordsFollowTheBank(world: World): void {
  const texts = textsOnScreen(world);
  if (world.bank.decision === 'approved') {
    expect(
      texts.filter((text) => NOTHING_SHARED.test(text)),
      'the bank holds an approval: no text may say nothing was shared',
    ).to.deep.equal([]);
  } else {
    expect(
      texts.filter((text) => SHARED.test(text)),
      'the bank holds no approval: no text may say it was confirmed',
    ).to.deep.equal([]);
  }
}

/** The account ids ticked on the page (a partly ticked multi-currency account counts its ticked currencies). */
function tickedIds(world: World): string[] {
  return (world.j.session.accounts?.data ?? []).flatMap((account) =>
    account.type === 'EGA' ? (account.subAccounts ?? []).filter((sub) => sub.selected).map((sub) => sub.id) : account.selected ? [account.id] : [],
  );
}

/**
 * Issue 21: the bank is told exactly the accounts the customer ticked, on the profile the bank is
 * on: no more (an over-share after Back from the review), no fewer.
 */
function exactlyTheTickedAccounts(world: World, callsBefore: number): void {
  for (const call of world.j.ports.api.calls.slice(callsBefore)) {
    if (call.name !== 'saveSelection') continue;
    const request = call.body as SaveSelectionRequest;
    const sent = [...new Set(request.permissions.flatMap((permission) => permission.accounts ?? []).map((account) => account.secondaryIdentification))];
    expect(sorted(sent), 'the accounts sent are the ones ticked').to.deep.equal(sorted(tickedIds(world)));
    const offered = new Set((world.bank.currentProfile?.accounts ?? []).map((account) => account.scheme.secondaryIdentification));
    expect(
      sent.filter((id) => !offered.has(id)),
      'no account of another profile',
    ).to.deep.equal([]);
  }
}

export function checkInvariants(world: World, callsBefore: number): void {
  declaredPhaseMoves(world);
  wordsFollowTheBank(world);
  exactlyTheTickedAccounts(world, callsBefore);
  accountsMatchTheBanksProfile(world);
  wordingFollowsOwnership(world);
  warnedBeforeTheEnd(world);
  oneExitWithTheState(world);
  callsInOrder(world, callsBefore);
  attemptsAsTheBankSays(world);
  oneAbandonmentStage(world);
  oneFlowEvent(world);
  definedScreens(world);
}
