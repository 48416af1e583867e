import type { Container, Newable } from 'inversify';

type AnyClass = Newable<object>;

/** Binds each class to itself as a singleton, unless the container has it already. */
export function bindSingletons(container: Container, classes: readonly AnyClass[]): void {
  for (const service of classes) {
    if (!container.isBound(service)) container.bind(service).toSelf().inSingletonScope();
  }
}
