import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { ModalStore } from '../../../application/stores/modal.store';
import { SessionStore } from '../../../application/stores/session.store';
import { useService } from '../services-context';

/**
 * Issue 15, issue 20: the customer is already in the pre-rendered login form (typing in a field,
 * or on a button they pressed while the app started): the app taking the form over must not
 * pull the focus away.
 */
function inPrerenderedForm(): boolean {
  return document.activeElement?.closest('form.login-form') != null;
}

/**
 * Spec §2 "Shared shell": the step title (h1) and intro line. DESIGN §3.7: focus moves to the
 * title on each step (unless a modal holds it, or the customer is in the pre-rendered login form); the title is shown only with its step's body
 * (StepSwitch), so the effect runs once the step is on screen.
 */
export const StepHeader = observer(function StepHeader() {
  const session = useService(SessionStore);
  const modal = useService(ModalStore);
  const heading = useRef<HTMLHeadingElement>(null);
  const step = session.step;

  useEffect(() => {
    if (modal.current === undefined && !inPrerenderedForm()) heading.current?.focus();
    // Only a new step moves focus; the modal is read, not followed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step]);

  return (
    <div className="step-header">
      <h1 ref={heading} tabIndex={-1} className="step-title">
        {session.title}
      </h1>
      {session.intro === undefined ? undefined : <p className="step-intro">{session.intro}</p>}
    </div>
  );
});
