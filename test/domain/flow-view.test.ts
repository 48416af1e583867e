import { expect } from 'chai';
import type { FlowCall } from '../../domain/flow-effects';
import type { FlowState } from '../../domain/flow-state';
import {
  awaitingLogin,
  customerWording,
  flowFlags,
  isConfirming,
  isFinished,
  isLoading,
  modalButtonsBusy,
  openModalsOf,
  pageIsActionable,
  screenOf,
  stepOf,
  topModalOf,
} from '../../domain/flow-view';
import { selectProfile } from '../../domain/profiles';
import { type Consent } from '../../domain/consent';
import { parseConsentDetail } from '../../adapters/consent-detail.reader';
import {
  accounts,
  amendmentConsent,
  bankConsent,
  confirmedState,
  confirming,
  customerOnlyConsent,
  decidedElsewhereState,
  failedState,
  flowState,
  leavingState,
  loadingState,
  modalsWith,
  pendingOn,
  personalProfile,
  run,
  startingState,
  trustProfiles,
  trustRawAccounts,
  withModal,
} from './fixtures/flow-state.fixture';

const CONFIRM: FlowCall = { kind: 'confirm' };

function selectOrThrow(id: string) {
  const result = selectProfile(trustProfiles(), id);
  if (!result.ok) throw new Error(id);
  return result.value;
}

/** An amendment whose arrangement names its profile (CONTRACT §3 `profileId`). */
function amendmentOf(profileId: string | undefined): Consent {
  const parsed = parseConsentDetail({
    detail: {
      permissions: [{ permission: 'common:customer.basic:read', claims: '{"cdr_arrangement_id":"arr-1"}' }],
      ...(profileId === undefined ? {} : { profileId }),
    },
  });
  if (!parsed.ok) throw new Error('fixture');
  return parsed.value;
}

const ended = (): FlowState => run(withModal(flowState('selectAccounts'), 'serviceUnavailable'), { type: 'modalPrimary' }).state;

describe('domain/flow-view: what the views project from the state (docs/flow-states.md)', () => {
  describe('screenOf and stepOf: what the page shows', () => {
    it('starting: the loading screen (login until a step shows)', () => {
      expect(screenOf(loadingState().phase)).to.deep.equal({ kind: 'loading' });
      expect(stepOf(loadingState().phase)).to.equal('login');
    });

    it('the failure page, with its details when it has them', () => {
      expect(screenOf(failedState('incorrect_jwt').phase)).to.deep.equal({ kind: 'failure', route: 'incorrect_jwt' });
      const withDetails = {
        ...failedState('authorize_failure'),
        phase: { kind: 'failed' as const, route: 'authorize_failure' as const, details: { respCode: '9' } },
      };
      expect(screenOf(withDetails.phase)).to.deep.equal({ kind: 'failure', route: 'authorize_failure', details: { respCode: '9' } });
      expect(stepOf(withDetails.phase)).to.equal('login');
    });

    it('a step: the flow on that step', () => {
      for (const step of ['login', 'selectProfile', 'selectAccounts', 'confirmation'] as const) {
        expect(screenOf(flowState(step).phase)).to.deep.equal({ kind: 'flow', step });
        expect(stepOf(flowState(step).phase)).to.equal(step);
      }
    });

    it('leaving: the step that was on screen, or the loading screen', () => {
      expect(screenOf(leavingState('selectAccounts', 'rejected').phase)).to.deep.equal({ kind: 'flow', step: 'selectAccounts' });
      expect(stepOf(leavingState('selectAccounts', 'rejected').phase)).to.equal('selectAccounts');
      expect(screenOf(leavingState(undefined, 'preIdentification').phase)).to.deep.equal({ kind: 'loading' });
    });

    it('confirmed, decided elsewhere and ended: what stayed on screen', () => {
      expect(screenOf(confirmedState().phase)).to.deep.equal({ kind: 'flow', step: 'confirmation' });
      expect(screenOf(decidedElsewhereState('approved').phase)).to.deep.equal({ kind: 'flow', step: 'confirmation' });
      expect(screenOf(ended().phase)).to.deep.equal({ kind: 'flow', step: 'selectAccounts' });
      expect(stepOf(ended().phase)).to.equal('selectAccounts');
    });
  });

  describe('openModalsOf and topModalOf (DESIGN §3.10: bottom first, the top one answers)', () => {
    it("a step's stack: the ordinary modal, the warning with its seconds, the redirect on top", () => {
      const state = withModal(flowState('login'), 'forgotUsername', 12, true);
      expect(openModalsOf(state.phase)).to.deep.equal([{ name: 'forgotUsername' }, { name: 'timeoutWarning', seconds: 12 }, { name: 'redirectionToTpp' }]);
      expect(topModalOf(state.phase)).to.deep.equal({ name: 'redirectionToTpp' });
    });

    it('starting and leaving show their stacks too', () => {
      expect(openModalsOf(startingState({ modals: modalsWith(undefined, undefined, true) }).phase)).to.deep.equal([{ name: 'redirectionToTpp' }]);
      expect(openModalsOf(leavingState('login', 'rejected', { modals: modalsWith('sharingIncomplete') }).phase)).to.deep.equal([{ name: 'sharingIncomplete' }]);
    });

    it('the confirmed phase: the success modal alone; decided elsewhere: "already completed" alone', () => {
      expect(openModalsOf(confirmedState().phase)).to.deep.equal([{ name: 'successConfirm' }]);
      expect(openModalsOf(decidedElsewhereState('rejected').phase)).to.deep.equal([{ name: 'alreadyCompleted' }]);
    });

    it('ended: what was open as the journey ended; the failure page: none', () => {
      expect(openModalsOf(ended().phase)).to.deep.equal([{ name: 'serviceUnavailable' }]);
      expect(openModalsOf(failedState('incorrect_jwt').phase)).to.deep.equal([]);
      expect(topModalOf(failedState('incorrect_jwt').phase)).to.equal(undefined);
      expect(topModalOf(flowState('login').phase)).to.equal(undefined);
    });
  });

  describe('awaitingLogin: the pre-rendered form is on screen (issue 15)', () => {
    it("while starting, with nothing asked of the bank's decision, verifying the token or reading the consent", () => {
      expect(awaitingLogin(pendingOn(startingState(), { kind: 'verify' }))).to.equal(true);
      expect(awaitingLogin(pendingOn(startingState(), { kind: 'consentDetails' }))).to.equal(true);
    });

    it('not before the launch, not while an approval is replayed or its outcome unclear, not on a step', () => {
      expect(awaitingLogin(startingState())).to.equal(false);
      expect(awaitingLogin(pendingOn(startingState(), CONFIRM))).to.equal(false);
      expect(awaitingLogin(pendingOn(startingState({ decision: { kind: 'unclear' } }), { kind: 'consentDetails' }))).to.equal(false);
      expect(awaitingLogin(pendingOn(flowState('login'), { kind: 'customerDetails' }))).to.equal(false);
    });

    // Issue 15: the form is pre-rendered into the entry page only; on a step the login step itself is shown.
    it('not on a step, even reading the consent or with a verify call', () => {
      expect(awaitingLogin(pendingOn(flowState('login'), { kind: 'consentDetails' }))).to.equal(false);
      expect(awaitingLogin(pendingOn(flowState('login'), { kind: 'verify' }))).to.equal(false);
    });
  });

  describe('isLoading: the spinner mask (spec §2)', () => {
    it('a call under way, except while the pre-rendered form waits', () => {
      expect(isLoading(confirming())).to.equal(true);
      expect(isLoading(leavingState('login', 'rejected'))).to.equal(true);
      expect(isLoading(pendingOn(startingState({ decision: { kind: 'unclear' } }), CONFIRM))).to.equal(true);
      expect(isLoading(pendingOn(startingState(), { kind: 'consentDetails' }))).to.equal(false);
      expect(isLoading(flowState('login'))).to.equal(false);
      expect(isLoading(confirmedState())).to.equal(false);
    });
  });

  it('isFinished: the exit taken, or the outcome told (confirmed, decided elsewhere)', () => {
    expect(isFinished(flowState('confirmation'))).to.equal(false);
    expect(isFinished(leavingState('login', 'rejected'))).to.equal(false);
    expect(isFinished(failedState('incorrect_jwt'))).to.equal(false);
    expect(isFinished(startingState())).to.equal(false);
    expect(isFinished(ended())).to.equal(true);
    expect(isFinished(confirmedState())).to.equal(true);
    expect(isFinished(decidedElsewhereState('unknown'))).to.equal(true);
  });

  describe('pageIsActionable: a step on screen, no request under way, no modal over it', () => {
    it('a plain step → true', () => {
      expect(pageIsActionable(flowState('selectAccounts'))).to.equal(true);
    });
    const blocked: [string, () => FlowState][] = [
      ['the loading screen', () => startingState()],
      ['a failure page', () => failedState('incorrect_jwt')],
      ['leaving', () => leavingState('selectAccounts', 'rejected')],
      ['ended', () => ended()],
      ['confirmed', () => confirmedState()],
      ['decided elsewhere', () => decidedElsewhereState('approved')],
      ['a request under way', () => pendingOn(flowState('selectAccounts'), { kind: 'accounts' })],
      ['an ordinary modal', () => withModal(flowState('selectAccounts'), 'forgotUsername')],
      ['the timeout warning', () => withModal(flowState('selectAccounts'), undefined, 10)],
      ['the expiry redirect', () => withModal(flowState('selectAccounts'), undefined, undefined, true)],
    ];
    for (const [label, build] of blocked) {
      it(`${label} → false`, () => expect(pageIsActionable(build())).to.equal(false));
    }
  });

  describe('isConfirming: a confirmation is being decided (its description saved first, spec §7)', () => {
    const rows: [string, FlowCall | { kind: 'verify' } | undefined, boolean][] = [
      ['the confirm call', CONFIRM, true],
      ['saving the description before confirming', { kind: 'saveSelection', request: { permissions: [] }, then: 'confirm' }, true],
      ['saving the selection on the way to the review', { kind: 'saveSelection', request: { permissions: [] }, then: 'confirmationStep' }, false],
      ['the reject call', { kind: 'reject' }, false],
      ['the accounts call', { kind: 'accounts' }, false],
      ['nothing pending', undefined, false],
    ];
    for (const [label, call, expected] of rows) {
      it(`${label} → ${expected}`, () => {
        const state = call === undefined ? flowState('confirmation') : pendingOn(flowState('confirmation'), call);
        expect(isConfirming(state)).to.equal(expected);
      });
    }

    it('the code of an approval asked while starting or leaving counts too', () => {
      expect(isConfirming(pendingOn(startingState({ decision: { kind: 'unclear' } }), CONFIRM))).to.equal(true);
      expect(isConfirming(pendingOn(leavingState('login', 'rejected', { decision: { kind: 'committed' } }), CONFIRM))).to.equal(true);
      expect(isConfirming(confirmedState())).to.equal(false);
    });
  });

  it('modalButtonsBusy: while leaving, and while a confirmation is decided (with or without a modal open), except the timeout warning', () => {
    expect(modalButtonsBusy(confirming())).to.equal(true);
    expect(modalButtonsBusy(withModal(confirming(), 'forgotUsername'))).to.equal(true);
    expect(modalButtonsBusy(withModal(confirming(), undefined, 30))).to.equal(false);
    expect(modalButtonsBusy(withModal(confirming(), 'forgotUsername', 30))).to.equal(false);
    expect(modalButtonsBusy(withModal(confirming(), undefined, 30, true)), 'the redirect over the warning').to.equal(true);
    expect(modalButtonsBusy(flowState('confirmation'))).to.equal(false);
    expect(modalButtonsBusy(withModal(flowState('confirmation'), 'sharingIncomplete'))).to.equal(false);
    expect(modalButtonsBusy(leavingState('login', 'rejected', { modals: modalsWith('sharingIncomplete') }))).to.equal(true);
    expect(modalButtonsBusy(leavingState('login', 'rejected', { modals: modalsWith(undefined, 0) })), 'even the warning while leaving').to.equal(true);
  });

  it('flowFlags: skipStep only with a consent of customer scopes only; isPar from the consent; singleProfile under 2 profiles', () => {
    expect(flowFlags(startingState({ profiles: [] }))).to.deep.equal({ skipStep: false, isPar: false, singleProfile: true });
    expect(flowFlags(flowState('login', { consent: customerOnlyConsent() }))).to.deep.equal({ skipStep: true, isPar: false, singleProfile: true });
    expect(flowFlags(flowState('login', { consent: amendmentConsent(), profiles: trustProfiles() }))).to.deep.equal({
      skipStep: false,
      isPar: true,
      singleProfile: false,
    });
    expect(flowFlags(flowState('login', { consent: bankConsent(), profiles: personalProfile() }))).to.deep.equal({
      skipStep: false,
      isPar: false,
      singleProfile: true,
    });
  });

  describe('customerWording (spec §3 individualAccount): whose data the customer clusters describe', () => {
    it("the accounts' ownership decides when there are accounts: individual, even under a trust profile", () => {
      expect(customerWording(flowState('confirmation', { profiles: selectOrThrow('BC1001') }))).to.equal('individual');
    });
    it('a TrustUser account is an organisation, even under PERSONAL or in an amendment', () => {
      expect(customerWording(flowState('confirmation', { accounts: accounts(trustRawAccounts()) }))).to.equal('organisation');
      expect(customerWording(flowState('confirmation', { accounts: accounts(trustRawAccounts()), consent: amendmentOf(undefined) }))).to.equal('organisation');
    });
    it("no accounts in an amendment: the arrangement's profile decides (issue 21), PERSONAL or none the individual, any other an organisation", () => {
      expect(customerWording(flowState('confirmation', { accounts: undefined, consent: amendmentOf(undefined), profiles: selectOrThrow('BC1001') }))).to.equal(
        'individual',
      );
      expect(
        customerWording(flowState('confirmation', { accounts: accounts([]), consent: amendmentOf('PERSONAL'), profiles: selectOrThrow('BC1001') })),
      ).to.equal('individual');
      expect(customerWording(flowState('confirmation', { accounts: undefined, consent: amendmentOf('BC1001'), profiles: trustProfiles() }))).to.equal(
        'organisation',
      );
    });
    it('no consent read yet: the chosen profile decides', () => {
      expect(customerWording(startingState({ profiles: trustProfiles() }))).to.equal('individual');
      expect(customerWording(startingState({ profiles: selectOrThrow('BC1001') }))).to.equal('organisation');
    });
    it('no accounts and no profile chosen: individual', () => {
      expect(customerWording(flowState('confirmation', { accounts: undefined, profiles: [] }))).to.equal('individual');
      expect(
        customerWording(flowState('confirmation', { accounts: undefined, profiles: trustProfiles().map((profile) => ({ ...profile, selected: false })) })),
      ).to.equal('individual');
    });
    it('no accounts in a first consent: the chosen profile decides, PERSONAL individual, any other an organisation', () => {
      expect(customerWording(flowState('confirmation', { accounts: undefined, profiles: trustProfiles() }))).to.equal('individual');
      expect(customerWording(flowState('confirmation', { accounts: accounts([]), profiles: selectOrThrow('BC1001') }))).to.equal('organisation');
    });
  });
});
