import { expect } from 'chai';
import { dataClusters } from '../../domain/data-clusters';
import { listedClusters, newDataHeadings, newDataText, noAccountWarning } from '../../domain/review-data';
import { stepsCopy } from '../../domain/steps-copy';

const BANK = ['bank:accounts.basic:read', 'bank:transactions:read'];
const BASIC = 'common:customer.basic:read';
const DETAIL = 'common:customer.detail:read';

const listed = (scopes: string[], accountsShared: boolean, newScopes: string[] = [], profile: 'individual' | 'organisation' = 'individual') =>
  listedClusters(dataClusters(scopes, profile), { accountsShared, newScopes });
const headings = (entries: ReturnType<typeof listed>) => entries.map((entry) => entry.cluster.heading);

describe('domain/review-data (issue 13 items 2 and 3)', () => {
  describe('listedClusters: what the review lists as shared', () => {
    it('with accounts selected: every requested cluster', () => {
      expect(headings(listed([...BANK, BASIC], true))).to.deep.equal(['Account name, type and balance', 'Transaction details', 'Name and occupation']);
    });

    it('with no account selected: no account data, only what needs no account', () => {
      expect(headings(listed([...BANK, BASIC, DETAIL], false))).to.deep.equal(['Name and occupation', 'Contact details']);
      expect(headings(listed(BANK, false))).to.deep.equal([]);
    });

    it('newly requested scopes are tagged new; the rest are not', () => {
      const entries = listed([...BANK, 'bank:regular_payments:read', BASIC], true, ['bank:regular_payments:read']);
      expect(entries.map((entry) => [entry.cluster.heading, entry.isNew])).to.deep.equal([
        ['Account name, type and balance', false],
        ['Transaction details', false],
        ['Direct debits and scheduled payments', true],
        ['Name and occupation', false],
      ]);
    });

    it('a new ‡ merged cluster is new by its detail scope; a new profile scope is new as "Name"', () => {
      expect(listed(['bank:accounts.detail:read'], true, ['bank:accounts.detail:read'])[0]?.isNew).to.equal(true);
      expect(listed(['openid', 'profile', 'bank:payees:read'], true, ['profile']).map((e) => [e.cluster.heading, e.isNew])).to.deep.equal([
        ['Saved payees', false],
        ['Name', true],
      ]);
    });
  });

  describe("newDataHeadings / newDataText: What's changed", () => {
    it("names the new data in the data list's words", () => {
      const entries = listed([...BANK, 'bank:regular_payments:read'], true, ['bank:regular_payments:read']);
      expect(newDataHeadings(entries)).to.deep.equal(['Direct debits and scheduled payments']);
      expect(newDataText(entries)).to.equal('New data requested: Direct debits and scheduled payments');
    });

    it('several, joined by "; " (headings may hold commas)', () => {
      const entries = listed(['bank:payees:read', DETAIL], true, ['bank:payees:read', DETAIL]);
      expect(newDataText(entries)).to.equal('New data requested: Saved payees; Name, occupation, contact details');
    });

    it('nothing new: no line; new account data with no account selected is not listed, so not named', () => {
      expect(newDataText(listed(BANK, true))).to.equal(undefined);
      expect(newDataText(listed([...BANK, BASIC], false, ['bank:transactions:read']))).to.equal(undefined);
    });
  });

  describe('noAccountWarning: never promises data that is not listed', () => {
    it("both customer scopes: the spec's words verbatim (individual and organisation)", () => {
      for (const profile of ['individual', 'organisation'] as const) {
        expect(noAccountWarning(listed([...BANK, BASIC, DETAIL], false, [], profile))).to.equal(
          'You have not selected an account to share, however you may still continue to share your name and contact details.',
        );
      }
      expect(stepsCopy.confirmation.noAccountSelected).to.equal(
        'You have not selected an account to share, however you may still continue to share your name and contact details.',
      );
    });

    it("one customer scope: names it in the data list's words", () => {
      expect(noAccountWarning(listed([...BANK, BASIC], false))).to.equal(
        'You have not selected an account to share, however you may still continue to share your name and occupation.',
      );
      expect(noAccountWarning(listed([...BANK, DETAIL], false))).to.equal(
        'You have not selected an account to share, however you may still continue to share your name, occupation, contact details.',
      );
      expect(noAccountWarning(listed([...BANK, BASIC], false, [], 'organisation'))).to.equal(
        'You have not selected an account to share, however you may still continue to share your organisation profile.',
      );
    });

    it('the profile scope alone: "your name"; with an organisation profile: both named', () => {
      expect(noAccountWarning(listed([...BANK, 'openid', 'profile'], false))).to.equal(
        'You have not selected an account to share, however you may still continue to share your name.',
      );
      expect(noAccountWarning(listed([...BANK, 'profile', BASIC], false, [], 'organisation'))).to.equal(
        'You have not selected an account to share, however you may still continue to share your organisation profile and your name.',
      );
    });

    it('the profile scope beside a cluster that lists Name: the name is not named twice (issue 21: "Name" is its own cluster)', () => {
      expect(noAccountWarning(listed([...BANK, 'profile', BASIC], false))).to.equal(
        'You have not selected an account to share, however you may still continue to share your name and occupation.',
      );
      expect(noAccountWarning(listed([...BANK, 'profile', DETAIL], false))).to.equal(
        'You have not selected an account to share, however you may still continue to share your name, occupation, contact details.',
      );
      expect(noAccountWarning(listed([...BANK, 'profile', BASIC, DETAIL], false))).to.equal(
        'You have not selected an account to share, however you may still continue to share your name and contact details.',
      );
    });

    it('no customer scope: promises nothing', () => {
      expect(noAccountWarning(listed(BANK, false))).to.equal('You have not selected an account to share.');
    });
  });
});
