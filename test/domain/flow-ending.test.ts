// Issue 35 item 1: how the flow ends if it ends now (domain/flow-ending.ts `flowReportOf`), the
// flow event the exit emits first (domain/flow-exits.ts `ended`), and what the bank is told on
// each kind of ending. The random application journeys check the same over thousands of journeys.
import { expect } from 'chai';
import { flowReportOf } from '../../domain/flow-ending';
import type { FlowState } from '../../domain/flow-state';
import {
  amendmentConsent,
  confirmedState,
  decidedElsewhereState,
  failedState,
  flowState,
  leavingState,
  loadingState,
  ok,
  answer,
  run,
  startingState,
  token,
  trustProfiles,
  withModal,
} from './fixtures/flow-state.fixture';

const FLOW = 'flow-7';
const named = { token: token({ jti: FLOW }) };

describe('domain/flow-ending: the flow event, how the flow ends if it ends now (issue 35 item 1)', () => {
  it('names nothing without a jti (the bank could not count it) or a trusted token', () => {
    expect(flowReportOf(flowState('selectAccounts'))).to.equal(undefined);
    expect(flowReportOf(loadingState())).to.equal(undefined);
  });

  it('on each step: abandoned at the furthest stage reached, new or amended, once-off or ongoing, the chosen profile', () => {
    expect(flowReportOf(flowState('login', named))).to.deep.equal({
      flowId: FLOW,
      ending: 'abandoned',
      stage: 'preIdentification',
      consentKind: 'new',
      sharing: 'ongoing',
    });
    expect(flowReportOf(flowState('login', { ...named, stage: 'preAuthentication' }))).to.include({ stage: 'preAuthentication' });
    expect(flowReportOf(flowState('selectAccounts', named))).to.deep.equal({
      flowId: FLOW,
      ending: 'abandoned',
      stage: 'preAccountSelection',
      consentKind: 'new',
      sharing: 'ongoing',
      customerType: 'individual',
    });
    expect(flowReportOf(flowState('confirmation', named))).to.include({ ending: 'abandoned', stage: 'preAuthorisation' });
  });

  it('a business profile is non-individual; before a profile is chosen, no customer type', () => {
    const business = trustProfiles().map((profile) => ({ ...profile, selected: profile.id !== 'PERSONAL' }));
    expect(flowReportOf(flowState('selectAccounts', { ...named, profiles: business }))).to.include({ customerType: 'nonIndividual' });
    const unchosen = trustProfiles().map((profile) => ({ ...profile, selected: false }));
    expect(flowReportOf(flowState('selectProfile', { ...named, profiles: unchosen }))).to.not.have.property('customerType');
  });

  it("an amendment is amended, its customer type its arrangement's profile (none when the bank does not say); a consent without an expiry is once-off", () => {
    const amendment = amendmentConsent();
    const report = flowReportOf(flowState('confirmation', { ...named, consent: amendment, profiles: [] }));
    expect(report).to.include({ consentKind: 'amended', sharing: 'ongoing' });
    expect(report).to.not.have.property('customerType');
    expect(flowReportOf(flowState('confirmation', { ...named, consent: { ...amendment, profileId: 'BC1001' }, profiles: [] }))).to.include({
      customerType: 'nonIndividual',
    });
    expect(flowReportOf(flowState('confirmation', { ...named, consent: { ...amendment, profileId: 'PERSONAL' }, profiles: [] }))).to.include({
      customerType: 'individual',
    });
    const { expirationDateTime: _e, expirationMs: _m, ...onceOff } = amendment;
    expect(flowReportOf(flowState('login', { ...named, consent: { ...onceOff, isPAR: false } }))).to.include({ consentKind: 'new', sharing: 'onceOff' });
  });

  it('before the consent is read: no consentKind, no sharing (the bank knows its request)', () => {
    expect(flowReportOf(startingState({ ...named, consent: undefined }))).to.deep.equal({ flowId: FLOW, ending: 'abandoned', stage: 'preIdentification' });
  });

  it("approved once the success shows, or when the bank holds this journey's approval; not while its outcome is unclear", () => {
    expect(flowReportOf(confirmedState(undefined, named)))
      .to.deep.include({ ending: 'approved' })
      .and.not.have.property('stage');
    expect(flowReportOf(flowState('confirmation', { ...named, decision: { kind: 'committed' } }))).to.include({ ending: 'approved' });
    expect(flowReportOf(flowState('confirmation', { ...named, decision: { kind: 'approved' } }))).to.include({ ending: 'approved' });
    expect(flowReportOf(flowState('confirmation', { ...named, decision: { kind: 'unclear' } }))).to.include({ ending: 'abandoned', stage: 'preAuthorisation' });
  });

  it("rejected when the customer chose to leave, whatever the bank's answer; no stage", () => {
    const report = flowReportOf(leavingState('confirmation', 'rejected', { ...named, stage: 'rejected' }));
    expect(report).to.include({ ending: 'rejected' });
    expect(report).to.not.have.property('stage');
  });

  it('failed on the failure page, and under a modal whose only way on is to return (a lockout, Service unavailable); abandoned under one the customer can close', () => {
    expect(flowReportOf(failedState('consent_fetch_failure', named))).to.include({ ending: 'failed', stage: 'preIdentification' });
    expect(flowReportOf(withModal(flowState('login', { ...named, stage: 'preAuthentication' }), 'temporaryLockout'))).to.include({
      ending: 'failed',
      stage: 'preAuthentication',
    });
    expect(flowReportOf(withModal(flowState('selectAccounts', named), 'serviceUnavailable'))).to.include({ ending: 'failed' });
    expect(flowReportOf(withModal(flowState('selectAccounts', named), 'noEligibleAccounts'))).to.include({ ending: 'failed' });
    expect(flowReportOf(withModal(flowState('login', named), 'forgotUsername'))).to.include({ ending: 'abandoned' });
    expect(flowReportOf(withModal(flowState('selectAccounts', named), 'sharingIncomplete'))).to.include({ ending: 'abandoned' });
  });

  it('nothing from a tab whose flow another tab decided (that tab reports it)', () => {
    expect(flowReportOf(decidedElsewhereState('approved', named))).to.equal(undefined);
    expect(flowReportOf(decidedElsewhereState('rejected', named))).to.equal(undefined);
    expect(flowReportOf(flowState('confirmation', { ...named, decision: { kind: 'elsewhere' } }))).to.equal(undefined);
  });

  describe('the exit emits it, first (before the page starts to leave)', () => {
    const effectsOf = (state: FlowState): readonly string[] => run(state, { type: 'modalPrimary' }).effects.map((effect) => effect.type);

    it("the success modal's button: the report, then the exit", () => {
      const { effects } = run(confirmedState(undefined, named), { type: 'modalPrimary' });
      expect(effects.map((effect) => effect.type).slice(0, 2)).to.deep.equal(['report', 'leave']);
      expect(effects[0]).to.deep.include({ report: { flowId: FLOW, ending: 'approved', consentKind: 'new', sharing: 'ongoing', customerType: 'individual' } });
    });

    it("the customer's leave, answered by the bank: rejected", () => {
      const leaving = leavingState('confirmation', 'rejected', { ...named, stage: 'rejected' });
      const { effects } = answer(leaving, { kind: 'reject', result: ok({}) });
      expect(effects.find((effect) => effect.type === 'report')).to.deep.include({
        report: { flowId: FLOW, ending: 'rejected', consentKind: 'new', sharing: 'ongoing', customerType: 'individual' },
      });
    });

    it("a lockout's return, answered by the bank: failed at its stage", () => {
      const leaving = withModal(leavingState('login', 'preAuthentication', { ...named, stage: 'preAuthentication' }), 'temporaryLockout');
      const { effects } = answer(leaving, { kind: 'reject', result: ok({}) });
      expect(effects.find((effect) => effect.type === 'report')).to.deep.include({
        report: { flowId: FLOW, ending: 'failed', stage: 'preAuthentication', consentKind: 'new', sharing: 'ongoing' },
      });
    });

    it('no token with a jti, no report', () => {
      expect(effectsOf(confirmedState())).to.not.include('report');
    });
  });
});
