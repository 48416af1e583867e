import type { Container } from 'inversify';
import { createContext, useContext, type ReactNode } from 'react';

const ContainerContext = createContext<Container | undefined>(undefined);

/** The terminal views' way to the container (the same stores as the web views, DESIGN §1). */
export function ServicesProvider({ container, children }: { readonly container: Container; readonly children: ReactNode }) {
  return <ContainerContext.Provider value={container}>{children}</ContainerContext.Provider>;
}

export function useService<T>(service: abstract new (...args: never[]) => T): T {
  const container = useContext(ContainerContext);
  if (container === undefined) throw new Error('useService needs a ServicesProvider');
  return container.get<T>(service as never);
}
