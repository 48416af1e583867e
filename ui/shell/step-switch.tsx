import { observer } from 'mobx-react-lite';
import { SessionStore } from '../../application/stores/session.store';
import { assertNever } from '../../domain/result';
import { useService } from '../services-context';
import { ConfirmationPage } from '../pages/confirmation-page';
import { LoginPage } from '../pages/login-page';
import { SelectAccountsPage } from '../pages/select-accounts-page';
import { SelectProfilePage } from '../pages/select-profile-page';

/**
 * The body of the current step. It follows SessionStore.step (the source of truth) rather than
 * the route, so a step never renders with another step's state while the router catches up.
 */
export const StepSwitch = observer(function StepSwitch() {
  const step = useService(SessionStore).step;
  switch (step) {
    case 'login':
      return <LoginPage />;
    case 'selectProfile':
      return <SelectProfilePage />;
    case 'selectAccounts':
      return <SelectAccountsPage />;
    case 'confirmation':
      return <ConfirmationPage />;
    default:
      return assertNever(step);
  }
});
