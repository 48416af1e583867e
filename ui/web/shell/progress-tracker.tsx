import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { SessionStore } from '../../../application/stores/session.store';
import { copy } from '../../../domain/copy';
import { useService } from '../services-context';

/**
 * Spec §2 progress tracker: hidden on login; "Step n of total" and a bar of width
 * (index + 1) / total, drawn by a native <progress> (its value attribute, no inline style).
 */
export const ProgressTracker = observer(function ProgressTracker() {
  const progress = useService(SessionStore).progress;
  const labelId = useId();
  if (progress === undefined) return undefined;
  const text = copy.shell.progressStep(progress.index + 1, progress.total);
  return (
    <div className="progress-tracker">
      <p id={labelId} className="progress-text">
        <span className="visually-hidden">{copy.shell.progressLabel}: </span>
        {text}
      </p>
      <progress className="progress-bar" aria-labelledby={labelId} max={progress.total} value={progress.index + 1}>
        {text}
      </progress>
    </div>
  );
});
