import { copy } from '../../../domain/copy';
import { Spinner } from '../components/spinner';

/** Spec §2 `**`: the loading screen while the token is verified and the consent loaded. */
export function LoadingPage() {
  return (
    <div className="loading-page">
      <Spinner />
      <p role="status" className="loading-text">
        {copy.shell.loading}
      </p>
    </div>
  );
}
