import { observer } from 'mobx-react-lite';
import { SessionStore } from '../../../application/stores/session.store';
import { copy } from '../../../domain/copy';
import { Spinner } from '../components/spinner';
import { useService } from '../services-context';

/** Spec §2 "spinner mask": the mask itself, covering the page and taking every pointer event. */
function SpinnerMask() {
  return (
    <div className="loading-mask" aria-hidden="true">
      <Spinner />
    </div>
  );
}

/**
 * Spec §2 "spinner mask while loading": shown while a request runs (the shell makes the content
 * inert). The status region is always present, so that "Loading" is announced when it appears.
 */
export const LoadingMask = observer(function LoadingMask() {
  const loading = useService(SessionStore).loading;
  return (
    <>
      <div role="status" className="visually-hidden">
        {loading ? copy.shell.loading : ''}
      </div>
      {loading ? <SpinnerMask /> : undefined}
    </>
  );
});

/**
 * Spec §2 "spinner mask while loading" while a later step's code loads: the step (tracker, title,
 * body) is not shown in part; the mask stands in for all of it until it can be shown whole.
 */
export function StepLoadingMask() {
  return (
    <div className="step-loading" aria-busy="true">
      <p role="status" className="visually-hidden">
        {copy.shell.loading}
      </p>
      <SpinnerMask />
    </div>
  );
}
