import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

/**
 * A labelled text field of the login form: label (with an optional tooltip beside it), help
 * text, the input, links under it, and its error. The error is announced politely when it
 * appears and linked to the input (aria-describedby, aria-invalid). Issue 25: not announced when
 * `announced` is false (the focus is sent to the field as it appears, and it is read there), and
 * read "invalid" as `invalid` says (by default, whenever there is a message). Issue 33 item 3: a
 * message that is not an error (the code the bank spent at the date-of-birth step-up) is shown as
 * information, not in the error's red.
 */
export function LoginField({
  label,
  tooltip,
  help,
  error,
  invalid = error !== undefined,
  announced = true,
  links,
  onBlur,
  inputProps,
  className,
  describedBy: alsoDescribedBy,
}: {
  readonly label: string;
  readonly tooltip?: ReactNode;
  readonly help?: string;
  readonly error: string | undefined;
  readonly invalid?: boolean;
  readonly announced?: boolean;
  readonly links?: ReactNode;
  readonly onBlur: () => void;
  readonly inputProps: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onBlur' | 'aria-invalid' | 'aria-describedby' | 'className'>;
  readonly className?: string;
  /** Issue 23 item C: another element that describes the field (the step-up notice, for the secure code). */
  readonly describedBy?: string | undefined;
}) {
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy = [help === undefined ? undefined : helpId, error === undefined ? undefined : errorId, alsoDescribedBy].filter(Boolean).join(' ');
  return (
    <div className={className === undefined ? 'field' : `field ${className}`}>
      <div className="field-label-row">
        <label htmlFor={id} className="field-label">
          {label}
        </label>
        {tooltip}
      </div>
      {help === undefined ? undefined : (
        <p id={helpId} className="field-help">
          {help}
        </p>
      )}
      <input
        {...inputProps}
        id={id}
        className="text-input"
        onBlur={onBlur}
        aria-invalid={invalid}
        aria-describedby={describedBy === '' ? undefined : describedBy}
      />
      <div id={errorId} aria-live={announced ? 'polite' : 'off'}>
        {error === undefined ? undefined : <p className={invalid ? 'field-error' : 'field-note'}>{error}</p>}
      </div>
      {links === undefined ? undefined : <div className="field-links">{links}</div>}
    </div>
  );
}
