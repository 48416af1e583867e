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
export function StepButtonRow({ back, primary, cancel }: {
  readonly back?: StepAction | undefined;
  readonly primary: StepAction;
  readonly cancel: StepAction;
}) {
  return (
    <div className="button-row step-buttons">
      {back === undefined ? undefined : (
        <button type="button" className="btn btn-secondary step-back" onClick={back.onClick} disabled={back.disabled}>
          {back.label}
        </button>
      )}
      <button type="button" className="btn btn-primary" onClick={primary.onClick} disabled={primary.disabled}>
        {primary.label}
      </button>
      <button type="button" className="btn btn-link" onClick={cancel.onClick} disabled={cancel.disabled}>
        {cancel.label}
      </button>
    </div>
  );
}
