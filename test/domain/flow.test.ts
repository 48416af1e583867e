import { expect } from 'chai';
import {
  backFrom,
  nextStep,
  progressTracker,
  shownSteps,
  stepButtons,
  stepTitle,
  introLine,
  windowTitle,
  PROGRESS_STEPS_MAX,
  STEPS,
  type BackAction,
  type FlowFlags,
  type Step,
} from '../../domain/flow';

const flags = (skipStep: boolean, isPar: boolean, singleProfile: boolean): FlowFlags => ({ skipStep, isPar, singleProfile });
const name = (f: FlowFlags): string => `skipStep=${f.skipStep} isPar=${f.isPar} singleProfile=${f.singleProfile}`;

/** [skipStep, isPar, singleProfile] → tracker per step: [index, total] or undefined (hidden). */
type Tracker = readonly [index: number, total: number] | undefined;
const TRACKER_TABLE: readonly [FlowFlags, Record<Step, Tracker>][] = [
  [flags(false, false, false), { login: undefined, selectProfile: [0, 3], selectAccounts: [1, 3], confirmation: [2, 3] }],
  [flags(false, false, true), { login: undefined, selectProfile: undefined, selectAccounts: [0, 2], confirmation: [1, 2] }],
  [flags(false, true, false), { login: undefined, selectProfile: undefined, selectAccounts: [0, 2], confirmation: [1, 2] }],
  [flags(false, true, true), { login: undefined, selectProfile: undefined, selectAccounts: [0, 2], confirmation: [1, 2] }],
  [flags(true, false, false), { login: undefined, selectProfile: [0, 2], selectAccounts: undefined, confirmation: [1, 2] }],
  [flags(true, false, true), { login: undefined, selectProfile: undefined, selectAccounts: undefined, confirmation: [0, 1] }],
  [flags(true, true, false), { login: undefined, selectProfile: undefined, selectAccounts: undefined, confirmation: [0, 1] }],
  [flags(true, true, true), { login: undefined, selectProfile: undefined, selectAccounts: undefined, confirmation: [0, 1] }],
];

const NONE: BackAction = { kind: 'none' };
const WARN: BackAction = { kind: 'warnThenProfiles' };
const TO_ACCOUNTS: BackAction = { kind: 'toStep', step: 'selectAccounts' };
const TO_PROFILES: BackAction = { kind: 'toStep', step: 'selectProfile' };

/**
 * Flags → Continue target per step, and what Back does per step (issue 21: backFrom, written
 * once): none (no Back button), the change-profile warning then select-profile, or a step.
 */
const NAVIGATION_TABLE: readonly [FlowFlags, Record<Step, Step | undefined>, Record<Step, BackAction>][] = [
  [
    flags(false, false, false),
    { login: 'selectProfile', selectProfile: 'selectAccounts', selectAccounts: 'confirmation', confirmation: undefined },
    { login: NONE, selectProfile: NONE, selectAccounts: WARN, confirmation: TO_ACCOUNTS },
  ],
  [
    flags(false, false, true),
    { login: 'selectAccounts', selectProfile: 'selectAccounts', selectAccounts: 'confirmation', confirmation: undefined },
    { login: NONE, selectProfile: NONE, selectAccounts: NONE, confirmation: TO_ACCOUNTS },
  ],
  [
    flags(false, true, false),
    { login: 'selectAccounts', selectProfile: 'selectAccounts', selectAccounts: 'confirmation', confirmation: undefined },
    { login: NONE, selectProfile: NONE, selectAccounts: NONE, confirmation: NONE },
  ],
  [
    flags(false, true, true),
    { login: 'selectAccounts', selectProfile: 'selectAccounts', selectAccounts: 'confirmation', confirmation: undefined },
    { login: NONE, selectProfile: NONE, selectAccounts: NONE, confirmation: NONE },
  ],
  [
    flags(true, false, false),
    { login: 'selectProfile', selectProfile: 'confirmation', selectAccounts: 'confirmation', confirmation: undefined },
    { login: NONE, selectProfile: NONE, selectAccounts: WARN, confirmation: TO_PROFILES },
  ],
  [
    flags(true, false, true),
    { login: 'confirmation', selectProfile: 'confirmation', selectAccounts: 'confirmation', confirmation: undefined },
    { login: NONE, selectProfile: NONE, selectAccounts: NONE, confirmation: NONE },
  ],
  [
    flags(true, true, false),
    { login: 'confirmation', selectProfile: 'confirmation', selectAccounts: 'confirmation', confirmation: undefined },
    { login: NONE, selectProfile: NONE, selectAccounts: NONE, confirmation: NONE },
  ],
  [
    flags(true, true, true),
    { login: 'confirmation', selectProfile: 'confirmation', selectAccounts: 'confirmation', confirmation: undefined },
    { login: NONE, selectProfile: NONE, selectAccounts: NONE, confirmation: NONE },
  ],
];

const backName = (back: BackAction): string => (back.kind === 'toStep' ? back.step : back.kind);

describe('domain/flow (spec §2 shared shell, §4 flow)', () => {
  describe('progress tracker: every flag combination × step', () => {
    for (const [f, perStep] of TRACKER_TABLE) {
      for (const step of STEPS) {
        const expected = perStep[step];
        it(`${name(f)} ${step} → ${expected === undefined ? 'hidden' : `${expected[0] + 1} of ${expected[1]}`}`, () => {
          const tracker = progressTracker(step, f);
          if (expected === undefined) {
            expect(tracker).to.equal(undefined);
            return;
          }
          const [index, total] = expected;
          expect(tracker).to.not.equal(undefined);
          expect(tracker?.index).to.equal(index);
          expect(tracker?.total).to.equal(total);
          expect(tracker?.fraction).to.be.closeTo((index + 1) / total, 1e-12);
          expect(tracker?.percent).to.be.closeTo(((index + 1) / total) * 100, 1e-9);
        });
      }
    }

    it('the total follows the spec formula: 3 − skipStep − (PAR or single profile)', () => {
      for (const [f] of TRACKER_TABLE) {
        const total = PROGRESS_STEPS_MAX - (f.skipStep ? 1 : 0) - (f.isPar || f.singleProfile ? 1 : 0);
        expect(progressTracker('confirmation', f)?.total, name(f)).to.equal(total);
        expect(progressTracker('confirmation', f)?.percent, name(f)).to.equal(100);
      }
    });

    it('widths of a full flow: 33.3…%, 66.6…%, 100%', () => {
      const f = flags(false, false, false);
      expect(progressTracker('selectProfile', f)?.percent).to.be.closeTo(33.3333, 1e-4);
      expect(progressTracker('selectAccounts', f)?.percent).to.be.closeTo(66.6667, 1e-4);
      expect(progressTracker('confirmation', f)?.fraction).to.equal(1);
    });
  });

  describe('navigation: Continue and Back', () => {
    for (const [f, next, back] of NAVIGATION_TABLE) {
      for (const step of STEPS) {
        it(`${name(f)} ${step}: Continue → ${next[step] ?? 'third party'}, Back → ${backName(back[step])}`, () => {
          expect(nextStep(step, f)).to.equal(next[step]);
          expect(backFrom(step, f)).to.deep.equal(back[step]);
        });
      }
    }

    it('shown steps: login and confirmation always; select-profile only with several profiles and not PAR; accounts only without skipStep', () => {
      expect(shownSteps(flags(false, false, false))).to.deep.equal(['login', 'selectProfile', 'selectAccounts', 'confirmation']);
      expect(shownSteps(flags(true, false, false))).to.deep.equal(['login', 'selectProfile', 'confirmation']);
      expect(shownSteps(flags(false, true, false))).to.deep.equal(['login', 'selectAccounts', 'confirmation']);
      expect(shownSteps(flags(true, false, true))).to.deep.equal(['login', 'confirmation']);
    });
  });

  describe('titles and intro', () => {
    const titles: [Step, boolean, string][] = [
      ['login', false, 'Consent to share data'],
      ['login', true, 'Update your consent'],
      ['selectProfile', false, 'Select a profile'],
      ['selectProfile', true, 'Select a profile'],
      ['selectAccounts', false, 'Select your accounts'],
      ['selectAccounts', true, 'Select your accounts'],
      ['confirmation', false, 'Review and submit'],
      ['confirmation', true, 'Review and submit'],
    ];
    for (const [step, isPar, title] of titles) {
      it(`${step}${isPar ? ' (PAR)' : ''}: "${title}"`, () => {
        expect(stepTitle(step, isPar)).to.equal(title);
        expect(windowTitle(step, isPar)).to.equal(`${title} | Open Banking`);
      });
    }

    // Issue 33 item 8: the intro line is on every step, select-profile too (spec §2 hid it there).
    const intros: [boolean, string][] = [
      [false, 'You are about to share your data with Budget Buddy'],
      [true, "You're about to update your data sharing consent arrangement with Budget Buddy"],
    ];
    for (const [isPar, intro] of intros) {
      it(`intro on every step${isPar ? ' (PAR)' : ''}: ${intro}`, () => {
        expect(introLine(isPar, 'Budget Buddy')).to.equal(intro);
      });
    }
  });

  describe('buttons', () => {
    const cases: [string, Step, FlowFlags, { back?: string; primary: string; cancel: string }][] = [
      ['login', 'login', flags(false, false, false), { primary: 'Continue', cancel: 'Cancel' }],
      ['login in a PAR', 'login', flags(false, true, true), { primary: 'Continue', cancel: 'Cancel' }],
      ['select-profile', 'selectProfile', flags(false, false, false), { primary: 'Continue', cancel: 'Cancel' }],
      ['accounts with a trust profile', 'selectAccounts', flags(false, false, false), { back: 'Back', primary: 'Continue', cancel: 'Cancel' }],
      ['accounts, single profile: no Back', 'selectAccounts', flags(false, false, true), { primary: 'Continue', cancel: 'Cancel' }],
      ['accounts, PAR: no Back', 'selectAccounts', flags(false, true, false), { primary: 'Continue', cancel: 'Cancel' }],
      ['confirmation', 'confirmation', flags(false, false, false), { back: 'Back', primary: 'Confirm', cancel: 'Cancel' }],
      ['confirmation, single profile', 'confirmation', flags(false, false, true), { back: 'Back', primary: 'Confirm', cancel: 'Cancel' }],
      ['confirmation, skipStep, several profiles', 'confirmation', flags(true, false, false), { back: 'Back', primary: 'Confirm', cancel: 'Cancel' }],
      ['confirmation, skipStep and single profile: no Back', 'confirmation', flags(true, false, true), { primary: 'Confirm', cancel: 'Cancel' }],
      ['confirmation, PAR', 'confirmation', flags(false, true, false), { primary: 'Save changes', cancel: 'Exit without saving' }],
      ['confirmation, PAR and skipStep', 'confirmation', flags(true, true, true), { primary: 'Save changes', cancel: 'Exit without saving' }],
    ];
    for (const [label, step, f, expected] of cases) {
      it(label, () => {
        expect(stepButtons(step, f)).to.deep.equal(expected);
      });
    }

    it('Back shows exactly when backFrom says it does something (issue 21: the button and the event read one rule)', () => {
      for (const [f] of TRACKER_TABLE) {
        for (const step of STEPS) {
          expect('back' in stepButtons(step, f), `${name(f)} ${step}`).to.equal(backFrom(step, f).kind !== 'none');
        }
      }
    });

    it('Back never leads to a step the flags do not show', () => {
      for (const [f] of TRACKER_TABLE) {
        for (const step of STEPS) {
          const back = backFrom(step, f);
          if (back.kind === 'toStep') expect(shownSteps(f), `${name(f)} ${step}`).to.include(back.step);
          if (back.kind === 'warnThenProfiles') expect(shownSteps(f), `${name(f)} ${step}`).to.include('selectProfile');
        }
      }
    });
  });
});
