// Issue 23 (web channel), the rules in domain/: the secure code's entry (A), nothing to share (B),
// counts for Australia (D), where a failure page's button goes (E).
import { expect } from 'chai';
import fc from 'fast-check';
import { copy } from '../../domain/copy';
import { failureExit } from '../../domain/error-page';
import { secureCodeEntry, secureCodeError } from '../../domain/login-form';
import { formatCount } from '../../domain/numbers';
import { sharesNothing } from '../../domain/scopes';
import { stepsCopy } from '../../domain/steps-copy';

describe('domain: issue 23 (web)', () => {
  describe('A: secureCodeEntry', () => {
    for (const [typed, previous, code, refused] of [
      ['123 456', '', '123456', false],
      ['123-456', '', '123456', false],
      [' 12 34 56 ', '', '123456', false],
      ['123\u00a0456', '', '123456', false],
      ['1234567', '', '123456', false],
      ['12a 3-', '12', '12', true],
      ['12a', '12', '12', true],
      ['', '123', '', false],
      ['１２３', '', '', true],
    ] as const) {
      it(`${JSON.stringify(typed)} after ${JSON.stringify(previous)}: ${JSON.stringify(code)}${refused ? ', refused' : ''}`, () => {
        expect(secureCodeEntry(typed, previous)).to.deep.equal({ code, refused });
      });
    }
    it('what it keeps is digits only, at most 6, and 6 digits with any spaces is a valid code', () => {
      fc.assert(
        fc.property(fc.string({ maxLength: 20 }), fc.stringMatching(/^[0-9]{0,6}$/), (typed, previous) => {
          const { code } = secureCodeEntry(typed, previous);
          expect(code).to.match(/^[0-9]{0,6}$/);
        }),
      );
      fc.assert(
        fc.property(fc.array(fc.constantFrom('0', '5', '9', ' ', '-'), { maxLength: 14 }), (keys) => {
          const typed = keys.join('');
          const digits = typed.replace(/[^0-9]/g, '');
          const { code, refused } = secureCodeEntry(typed, '');
          expect(refused).to.equal(false);
          expect(code).to.equal(digits.slice(0, 6));
          expect(secureCodeError(code) === undefined).to.equal(digits.length >= 6);
        }),
      );
    });
  });

  describe('B: sharesNothing', () => {
    it('no account and only account data: nothing; customer data or the profile scope: something; an account: something', () => {
      const accountOnly = ['bank:accounts.basic:read', 'bank:transactions:read', 'openid'];
      expect(sharesNothing(accountOnly, false)).to.equal(true);
      expect(sharesNothing(accountOnly, true)).to.equal(false);
      expect(sharesNothing(['bank:accounts.basic:read', 'common:customer.basic:read'], false)).to.equal(false);
      expect(sharesNothing(['bank:accounts.basic:read', 'common:customer.detail:read'], false)).to.equal(false);
      expect(sharesNothing(['bank:accounts.basic:read', 'profile'], false)).to.equal(false);
    });
    it('the words say what is missing and how to go on, with Back or, without it, the way out', () => {
      expect(stepsCopy.confirmation.nothingToShare('Budget Buddy', 'Back', 'Cancel')).to.equal(
        'Select at least one account before you confirm. Budget Buddy asked only for account data, so without an account nothing would be shared. Choose Back to select an account.',
      );
      expect(stepsCopy.confirmation.nothingToShare('Budget Buddy', undefined, 'Exit without saving')).to.contain(
        'To leave without sharing, choose Exit without saving.',
      );
    });
  });

  describe('D: counts for Australia', () => {
    it('formatCount uses en-AU thousands separators', () => {
      expect([0, 1, 999, 1000, 4801, 5000, 1234567].map(formatCount)).to.deep.equal(['0', '1', '999', '1,000', '4,801', '5,000', '1,234,567']);
    });
    it('every count of the account step and the review is formatted', () => {
      expect(stepsCopy.selectAccounts.selectedCount(5000, 5000)).to.equal('5,000 of 5,000 accounts selected');
      expect(stepsCopy.selectAccounts.filterCount(4801, 5000)).to.equal('Showing 4,801 of 5,000 accounts');
      expect(stepsCopy.selectAccounts.showMore(4950)).to.equal('Show more accounts (4,950 not shown yet)');
      expect(stepsCopy.selectAccounts.selectAllMatching(4801)).to.equal('Select all 4,801 matching accounts');
      expect(stepsCopy.confirmation.accountCount(4801)).to.equal('4,801 accounts');
      expect(stepsCopy.confirmation.accountList(5000)).to.equal('Account list, 5,000 accounts');
      expect(stepsCopy.confirmation.accountsAdded(1200)).to.equal('1,200 accounts added');
      expect(stepsCopy.confirmation.accountsRemoved(1200)).to.equal('1,200 accounts removed');
    });
  });

  describe('E: failureExit', () => {
    it('Go Back names the recipient; Leave Page the bank (its brand when known)', () => {
      expect(failureExit(true, 'Budget Buddy', 'Demo Bank')).to.deep.equal({ label: copy.failure.goBack, where: 'Returns you to Budget Buddy.' });
      expect(failureExit(true, '', undefined).where).to.equal('Returns you to the app or website that sent you here.');
      expect(failureExit(false, '', 'Demo Bank')).to.deep.equal({ label: copy.failure.leavePage, where: 'Takes you to the Demo Bank website.' });
      expect(failureExit(false, '', undefined).where).to.equal("Takes you to the bank's website.");
    });
  });
});
