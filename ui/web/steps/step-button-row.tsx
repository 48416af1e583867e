import { useId } from 'react';

/** One button of a step's row: its label (from SessionStore.buttons) and action. */
export interface StepAction {
  readonly label: string;
  readonly onClick: () => void;
  readonly disabled?: boolean;
}

/**
 * Spec §2 buttons per step: Back (when the step has one), the forward button (Continue, Confirm
 * or Save changes) and Cancel, with the labels of domain/flow.ts stepButtons. Plain buttons, not
 * a form: Enter in a text box must never continue or confirm by itself.
 */
export function StepButtonRow({
  back,
  primary,
  cancel,
  message,
}: {
  readonly back?: StepAction | undefined;
  readonly primary: StepAction;
  readonly cancel: StepAction;
  /** Issue 23 item C: why the forward button did not go on, beside it (announced, and read with the button). */
  readonly message?: string | undefined;
}) {
  const messageId = useId();
  return (
    <>
      <div id={messageId} className="step-buttons-message" aria-live="polite">
        {message === undefined ? undefined : <p className="notice notice-error">{message}</p>}
      </div>
      <div className="button-row step-buttons">
        {back === undefined ? undefined : (
          <button type="button" className="btn btn-secondary step-back" onClick={back.onClick} disabled={back.disabled}>
            {back.label}
          </button>
        )}
        <button
          type="button"
          className="btn btn-primary"
          onClick={primary.onClick}
          disabled={primary.disabled}
          aria-describedby={message === undefined ? undefined : messageId}
        >
          {primary.label}
        </button>
        <button type="button" className="btn btn-link" onClick={cancel.onClick} disabled={cancel.disabled}>
          {cancel.label}
        </button>
      </div>
    </>
  );
}
