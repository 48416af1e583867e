import { observer } from 'mobx-react-lite';
import { SessionStore } from '../../../application/stores/session.store';
import { copy } from '../../../domain/copy';
import { Spinner } from '../components/spinner';
import { useService } from '../services-context';

/**
 * Spec §2 "spinner mask while loading": covers the page and takes every pointer event while a
 * request runs (the shell makes the content inert). The status region is always present, so
 * that "Loading" is announced when it appears.
 */
export const LoadingMask = observer(function LoadingMask() {
  const loading = useService(SessionStore).loading;
  return (
    <>
      <div role="status" className="visually-hidden">{loading ? copy.shell.loading : ''}</div>
      {loading ? (
        <div className="loading-mask" aria-hidden="true">
          <Spinner />
        </div>
      ) : undefined}
    </>
  );
});
