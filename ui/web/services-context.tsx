import type { Container } from 'inversify';
import { createContext, useContext, useMemo, type ReactNode } from 'react';

const ServicesContext = createContext<Container | undefined>(undefined);

/** DESIGN §2: React reaches the container only through this one context. */
export function ServicesProvider({ container, children }: { readonly container: Container; readonly children: ReactNode }) {
  return <ServicesContext.Provider value={container}>{children}</ServicesContext.Provider>;
}

/**
 * The container's instance for a token or class (a store or a use case). It is resolved once per
 * mounted component (and again only if the container or token changes): every service is a
 * singleton (DESIGN §2), and resolving on every render costs a lookup per component per render.
 */
export function useService<T>(token: symbol | (abstract new (...args: never[]) => T)): T {
  const container = useContext(ServicesContext);
  return useMemo(() => {
    if (container === undefined) throw new Error('useService needs a ServicesProvider above it.');
    return container.get<T>(token as never);
  }, [container, token]);
}
