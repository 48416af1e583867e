import { useLayoutEffect, useRef, type InputHTMLAttributes } from 'react';

/**
 * A native checkbox with the DOM `indeterminate` property kept in step with the prop (spec §2:
 * a partly selected EGA). HTML has no attribute for it, so a layout effect sets the property;
 * browsers expose it to assistive technology as "mixed", so no aria-checked is added (ARIA in
 * HTML forbids aria-checked on a native checkbox).
 */
export function IndeterminateCheckbox({
  indeterminate,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & {
  readonly indeterminate: boolean;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (ref.current !== null) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return <input ref={ref} type="checkbox" {...props} />;
}
