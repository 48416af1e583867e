import { expect } from 'chai';
import type { Phase } from '../../domain/flow-state';
import { backFrom } from '../../domain/flow';
import type { FlowCall } from '../../domain/flow-effects';
import type { FlowState } from '../../domain/flow-state';
import {
  DESCRIPTION_MAX_LENGTH,
  SUCCESS_RETURN_DELAY_MS,
  confirmFailed,
  enterAccountStep,
  onAccounts,
  onBusinessProfileConfirmed,
  onSaved,
  selectionSharesNothing,
} from '../../domain/flow-steps';
import { accountState, type Account } from '../../domain/accounts';
import { flowFlags } from '../../domain/flow-view';
import { selectProfile } from '../../domain/profiles';
import {
  ALL_FLAGS,
  NOW,
  STATE,
  amendmentConsent,
  answer,
  accounts,
  apiError,
  at,
  bankConsent,
  confirming,
  customerOnlyConsent,
  err,
  flowState,
  loadingState,
  modals,
  modalsWith,
  ok,
  stepUnder,
  pending,
  pendingOn,
  phaseOf,
  run,
  runAll,
  sentCall,
  settled,
  startingState,
  stepOn,
  trustProfiles,
  withModal,
  type FlowOverrides,
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
const onProfiles = (overrides: FlowOverrides = {}): FlowState =>
  flowState('selectProfile', { profiles: trustProfiles(), bankProfile: undefined, accounts: undefined, ...overrides });

/** The state on another step (the same journey). */
const onStep = (state: FlowState, step: 'login' | 'selectProfile' | 'selectAccounts' | 'confirmation'): FlowState =>
  settled<Phase>({ ...state, phase: { ...phaseOf(state, 'steps'), step } });

const put = (bcin: string): FlowCall => ({ kind: 'confirmBusinessProfile', request: { bcin } });

describe('domain/flow-steps: profile, account step, selection, review, confirm (spec §4, §7, §8)', () => {
  describe('select-profile (spec §4 "Profile")', () => {
    it('choosing a profile selects it alone; nothing is emitted', () => {
      const before = onProfiles();
      const { state, effects } = run(before, { type: 'chooseProfile', id: 'BC1001' });
      expect(state).to.deep.equal({ ...before, journey: { ...before.journey, profiles: chosen('BC1001') } });
      expect(effects).to.deep.equal([]);
    });

    it('an unknown id, another step, or a modal over the page: nothing changes', () => {
      for (const [before, id] of [
        [onProfiles(), 'NOPE'],
        [flowState('selectAccounts', { profiles: trustProfiles() }), 'BC1001'],
        [withModal(onProfiles(), 'sharingIncomplete'), 'BC1001'],
      ] as const) {
        const result = run(before, { type: 'chooseProfile', id });
        expect(result.state).to.equal(before);
        expect(result.effects).to.deep.equal([]);
      }
    });

    it('Continue tells the bank the chosen profile first (the business-contract put), keeping nothing', () => {
      const before = onProfiles({ profiles: chosen('BC1001') });
      const { state, effects } = run(before, { type: 'continue' });
      expect(effects).to.deep.equal([{ type: 'call', id: 10, call: put('BC1001') }]);
      expect(state).to.deep.equal({ ...before, nextCallId: 11, phase: { ...phaseOf(before, 'steps'), call: sentCall(10, put('BC1001')) } });
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

    it("a PAR is never put (the arrangement's profile stands)", () => {
      const { effects } = enterAccountStep(flowState('selectProfile', { consent: amendmentConsent(), profiles: chosen('BC1001'), bankProfile: undefined }));
      expect(effects).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'accounts' } }]);
    });

    it('skip-step: straight to the review without loading accounts, reaching preAuthorisation', () => {
      const before = flowState('selectProfile', {
        consent: customerOnlyConsent(),
        profiles: chosen('PERSONAL'),
        bankProfile: 'PERSONAL',
        accounts: accounts(),
      });
      const { state, effects } = run(before, { type: 'continue' });
      expect(effects).to.deep.equal([{ type: 'pageView', step: 'confirmation' }]);
      expect(state).to.deep.equal({
        ...before,
        phase: { ...phaseOf(before, 'steps'), step: 'confirmation' },
        journey: { ...before.journey, accounts: undefined, stage: 'preAuthorisation' },
      });
    });

    describe('the put answered', () => {
      const putting = (keep?: readonly Account[], overrides: FlowOverrides = {}): FlowState =>
        pendingOn(onProfiles({ profiles: chosen('BC1001'), ...overrides }), put('BC1001'), keep);

      it('done: the bank is on that profile now; the accounts are loaded, with the ticks to keep', () => {
        const keep = accounts().data;
        const before = putting(keep);
        const { state, effects } = answer(before, { kind: 'confirmBusinessProfile', result: ok(undefined) });
        expect(effects).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'accounts' } }]);
        expect(state.journey).to.deep.equal({ ...before.journey, bankProfile: 'BC1001' });
        expect(pending(state)).to.deep.equal(sentCall(10, { kind: 'accounts' }, keep));
        expect(stepOn(state)).to.equal('selectProfile');
      });

      it('done, skip-step: the review, preAuthorisation', () => {
        const before = putting(undefined, { consent: customerOnlyConsent() });
        const { state, effects } = answer(before, { kind: 'confirmBusinessProfile', result: ok(undefined) });
        expect(effects).to.deep.equal([{ type: 'pageView', step: 'confirmation' }]);
        expect(phaseOf(state, 'steps')).to.deep.equal({ ...phaseOf(before, 'steps'), step: 'confirmation', call: undefined });
        expect(state.journey).to.deep.equal({ ...before.journey, bankProfile: 'BC1001', stage: 'preAuthorisation', accounts: undefined });
      });

      for (const code of ['A09', 'A05'] as const) {
        it(`400 ${code}: navigation continues without accounts (spec §8), the bank on that profile (issue 21: it judged that profile)`, () => {
          const before = putting(undefined, { bankProfile: 'PERSONAL', accounts: accounts() });
          const { state, effects } = answer(before, { kind: 'confirmBusinessProfile', result: err(apiError(400, code)) });
          expect(effects).to.deep.equal([{ type: 'pageView', step: 'selectAccounts' }]);
          expect(phaseOf(state, 'steps')).to.deep.equal({ ...phaseOf(before, 'steps'), step: 'selectAccounts', call: undefined });
          expect(state.journey).to.deep.equal({ ...before.journey, bankProfile: 'BC1001', accounts: accountState([]) });
        });
      }

      it('400 A09 under skip-step: the review, preAuthorisation', () => {
        const before = putting(undefined, { consent: customerOnlyConsent() });
        const { state, effects } = answer(before, { kind: 'confirmBusinessProfile', result: err(apiError(400, 'A09')) });
        expect(effects).to.deep.equal([{ type: 'pageView', step: 'confirmation' }]);
        expect(state.journey.stage).to.equal('preAuthorisation');
        expect(state.journey.bankProfile).to.equal('BC1001');
      });

      const failures: [string, number, string | undefined, string[], string][] = [
        ['422: unavailable resource', 422, undefined, [], 'unavailableResource'],
        ['500 code 500 with AISVAL0009: went wrong', 500, '500', ['x AISVAL0009 y'], 'wentWrong'],
        ['anything else: service unavailable', 503, undefined, [], 'serviceUnavailable'],
      ];
      for (const [label, status, code, causes, modal] of failures) {
        it(`failed, ${label}; the bank's profile is unknown now`, () => {
          const before = putting(undefined, { bankProfile: 'PERSONAL' });
          const { state, effects } = answer(before, { kind: 'confirmBusinessProfile', result: err(apiError(status, code, causes)) });
          expect(effects).to.deep.equal([]);
          expect(phaseOf(state, 'steps')).to.deep.equal({ ...phaseOf(before, 'steps'), call: undefined, modals: modalsWith(modal as never) });
          expect(state.journey).to.deep.equal({ ...before.journey, bankProfile: undefined });
        });
      }
    });

    describe('the accounts answered', () => {
      const loading = (overrides: FlowOverrides = {}, keep?: readonly Account[]): FlowState =>
        pendingOn(flowState('selectProfile', { profiles: trustProfiles(), accounts: undefined, ...overrides }), { kind: 'accounts' }, keep);

      it('loaded: the account step shows them, nothing ticked on a first consent', () => {
        const before = loading();
        const { state, effects } = answer(before, { kind: 'accounts', result: ok(accounts()) });
        expect(effects).to.deep.equal([{ type: 'pageView', step: 'selectAccounts' }]);
        expect(phaseOf(state, 'steps')).to.deep.equal({ ...phaseOf(before, 'steps'), step: 'selectAccounts', call: undefined });
        expect(state.journey).to.deep.equal({ ...before.journey, accounts: accounts() });
        expect(state.journey.stage).to.equal('preAccountSelection');
      });

      it('an amendment pre-selects the accounts already shared, first', () => {
        const { state } = answer(loading({ consent: amendmentConsent() }), { kind: 'accounts', result: ok(accounts()) });
        const data = state.journey.accounts?.data;
        expect(ids(data)).to.deep.equal(['acc-0001', 'acc-0003', 'acc-0002', 'acc-0004', 'acc-0005', EGA_ID]);
        expect(selectedIds(data)).to.deep.equal(['acc-0001', 'acc-0003']);
        expect(data?.filter((a) => a.preSelected).map((a) => a.id)).to.deep.equal(['acc-0001', 'acc-0003']);
      });

      it("coming back from the review, the customer's earlier ticks are put back on the fresh list (spec §4 Back)", () => {
        const earlier = accounts().data.map((account) => (account.id === 'acc-0002' ? { ...account, selected: true } : account));
        const { state } = answer(loading({ consent: amendmentConsent() }, earlier), { kind: 'accounts', result: ok(accounts()) });
        expect(selectedIds(state.journey.accounts?.data)).to.deep.equal(['acc-0002']);
        expect(state.journey.accounts?.availableAccounts.map((a) => a.id)).to.include('acc-0002');
      });

      it('400 A09: the account step shows with no accounts (spec §8 "lets navigation continue")', () => {
        const before = loading({ accounts: accounts() });
        const { state, effects } = answer(before, { kind: 'accounts', result: err(apiError(400, 'A09')) });
        expect(effects).to.deep.equal([{ type: 'pageView', step: 'selectAccounts' }]);
        expect(phaseOf(state, 'steps')).to.deep.equal({ ...phaseOf(before, 'steps'), step: 'selectAccounts', call: undefined });
        expect(state.journey).to.deep.equal({ ...before.journey, accounts: accountState([]) });
      });

      it('400 A05 under skip-step goes on to the step the flow shows next: the review, preAuthorisation', () => {
        const before = loading({ consent: customerOnlyConsent(), profiles: chosen('PERSONAL') });
        const { state, effects } = answer(before, { kind: 'accounts', result: err(apiError(400, 'A05')) });
        expect(effects).to.deep.equal([{ type: 'pageView', step: 'confirmation' }]);
        expect(stepOn(state)).to.equal('confirmation');
        expect(state.journey.stage).to.equal('preAuthorisation');
        expect(state.journey.accounts).to.equal(undefined);
      });

      for (const [status, code, causes, modal] of [
        [422, undefined, [], 'unavailableResource'],
        [500, '500', ['AISVAL0009'], 'wentWrong'],
        [500, '500', ['AISVAL0008'], 'serviceUnavailable'],
        [400, 'A10', [], 'serviceUnavailable'],
      ] as const) {
        it(`${status} ${code ?? ''} ${causes.join()} → ${modal}, on the same step`, () => {
          const before = loading();
          const { state, effects } = answer(before, { kind: 'accounts', result: err(apiError(status, code, causes)) });
          expect(effects).to.deep.equal([]);
          expect(state).to.deep.equal({ ...before, phase: { ...phaseOf(before, 'steps'), call: undefined, modals: modalsWith(modal) } });
        });
      }
    });
  });

  describe('account selection (spec §4 "Account selection")', () => {
    it('ticking an account, a sub-account, and select-all change the accounts and nothing else', () => {
      const before = flowState('selectAccounts');
      const ticked = run(before, { type: 'toggleAccount', id: 'acc-0001' });
      expect(ticked.effects).to.deep.equal([]);
      expect(selectedIds(ticked.state.journey.accounts?.data)).to.deep.equal(['acc-0001']);
      expect({ ...ticked.state, journey: { ...ticked.state.journey, accounts: before.journey.accounts } }).to.deep.equal(before);
      expect(ticked.state.journey.accounts?.availableAccounts.find((a) => a.id === 'acc-0001')?.selected).to.equal(true);
      const sub = run(ticked.state, { type: 'toggleSubAccount', parentId: EGA_ID, subId: 'ega-usd-01' });
      const ega = sub.state.journey.accounts?.data.find((a) => a.id === EGA_ID);
      expect(ega?.indeterminate).to.equal(true);
      expect(ega?.subAccounts.filter((s) => s.selected).map((s) => s.id)).to.deep.equal(['ega-usd-01']);
      const all = run(sub.state, { type: 'toggleAll' });
      expect(selectedIds(all.state.journey.accounts?.data)).to.deep.equal(['acc-0001', 'acc-0002', 'acc-0003', 'acc-0004', EGA_ID]);
      expect(selectedIds(run(all.state, { type: 'toggleAll' }).state.journey.accounts?.data)).to.deep.equal([]);
    });

    it('select-all under a filter acts on the matching accounts only (issue 13)', () => {
      const { state } = run(flowState('selectAccounts'), { type: 'toggleAll', ids: ['acc-0002', 'acc-0003'] });
      expect(selectedIds(state.journey.accounts?.data)).to.deep.equal(['acc-0002', 'acc-0003']);
    });

    it('is ignored off the account step, or behind a modal', () => {
      for (const before of [flowState('confirmation'), withModal(flowState('selectAccounts'), undefined, 3)]) {
        for (const event of [
          { type: 'toggleAccount', id: 'acc-0001' },
          { type: 'toggleSubAccount', parentId: EGA_ID, subId: 'ega-usd-01' },
          { type: 'toggleAll' },
        ] as const) {
          const result = run(before, event);
          expect(result.state).to.equal(before);
          expect(result.effects).to.deep.equal([]);
        }
      }
    });
  });

  describe('Continue on select-and-confirm saves the selection, then the review (spec §4, §7)', () => {
    it('saves every bank permission with the selected accounts, customer permissions without, and no nickname (even in an amendment)', () => {
      const before = flowState('selectAccounts', { consent: amendmentConsent(), description: 'Budgeting' });
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
      expect(pending(state)).to.deep.equal(sentCall(10, call));
      expect(state.nextCallId).to.equal(11);
    });

    it('with no accounts shown (A09): every bank permission with an empty list', () => {
      const { effects } = run(flowState('selectAccounts', { accounts: accountState([]) }), { type: 'continue' });
      expect(effects).to.deep.equal([
        {
          type: 'call',
          id: 10,
          call: {
            kind: 'saveSelection',
            then: 'confirmationStep',
            request: {
              permissions: [
                { permission: 'bank:accounts.basic:read', accounts: [] },
                { permission: 'bank:accounts.detail:read', accounts: [] },
                { permission: 'bank:transactions:read', accounts: [] },
                { permission: 'common:customer.basic:read' },
              ],
            },
          },
        },
      ]);
    });

    it('behind a modal: nothing', () => {
      const before = withModal(flowState('selectAccounts'), 'changeSelectedProfile');
      expect(run(before, { type: 'continue' }).state).to.equal(before);
    });

    it('Continue on login or the review does nothing (their forward buttons are other events)', () => {
      for (const before of [flowState('login'), flowState('confirmation')]) expect(run(before, { type: 'continue' }).state).to.equal(before);
    });

    it('saved → the review, reaching preAuthorisation (DESIGN §3.8)', () => {
      const before = pendingOn(flowState('selectAccounts'), { kind: 'saveSelection', request: { permissions: [] }, then: 'confirmationStep' });
      const { state, effects } = answer(before, { kind: 'saveSelection', result: ok(undefined) });
      expect(effects).to.deep.equal([{ type: 'pageView', step: 'confirmation' }]);
      expect(phaseOf(state, 'steps')).to.deep.equal({ ...phaseOf(before, 'steps'), step: 'confirmation', call: undefined });
      expect(state.journey).to.deep.equal({ ...before.journey, stage: 'preAuthorisation' });
    });

    for (const [status, code, modal] of [
      [400, 'A09', 'noEligibleAccounts'],
      [400, 'A05', 'noEligibleAccounts'],
      [400, 'A01', 'serviceUnavailable'],
      [500, undefined, 'serviceUnavailable'],
    ] as const) {
      it(`not saved (${status} ${code ?? ''}) → ${modal} (spec §8); nothing asked again`, () => {
        const before = pendingOn(flowState('selectAccounts'), { kind: 'saveSelection', request: { permissions: [] }, then: 'confirmationStep' });
        const { state, effects } = answer(before, { kind: 'saveSelection', result: err(apiError(status, code)) });
        expect(effects).to.deep.equal([]);
        expect(state).to.deep.equal({ ...before, phase: { ...phaseOf(before, 'steps'), call: undefined, modals: modalsWith(modal) } });
      });
    }
  });

  describe('Back (spec §2 buttons, §4 Back)', () => {
    it('on select-and-confirm with a trust profile (not PAR): the change-profile warning opens', () => {
      const before = flowState('selectAccounts', { profiles: trustProfiles() });
      const { state, effects } = run(before, { type: 'back' });
      expect(effects).to.deep.equal([]);
      expect(state).to.deep.equal(withModal(before, 'changeSelectedProfile'));
    });

    it("from the review: the account guard runs again, keeping the customer's ticks (the bank on PERSONAL: no put)", () => {
      const toggled = run(flowState('selectAccounts'), { type: 'toggleAccount', id: 'acc-0003' }).state;
      const onReview = onStep(toggled, 'confirmation');
      const { state, effects } = run(onReview, { type: 'back' });
      expect(effects).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'accounts' } }]);
      expect(pending(state)?.keep).to.equal(onReview.journey.accounts?.data);
      expect(stepOn(state)).to.equal('confirmation');
    });

    it('from the review on the trust profile: the put again, keeping the ticks', () => {
      const before = flowState('confirmation', { profiles: chosen('BC1001'), bankProfile: 'BC1001' });
      const { state, effects } = run(before, { type: 'back' });
      expect(effects).to.deep.equal([{ type: 'call', id: 10, call: put('BC1001') }]);
      expect(pending(state)).to.deep.equal(sentCall(10, put('BC1001'), before.journey.accounts?.data));
    });

    it('from the review without accounts: an empty list to keep', () => {
      const { state } = run(flowState('confirmation', { accounts: undefined }), { type: 'back' });
      expect(pending(state)?.keep).to.deep.equal([]);
    });

    it('from the review under skip-step with two profiles: select-profile', () => {
      const before = flowState('confirmation', { consent: customerOnlyConsent(), profiles: trustProfiles(), accounts: undefined });
      const { state, effects } = run(before, { type: 'back' });
      expect(effects).to.deep.equal([{ type: 'pageView', step: 'selectProfile' }]);
      expect(state).to.deep.equal(onStep(before, 'selectProfile'));
    });

    const noBack: [string, () => FlowState][] = [
      ['login', () => flowState('login')],
      ['select-profile', () => flowState('selectProfile', { profiles: trustProfiles() })],
      ['select-and-confirm with one profile', () => flowState('selectAccounts')],
      ['select-and-confirm in a PAR', () => flowState('selectAccounts', { consent: amendmentConsent(), profiles: trustProfiles() })],
      ['the review in a PAR', () => flowState('confirmation', { consent: amendmentConsent() })],
      ['the review under skip-step with one profile', () => flowState('confirmation', { consent: customerOnlyConsent() })],
      ['the review behind a modal', () => withModal(flowState('confirmation'), 'forgotUsername')],
      ['the review while a request is under way', () => confirming()],
      ['the loading screen', () => startingState()],
    ];
    for (const [label, build] of noBack) {
      it(`no Back on ${label}: nothing changes`, () => {
        const before = build();
        const result = run(before, { type: 'back' });
        expect(result.state).to.equal(before);
        expect(result.effects).to.deep.equal([]);
      });
    }

    describe('onBack does what backFrom says, for every step and flag combination (issue 21: written once)', () => {
      for (const flags of ALL_FLAGS()) {
        for (const step of ['login', 'selectProfile', 'selectAccounts', 'confirmation'] as const) {
          const label = `skipStep=${flags.skipStep} isPar=${flags.isPar} singleProfile=${flags.singleProfile}, ${step}`;
          it(label, () => {
            const before = stepUnder(step, flags);
            expect(flowFlags(before)).to.deep.equal(flags);
            const back = backFrom(step, flags);
            const { state, effects } = run(before, { type: 'back' });
            switch (back.kind) {
              case 'none':
                expect(state).to.equal(before);
                expect(effects).to.deep.equal([]);
                break;
              case 'warnThenProfiles':
                expect(effects).to.deep.equal([]);
                expect(state).to.deep.equal(withModal(before, 'changeSelectedProfile'));
                break;
              case 'toStep':
                if (back.step === 'selectProfile') {
                  expect(effects).to.deep.equal([{ type: 'pageView', step: 'selectProfile' }]);
                  expect(stepOn(state)).to.equal('selectProfile');
                } else {
                  const call = effects.find((effect) => effect.type === 'call');
                  expect(call?.type === 'call' && call.call.kind, 'the account guard again').to.be.oneOf(['accounts', 'confirmBusinessProfile']);
                  expect(pending(state)?.keep).to.deep.equal(before.journey.accounts?.data ?? []);
                }
                break;
            }
          });
        }
      }
    });
  });

  describe('the review (spec §2 "Your description", §4 Confirm, §7)', () => {
    it("the description is kept as typed, cut at the bank's limit", () => {
      const before = flowState('confirmation');
      expect(run(before, { type: 'describe', text: ' Holiday ' }).state).to.deep.equal({ ...before, journey: { ...before.journey, description: ' Holiday ' } });
      const long = 'x'.repeat(DESCRIPTION_MAX_LENGTH + 10);
      expect(run(before, { type: 'describe', text: long }).state.journey.description).to.equal('x'.repeat(255));
      expect(DESCRIPTION_MAX_LENGTH).to.equal(255);
    });

    it('the description is ignored off the review or behind a modal', () => {
      for (const before of [flowState('selectAccounts'), withModal(flowState('confirmation'), 'sharingIncomplete')]) {
        expect(run(before, { type: 'describe', text: 'x' }).state).to.equal(before);
      }
    });

    it('Confirm without a description: the confirmation call alone; the decision is unclear from the moment it is sent (DESIGN §3.11)', () => {
      const before = flowState('confirmation', { description: '  ' });
      const { state, effects } = run(before, { type: 'confirm' });
      expect(effects).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'confirm' } }]);
      expect(state).to.deep.equal({
        ...before,
        nextCallId: 11,
        decision: { kind: 'unclear' },
        phase: { ...phaseOf(before, 'steps'), call: sentCall(10, { kind: 'confirm' }) },
      });
    });

    it("Confirm with a description: the selection is saved again carrying it (trimmed), then confirmed; nothing is asked of the bank's decision yet", () => {
      const ticked = run(flowState('selectAccounts'), { type: 'toggleAccount', id: 'acc-0002' }).state;
      const before = onStep({ ...ticked, journey: { ...ticked.journey, description: ' Holiday ' } }, 'confirmation');
      const { state, effects } = run(before, { type: 'confirm' });
      const call: FlowCall = {
        kind: 'saveSelection',
        then: 'confirm',
        request: {
          permissions: [
            { permission: 'bank:accounts.basic:read', accounts: [ref('acc-0002')] },
            { permission: 'bank:accounts.detail:read', accounts: [ref('acc-0002')] },
            { permission: 'bank:transactions:read', accounts: [ref('acc-0002')] },
            { permission: 'common:customer.basic:read' },
          ],
          consentNickname: 'Holiday',
        },
      };
      expect(effects).to.deep.equal([{ type: 'call', id: 10, call }]);
      expect(pending(state)).to.deep.equal(sentCall(10, call));
      expect(state.decision).to.deep.equal({ kind: 'none' });
    });

    it('Confirm with a description and no accounts: empty account lists', () => {
      const { effects } = run(flowState('confirmation', { accounts: undefined, consent: customerOnlyConsent(), description: 'Mine' }), { type: 'confirm' });
      expect(effects).to.deep.equal([
        {
          type: 'call',
          id: 10,
          call: {
            kind: 'saveSelection',
            then: 'confirm',
            request: { permissions: [{ permission: 'common:customer.basic:read' }, { permission: 'common:customer.detail:read' }], consentNickname: 'Mine' },
          },
        },
      ]);
    });

    it('the description saved → the confirmation call (one, with a new id), the decision unclear', () => {
      const before = pendingOn(flowState('confirmation'), { kind: 'saveSelection', request: { permissions: [] }, then: 'confirm' });
      const { state, effects } = answer(before, { kind: 'saveSelection', result: ok(undefined) });
      expect(effects).to.deep.equal([{ type: 'call', id: 10, call: { kind: 'confirm' } }]);
      expect(state).to.deep.equal({
        ...before,
        nextCallId: 11,
        decision: { kind: 'unclear' },
        phase: { ...phaseOf(before, 'steps'), call: sentCall(10, { kind: 'confirm' }) },
      });
    });

    it("the description not saved: its modal, nothing asked of the bank's decision", () => {
      const before = pendingOn(flowState('confirmation'), { kind: 'saveSelection', request: { permissions: [] }, then: 'confirm' });
      const { state } = answer(before, { kind: 'saveSelection', result: err(apiError(400, 'A09')) });
      expect(modals(state)).to.deep.equal(modalsWith('noEligibleAccounts'));
      expect(state.decision).to.deep.equal({ kind: 'none' });
    });

    it('Confirm off the review, or while confirming: nothing (DESIGN §3.4 one confirmation)', () => {
      for (const before of [flowState('selectAccounts'), confirming()]) {
        const result = run(before, { type: 'confirm' });
        expect(result.state).to.equal(before);
        expect(result.effects).to.deep.equal([]);
      }
    });

    it("confirmed: the confirmed phase (the success modal alone, over the review), the bank's answer kept as the decision, only the success return timed (2.5 s)", () => {
      const before = pendingOn(withModal(flowState('confirmation'), 'forgotUsername', 40, true), { kind: 'confirm' });
      const now = NOW + 7;
      const confirmation = { auth_code: 'code-1', state: STATE };
      const { state, effects } = answer(before, { kind: 'confirm', result: ok(confirmation) }, now);
      expect(SUCCESS_RETURN_DELAY_MS).to.equal(2500);
      expect(effects).to.deep.equal([{ type: 'wakeAt', atMs: now + 2500 }]);
      expect(state).to.deep.equal({
        ...at(before, now),
        phase: { kind: 'confirmed', answer: confirmation, returnAtMs: now + 2500, screen: { kind: 'flow', step: 'confirmation' } },
        decision: { kind: 'approved' },
        wakeAtMs: now + 2500,
      });
    });

    const refusals: [string, number, string, string][] = [
      ['400 A05', 400, 'A05', 'noEligibleAccounts'],
      ['400 A09', 400, 'A09', 'noEligibleAccounts'],
      ["422 with the bank's code", 422, 'unprocessable', 'serviceUnavailable'],
      ["401 with the bank's code", 401, 'unauthorised', 'serviceUnavailable'],
    ];
    for (const [label, status, code, modal] of refusals) {
      it(`refused on its first try (${label}, the bank's envelope) → ${modal}; nothing is sent again; nothing was committed: the decision is none (spec §8, DESIGN §3.11)`, () => {
        const before = confirming();
        const { state, effects } = answer(before, { kind: 'confirm', result: err(apiError(status, code)) });
        expect(effects).to.deep.equal([]);
        expect(state).to.deep.equal({
          ...before,
          decision: { kind: 'none' },
          phase: { ...phaseOf(before, 'steps'), call: undefined, modals: modalsWith(modal as never) },
        });
      });
    }
  });

  describe("confirmFailed on its own (DESIGN §3.11: only the bank's own refusal of the first try proves nothing was committed)", () => {
    it('a refusal on a later try: Service unavailable, the decision stays unclear', () => {
      const first = confirming();
      const later = { ...first, phase: { ...phaseOf(first, 'steps'), call: { ...sentCall(9, { kind: 'confirm' }), attempt: 2 } } };
      const { state } = confirmFailed(later, apiError(400, 'A05'));
      expect(modals(state)).to.deep.equal(modalsWith('serviceUnavailable'));
      expect(state.decision).to.deep.equal({ kind: 'unclear' });
    });

    it('a refusal of the code of a committed approval: Service unavailable, still committed', () => {
      const before = confirming({ decision: { kind: 'committed' } });
      const { state } = confirmFailed(before, apiError(400, 'A05'));
      expect(modals(state)).to.deep.equal(modalsWith('serviceUnavailable'));
      expect(state.decision).to.deep.equal({ kind: 'committed' });
    });

    it('an answer that proves nothing, past its tries: Service unavailable, the decision unclear', () => {
      const { state } = confirmFailed(confirming(), apiError(503));
      expect(modals(state)).to.deep.equal(modalsWith('serviceUnavailable'));
      expect(state.decision).to.deep.equal({ kind: 'unclear' });
    });

    it('no call pending (a constructed state): no first try to prove anything', () => {
      const before = flowState('confirmation', { decision: { kind: 'unclear' } });
      expect(confirmFailed(before, apiError(400, 'A05')).state.decision).to.deep.equal({ kind: 'unclear' });
    });
  });

  describe("the answer handlers called on their own (their guards, besides the model's: an answer counts only for its pending call)", () => {
    it("a put's answer with no put pending changes nothing", () => {
      for (const before of [flowState('selectProfile'), pendingOn(flowState('selectProfile'), { kind: 'accounts' })]) {
        const result = onBusinessProfileConfirmed(before, { kind: 'confirmBusinessProfile', result: ok(undefined) });
        expect(result.state).to.equal(before);
        expect(result.effects).to.deep.equal([]);
      }
    });

    it("a save's answer with no save pending changes nothing", () => {
      for (const before of [flowState('selectAccounts'), pendingOn(flowState('selectAccounts'), { kind: 'accounts' })]) {
        const result = onSaved(before, { kind: 'saveSelection', result: ok(undefined) });
        expect(result.state).to.equal(before);
        expect(result.effects).to.deep.equal([]);
      }
    });

    it('accounts with nothing pending are shown as loaded (no ticks to keep)', () => {
      const { state, effects } = onAccounts(flowState('selectProfile', { accounts: undefined }), { kind: 'accounts', result: ok(accounts()) });
      expect(effects).to.deep.equal([{ type: 'pageView', step: 'selectAccounts' }]);
      expect(state.journey.accounts).to.deep.equal(accounts());
    });
  });

  it("a first consent loads with every account id in the bank's order", () => {
    expect(ids(accounts().data)).to.deep.equal(JANE_IDS);
    expect(bankConsent().isPAR).to.equal(false);
  });

  // Issue 23 items B and C: an arrangement that shares nothing is never made (the stores read this too).
  describe('selectionSharesNothing: whether the selection would make an arrangement that shares nothing', () => {
    const accountsOnly = { ...bankConsent(), scopes: ['bank:accounts.basic:read'] };
    const ticked = (count: number) => accountState(accounts().data.map((account, index) => ({ ...account, selected: index < count, indeterminate: false })));

    it('account data only: no account ticked (or none loaded) shares nothing; one ticked of several shares it', () => {
      expect(accounts().data.length).to.be.above(1);
      expect(selectionSharesNothing(flowState('selectAccounts', { consent: accountsOnly, accounts: ticked(0) }))).to.equal(true);
      expect(selectionSharesNothing(flowState('confirmation', { consent: accountsOnly, accounts: undefined }))).to.equal(true);
      expect(selectionSharesNothing(flowState('selectAccounts', { consent: accountsOnly, accounts: ticked(1) }))).to.equal(false);
    });

    it("the customer's data is shared without any account; no consent read yet: nothing to judge", () => {
      expect(selectionSharesNothing(flowState('selectAccounts', { consent: bankConsent(), accounts: ticked(0) }))).to.equal(false);
      expect(selectionSharesNothing(flowState('confirmation', { consent: customerOnlyConsent(), accounts: undefined }))).to.equal(false);
      expect(selectionSharesNothing(loadingState())).to.equal(false);
    });
  });
});
