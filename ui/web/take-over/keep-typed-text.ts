import type { LoginStore } from '../../../application/stores/login.store';

/** The pre-rendered form's fields and where their text goes (the names LoginPage gives them). */
const FIELDS = { username: 'setUsername', secureCode: 'setSecureCode' } as const;

/**
 * Issue 15, issue 20: what the customer typed (or the browser filled in) in the pre-rendered login
 * form before the app took it over is the form's text: each field's text is told to the model.
 * React adopts the fields as they are (it never writes an input's value while hydrating), and
 * the first render after the take-over then shows the same text, so nothing is written back.
 */
export function keepTypedText(form: HTMLFormElement, login: Pick<LoginStore, 'setUsername' | 'setSecureCode'>): void {
  for (const [name, setter] of Object.entries(FIELDS) as [keyof typeof FIELDS, (typeof FIELDS)[keyof typeof FIELDS]][]) {
    const field = form.elements.namedItem(name);
    if (field instanceof HTMLInputElement) login[setter](field.value);
  }
}
