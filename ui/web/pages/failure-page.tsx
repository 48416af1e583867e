import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef } from 'react';
import { SessionStore } from '../../../application/stores/session.store';
import { copy } from '../../../domain/copy';
import { failurePageText, failureTitles } from '../../../domain/error-page';
import { useService } from '../services-context';
import { entryPublicSite } from '../take-over/take-over';

/**
 * Spec §2 "Failure page" as a view: the title (focused on arrival), the message as plain text
 * (React escapes it: a server message is never markup) and at most one button. Spec §2: it is a
 * non-closable modal: an alert dialog with no close button, that Escape does not dismiss, and whose
 * one way on is its button.
 */
function FailureView({
  title = copy.failure.title,
  message,
  reference,
  outcome,
  action,
}: {
  /** Issue 33 item 5: a request this tab already finished has its own title (failureTitles). */
  readonly title?: string;
  readonly message: string;
  readonly reference?: string | undefined;
  /** DESIGN §3.16: what was shared, as far as is known (SessionStore.failureOutcome); none when nothing is. */
  readonly outcome?: string | undefined;
  /** Issue 23 item E: `where` says where the button goes, beside it and read with it. */
  readonly action?: (({ readonly onClick: () => void } | { readonly href: string }) & { readonly label: string; readonly where: string }) | undefined;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const messageId = useId();
  const whereId = useId();
  useEffect(() => heading.current?.focus(), []);
  return (
    <section role="alertdialog" aria-modal="true" className="failure-page" aria-labelledby={headingId} aria-describedby={messageId}>
      <div className="card failure-card">
        <h1 id={headingId} ref={heading} tabIndex={-1}>
          {title}
        </h1>
        <p id={messageId} className="failure-message">
          {message}
        </p>
        {outcome !== undefined && outcome !== '' && <p className="failure-shared">{outcome}</p>}
        {reference === undefined ? undefined : <p className="failure-reference muted">{reference}</p>}
        {action === undefined ? undefined : (
          <div className="button-row failure-exit">
            {'href' in action ? (
              <a className="btn btn-primary" href={action.href} aria-describedby={whereId}>
                {action.label}
              </a>
            ) : (
              <button type="button" className="btn btn-primary" onClick={action.onClick} aria-describedby={whereId}>
                {action.label}
              </button>
            )}
            <p id={whereId} className="failure-exit-where muted">
              {action.where}
            </p>
          </div>
        )}
      </div>
    </section>
  );
}

/**
 * Spec §2: the failure view shown when the application cannot run (no config, a boot or render
 * error), with the default text. It says nothing about sharing (DESIGN §3.16): it knows no
 * journey, and an earlier page of the same request may have confirmed one. Its one button (issue 21: the spec's failure page has one) is Leave Page, to the bank's
 * public site the entry page was built with, else Go Back in the browser's history (the token is
 * not verified, so its address is not followed: DESIGN §3.1).
 */
export function StaticFailureView() {
  const publicSite = entryPublicSite();
  const action =
    publicSite === undefined
      ? { label: copy.failure.goBack, where: copy.failure.backToPreviousPage, onClick: () => history.back() }
      : { label: copy.failure.leavePage, where: copy.failure.takesToSite(undefined), href: publicSite };
  return (
    <div className="app">
      <main className="site-main">
        <FailureView message={copy.failure.defaultMessage} action={action} />
      </main>
    </div>
  );
}

/**
 * Spec §2 "Failure page" for authorize_failure, incorrect_jwt, consent_fetch_failure and the
 * keys outage: the bank's own words (DESIGN §3.13 departs from the spec's "server message": an
 * address anyone can write never speaks for the bank; a reference only of what is proven to be a
 * code and a time, `failurePageText`); Go Back (to the verified token's redirect address) or
 * Leave Page (the bank's public site). Issue 33 item 5: a request this tab already finished has
 * its own title and words in the same frame (`failureTitles`).
 */
export const FailurePage = observer(function FailurePage() {
  const session = useService(SessionStore);
  const screen = session.screen;
  const failure = screen.kind === 'failure' ? screen : undefined;
  const { message, reference } = failurePageText(failure, session.config.errorMessages);
  const action = session.failureHasExit ? { ...session.failureExit, onClick: () => void session.leaveFailurePage() } : undefined;
  return <FailureView title={failureTitles(failure?.route).title} message={message} reference={reference} outcome={session.failureOutcome} action={action} />;
});
