import { expect } from 'chai';
import type { Account } from '../../domain/accounts';
import type { FlowCall } from '../../domain/flow-effects';
import type { FlowState } from '../../domain/flow-state';
import { DESCRIPTION_MAX_LENGTH, SUCCESS_RETURN_DELAY_MS, enterAccountStep, onAccounts, onBusinessProfileConfirmed, onSaved } from '../../domain/flow-steps';
import { selectProfile } from '../../domain/profiles';
import {
  NOW, amendmentConsent, answer, accounts, apiError, bankConsent, customerOnlyConsent, err, flowState, modalsWith, ok, pendingOn, run,
  runAll, sentCall, settled, at, trustProfiles,
} from './fixtures/flow-state.fixture';

const EGA_ID = 'EGA:011000 99990001';
const JANE_IDS = ['acc-0001', 'acc-0002', 'acc-0003', 'acc-0004', 'acc-0005', EGA_ID];

const chosen = (profileId: string) => {
  const result = selectProfile(trustProfiles(), profileId);
  if (!result.ok) throw new Error(profileId);
  return result.value;
};

const ids = (list: readonly Account[] | undefined): string[] => (list ?? []).map((account) => account.id);
const selectedIds = (list: readonly Account[] | undefined): string[] => (list ?? []).filter((account) => account.selected).map((account) => account.id);

const ref = (id: string) => ({ schemeName: 'BSB_ACCOUNT', identification: `062000 ${id}`, secondaryIdentification: id });

/** On select-profile with two profiles (PERSONAL chosen by default), the bank on no profile yet. */
const onProfiles = (overrides: Partial<FlowState> = {}): FlowState =>
  flowState('selectProfile', { profiles: trustProfiles(), bankProfile: undefined, ...overrides });

const put = (bcin: string): FlowCall => ({ kind: 'confirmBusinessProfile', request: { bcin } });

describe('domain/flow-steps: profile, account step, selection, review, confirm (spec §4, §7, §8)', () => {
  describe('select-profile (spec §4 "Profile")', () => {
    it('choosing a profile selects it alone; nothing is emitted', () => {
      const before = onProfiles();
      const { state, effects } = run(before, { type: 'chooseProfile', id: 'BC1001' });
      expect(state).to.deep.equal({ ...before, profiles: chosen('BC1001') });
      expect(effects).to.deep.equal([]);
    });

    it('an unknown id, another step, or a modal over the page: nothing changes', () => {
      for (const before of [onProfiles(), flowState('selectAccounts', { profiles: trustProfiles() }), settled({ ...onProfiles(), modals: modalsWith('sharingIncomplete') })]) {
        const id = before.step === 'selectProfile' && before.modals.base === undefined ? 'NOPE' : 'BC1001';
        const result = run(before, { type: 'chooseProfile', id });
        expect(result.state).to.equal(before);
        expect(result.effects).to.deep.equal([]);
      }
    });

    it('Continue tells the bank the chosen profile first (the business-contract put), keeping nothing', () => {
      const before = onProfiles({ profiles: chosen('BC1001') });
      const { state, effects } = run(before, { type: 'continue' });
      expect(effects).to.deep.equal([{ type: 'call', id: 10, call: put('BC1001') }]);
      expect(state).to.deep.equal({ ...before, nextCallId: 11, pending: { id: 10, call: put('BC1001'), keep: undefined, exitStage: undefined, attempt: 1, firstSentAtMs: NOW, retryAtMs: undefined, held: false, replay: false, unclear: false } });
    });

    it('Continue with no profile chosen changes nothing', () => {
      const before = onProfiles({ profiles: trustProfiles().map((profile) => ({ ...profile, selected: false })) });
      expect(run(before, { type: 'continue' }).state).to.equal(before);
    });
  });

  describe('account step (spec §4 "Account step", issue 11 defect 1)', () => {
    const rows: [label: string, profileId: string, bankProfile: string | undefined, expected: FlowCall][] = [
      ['PERSONAL, the bank on no profile → the put', 'PERSONAL', undefined, put('PERSONAL')],
      ['PERSONAL, the bank on PERSONAL now → no put, the accounts', 'PERSONAL', 'PERSONAL', { kind: 'accounts' }],
      ['PERSONAL, the bank on the trust → the put (already done means now)', 'PERSONAL', 'BC1001', put('PERSONAL')],
      ['the trust, the bank on the trust → the put all the same (only PERSONAL is skipped)', 'BC1001', 'BC1001', put('BC1001')],
      ['the trust, the bank on PERSONAL → the put of the trust (the page names the profile the bank is on)', 'BC1001', 'PERSONAL', put('BC1001')],
    ];
    for (const [label, profileId, bankProfile, expected] of rows) {
      it(label, () => {
        const { effects } = run(onProfiles({ profiles: chosen(profileId), bankProfile }), { type: 'continue' });
        expect(effects).to.deep.equal([{ type: 'call', id: 10, call: expected }]);
      });
    }

    it('a PAR is never put (the arrangement\'s profile stands)', () => {
      const { effects } = enterAccountStep(flowState('selectProfile', { consent: amendmentConsent(), profiles: chosen('BC1001'), bankProfile: undefined }));
      expect(effects).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'accounts' } }]);
    });

    it('skip-step: straight to the review without loading accounts, reaching preAuthorisation', () => {
      const before = flowState('selectProfile', { consent: customerOnlyConsent(), profiles: chosen('PERSONAL'), bankProfile: 'PERSONAL', accounts: accounts() });
      const { state, effects } = run(before, { type: 'continue' });
      expect(effects).to.deep.equal([{ type: 'pageView', step: 'confirmation' }]);
      expect(state).to.deep.equal({ ...before, accounts: undefined, stage: 'preAuthorisation', step: 'confirmation' });
    });

    describe('the put answered', () => {
      const putting = (keep?: readonly Account[], overrides: Partial<FlowState> = {}): FlowState =>
        pendingOn(onProfiles({ profiles: chosen('BC1001'), ...overrides }), put('BC1001'), keep === undefined ? {} : { keep });

      it('done: the bank is on that profile now; the accounts are loaded, with the ticks to keep', () => {
        const keep = accounts().data;
        const before = putting(keep);
        const { state, effects } = answer(before, { kind: 'confirmBusinessProfile', result: ok(undefined) });
        expect(effects).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'accounts' } }]);
        expect(state).to.deep.equal({ ...before, bankProfile: 'BC1001', nextCallId: 11, pending: { id: 10, call: { kind: 'accounts' }, keep, exitStage: undefined, attempt: 1, firstSentAtMs: NOW, retryAtMs: undefined, held: false, replay: false, unclear: false } });
      });

      it('done, skip-step: the review, preAuthorisation', () => {
        const before = putting(undefined, { consent: customerOnlyConsent() });
        const { state, effects } = answer(before, { kind: 'confirmBusinessProfile', result: ok(undefined) });
        expect(effects).to.deep.equal([{ type: 'pageView', step: 'confirmation' }]);
        expect(state).to.deep.equal({ ...before, bankProfile: 'BC1001', pending: undefined, step: 'confirmation', stage: 'preAuthorisation', accounts: undefined });
      });

      const failures: [string, number, string | undefined, string[], string][] = [
        ['400 A09: no eligible accounts (return only), the flow does not go on under it', 400, 'A09', [], 'noEligibleAccounts'],
        ['400 A05 likewise', 400, 'A05', [], 'noEligibleAccounts'],
        ['422: unavailable resource', 422, undefined, [], 'unavailableResource'],
        ['500 code 500 with AISVAL0009: went wrong', 500, '500', ['x AISVAL0009 y'], 'wentWrong'],
        ['anything else: service unavailable', 503, undefined, [], 'serviceUnavailable'],
      ];
      for (const [label, status, code, causes, modal] of failures) {
        it(`failed, ${label}; the bank's profile is unknown now`, () => {
          const before = putting(undefined, { bankProfile: 'PERSONAL' });
          const { state, effects } = answer(before, { kind: 'confirmBusinessProfile', result: err(apiError(status, code, causes)) });
          expect(effects).to.deep.equal([]);
          expect(state).to.deep.equal({ ...before, bankProfile: undefined, pending: undefined, modals: modalsWith(modal as never) });
        });
      }
    });

    describe('the accounts answered', () => {
      const loading = (overrides: Partial<FlowState> = {}, keep?: readonly Account[]): FlowState =>
        pendingOn(flowState('selectProfile', { profiles: trustProfiles(), accounts: undefined, ...overrides }), { kind: 'accounts' }, keep === undefined ? {} : { keep });

      it('loaded: the account step shows them, nothing ticked on a first consent', () => {
        const before = loading();
        const { state, effects } = answer(before, { kind: 'accounts', result: ok(accounts()) });
        expect(effects).to.deep.equal([{ type: 'pageView', step: 'selectAccounts' }]);
        expect(state).to.deep.equal({ ...before, accounts: accounts(), pending: undefined, step: 'selectAccounts' });
        expect(state.stage).to.equal('preAccountSelection');
      });

      it('an amendment pre-selects the accounts already shared, first', () => {
        const { state } = answer(loading({ consent: amendmentConsent() }), { kind: 'accounts', result: ok(accounts()) });
        expect(ids(state.accounts?.data)).to.deep.equal(['acc-0001', 'acc-0003', 'acc-0002', 'acc-0004', 'acc-0005', EGA_ID]);
        expect(selectedIds(state.accounts?.data)).to.deep.equal(['acc-0001', 'acc-0003']);
        expect(state.accounts?.data.filter((a) => a.preSelected).map((a) => a.id)).to.deep.equal(['acc-0001', 'acc-0003']);
      });

      it('coming back from the review, the customer\'s earlier ticks are put back on the fresh list (spec §4 Back)', () => {
        const earlier = accounts().data.map((account) => (account.id === 'acc-0002' ? { ...account, selected: true } : account));
        const { state } = answer(loading({ consent: amendmentConsent() }, earlier), { kind: 'accounts', result: ok(accounts()) });
        expect(selectedIds(state.accounts?.data)).to.deep.equal(['acc-0002']);
        expect(state.accounts?.availableAccounts.map((a) => a.id)).to.include('acc-0002');
      });

      it('400 A09: the account step shows with no accounts (spec §8 "lets navigation continue")', () => {
        const before = loading({ accounts: accounts() });
        const { state, effects } = answer(before, { kind: 'accounts', result: err(apiError(400, 'A09')) });
        expect(effects).to.deep.equal([{ type: 'pageView', step: 'selectAccounts' }]);
        expect(state).to.deep.equal({ ...before, accounts: undefined, pending: undefined, step: 'selectAccounts' });
      });

      it('400 A05 under skip-step goes on to the step the flow shows next: the review, preAuthorisation', () => {
        const before = loading({ consent: customerOnlyConsent(), profiles: chosen('PERSONAL') });
        const { state, effects } = answer(before, { kind: 'accounts', result: err(apiError(400, 'A05')) });
        expect(effects).to.deep.equal([{ type: 'pageView', step: 'confirmation' }]);
        expect(state).to.deep.equal({ ...before, accounts: undefined, pending: undefined, step: 'confirmation', stage: 'preAuthorisation' });
      });

      for (const [status, code, causes, modal] of [[422, undefined, [], 'unavailableResource'], [500, '500', ['AISVAL0009'], 'wentWrong'], [500, '500', ['AISVAL0008'], 'serviceUnavailable'], [400, 'A10', [], 'serviceUnavailable']] as const) {
        it(`${status} ${code ?? ''} ${causes.join()} → ${modal}, on the same step`, () => {
          const before = loading();
          const { state, effects } = answer(before, { kind: 'accounts', result: err(apiError(status, code, causes)) });
          expect(effects).to.deep.equal([]);
          expect(state).to.deep.equal({ ...before, pending: undefined, modals: modalsWith(modal) });
        });
      }
    });
  });

  describe('account selection (spec §4 "Account selection")', () => {
    it('ticking an account, a sub-account, and select-all change the accounts and nothing else', () => {
      const before = flowState('selectAccounts');
      const ticked = run(before, { type: 'toggleAccount', id: 'acc-0001' });
      expect(ticked.effects).to.deep.equal([]);
      expect(selectedIds(ticked.state.accounts?.data)).to.deep.equal(['acc-0001']);
      expect({ ...ticked.state, accounts: before.accounts }).to.deep.equal(before);
      expect(ticked.state.accounts?.availableAccounts.find((a) => a.id === 'acc-0001')?.selected).to.equal(true);
      const sub = run(ticked.state, { type: 'toggleSubAccount', parentId: EGA_ID, subId: 'ega-usd-01' });
      const ega = sub.state.accounts?.data.find((a) => a.id === EGA_ID);
      expect(ega?.indeterminate).to.equal(true);
      expect(ega?.subAccounts.filter((s) => s.selected).map((s) => s.id)).to.deep.equal(['ega-usd-01']);
      const all = run(sub.state, { type: 'toggleAll' });
      expect(selectedIds(all.state.accounts?.data)).to.deep.equal(['acc-0001', 'acc-0002', 'acc-0003', 'acc-0004', EGA_ID]);
      expect(selectedIds(run(all.state, { type: 'toggleAll' }).state.accounts?.data)).to.deep.equal([]);
    });

    it('is ignored off the account step, without accounts, or behind a modal', () => {
      for (const before of [
        flowState('confirmation'), flowState('selectAccounts', { accounts: undefined }), settled({ ...flowState('selectAccounts'), modals: modalsWith(undefined, 3) }),
      ]) {
        for (const event of [{ type: 'toggleAccount', id: 'acc-0001' }, { type: 'toggleSubAccount', parentId: EGA_ID, subId: 'ega-usd-01' }, { type: 'toggleAll' }] as const) {
          const result = run(before, event);
          expect(result.state).to.equal(before);
          expect(result.effects).to.deep.equal([]);
        }
      }
    });
  });

  describe('Continue on select-and-confirm saves the selection, then the review (spec §4, §7)', () => {
    it('saves every bank permission with the selected accounts, customer permissions without, and no nickname (even in an amendment)', () => {
      const before = { ...flowState('selectAccounts', { consent: amendmentConsent() }), description: 'Budgeting' };
      const { state, effects } = runAll(before, [{ type: 'toggleAccount', id: 'acc-0001' }, { type: 'continue' }]);
      const request = {
        permissions: [
          { permission: 'bank:accounts.basic:read', accounts: [ref('acc-0001')] },
          { permission: 'bank:accounts.detail:read', accounts: [ref('acc-0001')] },
          { permission: 'bank:transactions:read', accounts: [ref('acc-0001')] },
          { permission: 'common:customer.basic:read' },
        ],
      };
      const call: FlowCall = { kind: 'saveSelection', request, then: 'confirmationStep' };
      expect(effects).to.deep.equal([{ type: 'call', id: 10, call }]);
      expect(state.pending).to.deep.equal(sentCall(10, call));
      expect(state.nextCallId).to.equal(11);
    });

    it('with no accounts shown (A09): every bank permission with an empty list', () => {
      const { effects } = run(flowState('selectAccounts', { accounts: undefined }), { type: 'continue' });
      expect(effects).to.deep.equal([{
        type: 'call', id: 10, call: {
          kind: 'saveSelection', then: 'confirmationStep', request: {
            permissions: [
              { permission: 'bank:accounts.basic:read', accounts: [] }, { permission: 'bank:accounts.detail:read', accounts: [] },
              { permission: 'bank:transactions:read', accounts: [] }, { permission: 'common:customer.basic:read' },
            ],
          },
        },
      }]);
    });

    it('without a consent, or behind a modal: nothing', () => {
      for (const before of [flowState('selectAccounts', { consent: undefined }), settled({ ...flowState('selectAccounts'), modals: modalsWith('changeSelectedProfile') })]) {
        expect(run(before, { type: 'continue' }).state).to.equal(before);
      }
    });

    it('Continue on login or the review does nothing (their forward buttons are other events)', () => {
      for (const before of [flowState('login'), flowState('confirmation')]) expect(run(before, { type: 'continue' }).state).to.equal(before);
    });

    it('saved → the review, reaching preAuthorisation (DESIGN §3.8)', () => {
      const before = pendingOn(flowState('selectAccounts'), { kind: 'saveSelection', request: { permissions: [] }, then: 'confirmationStep' });
      const { state, effects } = answer(before, { kind: 'saveSelection', result: ok(undefined) });
      expect(effects).to.deep.equal([{ type: 'pageView', step: 'confirmation' }]);
      expect(state).to.deep.equal({ ...before, pending: undefined, step: 'confirmation', stage: 'preAuthorisation' });
    });

    for (const [status, code, modal] of [[400, 'A09', 'noEligibleAccounts'], [400, 'A05', 'noEligibleAccounts'], [400, 'A01', 'serviceUnavailable'], [500, undefined, 'serviceUnavailable']] as const) {
      it(`not saved (${status} ${code ?? ''}) → ${modal} (spec §8)`, () => {
        const before = pendingOn(flowState('selectAccounts'), { kind: 'saveSelection', request: { permissions: [] }, then: 'confirmationStep' });
        const { state, effects } = answer(before, { kind: 'saveSelection', result: err(apiError(status, code)) });
        expect(effects).to.deep.equal([]);
        expect(state).to.deep.equal({ ...before, pending: undefined, modals: modalsWith(modal) });
      });
    }
  });

  describe('Back (spec §2 buttons, §4 Back)', () => {
    it('on select-and-confirm with a trust profile (not PAR): the change-profile warning opens', () => {
      const before = flowState('selectAccounts', { profiles: trustProfiles() });
      const { state, effects } = run(before, { type: 'back' });
      expect(effects).to.deep.equal([]);
      expect(state).to.deep.equal({ ...before, modals: modalsWith('changeSelectedProfile') });
    });

    it('from the review: the account guard runs again, keeping the customer\'s ticks (the bank on PERSONAL: no put)', () => {
      const toggled = run(flowState('selectAccounts'), { type: 'toggleAccount', id: 'acc-0003' }).state;
      const onReview = settled({ ...toggled, step: 'confirmation', stage: 'preAuthorisation' });
      const { state, effects } = run(onReview, { type: 'back' });
      expect(effects).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'accounts' } }]);
      expect(state.pending?.keep).to.equal(onReview.accounts?.data);
      expect(state.step).to.equal('confirmation');
    });

    it('from the review on the trust profile: the put again, keeping the ticks', () => {
      const before = flowState('confirmation', { profiles: chosen('BC1001'), bankProfile: 'BC1001' });
      const { state, effects } = run(before, { type: 'back' });
      expect(effects).to.deep.equal([{ type: 'call', id: 10, call: put('BC1001') }]);
      expect(state.pending).to.deep.equal(sentCall(10, put('BC1001'), { keep: before.accounts?.data }));
    });

    it('from the review without accounts: an empty list to keep', () => {
      const { state } = run(flowState('confirmation', { accounts: undefined }), { type: 'back' });
      expect(state.pending?.keep).to.deep.equal([]);
    });

    it('from the review under skip-step with two profiles: select-profile', () => {
      const before = flowState('confirmation', { consent: customerOnlyConsent(), profiles: trustProfiles(), accounts: undefined });
      const { state, effects } = run(before, { type: 'back' });
      expect(effects).to.deep.equal([{ type: 'pageView', step: 'selectProfile' }]);
      expect(state).to.deep.equal({ ...before, step: 'selectProfile' });
    });

    const noBack: [string, () => FlowState][] = [
      ['login', () => flowState('login')],
      ['select-profile', () => flowState('selectProfile', { profiles: trustProfiles() })],
      ['select-and-confirm with one profile', () => flowState('selectAccounts')],
      ['select-and-confirm in a PAR', () => flowState('selectAccounts', { consent: amendmentConsent(), profiles: trustProfiles() })],
      ['the review in a PAR', () => flowState('confirmation', { consent: amendmentConsent() })],
      ['the review under skip-step with one profile', () => flowState('confirmation', { consent: customerOnlyConsent() })],
      ['the review behind a modal', () => settled({ ...flowState('confirmation'), modals: modalsWith('forgotUsername') })],
      ['the review while a request is under way', () => pendingOn(flowState('confirmation'), { kind: 'confirm' })],
    ];
    for (const [label, build] of noBack) {
      it(`no Back on ${label}: nothing changes`, () => {
        const before = build();
        const result = run(before, { type: 'back' });
        expect(result.state).to.equal(before);
        expect(result.effects).to.deep.equal([]);
      });
    }
  });

  describe('the review (spec §2 "Your description", §4 Confirm, §7)', () => {
    it('the description is kept as typed, cut at the bank\'s limit', () => {
      const before = flowState('confirmation');
      expect(run(before, { type: 'describe', text: ' Holiday ' }).state).to.deep.equal({ ...before, description: ' Holiday ' });
      const long = 'x'.repeat(DESCRIPTION_MAX_LENGTH + 10);
      expect(run(before, { type: 'describe', text: long }).state.description).to.equal('x'.repeat(255));
      expect(DESCRIPTION_MAX_LENGTH).to.equal(255);
    });

    it('the description is ignored off the review or behind a modal', () => {
      for (const before of [flowState('selectAccounts'), settled({ ...flowState('confirmation'), modals: modalsWith('sharingIncomplete') })]) {
        expect(run(before, { type: 'describe', text: 'x' }).state).to.equal(before);
      }
    });

    it('Confirm without a description: the confirmation call alone', () => {
      const before = { ...flowState('confirmation'), description: '  ' };
      const { state, effects } = run(before, { type: 'confirm' });
      expect(effects).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'confirm' } }]);
      expect(state).to.deep.equal({ ...before, nextCallId: 11, approvalAsked: true, pending: sentCall(10, { kind: 'confirm' }) });
    });

    it('Confirm with a description: the selection is saved again carrying it (trimmed), then confirmed', () => {
      const ticked = run(flowState('selectAccounts'), { type: 'toggleAccount', id: 'acc-0002' }).state;
      const before = settled({ ...ticked, step: 'confirmation', description: ' Holiday ' });
      const { state, effects } = run(before, { type: 'confirm' });
      const call: FlowCall = {
        kind: 'saveSelection', then: 'confirm', request: {
          permissions: [
            { permission: 'bank:accounts.basic:read', accounts: [ref('acc-0002')] }, { permission: 'bank:accounts.detail:read', accounts: [ref('acc-0002')] },
            { permission: 'bank:transactions:read', accounts: [ref('acc-0002')] }, { permission: 'common:customer.basic:read' },
          ],
          consentNickname: 'Holiday',
        },
      };
      expect(effects).to.deep.equal([{ type: 'call', id: 10, call }]);
      expect(state.pending).to.deep.equal(sentCall(10, call));
    });

    it('Confirm with a description and no accounts: empty account lists', () => {
      const { effects } = run({ ...flowState('confirmation', { accounts: undefined, consent: customerOnlyConsent() }), description: 'Mine' }, { type: 'confirm' });
      expect(effects).to.deep.equal([{
        type: 'call', id: 10, call: {
          kind: 'saveSelection', then: 'confirm',
          request: { permissions: [{ permission: 'common:customer.basic:read' }, { permission: 'common:customer.detail:read' }], consentNickname: 'Mine' },
        },
      }]);
    });

    it('the description saved → the confirmation call (one, with a new id)', () => {
      const before = pendingOn(flowState('confirmation'), { kind: 'saveSelection', request: { permissions: [] }, then: 'confirm' });
      const { state, effects } = answer(before, { kind: 'saveSelection', result: ok(undefined) });
      expect(effects).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'confirm' } }]);
      expect(state).to.deep.equal({ ...before, nextCallId: 11, approvalAsked: true, pending: sentCall(10, { kind: 'confirm' }) });
    });

    it('Confirm off the review, without a consent, or while confirming: nothing (DESIGN §3.4 one confirmation)', () => {
      for (const before of [flowState('selectAccounts'), flowState('confirmation', { consent: undefined }), pendingOn(flowState('confirmation'), { kind: 'confirm' })]) {
        const result = run(before, { type: 'confirm' });
        expect(result.state).to.equal(before);
        expect(result.effects).to.deep.equal([]);
      }
    });

    it('confirmed: the success modal alone, the answer kept, only the success return timed (2.5 s)', () => {
      const before = settled({ ...pendingOn(flowState('confirmation'), { kind: 'confirm' }), modals: modalsWith('forgotUsername', 40, true) });
      const now = NOW + 7;
      const confirmation = { auth_code: 'code-1', state: 'af0ifjsldkj' };
      const { state, effects } = answer(before, { kind: 'confirm', result: ok(confirmation) }, now);
      expect(SUCCESS_RETURN_DELAY_MS).to.equal(2500);
      expect(effects).to.deep.equal([{ type: 'wakeAt', atMs: now + 2500 }]);
      expect(state).to.deep.equal({
        ...at(before, now),
        pending: undefined,
        confirmation,
        modals: { base: 'successConfirm', timeoutSeconds: undefined, expiry: false },
        timers: { lastActivityMs: undefined, tokenExpiry: false, fallbackReturnAtMs: undefined, successReturnAtMs: now + 2500 },
        wakeAtMs: now + 2500,
      });
    });

    for (const [status, code, modal] of [[400, 'A05', 'noEligibleAccounts'], [422, undefined, 'serviceUnavailable']] as const) {
      it(`not confirmed (${status} ${code ?? ''}) → ${modal}; nothing is sent again (spec §8)`, () => {
        const before = pendingOn(flowState('confirmation'), { kind: 'confirm' });
        const { state, effects } = answer(before, { kind: 'confirm', result: err(apiError(status, code)) });
        expect(effects).to.deep.equal([]);
        expect(state).to.deep.equal({ ...before, pending: undefined, modals: modalsWith(modal) });
      });
    }
  });

  describe('the answer handlers called on their own (their guards, besides the model\'s: an answer counts only for its pending call)', () => {
    it('a put\'s answer with no put pending changes nothing', () => {
      for (const before of [flowState('selectProfile'), pendingOn(flowState('selectProfile'), { kind: 'accounts' })]) {
        const result = onBusinessProfileConfirmed(before, { kind: 'confirmBusinessProfile', result: ok(undefined) });
        expect(result.state).to.equal(before);
        expect(result.effects).to.deep.equal([]);
      }
    });

    it('a save\'s answer with no save pending changes nothing', () => {
      for (const before of [flowState('selectAccounts'), pendingOn(flowState('selectAccounts'), { kind: 'confirm' })]) {
        const result = onSaved(before, { kind: 'saveSelection', result: ok(undefined) });
        expect(result.state).to.equal(before);
        expect(result.effects).to.deep.equal([]);
      }
    });

    it('accounts before any consent is known: nothing is pre-selected', () => {
      const { state } = onAccounts(flowState('selectProfile', { consent: undefined, accounts: undefined }), { kind: 'accounts', result: ok(accounts()) });
      expect(state.accounts).to.deep.equal(accounts());
    });

    it('accounts with nothing pending are shown as loaded (no ticks to keep)', () => {
      const { state, effects } = onAccounts(flowState('selectProfile', { accounts: undefined }), { kind: 'accounts', result: ok(accounts()) });
      expect(effects).to.deep.equal([{ type: 'pageView', step: 'selectAccounts' }]);
      expect(state.accounts).to.deep.equal(accounts());
    });
  });

  it('a first consent loads with every account id in the bank\'s order', () => {
    expect(ids(accounts().data)).to.deep.equal(JANE_IDS);
    expect(bankConsent().isPAR).to.equal(false);
  });
});
