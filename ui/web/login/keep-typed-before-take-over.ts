import { useLayoutEffect, type RefObject } from 'react';
import type { LoginStore } from '../../../application/stores/login.store';

/** The pre-rendered form's fields and where their text goes (the names LoginPage gives them). */
const FIELDS = { username: 'setUsername', secureCode: 'setSecureCode' } as const;

/**
 * Issue 15: what the customer typed (or the browser filled in) in the pre-rendered login form
 * before the app took it over is the form's text: each field whose text differs from the
 * store's is told to the store, before the browser paints again. Hydration leaves the typed text
 * in the fields (React does not overwrite an input's value while hydrating); without this, the
 * next render of a field would put the store's empty value back.
 */
export function keepTypedText(form: HTMLFormElement, login: Pick<LoginStore, 'form' | 'setUsername' | 'setSecureCode'>): void {
  for (const [name, setter] of Object.entries(FIELDS) as [keyof typeof FIELDS, (typeof FIELDS)[keyof typeof FIELDS]][]) {
    const field = form.elements.namedItem(name);
    if (field instanceof HTMLInputElement && field.value !== login.form[name]) login[setter](field.value);
  }
}

/** Runs {@link keepTypedText} once, when the login form is first on screen. */
export function useKeepTypedBeforeTakeOver(form: RefObject<HTMLFormElement | null>, login: Pick<LoginStore, 'form' | 'setUsername' | 'setSecureCode'>): void {
  useLayoutEffect(() => {
    if (form.current !== null) keepTypedText(form.current, login);
    // Once, at mount: afterwards every key press reaches the store through the fields' onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
