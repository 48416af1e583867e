import { expect } from 'chai';
import { copy, modalText, type ModalText } from '../../domain/copy';
import { MODAL_NAMES } from '../../domain/modal';
import { stepsCopy } from '../../domain/steps-copy';

const TPP = 'Budget Buddy';
const text = (value: ModalText, tppName = TPP): string => modalText(value, { tppName, isPar: false, outcome: 'nothingShared' });

/**
 * Every text of the catalogues with its path. A modal's text with values is shown for a first
 * consent and for an amendment (its context); any other text with values gets sample values.
 */
function everyText(node: unknown, path: string): [string, string][] {
  if (typeof node === 'string') return [[path, node]];
  if (typeof node === 'function') {
    const call = node as (...args: unknown[]) => unknown;
    if (/^copy\.modals\.\w+\.(title|primary|paragraphs\[\d+\])$/.test(path)) {
      // Whether these show the third party's name is checked per modal below ("naming the third party").
      return [false, true].flatMap((isPar) => everyText(call({ tppName: TPP, isPar, outcome: 'nothingShared' }), `${path}(context)`));
    }
    return everyText(call(...Array.from({ length: node.length }, (_, i) => (i === 0 ? TPP : `v${i}`))), `${path}()`);
  }
  if (Array.isArray(node)) return node.flatMap((item, i) => everyText(item, `${path}[${i}]`));
  if (typeof node === 'object' && node !== null) return Object.entries(node).flatMap(([key, value]) => everyText(value, `${path}.${key}`));
  return [];
}

describe('domain/copy', () => {
  // The spec's texts we corrected (typos, the glossary) are pinned by test/domain/wording.test.ts
  // from the list in docs/wording.md.
  describe('the wording the spec gives, verbatim (spec §2, §5, §8)', () => {
    // Read in each test, not at load time (see test/domain/account-selection.test.ts).
    const verbatim: [string, () => string, string][] = [
      // spec §2 step titles
      ['step: login', () => copy.steps.login, 'Consent to share data'],
      ['step: login (PAR)', () => copy.steps.loginPar, 'Update your consent'],
      ['step: select profile', () => copy.steps.selectProfile, 'Select a profile'],
      ['step: select accounts', () => copy.steps.selectAccounts, 'Select your accounts'],
      ['step: confirmation', () => copy.steps.confirmation, 'Review and submit'],
      // spec §2 login screen
      ['login heading', () => copy.login.heading, 'Account Login'],
      ['username help', () => copy.login.usernameHelp, 'Your username will not be shared.'],
      ['forgot username link', () => copy.login.forgotUsername, 'Forgot your username?'],
      ['not registered link', () => copy.login.notRegistered, 'Not registered?'],
      ['lost secure key link', () => copy.login.lostSecureKey, 'Lost, damaged or stolen secure key?'],
      ['how to generate link', () => copy.login.howToGenerate, 'How to generate a secure key?'],
      ['date of birth block', () => copy.login.dobHeading, 'Additional security'],
      ['date of birth example', () => copy.login.dobExample, 'For example, 25/12/1966'],
      ['login Continue', () => copy.login.continue, 'Continue'],
      ['login Cancel', () => copy.login.cancel, 'Cancel'],
      [
        'login error banner',
        () => copy.login.errorBanner,
        'There appears to be a problem. Please check and make sure you have entered all information correctly to continue.',
      ],
      // spec §5 validation
      ['empty username', () => copy.validation.usernameEmpty, 'Error: username cannot be empty.'],
      ['empty username after a login error', () => copy.validation.usernameEmptyAfterLoginError, 'Please enter your username.'],
      ['secure code', () => copy.validation.secureCode, 'Please enter your secure code.'],
      ['date of birth in the future', () => copy.validation.dobInFuture, 'Date of birth cannot be in the future. Please try again.'],
      ['age limitation', () => copy.ageLimitation, 'You must be above 18 years of age to use Open Banking.'],
      // spec §2 select profile, select and confirm
      ['some accounts ineligible', () => stepsCopy.selectAccounts.someIneligible, 'Some accounts are not available for data sharing.'],
      ['no eligible accounts', () => stepsCopy.selectAccounts.noneEligible, 'You do not have any eligible accounts to share.'],
      ['accounts fieldset', () => stepsCopy.selectAccounts.legend, 'Select accounts to share data'],
      ['select all', () => stepsCopy.selectAccounts.selectAll, 'Select all available accounts'],
      ['not all selected', () => stepsCopy.selectAccounts.notAllSelected, 'You have chosen not to share information from all your accounts.'],
      ['none selected', () => stepsCopy.selectAccounts.noneSelected, 'You have not selected any accounts to share.'],
      ['joint account', () => stepsCopy.selectAccounts.jointAccount, 'Joint account'],
      ['closed account', () => stepsCopy.selectAccounts.closedAccount, 'Closed account'],
      ['read-only account', () => stepsCopy.selectAccounts.sharingNotAvailable, 'Sharing not available'],
      // spec §2 the buttons of the steps after login
      ['Back', () => copy.buttons.back, 'Back'],
      ['Continue', () => copy.buttons.continue, 'Continue'],
      ['Cancel', () => copy.buttons.cancel, 'Cancel'],
      ['Confirm', () => copy.buttons.confirm, 'Confirm'],
      ['Save changes (PAR)', () => copy.buttons.saveChanges, 'Save changes'],
      ['Exit without saving (PAR)', () => copy.buttons.exitWithoutSaving, 'Exit without saving'],
      // spec §2 confirmation
      ["What's changed", () => stepsCopy.confirmation.whatsChanged, "What's changed"],
      ['period updated', () => stepsCopy.confirmation.periodUpdated, 'Data sharing period updated'],
      [
        'no account selected',
        () => stepsCopy.confirmation.noAccountSelected,
        'You have not selected an account to share, however you may still continue to share your name and contact details.',
      ],
      ['selected profile', () => stepsCopy.confirmation.selectedProfile, 'Selected profile'],
      ['sub-account added', () => stepsCopy.confirmation.added, '(Added)'],
      ['sub-account removed', () => stepsCopy.confirmation.removed, '(Removed)'],
      ['removed account', () => stepsCopy.confirmation.removedAccount, 'Removed account'],
      ['closed sub-account', () => stepsCopy.confirmation.closedSubAccount, 'Closed sub-account'],
      ['joint holders', () => stepsCopy.confirmation.jointHoldersNotified, 'Joint account holders may be notified'],
      ['updated period (PAR)', () => stepsCopy.confirmation.updatedDataSharingPeriod, 'Updated data sharing period'],
      ['arrangement id (PAR)', () => stepsCopy.confirmation.arrangementId, 'Arrangement ID'],
      ['how long', () => stepsCopy.confirmation.howLong, 'How long will my data be shared?'],
      ['description label', () => stepsCopy.confirmation.descriptionLabel, 'Your description (Optional)'],
      ['description placeholder', () => stepsCopy.confirmation.descriptionPlaceholder, 'Visible to all account holders'],
      ['history', () => stepsCopy.confirmation.historyNote, 'This may include data dating back to 1 January 2017.'],
      // spec §2 failure page, §8 error page
      ['failure default', () => copy.failure.defaultMessage, 'Something went wrong. Please try again later.'],
      ['Go Back', () => copy.failure.goBack, 'Go Back'],
      ['Leave Page', () => copy.failure.leavePage, 'Leave Page'],
      ['undecodable error page', () => copy.failure.undecodable, 'We are unable to process your request.'],
      // spec §2 shared shell, §9 tooltip label
      ['footer: site terms', () => copy.shell.siteTerms, 'Site terms'],
      ['footer: hyperlink', () => copy.shell.hyperlink, 'Hyperlink policy'],
      ['footer: cookie', () => copy.shell.cookie, 'Cookie policy'],
      ['footer: legal', () => copy.shell.legal, 'Legal'],
      ['footer: important notices', () => copy.shell.importantNotices, 'Important notices'],
      ['tooltip label', () => copy.shell.tooltipLabel, 'More Information'],
      // spec §8 modal texts
      ['service unavailable text', () => text(copy.modals.serviceUnavailable.paragraphs[0] ?? ''), 'Apologies for any inconvenience. Please try again later.'],
      ['age limitation modal', () => text(copy.modals.ageLimitation.paragraphs[0] ?? ''), 'You must be above 18 years of age to use Open Banking.'],
    ];
    for (const [name, actual, expected] of verbatim) {
      it(`${name}: "${expected}"`, () => expect(actual()).to.equal(expected));
    }
  });

  describe('texts with values', () => {
    // Called in each test, not at load time (see test/domain/account-selection.test.ts).
    const withValues: [string, () => string, string][] = [
      ['window title', () => copy.windowTitle('Review and submit'), 'Review and submit | Open Banking'],
      ['intro (spec §2)', () => copy.intro(TPP), 'You are about to share your data with Budget Buddy'],
      ['intro, PAR (spec §2)', () => copy.introPar(TPP), "You're about to update your data sharing consent arrangement with Budget Buddy"],
      ['one account added', () => stepsCopy.confirmation.accountsAdded(1), '1 account added'],
      ['accounts added', () => stepsCopy.confirmation.accountsAdded(2), '2 accounts added'],
      ['no account added', () => stepsCopy.confirmation.accountsAdded(0), '0 accounts added'],
      ['one account removed', () => stepsCopy.confirmation.accountsRemoved(1), '1 account removed'],
      ['accounts removed', () => stepsCopy.confirmation.accountsRemoved(3), '3 accounts removed'],
      ['period', () => stepsCopy.confirmation.periodRange('1 March 2026', '1 March 2027'), '1 March 2026 to 1 March 2027'],
      // Issue 22, once-off wording: never "From 1 March 2026", which sounds open-ended.
      ['period without an end (once-off)', () => stepsCopy.confirmation.periodOnceOnly('1 March 2026'), 'Once only, on 1 March 2026'],
      [
        'ongoing, one month',
        () => stepsCopy.confirmation.howLongOngoing({ unit: 'month', count: 1 }, '1 April 2026'),
        'Your data will be shared on an ongoing basis for 1 month, until 1 April 2026.',
      ],
      [
        'ongoing, months',
        () => stepsCopy.confirmation.howLongOngoing({ unit: 'month', count: 12 }, '1 March 2027'),
        'Your data will be shared on an ongoing basis for 12 months, until 1 March 2027.',
      ],
      [
        'ongoing, days (under a month)',
        () => stepsCopy.confirmation.howLongOngoing({ unit: 'day', count: 9 }, '2 December 2026'),
        'Your data will be shared on an ongoing basis for 9 days, until 2 December 2026.',
      ],
      [
        'ongoing, one day',
        () => stepsCopy.confirmation.howLongOngoing({ unit: 'day', count: 1 }, '24 November 2026'),
        'Your data will be shared on an ongoing basis for 1 day, until 24 November 2026.',
      ],
      ['currencies of an EGA', () => stepsCopy.selectAccounts.currenciesLegend('Travel'), 'Currencies of Travel'],
      ['filter count', () => stepsCopy.selectAccounts.filterCount(50, 500), 'Showing 50 of 500 accounts'],
      ['show more', () => stepsCopy.selectAccounts.showMore(450), 'Show more accounts (450 not shown yet)'],
      [
        "copyright (DESIGN §3.14: the brand's legal name)",
        () => copy.shell.copyright(2026, 'Demo Bank Australia Limited'),
        '© 2026 Demo Bank Australia Limited. All rights reserved.',
      ],
      ['copyright, neutral brand', () => copy.shell.copyright(2026, undefined), '© 2026. All rights reserved.'],
      ['progress', () => copy.shell.progressStep(2, 3), 'Step 2 of 3'],
      ['countdown, seconds', () => copy.modals.timeoutWarning.countdown?.(42) ?? '', 'Time remaining: 42 seconds.'],
      ['countdown, one second', () => copy.modals.timeoutWarning.countdown?.(1) ?? '', 'Time remaining: 1 second.'],
      ['return button', () => text(copy.modals.serviceUnavailable.primary), 'Return to Budget Buddy'],
      ['return button, no third-party name', () => text(copy.modals.serviceUnavailable.primary, ''), 'Return to the third party'],
      ['returned note', () => text(copy.modals.wentWrong.paragraphs[1] ?? ''), "No data has been shared. You'll now be returned to Budget Buddy."],
      [
        'returned note, no third-party name',
        () => text(copy.modals.wentWrong.paragraphs[1] ?? '', ''),
        "No data has been shared. You'll now be returned to the third party.",
      ],
      [
        'sanctioned: the bank numbers, mid-sentence',
        () => text(copy.modals.sanctionCountryError.paragraphs[1] ?? ''),
        'If you have questions, please call us on 1300 975 707 (from overseas +61 2 5550 1234).',
      ],
      [
        'locked: the bank numbers',
        () => text(copy.modals.permanentLockout.paragraphs[1] ?? ''),
        "Please call us on 1300 975 707 (from overseas +61 2 5550 1234). We'll confirm your identity and help you unlock it.",
      ],
    ];
    for (const [name, actual, expected] of withValues) {
      it(`${name}: "${expected}"`, () => expect(actual()).to.equal(expected));
    }

    it('lost secure key: two phone numbers, each dialled as written (spec §8)', () => {
      expect(copy.modals.lostSecureKey.phones).to.deep.equal([
        { label: 'Within Australia', number: '1300 975 707', tel: '1300975707' },
        { label: 'From overseas', number: '+61 2 5550 1234', tel: '+61255501234' },
      ]);
      for (const phone of copy.modals.lostSecureKey.phones ?? []) expect(phone.tel).to.equal(phone.number.replace(/ /g, ''));
    });

    it('forgot username offers the contact link (spec §8)', () => {
      expect(copy.modals.forgotUsername.contactLink).to.equal('Contact us');
    });
  });

  describe('every modal (spec §4)', () => {
    it("has words for each of the 22 modals (spec §4's twenty, DESIGN §3.11's already completed, CONTRACT §4's not the owner) and no other", () => {
      expect(Object.keys(copy.modals)).to.have.members([...MODAL_NAMES]);
    });

    for (const name of MODAL_NAMES) {
      it(`${name}: a title, at least one paragraph and a main button, naming the third party where it is a function of it`, () => {
        const entry = copy.modals[name];
        // A string, for a first consent and for an amendment (chai's match alone passes `undefined`, read as "undefined").
        for (const isPar of [false, true]) {
          const shown = (value: ModalText): string => modalText(value, { tppName: TPP, isPar, outcome: 'nothingShared' });
          expect(shown(entry.title)).to.be.a('string').that.matches(/\S/);
          expect(entry.paragraphs).to.have.length.greaterThan(0);
          for (const paragraph of entry.paragraphs) expect(shown(paragraph)).to.be.a('string').that.matches(/\S/);
          expect(shown(entry.primary)).to.be.a('string').that.matches(/\S/);
        }
        for (const value of [entry.title, entry.primary, ...entry.paragraphs]) {
          if (typeof value !== 'function') continue;
          // A text of the third party's name shows it; one of the consent's kind only (a title) need not.
          const named = value({ tppName: 'Acme Money', isPar: false, outcome: 'nothingShared' });
          if (named !== value({ tppName: 'Other Co', isPar: false, outcome: 'nothingShared' })) expect(named).to.contain('Acme Money');
        }
      });
    }

    it('without the recipient\'s name (the bank sent none), every modal and intro says "the third party", never "with ." or "to ."', () => {
      const OUTCOMES = ['nothingShared', 'unknown', 'notHandedOn', 'shared', 'decidedElsewhere', 'noJourney'] as const;
      const shown: string[] = [copy.intro(''), copy.introPar('')];
      for (const name of MODAL_NAMES) {
        const entry = copy.modals[name];
        for (const isPar of [false, true]) {
          for (const outcome of OUTCOMES) {
            for (const value of [entry.title, entry.primary, ...entry.paragraphs]) shown.push(modalText(value, { tppName: '', isPar, outcome }));
          }
        }
      }
      for (const text of shown) {
        expect(text).not.to.match(/ [.,?']|\b(with|to|from|of|for)$| {2}/);
        expect(text).not.to.match(/^ /);
      }
      expect(shown).to.include('You have successfully shared your data with the third party.');
      expect(shown).to.include('You are about to share your data with the third party');
    });

    it("only the modals that ask a question have a second button (the leave question twice: Cancel's and the phone's Back's)", () => {
      const withSecond = MODAL_NAMES.filter((name) => copy.modals[name].secondary !== undefined);
      expect(withSecond.map((name) => [name, copy.modals[name].secondary])).to.deep.equal([
        ['sharingIncomplete', 'No, stay'],
        ['changeSelectedProfile', 'Cancel'],
        ['leaveOnBack', 'No, stay'],
      ]);
    });
  });

  it('no text is blank or has stray spaces, and every text with values shows them', () => {
    const texts = [...everyText(copy, 'copy'), ...everyText(stepsCopy, 'stepsCopy')];
    expect(texts.length).to.be.greaterThan(200);
    for (const [path, value] of texts) {
      expect(value, path).to.match(/\S/);
      expect(value, path).to.equal(value.trim());
      expect(value, path).not.to.match(/ {2}/);
      if (path.endsWith('()') && !path.startsWith('copy.shell.copyright')) expect(value, path).to.match(/Budget Buddy|v1/);
    }
  });
});
