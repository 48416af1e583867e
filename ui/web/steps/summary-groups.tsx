import { observer } from 'mobx-react-lite';
import { useId, useLayoutEffect, useRef } from 'react';
import { ConfirmationStore } from '../../../application/stores/confirmation.store';
import type { SummaryEntry } from '../../../domain/selection-summary';
import { useService } from '../services-context';
import { SummaryEntryItem } from './summary-entry';
import { stepsCopy } from '../../../domain/steps-copy';

function Group({ heading, entries, removed }: { readonly heading: string | undefined; readonly entries: readonly SummaryEntry[]; readonly removed: boolean }) {
  const headingId = useId();
  if (entries.length === 0) return undefined;
  return (
    <section className="summary-group" aria-labelledby={heading === undefined ? undefined : headingId}>
      {heading === undefined ? undefined : (
        <h3 id={headingId} className="summary-group-heading">
          {heading}
        </h3>
      )}
      <ul className="summary-list">
        {entries.map((entry) => (
          <SummaryEntryItem key={entry.account.id} entry={entry} removed={removed} />
        ))}
      </ul>
    </section>
  );
}

/**
 * Issue 33 item 7: a joint notice, its words as they are, then the accounts it is about (name and
 * number), so that "may be notified" and rule 4A.15's "will not be notified" never read as one
 * contradicting the other. Nothing when it is about no account.
 */
function JointNotice({ text, accounts, withheld = false }: { readonly text: string; readonly accounts: readonly string[]; readonly withheld?: boolean }) {
  if (accounts.length === 0) return undefined;
  return (
    <div className={withheld ? 'notice notice-info joint-notice joint-not-notified' : 'notice notice-info joint-notice'}>
      <p>{text}</p>
      <ul className="joint-notice-accounts">
        {accounts.map((name, index) => (
          <li key={`${index}:${name}`}>{name}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Spec §2 "Confirmation": the selected accounts grouped as added, maintained and removed (the
 * group headings only in a PAR, where the groups differ), and "Joint account holders may be
 * notified" when an account added, kept or removed is joint (issue 22), or that the other holders
 * will not be notified (rule 4A.15, issue 22). Nothing is shown when
 * nothing was or is shared.
 *
 * Issue 22 (CX standards "Account confirm": "MUST show which accounts the data is being shared
 * from prior to confirming"): the accounts are listed without a click. A long list (more than
 * 10 lines) sits in a scrolling region of its own ("Account list, 60 accounts"), reachable by
 * keyboard, so the page stays short; it shows 50 lines, then 50 more on each "Show
 * more accounts" (focus moves to the first line it reveals), so a review of 5,000 accounts
 * renders what a review of 50 does (issue 15). Every line shown is in the page's text: find in
 * page and screen readers reach it.
 */
export const SummaryGroups = observer(function SummaryGroups() {
  const confirmation = useService(ConfirmationStore);
  const headingId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const focusIndex = useRef<number | undefined>(undefined);
  const lineCount = confirmation.accountLineCount;
  const page = confirmation.reviewAccounts;
  const shownCount = page.added.length + page.maintained.length + page.removed.length;
  useLayoutEffect(() => {
    const index = focusIndex.current;
    if (index === undefined) return;
    focusIndex.current = undefined;
    listRef.current?.querySelectorAll<HTMLLIElement>('li.summary-entry')[index]?.focus();
  }, [shownCount]);
  if (lineCount === 0) return undefined;
  const par = confirmation.isPar;
  const groups = (
    <>
      <Group heading={par ? stepsCopy.confirmation.addedAccounts : undefined} entries={page.added} removed={false} />
      <Group heading={par ? stepsCopy.confirmation.maintainedAccounts : undefined} entries={page.maintained} removed={false} />
      <Group heading={par ? stepsCopy.confirmation.removedAccounts : undefined} entries={page.removed} removed />
    </>
  );
  const showMore = (): void => {
    focusIndex.current = shownCount;
    confirmation.showMoreAccounts();
  };
  return (
    <section className="confirmation-section summary" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-heading">
        {stepsCopy.confirmation.selectedAccounts}
      </h2>
      {confirmation.accountListScrolls ? (
        // A scrolling region is focusable, so that it can be scrolled by keyboard (WCAG 2.1.1).
        <div ref={listRef} className="account-scroll" role="region" aria-label={stepsCopy.confirmation.accountList(lineCount)} tabIndex={0} data-account-scroll>
          {groups}
        </div>
      ) : (
        <div ref={listRef}>{groups}</div>
      )}
      {page.notShown > 0 ? (
        <button type="button" className="btn btn-secondary show-more" onClick={showMore}>
          {stepsCopy.selectAccounts.showMore(page.notShown)}
        </button>
      ) : undefined}
      <JointNotice text={stepsCopy.confirmation.jointHoldersNotified} accounts={confirmation.jointNoticeAccounts.notified} />
      <JointNotice text={stepsCopy.confirmation.jointHoldersNotNotified} accounts={confirmation.jointNoticeAccounts.notNotified} withheld />
    </section>
  );
});
