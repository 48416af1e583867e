import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, type ClipboardEvent, type FocusEvent } from 'react';
import { LoginStore } from '../../../application/stores/login.store';
import type { DateOfBirthParts } from '../../../domain/date-of-birth';
import { copy } from '../../../domain/copy';
import { useService } from '../services-context';

type Part = keyof DateOfBirthParts;

const PARTS: readonly { readonly part: Part; readonly label: string; readonly maxLength: number; readonly autoComplete: string }[] = [
  { part: 'day', label: copy.login.dobDay, maxLength: 2, autoComplete: 'bday-day' },
  { part: 'month', label: copy.login.dobMonth, maxLength: 2, autoComplete: 'bday-month' },
  { part: 'year', label: copy.login.dobYear, maxLength: 4, autoComplete: 'bday-year' },
];

/**
 * Spec §2 "Additional security": the date of birth as DD, MM, YYYY in one group (fieldset and
 * legend), with the example, under the step-up notice when the bank has just asked for it (the
 * first field to fill then takes focus, LoginPage; the group and the code field are described
 * by the notice, so it is read there). Focus moves to the next part after 2 digits; a whole date pasted
 * into any part fills all three (LoginStore.pasteDob). The error shows once the group is left; an
 * empty or half-filled date is named on Continue, with only the parts at fault marked (issue 33 item 3).
 */
export const DateOfBirthFieldset = observer(function DateOfBirthFieldset({
  noticeId,
}: {
  /** Issue 23 item C: the step-up notice's id, so that the secure code field (focused first at the step-up) is described by it too. */
  readonly noticeId: string;
}) {
  const login = useService(LoginStore);
  const id = useId();
  const inputs = useRef<Partial<Record<Part, HTMLInputElement | null>>>({});
  const error = login.dobError;
  const notice = login.dobStepUpNotice;
  // Continue with the date of birth incomplete or wrong: its first part at fault takes focus (LoginStore.submit; issue 33 item 3).
  const fieldFocus = login.fieldFocus;
  useEffect(() => {
    if (fieldFocus?.field === 'dob') inputs.current[login.dobFocusPart]?.focus();
  }, [fieldFocus, login]);

  const onChange = (index: number, part: Part, value: string) => {
    login.setDobPart(part, value);
    const next = PARTS[index + 1];
    if (next !== undefined && part !== 'year' && value.length === 2) inputs.current[next.part]?.focus();
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    if (login.pasteDob(event.clipboardData.getData('text'))) event.preventDefault();
  };
  const onBlur = (event: FocusEvent<HTMLFieldSetElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) login.touch('dob');
  };

  return (
    <section className="dob-section" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{copy.login.dobHeading}</h3>
      {notice === undefined ? undefined : (
        <p id={noticeId} className="notice notice-info dob-step-up">
          {notice}
        </p>
      )}
      <fieldset
        className="field dob"
        onBlur={onBlur}
        aria-describedby={[notice === undefined ? undefined : noticeId, `${id}-example`, error === undefined ? undefined : `${id}-error`]
          .filter(Boolean)
          .join(' ')}
      >
        <legend className="field-label">{copy.login.dobLabel}</legend>
        <p id={`${id}-example`} className="field-help">
          {copy.login.dobExample}
        </p>
        <div className="dob-parts">
          {PARTS.map(({ part, label, maxLength, autoComplete }, index) => (
            <div key={part} className={`dob-part dob-${part}`}>
              <label htmlFor={`${id}-${part}`} className="dob-part-label">
                {label}
              </label>
              <input
                ref={(element) => {
                  inputs.current[part] = element;
                }}
                id={`${id}-${part}`}
                className="text-input"
                type="text"
                data-dob-part={part}
                inputMode="numeric"
                autoComplete={autoComplete}
                maxLength={maxLength}
                value={login.form.dob[part]}
                aria-invalid={login.dobPartInvalid(part)}
                onChange={(event) => onChange(index, part, event.target.value)}
                onPaste={onPaste}
              />
            </div>
          ))}
        </div>
        <div id={`${id}-error`} aria-live="polite">
          {error === undefined ? undefined : <p className="field-error">{error}</p>}
        </div>
      </fieldset>
    </section>
  );
});
