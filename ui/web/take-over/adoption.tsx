import { createContext, useContext, useLayoutEffect, type ReactNode } from 'react';

const AdoptionContext = createContext<(() => void) | undefined>(undefined);

/**
 * Issue 20 (docs/prerendered-login.md): while React adopts the pre-rendered page, `adopted` is
 * called once the whole page is adopted (by {@link AdoptionSignal}). Outside an adoption, nothing.
 */
export function AdoptionProvider({ adopted, children }: { readonly adopted: () => void; readonly children: ReactNode }) {
  return <AdoptionContext.Provider value={adopted}>{children}</AdoptionContext.Provider>;
}

/**
 * Issue 20: React adopts a Suspense boundary's content after the rest of the page, in a commit
 * of its own, so the adoption is over only when the step's boundary (StepSwitch) is adopted:
 * this sits inside it and says so, in that commit, before the next paint or event.
 */
export function AdoptionSignal() {
  const adopted = useContext(AdoptionContext);
  useLayoutEffect(() => adopted?.(), [adopted]);
  return null;
}
