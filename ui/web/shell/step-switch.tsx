import { observer } from 'mobx-react-lite';
import { SessionStore } from '../../../application/stores/session.store';
import { assertNever } from '../../../domain/result';
import { useService } from '../services-context';
import { Suspense, useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { LaterSteps } from '../../../application/use-cases/later-steps.use-case';
import { LoginPage } from '../pages/login-page';
import { AdoptionSignal } from '../take-over/adoption';
import { ignorePressCarriedOver } from './carried-over-press';
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
        <ShownStep step={step}>
          <AdoptionSignal />
          <ProgressTracker />
          <StepHeader />
          {stepBody(step, pages)}
        </ShownStep>
      </Suspense>
    </StepLoadBoundary>
  );
});

/**
 * Issue 33 item 9: a step, guarded from the press that was going on as it was shown (a double tap
 * on the login's Continue lifted on the account step). Inside the Suspense boundary, so the guard
 * starts when the step is shown, not while its code loads.
 */
function ShownStep({ step, children }: { readonly step: SessionStore['step']; readonly children: ReactNode }) {
  const element = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => (element.current === null ? undefined : ignorePressCarriedOver(element.current)), [step]);
  return (
    <div ref={element} className="step" data-step={step}>
      {children}
    </div>
  );
}

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
