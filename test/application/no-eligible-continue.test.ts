// Issue 33 item 10: Continue with no eligible account is never a silent press. With other data asked
// for it goes on to the review (spec §2 "you may still continue to share your name and contact
// details"); with only account data it opens No eligible accounts (spec §8), and the warning says
// so beforehand. Through the real sandbox bank (no.eligible), every kind of consent.
import { expect } from 'chai';
import { copy } from '../../domain/copy';
import { stepsCopy } from '../../domain/steps-copy';
import { sandboxJourneySuite } from './sandbox-journey-driver';

const ACCOUNTS = `step: ${copy.steps.selectAccounts}`;
const REVIEW = `step: ${copy.steps.confirmation}`;

describe('application: Continue with no eligible account (issue 33 item 10)', function () {
  this.timeout(20_000);
  const { open } = sandboxJourneySuite();

  const cases: readonly { readonly scopes: string[]; readonly next: string; readonly says: string }[] = [
    {
      scopes: ['bank:accounts.basic:read', 'bank:transactions:read'],
      next: 'modal: No eligible accounts',
      says: stepsCopy.selectAccounts.noneEligibleNothingElse('Budget Buddy'),
    },
    { scopes: ['bank:accounts.basic:read', 'common:customer.basic:read'], next: REVIEW, says: stepsCopy.selectAccounts.noneEligibleMore },
    { scopes: ['bank:accounts.basic:read', 'openid', 'profile'], next: REVIEW, says: stepsCopy.selectAccounts.noneEligibleMore },
  ];
  for (const { scopes, next, says } of cases) {
    it(`${scopes.join(' ')}: the warning says what Continue does, and Continue does it (${next})`, async () => {
      const j = await open({ scopes, tppName: 'Budget Buddy' });
      await j.logIn('no.eligible');
      expect(j.where()).to.equal(ACCOUNTS);
      expect(j.selection.showNoneEligibleWarning).to.equal(true);
      expect(j.selection.noneEligibleNext).to.equal(says);
      await j.selection.continue();
      expect(j.where(), 'never a silent press').to.equal(next);
    });
  }
});
