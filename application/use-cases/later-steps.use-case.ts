import type { Container } from 'inversify';

/**
 * Loads the later steps' module on demand and binds its stores into the container (once).
 * Not an injectable class: bindApplication binds one instance holding its container.
 */
export class LaterSteps {
  private loading: Promise<void> | undefined = undefined;

  constructor(private readonly container: Container) {}

  load(): Promise<void> {
    this.loading ??= import('../later-steps.module').then(
      (module) => module.bindLaterSteps(this.container),
      (error: unknown) => {
        this.loading = undefined; // a failed download may be tried again
        throw error;
      },
    );
    return this.loading;
  }
}
