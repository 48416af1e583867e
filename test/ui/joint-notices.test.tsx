// Issue 33 item 7: on the review of joint.approval's accounts, "Joint account holders may be
// notified" stood beside "The other holders of your joint account will not be notified": each
// notice now names the account(s) it is about, its own words unchanged.
import './setup-dom';
import { cleanup, screen, within } from '@testing-library/react';
import { expect } from 'chai';
import { rawAccount } from '../fixtures/raw-accounts.fixture';
import { atConfirmation } from './at-confirmation';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** As the sandbox's joint.approval: a plain account, two joint ones, and a joint one shared under rule 4A.15. */
const JOINT_APPROVAL = [
  rawAccount({ id: 'ja-0001', nickName: 'Spending', identification: '062000 84000001' }),
  rawAccount({ id: 'ja-0002', nickName: 'Our savings', identification: '062000 84000002', joint: true, pending: { code: 'JOINT_APPROVAL_REQUIRED', days: 7 } }),
  rawAccount({ id: 'ja-0003', nickName: 'Household', identification: '062000 84000003', joint: true }),
  rawAccount({ id: 'ja-0006', nickName: 'Private', identification: '062000 84000006', joint: true, notificationsWithheld: true }),
];

const MAY_BE_NOTIFIED = 'Joint account holders may be notified';
const NOT_NOTIFIED = 'The other holders of your joint account will not be notified about this data sharing.';

/** The review of joint.approval's accounts with `ticked` chosen (test/ui/at-confirmation.tsx). */
const atReview = (ticked: readonly string[]) => atConfirmation({ accounts: JOINT_APPROVAL, choose: (j) => ticked.forEach((id) => j.selection.toggle(id)) });

/** The notice whose words are `text`, and the accounts it names (its list's lines). */
function notice(text: string): { readonly accounts: readonly (string | null)[] } {
  const words = within(screen.getByRole('region', { name: 'Selected accounts' })).getByText(text);
  const box = words.closest('.notice');
  if (!(box instanceof HTMLElement)) throw new Error(`"${text}" is not in a notice`);
  return {
    accounts: within(box)
      .queryAllByRole('listitem')
      .map((item) => item.textContent),
  };
}

describe('ui: the joint-account notices name their accounts (issue 33 item 7)', () => {
  afterEach(cleanup);

  it('issue 33 item 7: "may be notified" names the joint accounts, the rule 4A.15 notice names its own, each in its own words', async () => {
    await atReview(['ja-0001', 'ja-0002', 'ja-0003', 'ja-0006']);
    expect(notice(MAY_BE_NOTIFIED).accounts).to.deep.equal(['Our savings 062-000 8400 0002', 'Household 062-000 8400 0003']);
    expect(notice(NOT_NOTIFIED).accounts).to.deep.equal(['Private 062-000 8400 0006']);
  });

  it('issue 33 item 7: with only the rule 4A.15 account, only its notice, naming it', async () => {
    await atReview(['ja-0006']);
    expect(notice(NOT_NOTIFIED).accounts).to.deep.equal(['Private 062-000 8400 0006']);
    expect(screen.queryByText(MAY_BE_NOTIFIED)).to.equal(null);
  });
});
