import { observer } from 'mobx-react-lite';
import { SessionStore } from '../../../application/stores/session.store';
import { assertNever } from '../../../domain/result';
import { useService } from '../services-context';
import { Suspense, useEffect, useMemo } from 'react';
import { LaterSteps } from '../../../application/use-cases/later-steps.use-case';
import { LoginPage } from '../pages/login-page';
import { AdoptionSignal } from './adoption';
import { laterStepPages, type LaterStepPages } from './later-steps';
import { StepLoadingMask } from './loading-mask';
import { ProgressTracker } from './progress-tracker';
import { StepHeader } from './step-header';
import { StepLoadBoundary } from './step-load-boundary';
import { whenSettled } from './when-settled';

/**
 * The current step: its progress tracker, title and body, in one Suspense boundary, so that they
 * switch together: while a later step's code loads, the spinner mask stands in for the whole step
 * and no title shows without its body (spec §2 "spinner mask while loading"). It follows
 * SessionStore.step (the source of truth) rather than the route, so a step never renders with
 * another step's state while the router catches up. A later step whose files cannot be loaded
 * opens Service unavailable (SessionStore.stepUnavailable).
 */
export const StepSwitch = observer(function StepSwitch() {
  const session = useService(SessionStore);
  const step = session.step;
  const laterSteps = useService(LaterSteps);
  const pages = useMemo(() => laterStepPages(laterSteps), [laterSteps]);
  useEffect(() => whenSettled(() => pages.preload()), [pages]);
  return (
    <StepLoadBoundary onFailure={session.stepUnavailable}>
      <Suspense fallback={<StepLoadingMask />}>
        <div className="step" data-step={step}>
          <AdoptionSignal />
          <ProgressTracker />
          <StepHeader />
          {stepBody(step, pages)}
        </div>
      </Suspense>
    </StepLoadBoundary>
  );
});

function stepBody(step: SessionStore['step'], pages: LaterStepPages) {
  switch (step) {
    case 'login':
      return <LoginPage />;
    case 'selectProfile':
      return <pages.SelectProfilePage />;
    case 'selectAccounts':
      return <pages.SelectAccountsPage />;
    case 'confirmation':
      return <pages.ConfirmationPage />;
    default:
      return assertNever(step);
  }
}
