// docs/wording.md: the glossary and the spec's texts we corrected (the page's departures table is
// checked against every text the app shows by test/architecture/wording-departures.test.ts: the
// mutation sandbox holds no docs/).
import { expect } from 'chai';
import { copy, modalText, type ModalText } from '../../domain/copy';
import { MODAL_NAMES, MODAL_RULES } from '../../domain/modal';
import { catalogue } from '../fixtures/copy-catalogue';

const TPP = 'Budget Buddy';

describe('domain wording (docs/wording.md)', () => {
  it('the pinned texts themselves', () => {
    expect(copy.modals.forgotUsername.paragraphs[0]).to.equal('Please contact us to retrieve your username.');
    expect(copy.validation.dobInvalid).to.equal('Invalid date. Please try again using the correct format DD/MM/YYYY.');
    expect(copy.login.secureCodeLabel).to.equal('One-time password (secure code)');
    expect(modalText(copy.modals.incorrectSecurityCodeLockout.title, { tppName: TPP, isPar: false, outcome: 'nothingShared' })).to.equal(
      'Incorrect secure code',
    );
    expect(
      copy.modals.noEligibleAccounts.paragraphs.map((paragraph) => modalText(paragraph, { tppName: TPP, isPar: false, outcome: 'nothingShared' })),
    ).to.deep.equal([
      "We can't share the requested information from any of your accounts.",
      "No data has been shared. You'll now be returned to Budget Buddy.",
    ]);
  });

  describe('the glossary', () => {
    it('one name for the secure code: no text says "security code"', () => {
      expect(catalogue().filter((text) => /security code/i.test(text))).to.deep.equal([]);
    });

    it('dates in the format of the example (DD/MM/YYYY)', () => {
      expect(catalogue().filter((text) => /DD-MM|MM-DD|YYYY-MM/.test(text))).to.deep.equal([]);
    });

    it('the recipient by name: with a name in the token, no text says "the third party"', () => {
      expect(catalogue().filter((text) => /the third party/i.test(text))).to.deep.equal([]);
    });

    it('"online banking is locked" is the permanent lockout only; a temporary lockout is "login is locked for 10 minutes"', () => {
      const context = { tppName: TPP, isPar: false, outcome: 'nothingShared' as const };
      const texts = (name: (typeof MODAL_NAMES)[number]): string[] => {
        const entry = copy.modals[name];
        return [entry.title, ...entry.paragraphs].map((value: ModalText) => modalText(value, context));
      };
      for (const name of MODAL_NAMES.filter((modal) => modal !== 'permanentLockout')) {
        expect(
          texts(name).filter((text) => /online banking (is|will be)? ?lock|lock your online banking/i.test(text)),
          name,
        ).to.deep.equal([]);
      }
      for (const name of ['temporaryLockout', 'invalidUsernameLastAttempt', 'incorrectSecurityCodeLockout'] as const) {
        expect(texts(name).join(' '), name).to.include('login is locked for 10 minutes');
      }
      expect(texts('permanentLockout').join(' ')).to.include('online banking access has been locked');
    });
  });

  describe('every failure that ends the flow says whether anything was shared', () => {
    // The modals whose button returns to the recipient, but the success modal and a decision taken elsewhere (which say what happened).
    const ending = MODAL_NAMES.filter(
      (name) =>
        MODAL_RULES[name].button !== 'close' &&
        MODAL_RULES[name].button !== 'previousStep' &&
        // The exit not taken (DESIGN §3.2) says nothing of the outcome: it shows over the modal that did.
        !['successConfirm', 'alreadyCompleted', 'notArrangementOwner', 'sharingIncomplete', 'leaveOnBack', 'timeoutWarning', 'exitNotTaken'].includes(name),
    );
    it('covers the failures that end the flow', () => {
      expect(ending).to.include.members([
        'serviceUnavailable',
        'noEligibleAccounts',
        'temporaryLockout',
        'permanentLockout',
        'ageLimitation',
        'redirectionToTpp',
      ]);
    });
    for (const name of ending) {
      it(`${name}: a new arrangement and an amendment`, () => {
        const said = (isPar: boolean): string =>
          copy.modals[name].paragraphs.map((value) => modalText(value, { tppName: TPP, isPar, outcome: 'nothingShared' })).join(' ');
        expect(said(false)).to.match(/No data has been shared/);
        expect(said(true)).to.match(/No changes have been made to your data sharing arrangement|Your arrangement has not changed/);
      });
    }
  });
});
