import { reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { SessionStore } from '../../application/stores/session.store';
import { copy } from '../../domain/copy';
import { failureTitles } from '../../domain/error-page';
import { assertNever } from '../../domain/result';
import { AppErrorBoundary } from './app-error-boundary';
import { AppRoutes, isTakeOver, pathOfSession } from './router';
import { useService } from './services-context';

/** Spec §2: the window title per screen: the step's, the failure page's, or loading. */
function titleOfSession(session: SessionStore): string {
  switch (session.screen.kind) {
    case 'loading':
      return session.awaitingLogin ? session.windowTitle : copy.shell.loadingTitle;
    case 'failure':
      return failureTitles(session.screen.route).windowTitle;
    case 'flow':
      return session.windowTitle;
    default:
      return assertNever(session.screen);
  }
}

/** Spec §2: "The page scrolls to the top when navigation starts." */
function scrollToTop(): void {
  document.documentElement.scrollTop = 0;
  document.body.scrollTop = 0;
}

/**
 * The router follows SessionStore (DESIGN §3.6): it matches the session's path (no history, no
 * address change); each change of screen or step scrolls to the top (not when the brand's login
 * route takes over the pre-rendered form: the customer may be typing, issue 15) and sets the
 * window title.
 */
export const App = observer(function App() {
  const session = useService(SessionStore);
  const path = pathOfSession(session);

  useEffect(() => {
    let from = pathOfSession(session);
    return reaction(
      () => pathOfSession(session),
      (to) => {
        if (!isTakeOver(from, to)) scrollToTop();
        from = to;
      },
    );
  }, [session]);
  useEffect(
    () =>
      reaction(
        () => titleOfSession(session),
        (title) => {
          document.title = title;
        },
        { fireImmediately: true },
      ),
    [session],
  );

  return (
    <AppErrorBoundary>
      <AppRoutes path={path} />
    </AppErrorBoundary>
  );
});
