import { observer } from 'mobx-react-lite';
import { SessionStore } from '../../application/stores/session.store';
import { assertNever } from '../../domain/result';
import { useService } from '../services-context';
import { Suspense, useEffect } from 'react';
import { LoginPage } from '../pages/login-page';
import { LazyConfirmationPage, LazySelectAccountsPage, LazySelectProfilePage, preloadLaterSteps } from './later-steps';

/**
 * The body of the current step. It follows SessionStore.step (the source of truth) rather than
 * the route, so a step never renders with another step's state while the router catches up.
 */
export const StepSwitch = observer(function StepSwitch() {
  const step = useService(SessionStore).step;
  useEffect(() => {
    const idle = globalThis.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200));
    idle(preloadLaterSteps);
  }, []);
  return <Suspense fallback={null}>{stepBody(step)}</Suspense>;
});

function stepBody(step: SessionStore['step']) {
  switch (step) {
    case 'login':
      return <LoginPage />;
    case 'selectProfile':
      return <LazySelectProfilePage />;
    case 'selectAccounts':
      return <LazySelectAccountsPage />;
    case 'confirmation':
      return <LazyConfirmationPage />;
    default:
      return assertNever(step);
  }
}
